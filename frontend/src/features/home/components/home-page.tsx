import {
  ArrowRight,
  Building2,
  Check,
  CreditCard,
  FileText,
  MonitorPlay,
  PackageOpen,
  Send,
  Smartphone,
  Sparkles,
  Video,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useRevisionTerms } from '@/lib/pricing-settings';
import { HOME_NAMESPACE } from '../locales';

const STEPS: readonly { id: 'brief' | 'payment' | 'delivery'; icon: LucideIcon }[] = [
  { id: 'brief', icon: FileText },
  { id: 'payment', icon: CreditCard },
  { id: 'delivery', icon: Send },
];

const VIDEO_TYPES: readonly { id: 'youtube' | 'tiktok' | 'reels' | 'corporate' | 'branding'; icon: LucideIcon }[] = [
  { id: 'youtube', icon: MonitorPlay },
  { id: 'tiktok', icon: Smartphone },
  { id: 'reels', icon: Video },
  { id: 'corporate', icon: Building2 },
  { id: 'branding', icon: PackageOpen },
];

const INCLUDED = ['editor', 'tracking', 'delivery', 'support'] as const;

export function HomePage() {
  const { t } = useTranslation(HOME_NAMESPACE);
  const revisionTerms = useRevisionTerms();

  return (
    <>
      <DocumentTitle title={t('metaTitle')} />

      <section
        aria-labelledby="home-title"
        className="relative overflow-hidden bg-gradient-to-b from-violet-50 via-white to-white"
      >
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.2fr_1fr] lg:px-8 lg:py-24">
          <div>
            <p className="inline-flex flex-wrap items-center gap-x-2.5 gap-y-1 rounded-2xl bg-amber-50 py-1 pr-3.5 pl-1 text-sm leading-snug font-semibold text-amber-950 ring-1 ring-amber-300">
              <Badge variant="accent" className="bg-amber-300 ring-0">
                <Sparkles className="size-3.5" aria-hidden="true" />
                {t('offerLabel')}
              </Badge>
              <span className="pl-1 sm:pl-0">{t('offer')}</span>
            </p>
            <h1
              id="home-title"
              className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
            >
              {t('title')}
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-pretty text-slate-600">{t('subtitle')}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to={paths.brief.getHref()}>
                  {t('ctaOrder')}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={paths.pricing.getHref()}>{t('ctaPricing')}</Link>
              </Button>
            </div>
            <p className="mt-6 text-sm text-slate-500">{t('reassurance')}</p>
          </div>

          <div className="rounded-3xl border border-violet-100 bg-white p-6 shadow-xl shadow-violet-100/60 sm:p-8">
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
              <div className="rounded-2xl bg-violet-700 p-5 text-white">
                <dt className="text-sm text-violet-100">{t('priceEurLabel')}</dt>
                <dd className="mt-1 text-2xl font-bold text-balance">{t('priceEur')}</dd>
              </div>
              <div className="rounded-2xl bg-slate-900 p-5 text-white">
                <dt className="text-sm text-slate-300">{t('priceUsdLabel')}</dt>
                <dd className="mt-1 text-2xl font-bold text-balance">{t('priceUsd')}</dd>
              </div>
            </dl>
            <h2 className="mt-8 text-sm font-semibold tracking-wide text-slate-900 uppercase">{t('includedTitle')}</h2>
            <ul className="mt-4 flex flex-col gap-3">
              {INCLUDED.map((item) => (
                <li key={item} className="flex items-start gap-3 text-slate-700">
                  <Check className="mt-0.5 size-5 shrink-0 text-violet-700" aria-hidden="true" />
                  <span>{t(`included.${item}`)}</span>
                </li>
              ))}
              <li className="flex items-start gap-3 text-slate-700" data-testid="home-revision-terms">
                <Check className="mt-0.5 size-5 shrink-0 text-violet-700" aria-hidden="true" />
                <span>{revisionTerms}</span>
              </li>
            </ul>
            <p className="mt-6 border-t border-slate-100 pt-4 text-sm text-slate-500">{t('filesNote')}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="steps-title" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <div className="max-w-2xl">
            <h2 id="steps-title" className="text-3xl font-bold tracking-tight text-slate-900">
              {t('stepsTitle')}
            </h2>
            <p className="mt-3 text-lg text-slate-600">{t('stepsSubtitle')}</p>
          </div>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {STEPS.map(({ id, icon: Icon }, index) => (
              <li key={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <div className="flex items-center gap-3">
                  <span className="grid size-11 place-items-center rounded-xl bg-violet-100 text-violet-700">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="text-sm font-semibold text-violet-700">{t('step', { n: index + 1 })}</span>
                </div>
                <h3 className="mt-4 text-xl font-semibold text-slate-900">{t(`steps.${id}.title`)}</h3>
                <p className="mt-2 text-slate-600">{t(`steps.${id}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="types-title" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <div className="max-w-2xl">
            <h2 id="types-title" className="text-3xl font-bold tracking-tight text-slate-900">
              {t('typesTitle')}
            </h2>
            <p className="mt-3 text-lg text-slate-600">{t('typesSubtitle')}</p>
          </div>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {VIDEO_TYPES.map(({ id, icon: Icon }) => (
              <li key={id} className="rounded-2xl border border-slate-200 bg-white p-5">
                <Icon className="size-6 text-violet-700" aria-hidden="true" />
                <h3 className="mt-3 font-semibold text-slate-900">{t(`types.${id}.title`)}</h3>
                <p className="mt-1 text-sm text-slate-600">{t(`types.${id}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <div className="flex flex-col items-start gap-6 rounded-3xl bg-violet-700 px-6 py-10 text-white sm:px-10 lg:flex-row lg:items-center lg:justify-between">
            <div>
              <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
                {t('finalTitle')}
              </h2>
              <p className="mt-2 max-w-xl text-violet-100">{t('finalText')}</p>
            </div>
            <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Button
                asChild
                size="lg"
                className="bg-white text-violet-800 hover:bg-violet-50 focus-visible:ring-white focus-visible:ring-offset-violet-700"
              >
                <Link to={paths.brief.getHref()}>{t('ctaOrder')}</Link>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-violet-300 bg-transparent text-white hover:bg-violet-600 focus-visible:ring-white focus-visible:ring-offset-violet-700"
              >
                <Link to={paths.pricing.getHref()}>{t('ctaPricing')}</Link>
              </Button>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
