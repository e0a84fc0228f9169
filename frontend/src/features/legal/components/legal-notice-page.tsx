import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/layout/document-title';
import { LEGAL_NAMESPACE } from '../locales';

/** The legal notice is not written yet (spec 000 §2): the page says so and nothing else. */
export function LegalNoticePage() {
  const { t } = useTranslation([LEGAL_NAMESPACE, 'translation']);
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
      <DocumentTitle title={t('translation:footer.legalNotice')} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {t('translation:footer.legalNotice')}
      </h1>
      <p className="mt-6 text-lg text-slate-700">{t('inProgress')}</p>
    </article>
  );
}
