import { callSlotLabel } from '@domain/contact';
import { CalendarCheck, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkConfirmationCard, useConfirmFromLink, type LinkOutcome } from '@/components/layout/link-confirmation';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useConfirmCall } from '../api/call-booking';
import { CONTACT_NAMESPACE } from '../locales';
import { useLanguage } from './call-booking-dialog/booked-call';

/**
 * The link e-mailed to a visitor who booked a call: it confirms the address and takes the slot, or
 * says why not (the slot went meanwhile, the link is wrong) and offers to choose another.
 */
export function CallConfirmationPage() {
  const { t } = useTranslation(CONTACT_NAMESPACE);
  const language = useLanguage();
  const confirm = useConfirmCall();
  useConfirmFromLink(confirm);

  let outcome: LinkOutcome | null = null;
  if (confirm.isSuccess) {
    outcome = {
      icon: <CalendarCheck className="size-12 text-emerald-600" aria-hidden="true" />,
      title: t('call.bookedTitle'),
      text: t('confirmation.bookedText', { slot: callSlotLabel(confirm.data.startsAt, language) }),
      actions: (
        <Button asChild size="lg" variant="outline">
          <Link to={paths.home.getHref()}>{t('confirmation.home')}</Link>
        </Button>
      ),
    };
  } else if (confirm.isError) {
    outcome = {
      icon: <XCircle className="size-12 text-red-600" aria-hidden="true" />,
      title: t('confirmation.failedTitle'),
      text: confirm.error.message,
      actions: (
        <Button asChild size="lg">
          <Link to={paths.contact.getHref()}>{t('confirmation.chooseAnother')}</Link>
        </Button>
      ),
    };
  }
  return (
    <LinkConfirmationCard
      metaTitle={t('confirmation.metaTitle')}
      pendingLabel={t('confirmation.confirming')}
      outcome={outcome}
    />
  );
}
