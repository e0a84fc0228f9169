import type { BriefQuote } from '@domain/brief-estimate';
import { WIZARD_DEADLINES, type BriefOption } from '@domain/brief-options';
import type { WizardBrief, WizardBriefPayload } from '@domain/schemas/brief';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePricingSettings } from '@/lib/pricing-settings';

interface DeadlineChoices {
  options: readonly BriefOption[];
  /** Why express is missing when the admin offers it but this project cannot have it. */
  hint?: string;
}

/**
 * The wizard's deadlines. Express is listed with the working days it promises, and only where the
 * admin offers it and the estimate does (it must end before the standard promise without going
 * under the category minimum); the api refuses it otherwise. A chosen express that a change of
 * the brief withdraws falls back to standard.
 */
export function useDeadlineOptions(
  form: UseFormReturn<WizardBriefPayload, unknown, WizardBrief>,
  quote: BriefQuote,
): DeadlineChoices {
  const { t } = useTranslation('brief');
  const expressEnabled = usePricingSettings().data?.expressEnabled ?? true;
  const expressDays = expressEnabled ? quote.estimate.expressDeliveryWorkingDays : null;

  useEffect(() => {
    if (expressDays === null && form.getValues('deadline') === 'express') form.setValue('deadline', 'standard');
  }, [expressDays, form]);

  if (expressDays === null) {
    return {
      options: WIZARD_DEADLINES.filter((option) => option.value !== 'express'),
      hint: expressEnabled ? t('wizard.expressUnavailable', { count: quote.estimate.deliveryWorkingDays }) : undefined,
    };
  }
  // t() already speaks the page's language: the same words serve both option languages.
  const expressLabel = t('wizard.expressOption', { count: expressDays });
  return {
    options: WIZARD_DEADLINES.map((option) =>
      option.value === 'express' ? { ...option, fr: expressLabel, en: expressLabel } : option,
    ),
  };
}
