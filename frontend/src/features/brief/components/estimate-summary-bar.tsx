import { formatMoney, type BriefQuote } from '@domain/brief-estimate';
import { ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useOptionLanguage } from '@/components/form/fields';

interface EstimateSummaryBarProps {
  quote: BriefQuote;
  /** The price the panel puts first: the offer price in the wizard, the full price in the full form. */
  variant: 'wizard' | 'full';
  /** The id of the full estimate panel the bar leads to. */
  panelId: string;
}

/**
 * On phones the estimate panel sits below a long form: this bar keeps its price and delay in sight
 * at the bottom of the screen while the client types, and leads to the panel. It steps aside once
 * the panel itself is on screen, and on wide screens, where the panel stays beside the form.
 */
export function EstimateSummaryBar({ quote, variant, panelId }: EstimateSummaryBarProps) {
  const { t } = useTranslation('brief');
  const language = useOptionLanguage();
  const panelInView = useInView(panelId);
  const priceCents = variant === 'wizard' ? quote.offerPriceCents : quote.priceCents;

  return (
    <div
      role="region"
      aria-label={t('panel.summary')}
      data-testid="estimate-summary"
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t border-violet-200 bg-white/95 px-4 py-3 shadow-[0_-8px_24px_-12px_rgba(76,29,149,0.25)] backdrop-blur lg:hidden',
        panelInView && 'hidden',
      )}
    >
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">
        <p className="flex min-w-0 flex-col" aria-live="polite">
          <span className="text-xs text-slate-600">{t('panel.summary')}</span>
          <span className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-xl font-bold text-violet-800" data-testid="estimate-summary-price">
              {formatMoney(priceCents, quote.estimate.currency, language)}
            </span>
            <span className="text-sm text-slate-700" data-testid="estimate-summary-days">
              {t('panel.days', { count: quote.deliveryDays })}
            </span>
          </span>
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
            document
              .getElementById(panelId)
              ?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'center' });
          }}
        >
          {t('panel.summaryDetails')}
          <ChevronDown aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

/** Whether the element with this id is at least partly on screen. */
function useInView(id: string): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = document.getElementById(id);
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [id]);
  return inView;
}
