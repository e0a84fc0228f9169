import { MailCheck, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkConfirmationCard, useConfirmFromLink, type LinkOutcome } from '@/components/layout/link-confirmation';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useConfirmBriefAddress } from '../api/confirm-address';
import { BRIEF_NAMESPACE } from '../locales';

/**
 * The link of an anonymous brief's receipt: it confirms the typed address, so the payment reminders
 * may be sent to it, and leads on to the payment.
 */
export function AddressConfirmationPage() {
  const { t } = useTranslation(BRIEF_NAMESPACE);
  const confirm = useConfirmBriefAddress();
  useConfirmFromLink(confirm);

  let outcome: LinkOutcome | null = null;
  if (confirm.isSuccess) {
    outcome = {
      icon: <MailCheck className="size-12 text-emerald-600" aria-hidden="true" />,
      title: t('addressConfirmation.confirmedTitle'),
      text: t('addressConfirmation.confirmedText'),
      actions: (
        <Button asChild size="lg">
          <Link to={paths.briefPayment.getHref(confirm.data.briefId)}>{t('addressConfirmation.pay')}</Link>
        </Button>
      ),
    };
  } else if (confirm.isError) {
    outcome = {
      icon: <XCircle className="size-12 text-red-600" aria-hidden="true" />,
      title: t('addressConfirmation.failedTitle'),
      text: confirm.error.message,
      actions: (
        <Button asChild size="lg" variant="outline">
          <Link to={paths.home.getHref()}>{t('addressConfirmation.home')}</Link>
        </Button>
      ),
    };
  }
  return (
    <LinkConfirmationCard
      metaTitle={t('addressConfirmation.metaTitle')}
      pendingLabel={t('addressConfirmation.confirming')}
      outcome={outcome}
    />
  );
}
