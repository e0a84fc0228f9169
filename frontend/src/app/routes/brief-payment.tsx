import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { briefPaymentQuery } from '@/lib/brief-payment';
import { prefetch } from '@/lib/react-query';

export { BriefPaymentPage as Component } from '@/features/payments/components/brief-payment-page';

/** The brief's price and payment state (public: the brief id is the key). */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await prefetch(queryClient, briefPaymentQuery(params.briefId ?? ''));
    return null;
  };
