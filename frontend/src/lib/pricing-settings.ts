import type { PublicPricingSettings } from '@domain/pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `GET /api/pricing/settings`: revision window, revision quota and launch-offer places, admin
 * settings that the landing, the help dialog and the pricing page quote instead of hard-coding.
 */
const getPricingSettings = () => api.get<PublicPricingSettings>('/pricing/settings');

export const pricingSettingsQuery = () =>
  queryOptions({ queryKey: ['pricing-settings'], queryFn: getPricingSettings, staleTime: 5 * 60_000 });

export const usePricingSettings = () => useQuery(pricingSettingsQuery());
