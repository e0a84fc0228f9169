import { CheckCircle2, MailWarning, XCircle } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { DocumentTitle } from '@/components/layout/document-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { AUTH_NAMESPACE } from '../locales';

const REDIRECT_DELAY_MS = 3000;

/**
 * Keycloak verifies the address itself, then returns here signed in. Old links carrying
 * `token_hash`/`type` (from the previous system) are no longer valid.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { status, user } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const announced = useRef(false);

  const legacyLink = params.has('token_hash') || params.has('type');
  const confirmed = !legacyLink && status === 'authenticated' && user?.emailVerified === true;

  useEffect(() => {
    if (!confirmed) return;
    if (!announced.current) {
      announced.current = true;
      toast.success(t('confirmEmail.successTitle'));
    }
    const timer = window.setTimeout(() => navigate(paths.home.getHref(), { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [confirmed, navigate, t]);

  let content: ReactNode;
  if (!legacyLink && status === 'loading') {
    content = <Spinner label={t('confirmEmail.verifying')} className="py-6" />;
  } else if (confirmed) {
    content = (
      <Outcome
        icon={<CheckCircle2 className="size-12 text-emerald-600" aria-hidden="true" />}
        title={t('confirmEmail.successTitle')}
        text={t('confirmEmail.successText')}
      >
        <Button asChild size="lg">
          <Link to={paths.home.getHref()}>{t('confirmEmail.goToSite')}</Link>
        </Button>
      </Outcome>
    );
  } else if (!legacyLink && status === 'authenticated') {
    content = (
      <Outcome
        icon={<MailWarning className="size-12 text-amber-600" aria-hidden="true" />}
        title={t('confirmEmail.pendingTitle')}
        text={t('confirmEmail.pendingText')}
      >
        <Button asChild size="lg" variant="outline">
          <Link to={paths.home.getHref()}>{t('confirmEmail.home')}</Link>
        </Button>
      </Outcome>
    );
  } else {
    content = (
      <Outcome
        icon={<XCircle className="size-12 text-red-600" aria-hidden="true" />}
        title={t('confirmEmail.invalidTitle')}
        text={t('confirmEmail.invalidText')}
      >
        <Button asChild size="lg">
          <Link to={paths.auth.getHref()}>{t('confirmEmail.signIn')}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.home.getHref()}>{t('confirmEmail.home')}</Link>
        </Button>
      </Outcome>
    );
  }

  return (
    <section className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <DocumentTitle title={t('confirmEmail.metaTitle')} />
      <Card>
        <CardContent className="p-8">{content}</CardContent>
      </Card>
    </section>
  );
}

function Outcome({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-4 text-center" role="status">
      {icon}
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-600">{text}</p>
      <div className="mt-2 flex w-full flex-col justify-center gap-3 sm:flex-row">{children}</div>
    </div>
  );
}
