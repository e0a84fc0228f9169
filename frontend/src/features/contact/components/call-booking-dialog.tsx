import { CALL_BOOKING_DAYS } from '@domain/contact';
import { Phone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { CONTACT_NAMESPACE } from '../locales';
import type { BookedCall } from './call-booking-dialog/booked-call';
import { BookingConfirmation } from './call-booking-dialog/booking-confirmation';
import { BookingForm } from './call-booking-dialog/booking-form';

/**
 * The 15-minute call (000 §2 /contact; its behaviour is a product decision): the visitor picks a
 * free slot of the next business days, gives a name and an e-mail, confirms the address from the
 * e-mailed link (a signed-in verified account's own address needs none), and the server books the
 * slot and e-mails the invitation to both sides.
 */
export function CallBookingDialog() {
  const { t } = useTranslation(CONTACT_NAMESPACE);
  const [open, setOpen] = useState(false);
  const [booked, setBooked] = useState<BookedCall | null>(null);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) setBooked(null);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button size="lg" className="w-full sm:w-auto">
          <Phone aria-hidden="true" />
          {t('call.open')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:close')} className="max-w-2xl max-sm:max-h-[95vh] max-sm:p-4">
        <DialogTitle>{t('call.dialogTitle')}</DialogTitle>
        <DialogDescription>{t('call.dialogText', { count: CALL_BOOKING_DAYS })}</DialogDescription>
        {booked ? (
          <BookingConfirmation booking={booked} onClose={() => changeOpen(false)} />
        ) : (
          <BookingForm onBooked={setBooked} />
        )}
      </DialogContent>
    </Dialog>
  );
}
