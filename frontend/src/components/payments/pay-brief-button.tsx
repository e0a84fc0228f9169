import { PAYMENT_MESSAGES } from '@domain/payments';
import { CreditCard, Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { startCheckout } from '@/lib/start-checkout';

/**
 * "Payer" for a submitted brief (wizard step 3, the full form's thank-you): the server decides
 * the amount and opens the checkout; the browser leaves about 1.5 s later.
 */
export function PayBriefButton({
  briefId,
  children,
  className,
}: {
  briefId: string;
  children: ReactNode;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'starting' | 'redirecting'>('idle');
  const pay = async () => {
    setState('starting');
    try {
      await startCheckout(briefId);
      setState('redirecting');
    } catch (error) {
      setState('idle');
      toast.error(error instanceof ApiError ? error.message : PAYMENT_MESSAGES.unexpected);
    }
  };
  return (
    <Button
      size="lg"
      className={cn('self-start', className)}
      disabled={state !== 'idle'}
      onClick={() => void pay()}
      data-testid="pay-brief"
    >
      {state === 'idle' ? <CreditCard aria-hidden="true" /> : <Loader2 className="animate-spin" aria-hidden="true" />}
      {state === 'redirecting' ? PAYMENT_MESSAGES.redirecting : children}
    </Button>
  );
}
