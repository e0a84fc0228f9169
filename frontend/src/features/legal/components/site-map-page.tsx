import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { paths } from '@/config/paths';
import { LEGAL_NAMESPACE } from '../locales';

/** Each group of the map: its title key and its pages (address, label key in `legal` or the shell's). */
const GROUPS = [
  {
    title: 'siteMap.discover',
    pages: [
      [paths.home.getHref(), 'translation:nav.home'],
      [paths.pricing.getHref(), 'translation:nav.pricing'],
      [paths.contact.getHref(), 'translation:nav.contact'],
      [paths.recruitment.getHref(), 'translation:nav.recruitment'],
    ],
  },
  {
    title: 'siteMap.order',
    pages: [
      [paths.brief.getHref(), 'siteMap.wizard'],
      [paths.briefOld.getHref(), 'siteMap.fullForm'],
    ],
  },
  {
    title: 'siteMap.spaces',
    pages: [
      [paths.login.getHref(), 'siteMap.signIn'],
      [paths.dashboard.getHref(), 'siteMap.clientSpace'],
      [paths.editor.getHref(), 'siteMap.editorSpace'],
      [paths.admin.getHref(), 'siteMap.adminSpace'],
      [paths.accountData.getHref(), 'siteMap.myData'],
    ],
  },
  {
    title: 'siteMap.legal',
    pages: [
      [paths.termsOfService.getHref(), 'translation:footer.terms'],
      [paths.privacyPolicy.getHref(), 'translation:footer.privacy'],
      [paths.legalNotice.getHref(), 'translation:footer.legalNotice'],
      [paths.accessibility.getHref(), 'siteMap.accessibility'],
    ],
  },
] as const;

/** « Plan du site »: a second way to every page beside the menus (RGAA 12.1). */
export function SiteMapPage() {
  const { t } = useTranslation([LEGAL_NAMESPACE, 'translation']);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <DocumentTitle title={t('siteMap.title')} />
      <h1 id="site-map-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {t('siteMap.title')}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{t('siteMap.intro')}</p>
      {/* One landmark for the map: its groups are headed lists (the footer has a « Informations légales » of its own). */}
      <nav aria-labelledby="site-map-title" className="mt-10 grid gap-8 sm:grid-cols-2">
        {GROUPS.map((group) => (
          <div key={group.title}>
            <h2 className="text-lg font-semibold text-slate-900">{t(group.title)}</h2>
            <ul className="mt-3 space-y-2">
              {group.pages.map(([to, label]) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="inline-block rounded py-0.5 text-violet-700 underline underline-offset-4 outline-none hover:text-violet-900 focus-visible:ring-2 focus-visible:ring-violet-600"
                  >
                    {t(label)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </article>
  );
}
