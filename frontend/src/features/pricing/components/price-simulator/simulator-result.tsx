import type { Estimate, EstimateCurrency } from '@domain/pricing';
import { AlertTriangle, ArrowRight, PhoneCall } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LiveAnnouncement } from '@/components/ui/live-announcement';
import { paths } from '@/config/paths';
import { formatFactor, formatHours, formatMoney, formatPercentChange } from '../../lib/format';
import { PRICING_NAMESPACE } from '../../locales';

interface SimulatorResultProps {
  result: Estimate;
  currency: EstimateCurrency;
  express: boolean;
  offerActive: boolean;
}

/** The simulator's answer: service, time, delay, price (and with the offer), score, alerts and the brief link. */
export function SimulatorResult({ result, currency, express, offerActive }: SimulatorResultProps) {
  const { t, i18n } = useTranslation(PRICING_NAMESPACE);
  const language = i18n.language;
  const money = (cents: number) => formatMoney(cents, currency, language);

  return (
    <aside
      aria-labelledby="simulator-result-title"
      className="border-t border-slate-200 bg-slate-50 p-5 sm:p-6 lg:border-t-0 lg:border-l"
    >
      <h3 id="simulator-result-title" className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
        {t('simulator.resultTitle')}
      </h3>
      {/* A slider moves the figures many times a second: a screen reader hears them once they settle. */}
      <LiveAnnouncement
        settleMs={1000}
        message={t('simulator.announcement', {
          price: money(offerActive ? result.totalOfferPriceCents : result.totalPriceCents),
          hours: t('hoursValue', { hours: formatHours(result.hours, language) }),
        })}
      />
      {/* Each term and its values in a div straight under the list, as a definition list allows. */}
      <dl className="mt-4 grid grid-cols-2 gap-4">
        <div className="col-span-2">
          <dt className="text-sm text-slate-500">{t('simulator.service')}</dt>
          <dd className="font-semibold text-slate-900">
            {t(`categories.${result.serviceCategory}.name`)}
            {result.serviceCategoryDerived && (
              <span className="block text-xs font-normal text-slate-500">{t('simulator.derived')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">{t('time')}</dt>
          <dd className="text-2xl font-bold text-slate-900" data-testid="simulator-hours">
            {t('hoursValue', { hours: formatHours(result.hours, language) })}
          </dd>
          {/* Express bills the time × its multiplier: say so, or the billed hours look unrelated to the time. */}
          <dd className="text-xs text-slate-500" data-testid="simulator-billed">
            {express
              ? t('simulator.billedExpress', {
                  count: result.expressBilledHours,
                  surcharge: formatPercentChange(result.expressMultiplier, language),
                })
              : t('simulator.billed', { count: result.billedHours })}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">{t('delay')}</dt>
          <dd className="text-2xl font-bold text-slate-900">
            {t('workingDays', {
              count: (express ? result.expressDeliveryWorkingDays : null) ?? result.deliveryWorkingDays,
            })}
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-sm text-slate-500">{t('price')}</dt>
          <dd className="text-3xl font-bold text-slate-900" data-testid="simulator-price">
            {money(result.totalPriceCents)}
          </dd>
          {offerActive && (
            <dd className="mt-1 text-sm font-semibold text-violet-700" data-testid="simulator-offer-price">
              {t('simulator.withOffer', { price: money(result.totalOfferPriceCents) })}
            </dd>
          )}
        </div>
        <div className="col-span-2">
          <dt className="text-sm text-slate-500">{t('simulator.complexityScore')}</dt>
          <dd className="font-semibold text-slate-900">{formatFactor(result.complexityScore, language)}</dd>
        </div>
      </dl>

      <div
        role="note"
        className="mt-5 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          <strong className="block">
            {t('simulator.alertTitle', { hours: formatHours(result.alertThreshold, language) })}
          </strong>
          {t('simulator.alertText', { ceiling: formatHours(result.hoursCeiling, language) })}
        </p>
      </div>

      {result.customQuoteRecommended && (
        <div
          role="status"
          className="mt-3 flex gap-3 rounded-xl border border-violet-300 bg-violet-50 p-3 text-sm text-violet-950"
        >
          <PhoneCall className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <strong className="block">{t('simulator.customQuoteTitle')}</strong>
            {t('simulator.customQuoteText', { score: formatFactor(result.complexityScore, language) })}
          </p>
        </div>
      )}

      <Button asChild size="lg" className="mt-5 w-full">
        <Link to={paths.brief.getHref()}>
          {t('simulator.cta')}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </aside>
  );
}
