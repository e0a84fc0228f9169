import type { QueryClient } from '@tanstack/react-query';
import { pricingSettingsQuery } from '@/lib/pricing-settings';
import { prefetch } from '@/lib/react-query';

export { ContactPage as Component } from '@/features/contact/components/contact-page';

/** The team's address and the revision terms the page quotes (public: no session needed). */
export const clientLoader = (queryClient: QueryClient) => async () => {
  await prefetch(queryClient, pricingSettingsQuery());
  return null;
};
