import { formatClockTime } from '@domain/format';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';
import { PAYMENTS_NAMESPACE } from '../locales';

/** Until when the checkout holds the client's launch-offer place (the server closes it then), in the reader's time. */
export function LaunchOfferHoldNotice({ heldUntil }: { heldUntil: string }) {
  const { t } = useTranslation(PAYMENTS_NAMESPACE);
  const time = formatClockTime(new Date(heldUntil), currentLanguage());
  return (
    <p
      data-testid="launch-offer-hold"
      className="flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
    >
      <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
      {t('launchOfferHold', { time })}
    </p>
  );
}
