import { formatMoney, type BriefQuote } from '@domain/brief-estimate';
import { optionLabel, SERVICE_CATEGORY_OPTIONS } from '@domain/brief-options';
import { formatHours } from '@domain/format';
import { Phone, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useOptionLanguage } from '@/components/form/fields';
import { LiveAnnouncement } from '@/components/ui/live-announcement';

/** How long the estimate stays still before it is announced: a pause in typing, not every digit. */
const ESTIMATE_SETTLE_MS = 1000;

interface EstimatePanelProps {
  quote: BriefQuote;
  /** The wizard shows the offer price first (001 §2.2); the full form shows the price and warns on complex projects. */
  variant: 'wizard' | 'full';
  /** Where the phone's summary bar scrolls to. */
  id?: string;
  className?: string;
}

/**
 * The live estimate, recomputed in the browser with the same engine the server charges with
 * (domain/brief-estimate): no request per keystroke, and the figure shown is the figure stored.
 */
export function EstimatePanel({ quote, variant, id, className }: EstimatePanelProps) {
  const { t } = useTranslation('brief');
  const titleId = useId();
  const language = useOptionLanguage();
  const { estimate } = quote;
  const money = (cents: number) => formatMoney(cents, estimate.currency, language);

  return (
    <aside
      id={id}
      aria-labelledby={titleId}
      className={cn('rounded-2xl border border-violet-200 bg-white p-5 shadow-lg shadow-violet-100/60', className)}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {t('panel.title')}
        </h2>
        <span className="text-xs text-slate-500">{t('panel.live')}</span>
      </div>
      {/* The figures change at every keystroke: a screen reader hears them once they settle, in one sentence. */}
      <LiveAnnouncement
        settleMs={ESTIMATE_SETTLE_MS}
        message={t('panel.announcement', {
          price: money(variant === 'full' ? quote.priceCents : quote.offerPriceCents),
          days: t('panel.days', { count: quote.deliveryDays }),
        })}
      />
      <div>
        <dl className="mt-4 grid gap-3 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t('panel.service')}</dt>
            <dd className="text-right font-medium text-slate-900">
              {optionLabel(SERVICE_CATEGORY_OPTIONS, estimate.serviceCategory, language)}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t('panel.hours')}</dt>
            <dd className="font-medium text-slate-900" data-testid="estimate-hours">
              {formatHours(estimate.hours, language)}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t('panel.delay')}</dt>
            <dd className="font-medium text-slate-900" data-testid="estimate-days">
              {t('panel.days', { count: quote.deliveryDays })}
            </dd>
          </div>
          {estimate.extrasPriceCents > 0 && (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">{t('panel.extras')}</dt>
              <dd className="font-medium text-slate-900">{money(estimate.extrasPriceCents)}</dd>
            </div>
          )}
          {variant === 'full' ? (
            <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-slate-100 pt-3">
              <dt className="font-medium text-slate-800">{t('panel.price')}</dt>
              <dd className="text-2xl font-bold text-violet-800" data-testid="estimate-price">
                {money(quote.priceCents)}
              </dd>
            </div>
          ) : (
            <>
              <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-slate-100 pt-3">
                <dt className="text-slate-600">{t('panel.normalPrice')}</dt>
                <dd className="text-slate-500 line-through">{money(quote.priceCents)}</dd>
              </div>
              <div className="flex items-baseline justify-between gap-4">
                <dt className="font-medium text-slate-800">{t('panel.offerPrice')}</dt>
                <dd className="text-2xl font-bold text-violet-800" data-testid="estimate-price">
                  {money(quote.offerPriceCents)}
                </dd>
              </div>
            </>
          )}
        </dl>
        {variant !== 'full' && quote.savingsCents > 0 && (
          <p className="mt-3 flex items-center gap-1.5 rounded-lg bg-emerald-50 px-3 py-2 text-xs font-medium text-emerald-800">
            <Sparkles className="size-3.5" aria-hidden="true" />
            {t('panel.savings', { amount: money(quote.savingsCents) })}
          </p>
        )}
      </div>
      {variant === 'full' && estimate.customQuoteRecommended && (
        <p
          role="status"
          className="mt-4 flex gap-2 rounded-lg bg-amber-50 p-3 text-xs text-amber-900 ring-1 ring-amber-200"
        >
          <Phone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{t('panel.phoneCall')}</span>
        </p>
      )}
      <p className="mt-4 text-xs text-slate-500">
        {variant === 'full' ? t('panel.offerNote') : t('panel.pricePaidAtCheckout')}
      </p>
    </aside>
  );
}
