import type { QueryClient } from '@tanstack/react-query';
import { pricingSettingsQuery } from '@/lib/pricing-settings';
import { prefetch } from '@/lib/react-query';

export { TermsPage as Component } from '@/features/legal/components/terms-page';

/** The team's address the text gives (public: no session needed). */
export const clientLoader = (queryClient: QueryClient) => async () => {
  await prefetch(queryClient, pricingSettingsQuery());
  return null;
};
