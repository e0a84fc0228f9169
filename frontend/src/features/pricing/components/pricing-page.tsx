import { EXPRESS_MULTIPLIERS, LAUNCH_OFFER_PERCENT, type EstimateCurrency } from '@domain/pricing';
import { ArrowRight, Check, Sparkles, Zap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePricingSettings, useRevisionTerms } from '@/lib/pricing-settings';
import { formatPercentChange } from '../lib/format';
import { CurrencyToggle } from './currency-toggle';
import { PriceSimulator } from './price-simulator';
import { ServiceCards } from './service-cards';
import { WorkedExamples } from './worked-examples';
import { PRICING_NAMESPACE } from '../locales';

const INCLUDED = ['editor', 'tracking', 'delivery', 'support'] as const;

function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {subtitle && <p className="mt-2 text-slate-600">{subtitle}</p>}
    </div>
  );
}

/** /pricing (000 §2, 001 §2.3): rates, what is included, worked examples and the simulator. */
export function PricingPage() {
  const { t, i18n } = useTranslation(PRICING_NAMESPACE);
  const [currency, setCurrency] = useState<EstimateCurrency>('eur');
  const settings = usePricingSettings();
  const launchOffer = settings.data?.launchOffer;
  // Until the counter is known the offer is shown, as everywhere else on the site.
  const offerActive = launchOffer?.active ?? true;
  const revisionTerms = useRevisionTerms();
  const expressEnabled = settings.data?.expressEnabled ?? true;
  const language = i18n.language;

  return (
    <>
      <DocumentTitle title={t('metaTitle')} />

      <section aria-labelledby="pricing-title" className="bg-gradient-to-b from-violet-50 via-white to-white">
        <div className="mx-auto max-w-7xl px-4 pt-14 pb-10 sm:px-6 sm:pt-20 lg:px-8">
          <p className="inline-flex flex-wrap items-center gap-x-2.5 gap-y-1 rounded-2xl bg-amber-50 py-1 pr-3.5 pl-1 text-sm leading-snug font-semibold text-amber-950 ring-1 ring-amber-300">
            <Badge variant="accent" className="bg-amber-300 ring-0">
              <Sparkles className="size-3.5" aria-hidden="true" />
              {t('offerLabel')}
            </Badge>
            <span className="grid pl-1 sm:pl-0">
              <span className="col-start-1 row-start-1" data-testid="launch-offer">
                {launchOffer && !launchOffer.active
                  ? t('offerOver')
                  : launchOffer
                    ? t('offerPlacesLeft', { count: launchOffer.placesLeft, places: launchOffer.places })
                    : t('offer')}
              </span>
              {/* Until the counter is known (the page's HTML is written without it), the longest
                  sentence holds its room unseen: the title below does not move when it arrives. */}
              {launchOffer ? null : (
                <span className="invisible col-start-1 row-start-1" aria-hidden="true">
                  {t('offerOver')}
                </span>
              )}
            </span>
          </p>
          <h1
            id="pricing-title"
            className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            {t('title')}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-pretty text-slate-600">{t('subtitle')}</p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <span className="text-sm font-medium text-slate-700">{t('currencyLabel')}</span>
            <CurrencyToggle value={currency} onChange={setCurrency} />
          </div>
        </div>
      </section>

      <section aria-labelledby="base-title" className="bg-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 lg:px-8">
          <SectionHeading id="base-title" title={t('baseTitle')} subtitle={t('baseSubtitle')} />
          <ServiceCards tier="base" currency={currency} />
        </div>
      </section>

      <section aria-labelledby="premium-title" className="bg-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 pb-14 sm:px-6 lg:px-8">
          <SectionHeading id="premium-title" title={t('premiumTitle')} subtitle={t('premiumSubtitle')} />
          <ServiceCards tier="premium" currency={currency} />
        </div>
      </section>

      <section aria-labelledby="included-title" className="bg-slate-50">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <SectionHeading id="included-title" title={t('includedTitle')} />
            <ul className="mt-6 flex flex-col gap-3" data-testid="included-list">
              <li className="flex items-start gap-3 text-slate-700" data-testid="pricing-revision-terms">
                <Check className="mt-0.5 size-5 shrink-0 text-violet-700" aria-hidden="true" />
                <span>{revisionTerms}</span>
              </li>
              {INCLUDED.map((item) => (
                <li key={item} className="flex items-start gap-3 text-slate-700">
                  <Check className="mt-0.5 size-5 shrink-0 text-violet-700" aria-hidden="true" />
                  <span>{t(`included.${item}`)}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="self-start rounded-2xl border border-slate-200 bg-white p-6">
            {expressEnabled ? (
              <>
                <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                  <Zap className="size-5 text-amber-500" aria-hidden="true" />
                  {t('expressTitle')}
                </h3>
                <p className="mt-2 mb-3 text-slate-600">
                  {t('expressText', {
                    short: formatPercentChange(EXPRESS_MULTIPLIERS.upToThreeDays, language),
                    long: formatPercentChange(EXPRESS_MULTIPLIERS.beyondThreeDays, language),
                  })}
                </p>
              </>
            ) : null}
            <p className="text-sm text-slate-500">{t('offerNote', { percent: 100 - LAUNCH_OFFER_PERCENT })}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="examples-title" className="bg-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-14 sm:px-6 lg:px-8">
          <SectionHeading id="examples-title" title={t('examplesTitle')} subtitle={t('examplesSubtitle')} />
          <WorkedExamples currency={currency} offerActive={offerActive} />
        </div>
      </section>

      <section aria-labelledby="simulator-title" className="bg-slate-50">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-14 sm:px-6 lg:px-8">
          <SectionHeading id="simulator-title" title={t('simulator.title')} subtitle={t('simulator.subtitle')} />
          <PriceSimulator currency={currency} offerActive={offerActive} expressEnabled={expressEnabled} />
        </div>
      </section>

      <section aria-labelledby="pricing-cta-title" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <div className="flex flex-col items-start gap-6 rounded-3xl bg-violet-700 px-6 py-10 text-white sm:px-10 lg:flex-row lg:items-center lg:justify-between">
            <div>
              <h2 id="pricing-cta-title" className="text-2xl font-bold sm:text-3xl">
                {t('ctaTitle')}
              </h2>
              <p className="mt-2 max-w-xl text-violet-100">{t('ctaText')}</p>
            </div>
            <Button
              asChild
              size="lg"
              className="w-full bg-white text-violet-800 hover:bg-violet-50 focus-visible:ring-white focus-visible:ring-offset-violet-700 sm:w-auto"
            >
              <Link to={paths.brief.getHref()}>
                {t('cta')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
