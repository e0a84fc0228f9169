import { ArrowLeft, Clapperboard, Home, Mail, Tag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const goBack = () => {
    // `idx` is react-router's position in its own history stack.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.home.getHref());
  };

  const links = [
    { to: paths.home.getHref(), label: t('notFound.home'), icon: Home },
    { to: paths.brief.getHref(), label: t('notFound.brief'), icon: Clapperboard },
    { to: paths.pricing.getHref(), label: t('notFound.pricing'), icon: Tag },
    { to: paths.contact.getHref(), label: t('notFound.contact'), icon: Mail },
  ];

  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <DocumentTitle title={t('notFound.metaTitle')} />
      <p className="text-sm font-semibold tracking-wide text-violet-700 uppercase">{t('notFound.code')}</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{t('notFound.title')}</h1>
      <p className="mt-4 text-lg text-slate-600">{t('notFound.text')}</p>

      <nav aria-labelledby="not-found-suggestions" className="mt-10 w-full">
        <h2 id="not-found-suggestions" className="text-sm font-medium text-slate-500">
          {t('notFound.suggestions')}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {links.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-left font-medium text-slate-800 outline-none transition-colors hover:border-violet-300 hover:bg-violet-50 focus-visible:ring-2 focus-visible:ring-violet-600"
              >
                <Icon className="size-5 text-violet-700" aria-hidden="true" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <Button variant="ghost" className="mt-8" onClick={goBack}>
        <ArrowLeft aria-hidden="true" />
        {t('notFound.back')}
      </Button>
    </section>
  );
}
