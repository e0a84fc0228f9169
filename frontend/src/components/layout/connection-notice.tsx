import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useConnectionLost, useStreamState } from '@/lib/event-stream';

/**
 * "Connexion perdue — reconnexion…" once the live channel has been down for 3 s while signed in,
 * gone as soon as it is back. At the bottom of the screen, so that it never covers the header's
 * actions; the live region stays in the page so that screen readers announce the change.
 */
export function ConnectionNotice() {
  const { t } = useTranslation();
  const { status } = useStreamState();
  const lost = useConnectionLost();

  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-3"
      data-testid="connection-status"
      data-stream={status}
    >
      {lost ? (
        <p
          className="pointer-events-auto flex max-w-full items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg"
          data-testid="connection-lost"
        >
          <WifiOff className="size-4 shrink-0 text-amber-300" aria-hidden="true" />
          <span>{t('live.connectionLost')}</span>
        </p>
      ) : null}
    </div>
  );
}
