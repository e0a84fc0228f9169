import type { BriefQuote } from '@domain/brief-estimate';
import { BRIEF_CURRENCIES, WIZARD_DELIVERY_FORMATS, WIZARD_SUBTITLE_OPTIONS } from '@domain/brief-options';
import type { WizardBrief, WizardBriefPayload } from '@domain/schemas/brief';
import { ArrowLeft, CreditCard, Loader2 } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Select } from '@/components/form/fields';
import { useMediaQuery, WIDE_SCREEN } from '@/lib/use-media-query';
import { CheckboxField, ChoiceGroup, FormSection } from '../fields';
import { EstimatePanel } from '../estimate-panel';
import { useDeadlineOptions } from './deadline-options';

interface StepEstimateProps {
  form: UseFormReturn<WizardBriefPayload, unknown, WizardBrief>;
  values: WizardBriefPayload;
  quote: BriefQuote;
  sending: boolean;
  onBack: () => void;
}

/** Step 2: the estimate beside the options that change it, then back or "Procéder au paiement" (the submit). */
export function StepEstimate({ form, values, quote, sending, onBack }: StepEstimateProps) {
  const { t } = useTranslation('brief');
  const { register } = form;
  const deadlines = useDeadlineOptions(form, quote);
  const wideScreen = useMediaQuery(WIDE_SCREEN);

  return (
    <>
      <div>
        <h2 className="text-2xl font-semibold text-slate-900">{t('wizard.estimateTitle')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('wizard.estimateIntro')}</p>
      </div>
      <FormSection title={t('wizard.optionsTitle')}>
        <ChoiceGroup
          legend={t('wizard.deadline')}
          type="radio"
          options={deadlines.options}
          columns={4}
          hint={deadlines.hint}
          inputProps={register('deadline')}
        />
        <ChoiceGroup
          legend={t('wizard.formats')}
          type="checkbox"
          options={WIZARD_DELIVERY_FORMATS}
          columns={4}
          hint={t('wizard.formatsHint')}
          inputProps={register('delivery_formats')}
        />
        <CheckboxField label={t('wizard.subtitles')} {...register('needs_subtitles')} />
        {values.needs_subtitles && (
          <Field label={t('wizard.subtitleType')}>
            {({ id }) => <Select id={id} options={WIZARD_SUBTITLE_OPTIONS} {...register('subtitle_type')} />}
          </Field>
        )}
        <Field label={t('wizard.currency')}>
          {({ id }) => <Select id={id} options={BRIEF_CURRENCIES} {...register('currency')} />}
        </Field>
      </FormSection>
      {/* Phones read the price before the pay button; wide screens keep it in the side column. */}
      {!wideScreen && <EstimatePanel quote={quote} variant="wizard" />}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" size="lg" onClick={onBack} disabled={sending}>
          <ArrowLeft aria-hidden="true" />
          {t('wizard.back')}
        </Button>
        <Button type="submit" size="lg" disabled={sending}>
          {sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <CreditCard aria-hidden="true" />}
          {sending ? t('wizard.sending') : t('wizard.proceed')}
        </Button>
      </div>
    </>
  );
}
