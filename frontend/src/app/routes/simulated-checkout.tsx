import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { simulatedCheckoutQuery } from '@/features/payments/api/payments';
import { prefetch } from '@/lib/react-query';

export { SimulatedCheckoutPage as Component } from '@/features/payments/components/simulated-checkout-page';

/** The simulated checkout session named by `?session_id=` (public), when there is one. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const sessionId = new URL(request.url).searchParams.get('session_id');
    if (sessionId) await prefetch(queryClient, simulatedCheckoutQuery(sessionId));
    return null;
  };
