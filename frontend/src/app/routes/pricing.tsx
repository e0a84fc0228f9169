import type { QueryClient } from '@tanstack/react-query';
import { pricingSettingsQuery } from '@/lib/pricing-settings';
import { prefetch } from '@/lib/react-query';

export { PricingPage as Component } from '@/features/pricing/components/pricing-page';

/** The launch-offer places and the revision window (public: no session needed). */
export const clientLoader = (queryClient: QueryClient) => async () => {
  await prefetch(queryClient, pricingSettingsQuery());
  return null;
};
