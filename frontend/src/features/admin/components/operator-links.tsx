import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NAMESPACE } from '../locales';

/** A page of an operator's tool in a new tab; nothing when no address is configured. */
function OperatorLink({ url, text, label }: { url: string | null; text: string; label: string }) {
  if (!url) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      className="inline-flex items-center gap-1 rounded text-sm font-medium text-violet-700 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600"
    >
      {text}
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  );
}

/** The workflow's page in the Temporal UI. */
export function WorkflowLink({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return <OperatorLink url={url} text={t('common.temporal')} label={t('common.temporalLabel', { name })} />;
}

/** The trace of the project's creation in the tracing UI. */
export function TraceLink({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return <OperatorLink url={url} text={t('common.trace')} label={t('common.traceLabel', { name })} />;
}
