import type { CallBookingCreated } from '@domain/contact';
import { callBookingSchema } from '@domain/schemas/contact';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/** A booking as the shared schema reads it. */
export type Booking = z.output<typeof callBookingSchema>;

/** What the confirmation repeats: the booked slot, where the invitation went and the number we call. */
export type BookedCall = CallBookingCreated & Pick<Booking, 'email' | 'phone'>;

/** The interface language, for the slot labels. */
export function useLanguage(): 'fr' | 'en' {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'en' ? 'en' : 'fr';
}
