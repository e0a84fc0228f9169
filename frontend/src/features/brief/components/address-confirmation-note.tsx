import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BRIEF_NAMESPACE } from '../locales';

/** Under a sent brief whose typed address is not a verified account's: the receipt's link confirms it. */
export function AddressConfirmationNote() {
  const { t } = useTranslation(BRIEF_NAMESPACE);
  return (
    <p className="mt-3 flex gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
      <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {t('addressConfirmation.pending')}
    </p>
  );
}
