import type { QueryClient } from '@tanstack/react-query';
import { pricingSettingsQuery } from '@/lib/pricing-settings';
import { prefetch } from '@/lib/react-query';

export { HomePage as Component } from '@/features/home/components/home-page';

/** The revision terms the landing page quotes (public: no session needed). */
export const clientLoader = (queryClient: QueryClient) => async () => {
  await prefetch(queryClient, pricingSettingsQuery());
  return null;
};
