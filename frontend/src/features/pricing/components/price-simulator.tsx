import {
  CORRECTIONS_MULTIPLIER,
  estimate,
  FEATURE_MULTIPLIERS,
  FEATURES,
  SERVICE_CATEGORIES,
  SERVICE_CATEGORY_TABLE,
  SIMULATOR_LIMITS,
  simulatorMinutes,
  VISUAL_COMPLEXITIES,
  VISUAL_COMPLEXITY_FACTORS,
  type EstimateCurrency,
  type Feature,
  type Features,
  type ServiceCategory,
  type VisualComplexity,
} from '@domain/pricing';
import { AlertTriangle, ArrowRight, PhoneCall } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { formatFactor, formatHours, formatMoney, formatPercentChange } from '../lib/format';

type CategoryChoice = ServiceCategory | 'auto';

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
        className="mt-1.5 h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs outline-none focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600/30"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
    </div>
  );
}

function ChoiceCard({
  name,
  value,
  checked,
  onSelect,
  title,
  detail,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  title: string;
  detail?: string;
  children?: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer flex-col gap-1 rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-600',
        checked ? 'border-violet-600 bg-violet-50' : 'border-slate-200 bg-white hover:border-slate-300',
      )}
    >
      <span className="flex items-center justify-between gap-3">
        <span className="flex items-center gap-2 font-semibold text-slate-900">
          <input type="radio" name={name} value={value} checked={checked} onChange={onSelect} className="size-4 accent-violet-700" />
          {title}
        </span>
        {detail && <span className="text-sm font-semibold whitespace-nowrap text-violet-700">{detail}</span>}
      </span>
      {children && <span className="pl-6 text-sm text-slate-600">{children}</span>}
    </label>
  );
}

/**
 * The pricing simulator (§2.3, §9.5): every change recomputes `estimate()` in the browser, the
 * same function the api uses to charge, so what is shown here is what a brief will cost.
 */
