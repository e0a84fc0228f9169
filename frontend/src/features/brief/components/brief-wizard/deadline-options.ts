import { WIZARD_DEADLINES } from '@domain/brief-options';
import { usePricingSettings } from '@/lib/pricing-settings';

/** The wizard's deadlines: without the 48 h express while the admin has turned it off (the api refuses it too). */
export function useDeadlineOptions(): typeof WIZARD_DEADLINES {
  const expressEnabled = usePricingSettings().data?.expressEnabled ?? true;
  return expressEnabled ? WIZARD_DEADLINES : WIZARD_DEADLINES.filter((option) => option.value !== 'express');
}
