import type { PublicPricingSettings } from '@domain/pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';

/**
 * `GET /api/pricing/settings`: revision window, revision quota, launch-offer places, express and the
 * contact address, admin settings that every page quoting them reads instead of hard-coding.
 */
const getPricingSettings = () => api.get<PublicPricingSettings>('/pricing/settings');

export const pricingSettingsQuery = () =>
  queryOptions({ queryKey: ['pricing-settings'], queryFn: getPricingSettings, staleTime: 5 * 60_000 });

export const usePricingSettings = () => useQuery(pricingSettingsQuery());

/**
 * The revision terms the landing page, the pricing page and the help dialog quote: the admin's
 * revision count and window in one sentence ("Jusqu’à 3 révisions pendant 3 jours après la
 * livraison…"); a neutral sentence until the settings are read.
 */
export function useRevisionTerms(): string {
  const { t } = useTranslation();
  const settings = usePricingSettings().data;
  if (!settings) return t('revisionTerms.pending');
  if (settings.maxRevisions === 0) return t('revisionTerms.sentenceNone');
  return t('revisionTerms.sentence', {
    revisions: t('revisionTerms.revisions', { count: settings.maxRevisions }),
    days: t('revisionTerms.days', { count: settings.revisionWindowDays }),
  });
}

/** The team's address (Paramètres): the footer, the legal pages and the other pages that give it; null until read. */
export function useContactEmail(): string | null {
  return usePricingSettings().data?.contactEmail ?? null;
}
