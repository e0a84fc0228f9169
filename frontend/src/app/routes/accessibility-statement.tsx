import type { QueryClient } from '@tanstack/react-query';
import { pricingSettingsQuery } from '@/lib/pricing-settings';
import { prefetch } from '@/lib/react-query';

export { AccessibilityStatementPage as Component } from '@/features/legal/components/accessibility-statement-page';

/** The team's address the statement gives (public: no session needed). */
export const clientLoader = (queryClient: QueryClient) => async () => {
  await prefetch(queryClient, pricingSettingsQuery());
  return null;
};
