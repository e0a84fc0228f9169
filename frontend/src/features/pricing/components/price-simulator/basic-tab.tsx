import {
  SIMULATOR_LIMITS,
  simulatorMinutes,
  VISUAL_COMPLEXITIES,
  VISUAL_COMPLEXITY_FACTORS,
  type VisualComplexity,
} from '@domain/pricing';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFactor } from '../../lib/format';
import { ChoiceCard } from './choice-card';
import { PRICING_NAMESPACE } from '../../locales';

interface MinutesFieldProps {
  label: string;
  hint: string;
  value: string;
  limits: { min: number; max: number };
  onChange: (value: string) => void;
}

/** A duration input: any text is accepted while typing; the engine reads it through `simulatorMinutes`. */
function MinutesField({ label, hint, value, limits, onChange }: MinutesFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={limits.min}
        max={limits.max}
        step="any"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        // Shows the value actually used once the field is left (empty or 0 → 1, 2000 → 1000).
        onBlur={() => onChange(String(simulatorMinutes(value, limits)))}
        aria-describedby={`${id}-hint`}
        className="mt-1.5 h-11 w-full rounded-lg border border-slate-500 bg-white px-3 text-base text-slate-900 shadow-xs outline-none focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
    </div>
  );
}

interface BasicTabProps {
  rushText: string;
  onRushTextChange: (value: string) => void;
  finalText: string;
  onFinalTextChange: (value: string) => void;
  visualComplexity: VisualComplexity;
  onVisualComplexityChange: (level: VisualComplexity) => void;
}

/** The "basic" tab: rush and final durations, and the visual complexity. */
export function BasicTab({
  rushText,
  onRushTextChange,
  finalText,
  onFinalTextChange,
  visualComplexity,
  onVisualComplexityChange,
}: BasicTabProps) {
  const { t, i18n } = useTranslation(PRICING_NAMESPACE);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <MinutesField
          label={t('simulator.rushLabel')}
          hint={t('simulator.limitsHint', SIMULATOR_LIMITS.rushMinutes)}
          value={rushText}
          limits={SIMULATOR_LIMITS.rushMinutes}
          onChange={onRushTextChange}
        />
        <MinutesField
          label={t('simulator.finalLabel')}
          hint={t('simulator.limitsHint', SIMULATOR_LIMITS.finalMinutes)}
          value={finalText}
          limits={SIMULATOR_LIMITS.finalMinutes}
          onChange={onFinalTextChange}
        />
      </div>
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-slate-900">{t('simulator.complexityLabel')}</legend>
        <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {VISUAL_COMPLEXITIES.map((level) => (
            <ChoiceCard
              key={level}
              name="visual-complexity"
              value={level}
              checked={visualComplexity === level}
              onSelect={() => onVisualComplexityChange(level)}
              title={t(`complexities.${level}.label`)}
              detail={`×${formatFactor(VISUAL_COMPLEXITY_FACTORS[level], i18n.language)}`}
            >
              {t(`complexities.${level}.text`)}
            </ChoiceCard>
          ))}
        </div>
      </fieldset>
    </>
  );
}
