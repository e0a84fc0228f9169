import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/layout/logo';
import { paths } from '@/config/paths';
import { currentLanguage } from '@/i18n';
import { CONFORMANCE_LEVEL_NAMES, SITE_CONFORMANCE_LEVEL } from '@/lib/accessibility-audit';
import { useContactEmail } from '@/lib/pricing-settings';

const linkClass =
  'rounded text-sm text-slate-600 outline-none hover:text-violet-800 focus-visible:ring-2 focus-visible:ring-violet-600';

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  // The team's address is an admin setting (Paramètres), read like the other public settings.
  const contactEmail = useContactEmail();

  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <div className="flex flex-col gap-3">
          <Logo className="self-start" />
          <p className="max-w-xs text-sm text-slate-600">{t('footer.tagline')}</p>
        </div>

        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="text-sm font-semibold text-slate-900">
            {t('footer.company')}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            <li>
              <Link className={linkClass} to={paths.contact.getHref()}>
                {t('footer.contact')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.recruitment.getHref()}>
                {t('footer.recruitment')}
              </Link>
            </li>
            {contactEmail ? (
              <li>
                <a
                  className={`${linkClass} inline-flex items-center gap-2`}
                  href={`mailto:${contactEmail}`}
                  data-testid="footer-contact-email"
                >
                  <Mail className="size-4" aria-hidden="true" />
                  <span>
                    <span className="sr-only">{t('footer.writeUs')} : </span>
                    {contactEmail}
                  </span>
                </a>
              </li>
            ) : null}
          </ul>
        </nav>

        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold text-slate-900">
            {t('footer.legal')}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            <li>
              <Link className={linkClass} to={paths.termsOfService.getHref()}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.privacyPolicy.getHref()}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.legalNotice.getHref()}>
                {t('footer.legalNotice')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.siteMap.getHref()}>
                {t('footer.siteMap')}
              </Link>
            </li>
            <li>
              {/* RGAA asks every page to state the site's level, linking to the statement. */}
              <Link className={linkClass} to={paths.accessibility.getHref()}>
                {t('footer.accessibility', {
                  level: CONFORMANCE_LEVEL_NAMES[currentLanguage()][SITE_CONFORMANCE_LEVEL],
                })}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200">
        {/* The pages written as HTML at build time carry the build's year until the browser takes over. */}
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-500 sm:px-6 lg:px-8" suppressHydrationWarning>
          {t('footer.rights', { year })}
        </p>
      </div>
    </footer>
  );
}
