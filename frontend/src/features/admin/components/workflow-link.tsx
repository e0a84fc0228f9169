import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NAMESPACE } from '../locales';

/** The workflow's page in the Temporal UI, in a new tab. */
export function WorkflowLink({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (!url) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      aria-label={t('common.temporalLabel', { name })}
      className="inline-flex items-center gap-1 rounded text-sm font-medium text-violet-700 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600"
    >
      {t('common.temporal')}
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  );
}
