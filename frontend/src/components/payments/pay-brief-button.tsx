import { PAYMENT_MESSAGES } from '@domain/payments';
import { CreditCard, Loader2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { startCheckout } from '@/lib/start-checkout';

/**
 * "Payer" for a submitted brief (wizard step 3, the full form's thank-you, the dashboard): the
 * server decides the amount and opens the checkout; the browser leaves about 1.5 s later. With
 * `startAtOnce` the checkout starts as the button appears (the wizard's "Procéder au paiement"
 * already was the click); the button then reads « Redirection… », or offers to try again.
 */
export function PayBriefButton({
  briefId,
  children,
  className,
  startAtOnce = false,
}: {
  briefId: string;
  children: ReactNode;
  className?: string;
  startAtOnce?: boolean;
}) {
  const [state, setState] = useState<'idle' | 'starting' | 'redirecting'>(startAtOnce ? 'starting' : 'idle');
  const started = useRef(false);
  const pay = useCallback(async () => {
    started.current = true;
    setState('starting');
    try {
      await startCheckout(briefId);
      setState('redirecting');
    } catch (error) {
      setState('idle');
      toast.error(error instanceof ApiError ? error.message : PAYMENT_MESSAGES.unexpected);
    }
  }, [briefId]);
  useEffect(() => {
    // Once only, also when the effect runs twice in development.
    if (startAtOnce && !started.current) void pay();
  }, [startAtOnce, pay]);
  return (
    <Button
      size="lg"
      className={cn('self-start', className)}
      disabled={state !== 'idle'}
      onClick={() => void pay()}
      data-testid="pay-brief"
    >
      {state === 'idle' ? <CreditCard aria-hidden="true" /> : <Loader2 className="animate-spin" aria-hidden="true" />}
      {state === 'idle' ? children : PAYMENT_MESSAGES.redirecting}
    </Button>
  );
}
