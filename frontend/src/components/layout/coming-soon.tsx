import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/layout/document-title';
import { APP_NAME } from '@/config/paths';
import { useContactEmail } from '@/lib/pricing-settings';

/** The pages whose feature is not built yet; `pages.<key>` is their title. */
type PendingPage = 'contact' | 'emailTest';

/** A page whose feature is not built yet: its title and an honest notice, nothing else. */
export function ComingSoon({ page }: { page: PendingPage }) {
  const { t } = useTranslation();
  const title = t(`pages.${page}`, { appName: APP_NAME });
  const contactEmail = useContactEmail();
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-20 text-center sm:px-6 sm:py-28">
      <DocumentTitle title={title} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <div className="mt-10 flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10">
        <Construction className="size-8 text-violet-700" aria-hidden="true" />
        <p className="text-lg font-medium text-slate-800">{t('common.comingSoon')}</p>
        <p className="text-sm text-slate-600">
          {t('common.comingSoonHint')}{' '}
          <a
            className="rounded font-medium text-violet-700 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600"
            href={contactEmail ? `mailto:${contactEmail}` : undefined}
          >
            {contactEmail ?? '…'}
          </a>
        </p>
      </div>
    </section>
  );
}
