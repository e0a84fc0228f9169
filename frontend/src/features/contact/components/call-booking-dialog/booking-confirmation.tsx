import { callSlotLabel, phoneNumberLabel } from '@domain/contact';
import { CalendarCheck, MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CONTACT_NAMESPACE } from '../../locales';
import { useLanguage, type BookedCall } from './booked-call';

/**
 * After the form: a visitor's call waits for the link e-mailed to the address; a signed-in verified
 * account's is booked (when, where the invitation went and the number we will call).
 */
export function BookingConfirmation({ booking, onClose }: { booking: BookedCall; onClose: () => void }) {
  const { t } = useTranslation(CONTACT_NAMESPACE);
  const language = useLanguage();
  const slot = callSlotLabel(booking.startsAt, language);
  return (
    <div role="status" className="flex flex-col items-start gap-3" data-testid="call-booked">
      {booking.confirmationRequired ? (
        <MailCheck className="size-10 text-violet-700" aria-hidden="true" />
      ) : (
        <CalendarCheck className="size-10 text-emerald-600" aria-hidden="true" />
      )}
      <p className="text-lg font-semibold text-slate-900">
        {t(booking.confirmationRequired ? 'call.confirmTitle' : 'call.bookedTitle')}
      </p>
      <p className="text-slate-700">
        {booking.confirmationRequired
          ? t('call.confirmText', { slot, email: booking.email })
          : t('call.bookedText', { slot, email: booking.email, phone: phoneNumberLabel(booking.phone) })}
      </p>
      <Button variant="outline" onClick={onClose}>
        {t('common:close')}
      </Button>
    </div>
  );
}
