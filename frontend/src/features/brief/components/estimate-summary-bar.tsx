import { formatMoney, type BriefQuote } from '@domain/brief-estimate';
import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { scrollBehavior } from '@/lib/motion';
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
  const bar = useRef<HTMLDivElement>(null);
  useKeepFocusClear(bar);

  return (
    <div
      ref={bar}
      role="region"
      aria-label={t('panel.summary')}
      data-testid="estimate-summary"
      data-fixed-bottom
      // In a short window (400 % zoom, a phone on its side) it would hide a third of the form: the
      // panel below the form gives the same figures.
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t border-violet-200 bg-white/95 px-4 py-3 shadow-[0_-8px_24px_-12px_rgba(76,29,149,0.25)] backdrop-blur lg:hidden [@media(max-height:30rem)]:hidden',
        panelInView && 'hidden',
      )}
    >
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">
        {/* The panel below the form announces the changes (once): this bar only shows them. */}
        <p className="flex min-w-0 flex-col">
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
          onClick={() =>
            document.getElementById(panelId)?.scrollIntoView({ behavior: scrollBehavior(), block: 'center' })
          }
        >
          {t('panel.summaryDetails')}
          <ChevronDown aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

/**
 * A field the keyboard reaches under the bar is scrolled clear of it (WCAG 2.4.11): the browser
 * leaves where it is a field already inside the window, even one the bar covers.
 */
function useKeepFocusClear(bar: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const covering = bar.current;
      const field = event.target;
      if (!covering || covering.offsetHeight === 0 || !(field instanceof Element) || covering.contains(field)) return;
      // A visually hidden control (the drop zone's file input) is shown by its label.
      const shown = field.getBoundingClientRect().width <= 1 ? (field.closest('label') ?? field) : field;
      // The page's scroll-padding-bottom keeps the bar's height free under it.
      if (shown.getBoundingClientRect().bottom > covering.getBoundingClientRect().top)
        shown.scrollIntoView({ block: 'nearest', behavior: scrollBehavior() });
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [bar]);
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
