import { callSlotLabel, phoneNumberLabel } from '@domain/contact';
import { CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CONTACT_NAMESPACE } from '../../locales';
import { useLanguage, type BookedCall } from './booked-call';

/** The booked call: when, where the invitation went and the number we will call. */
export function BookingConfirmation({ booking, onClose }: { booking: BookedCall; onClose: () => void }) {
  const { t } = useTranslation(CONTACT_NAMESPACE);
  const language = useLanguage();
  return (
    <div role="status" className="flex flex-col items-start gap-3" data-testid="call-booked">
      <CalendarCheck className="size-10 text-emerald-600" aria-hidden="true" />
      <p className="text-lg font-semibold text-slate-900">{t('call.bookedTitle')}</p>
      <p className="text-slate-700">
        {t('call.bookedText', {
          slot: callSlotLabel(booking.startsAt, language),
          email: booking.email,
          phone: phoneNumberLabel(booking.phone),
        })}
      </p>
      <Button variant="outline" onClick={onClose}>
        {t('common:close')}
      </Button>
    </div>
  );
}
