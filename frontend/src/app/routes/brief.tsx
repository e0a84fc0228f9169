import type { QueryClient } from '@tanstack/react-query';
import { pricingSettingsQuery } from '@/lib/pricing-settings';
import { prefetch } from '@/lib/react-query';

export { BriefWizard as Component } from '@/features/brief/components/brief-wizard';

/** The admin settings the wizard follows (express offered or not; launch offer; revision terms). */
export const clientLoader = (queryClient: QueryClient) => async () => {
  await prefetch(queryClient, pricingSettingsQuery());
  return null;
};