export function PriceSimulator({ currency, offerActive }: { currency: EstimateCurrency; offerActive: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [rushText, setRushText] = useState(String(SIMULATOR_LIMITS.rushMinutes.default));
  const [finalText, setFinalText] = useState(String(SIMULATOR_LIMITS.finalMinutes.default));
  const [visualComplexity, setVisualComplexity] = useState<VisualComplexity>('professional');
  const [category, setCategory] = useState<CategoryChoice>('auto');
  const [features, setFeatures] = useState<Features>({});
  const [express, setExpress] = useState(false);

  const result = useMemo(
    () =>
      estimate({
        serviceCategory: category === 'auto' ? undefined : category,
        visualComplexity,
        rushMinutes: simulatorMinutes(rushText, SIMULATOR_LIMITS.rushMinutes),
        finalMinutes: simulatorMinutes(finalText, SIMULATOR_LIMITS.finalMinutes),
        currency,
        features,
        express,
      }),
    [category, visualComplexity, rushText, finalText, currency, features, express],
  );
  const includedFeature = SERVICE_CATEGORY_TABLE[result.serviceCategory].includedFeature;
  const toggleFeature = (feature: Feature, on: boolean) => setFeatures((current) => ({ ...current, [feature]: on }));
  const money = (cents: number) => formatMoney(cents, currency, language);
  const hours = (value: number) => t('pricing.hoursValue', { hours: formatHours(value, language) });

  return (
    <Card className="grid overflow-hidden lg:grid-cols-[1fr_22rem]">
      <div className="p-5 sm:p-6">
        <Tabs defaultValue="basic">
          <TabsList className="h-auto grid-flow-row grid-cols-1 sm:grid-flow-col sm:grid-cols-none">
            <TabsTrigger value="basic">{t('pricing.simulator.tabs.basic')}</TabsTrigger>
            <TabsTrigger value="category">{t('pricing.simulator.tabs.category')}</TabsTrigger>
            <TabsTrigger value="options">{t('pricing.simulator.tabs.options')}</TabsTrigger>
          </TabsList>

          <TabsContent value="basic" className="flex flex-col gap-6">
            <div className="grid gap-4 sm:grid-cols-2">
              <MinutesField
                label={t('pricing.simulator.rushLabel')}
                hint={t('pricing.simulator.limitsHint', SIMULATOR_LIMITS.rushMinutes)}
                value={rushText}
                limits={SIMULATOR_LIMITS.rushMinutes}
                onChange={setRushText}
              />
              <MinutesField
                label={t('pricing.simulator.finalLabel')}
                hint={t('pricing.simulator.limitsHint', SIMULATOR_LIMITS.finalMinutes)}
                value={finalText}
                limits={SIMULATOR_LIMITS.finalMinutes}
                onChange={setFinalText}
              />
            </div>
            <fieldset>
              <legend className="text-sm font-medium text-slate-900">{t('pricing.simulator.complexityLabel')}</legend>
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                {VISUAL_COMPLEXITIES.map((level) => (
                  <ChoiceCard
                    key={level}
                    name="visual-complexity"
                    value={level}
                    checked={visualComplexity === level}
                    onSelect={() => setVisualComplexity(level)}
                    title={t(`pricing.complexities.${level}.label`)}
                    detail={`×${formatFactor(VISUAL_COMPLEXITY_FACTORS[level], language)}`}
                  >
                    {t(`pricing.complexities.${level}.text`)}
                  </ChoiceCard>
                ))}
              </div>
            </fieldset>
          </TabsContent>

          <TabsContent value="category">
            <fieldset>
              <legend className="text-sm font-medium text-slate-900">{t('pricing.simulator.categoryLabel')}</legend>
              <div className="mt-2 grid gap-3">
                <ChoiceCard
                  name="service-category"
                  value="auto"
                  checked={category === 'auto'}
                  onSelect={() => setCategory('auto')}
                  title={t('pricing.simulator.categoryAuto')}
                >
                  {t('pricing.simulator.categoryAutoText')}
                </ChoiceCard>
                {SERVICE_CATEGORIES.map((key) => (
                  <ChoiceCard
                    key={key}
                    name="service-category"
                    value={key}
                    checked={category === key}
                    onSelect={() => setCategory(key)}
                    title={t(`pricing.categories.${key}.name`)}
                    detail={t('pricing.perHour', { price: money(SERVICE_CATEGORY_TABLE[key].hourlyRates[currency] * 100) })}
                  >
                    {t(`pricing.categories.${key}.description`)}
                  </ChoiceCard>
                ))}
              </div>
            </fieldset>
          </TabsContent>

          <TabsContent value="options">
            <fieldset>
              <legend className="text-sm font-medium text-slate-900">{t('pricing.simulator.optionsLabel')}</legend>
              <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                <li>
                  <label className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm">
                    <span className="flex items-center gap-2">
                      <input type="checkbox" checked disabled className="size-4 accent-violet-700" />
                      <span>
                        {t('pricing.features.corrections')}{' '}
                        <span className="text-slate-500">({t('pricing.simulator.alwaysIncluded')})</span>
                      </span>
                    </span>
                    <span className="font-semibold text-slate-700">{formatPercentChange(CORRECTIONS_MULTIPLIER, language)}</span>
                  </label>
                </li>
                {FEATURES.map((feature) => {
                  const included = feature === includedFeature;
                  return (
                    <li key={feature}>
                      <label
                        className={cn(
                          'flex items-center justify-between gap-3 rounded-lg border px-3 py-2.5 text-sm',
                          result.features[feature] ? 'border-violet-300 bg-violet-50' : 'border-slate-200 bg-white',
                          included ? 'cursor-default' : 'cursor-pointer',
                        )}
                      >
                        <span className="flex items-center gap-2">
                          <input
                            type="checkbox"
                            checked={result.features[feature] ?? false}
                            disabled={included}
                            onChange={(event) => toggleFeature(feature, event.target.checked)}
                            className="size-4 accent-violet-700"
                          />
                          <span>
                            {t(`pricing.features.${feature}`)}
                            {included && <span className="text-slate-500"> ({t('pricing.simulator.includedInCategory')})</span>}
                          </span>
                        </span>
                        <span className="font-semibold text-slate-700">
                          {included ? '—' : formatPercentChange(FEATURE_MULTIPLIERS[feature], language)}
                        </span>
                      </label>
                    </li>
                  );
                })}
                <li className="sm:col-span-2">
                  <label className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm">
                    <span className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        checked={express}
                        onChange={(event) => setExpress(event.target.checked)}
                        className="size-4 accent-violet-700"
                      />
                      {t('pricing.features.express')}
                    </span>
                    <span className="font-semibold text-slate-700">{formatPercentChange(result.expressMultiplier, language)}</span>
                  </label>
                </li>
              </ul>
            </fieldset>
          </TabsContent>
        </Tabs>
      </div>

      <aside aria-labelledby="simulator-result-title" className="border-t border-slate-200 bg-slate-50 p-5 sm:p-6 lg:border-t-0 lg:border-l">
        <h3 id="simulator-result-title" className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
          {t('pricing.simulator.resultTitle')}
        </h3>
        <dl className="mt-4 flex flex-col gap-4" aria-live="polite">
          <div>
            <dt className="text-sm text-slate-500">{t('pricing.simulator.service')}</dt>
            <dd className="font-semibold text-slate-900">
              {t(`pricing.categories.${result.serviceCategory}.name`)}
              {result.serviceCategoryDerived && (
                <span className="block text-xs font-normal text-slate-500">{t('pricing.simulator.derived')}</span>
              )}
            </dd>
          </div>
          <div className="grid grid-cols-2 gap-4">
            <div>
              <dt className="text-sm text-slate-500">{t('pricing.time')}</dt>
              <dd className="text-2xl font-bold text-slate-900" data-testid="simulator-hours">
                {hours(result.hours)}
              </dd>
              <dd className="text-xs text-slate-500">
                {t('pricing.simulator.billed', { count: express ? result.expressBilledHours : result.billedHours })}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-500">{t('pricing.delay')}</dt>
              <dd className="text-2xl font-bold text-slate-900">
                {t('pricing.workingDays', { count: express ? result.expressDays : result.standardDays })}
              </dd>
            </div>
          </div>
          <div>
            <dt className="text-sm text-slate-500">{t('pricing.price')}</dt>
            <dd className="text-3xl font-bold text-slate-900" data-testid="simulator-price">
              {money(result.totalPriceCents)}
            </dd>
            {offerActive && (
              <dd className="mt-1 text-sm font-semibold text-violet-700" data-testid="simulator-offer-price">
                {t('pricing.simulator.withOffer', { price: money(result.totalOfferPriceCents) })}
              </dd>
            )}
          </div>
          <div>
            <dt className="text-sm text-slate-500">{t('pricing.simulator.complexityScore')}</dt>
            <dd className="font-semibold text-slate-900">{formatFactor(result.complexityScore, language)}</dd>
          </div>
        </dl>

        <div role="note" className="mt-5 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <strong className="block">{t('pricing.simulator.alertTitle', { hours: formatHours(result.alertThreshold, language) })}</strong>
            {t('pricing.simulator.alertText', { ceiling: formatHours(result.hoursCeiling, language) })}
          </p>
        </div>

        {result.customQuoteRecommended && (
          <div role="status" className="mt-3 flex gap-3 rounded-xl border border-violet-300 bg-violet-50 p-3 text-sm text-violet-950">
            <PhoneCall className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>
              <strong className="block">{t('pricing.simulator.customQuoteTitle')}</strong>
              {t('pricing.simulator.customQuoteText', { score: formatFactor(result.complexityScore, language) })}
            </p>
          </div>
        )}

        <Button asChild size="lg" className="mt-5 w-full">
          <Link to={paths.brief.getHref()}>
            {t('pricing.simulator.cta')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </aside>
    </Card>
  );
}
