import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Shown when a route fails to load or render; the header and footer stay in place. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);

  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <AlertTriangle className="size-10 text-amber-500" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">{t('common:unexpectedError')}</h1>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => window.location.reload()}>{t('common:reload')}</Button>
        <Button asChild variant="outline">
          <Link to={paths.home.getHref()}>{t('common:backHome')}</Link>
        </Button>
      </div>
    </section>
  );
}
