import { useTranslation } from 'react-i18next';

/** Sets the tab title (React 19 hoists `<title>` into the document head). */
export function DocumentTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  return <title>{`${title} — ${t('common:titleSuffix')}`}</title>;
}
