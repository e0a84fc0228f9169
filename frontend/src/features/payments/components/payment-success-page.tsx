import { PAYMENT_MESSAGES, PENDING_BRIEF_STORAGE_KEY } from '@domain/payments';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { usePaymentState } from '../api/payments';

const NEXT_STEPS = [
  'Vous recevez un e-mail de confirmation avec votre reçu.',
  'Un monteur dédié est assigné à votre projet selon ses compétences et sa disponibilité.',
  'Suivez l’avancement, échangez avec votre monteur et récupérez la livraison depuis votre espace.',
];

/**
 * The payment return (000 §2 /payment-success): creating, then success or error, from the
 * server's state — the project is created by the verified webhook's workflow whether or not this
 * page is ever opened. The pending brief id is cleared on success.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { state, projectId, message } = usePaymentState(sessionId);

  useEffect(() => {
    if (state === 'success') sessionStorage.removeItem(PENDING_BRIEF_STORAGE_KEY);
  }, [state]);

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-16">
      <Card>
        <CardContent className="flex flex-col items-center gap-5 p-8 text-center" aria-live="polite" data-state={state}>
          {state === 'creating' && (
            <>
              <Loader2 className="size-12 animate-spin text-violet-700" aria-hidden />
              <h1 className="text-2xl font-bold text-slate-900">Création de votre projet…</h1>
              <p className="text-slate-600">
                Nous confirmons votre paiement et préparons votre projet. Cela ne prend que quelques secondes.
              </p>
            </>
          )}
          {state === 'success' && projectId && (
            <>
              <CheckCircle2 className="size-12 text-emerald-600" aria-hidden />
              <h1 className="text-2xl font-bold text-slate-900">{PAYMENT_MESSAGES.paymentConfirmed}</h1>
              <p className="text-slate-600">Votre projet est créé. Voici la suite :</p>
              <ol className="list-decimal space-y-2 pl-5 text-left text-slate-700">
                {NEXT_STEPS.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
              <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
                <Button asChild size="lg">
                  <Link to={paths.project.getHref(projectId)}>Voir mon projet</Link>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <Link to={paths.dashboard.getHref()}>Mon espace client</Link>
                </Button>
              </div>
            </>
          )}
          {state === 'error' && (
            <>
              <XCircle className="size-12 text-red-600" aria-hidden />
              <h1 className="text-2xl font-bold text-slate-900">Un problème est survenu</h1>
              <p role="alert" className="text-slate-700">
                {message ?? PAYMENT_MESSAGES.unexpected}
              </p>
              <Button asChild variant="outline">
                <Link to={paths.dashboard.getHref()}>Mon espace client</Link>
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
