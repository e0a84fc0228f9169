import type { PublicPricingSettings } from '@domain/pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Revision window and launch-offer places: admin settings the pricing copy must not hard-code. */
export function getPricingSettings(): Promise<PublicPricingSettings> {
  return api.get<PublicPricingSettings>('/pricing/settings');
}

export function pricingSettingsQueryOptions() {
  return queryOptions({ queryKey: ['pricing-settings'], queryFn: getPricingSettings });
}

export function usePricingSettings() {
  return useQuery(pricingSettingsQueryOptions());
}
