import { landingPathFor } from '@domain/roles';
import { KeyRound, LogIn, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { currentLanguage } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { isSafeInternalPath } from '@/lib/utils';
import { AUTH_NAMESPACE } from '../locales';

type Variant = 'client' | 'admin';

/** Where to go after sign-in, from `?redirect=` (set by the protected routes); never back here. */
function safeRedirect(value: string | null): string | null {
  if (!isSafeInternalPath(value)) return null;
  if (value.startsWith(paths.auth.path) || value.startsWith(paths.login.path)) return null;
  return value;
}

/**
 * `/login` (clients) and `/auth` (administration). Both hand the credentials to Keycloak's own
 * pages; Keycloak brings the user back here and this page forwards to the right space.
 */
export function SignInPage({ variant }: { variant: Variant }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { status, roles, login, register } = useAuth();
  const [params] = useSearchParams();
  const [pending, setPending] = useState<'login' | 'register' | null>(null);
  const redirect = safeRedirect(params.get('redirect'));
  const key = variant === 'client' ? 'login' : 'admin';

  if (status === 'authenticated') {
    return <Navigate to={redirect ?? landingPathFor(roles)} replace />;
  }

  const returnPath = variant === 'client' ? paths.login.getHref() : paths.auth.getHref(redirect);

  const run = async (action: 'login' | 'register') => {
    setPending(action);
    const locale = currentLanguage();
    if (action === 'login') await login({ redirectPath: returnPath, locale });
    else await register({ redirectPath: paths.confirmEmail.getHref(), locale });
    // Still here: the redirect did not happen (the error was already shown as a toast).
    setPending(null);
  };

  return (
    <section className="bg-gradient-to-b from-violet-50 to-white">
      <DocumentTitle title={t(`${key}.metaTitle`)} />
      <div className="mx-auto flex max-w-md flex-col px-4 py-16 sm:py-24">
        <div className="mb-8 text-center">
          <span className="mx-auto grid size-12 place-items-center rounded-2xl bg-violet-700 text-white">
            <KeyRound className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-5 text-3xl font-bold tracking-tight text-slate-900">{t(`${key}.title`)}</h1>
          <p className="mt-2 text-slate-600">{t(`${key}.subtitle`)}</p>
        </div>

        <Card>
          <CardContent>
            <Tabs defaultValue={params.get('tab') === 'signup' ? 'signup' : 'signin'}>
              <TabsList>
                <TabsTrigger value="signin">{t(`${key}.tabSignIn`)}</TabsTrigger>
                <TabsTrigger value="signup">{t(`${key}.tabSignUp`)}</TabsTrigger>
              </TabsList>
              <TabsContent value="signin" className="flex flex-col gap-5">
                <p className="text-slate-700">{t(`${key}.signInText`)}</p>
                <Button size="lg" disabled={pending !== null} onClick={() => void run('login')}>
                  <LogIn aria-hidden="true" />
                  {pending === 'login' ? t('redirecting') : t(`${key}.signInButton`)}
                </Button>
                <p className="text-xs text-slate-500">{t('secureNote')}</p>
              </TabsContent>
              <TabsContent value="signup" className="flex flex-col gap-5">
                <p className="text-slate-700">{t(`${key}.signUpText`)}</p>
                <Button size="lg" disabled={pending !== null} onClick={() => void run('register')}>
                  <UserPlus aria-hidden="true" />
                  {pending === 'register' ? t('redirecting') : t(`${key}.signUpButton`)}
                </Button>
                <p className="text-xs text-slate-500">{t('secureNote')}</p>
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>

        {variant === 'client' ? (
          <p className="mt-6 text-center text-sm text-slate-600">
            {t('login.contactPrompt')}{' '}
            <Link
              to={paths.contact.getHref()}
              className="rounded font-medium text-violet-700 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600"
            >
              {t('login.contactLink')}
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
