import type { PublicPricingSettings } from '@domain/pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { revisionTermsText } from '@/lib/revision-terms';

/**
 * `GET /api/pricing/settings`: revision window, revision quota, launch-offer places, express and the
 * contact address, admin settings that every page quoting them reads instead of hard-coding.
 */
const getPricingSettings = () => api.get<PublicPricingSettings>('/pricing/settings');

export const pricingSettingsQuery = () =>
  queryOptions({ queryKey: ['pricing-settings'], queryFn: getPricingSettings, staleTime: 5 * 60_000 });

export const usePricingSettings = () => useQuery(pricingSettingsQuery());

/**
 * The revision rule the landing page, the pricing page, the FAQ and the help dialog (on the brief
 * pages too) quote: the admin's revision count and window in one sentence ("Jusqu’à 3 révisions
 * pendant 3 jours après chaque livraison…"); a neutral sentence until the settings are read.
 */
export function useRevisionTerms(): string {
  const { t } = useTranslation();
  return revisionTermsText(t, usePricingSettings().data);
}

/** The team's address (Paramètres): the footer, the legal pages and the other pages that give it; null until read. */
export function useContactEmail(): string | null {
  return usePricingSettings().data?.contactEmail ?? null;
}
