import * as DialogPrimitive from '@radix-ui/react-dialog';
import { CircleHelp, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useRevisionTerms } from '@/lib/pricing-settings';
import { HOW_IT_WORKS_NAMESPACE } from './locales';

/**
 * The 'Comment ça marche' dialog (000 §1): timelines, accepted files, payment, delivery and
 * revisions, and the five steps. The revision count and window are the admin settings read from
 * the api, never figures written here.
 */
export function HowItWorksDialog({ triggerClassName }: { triggerClassName?: string }) {
  const { t } = useTranslation(HOW_IT_WORKS_NAMESPACE);
  const revisionTerms = useRevisionTerms();
  const steps = t('steps', { returnObjects: true }) as string[];
  const sections: [string, string][] = [
    [t('timelineTitle'), `${t('timelineStandard')} ${t('timelineExpress')}`],
    [t('filesTitle'), t('files')],
    [t('paymentTitle'), t('payment')],
    [t('deliveryTitle'), t('delivery', { revisions: revisionTerms })],
  ];

  return (
    <DialogPrimitive.Root>
      <DialogPrimitive.Trigger asChild>
        <Button variant="outline" size="sm" className={triggerClassName}>
          <CircleHelp aria-hidden="true" />
          {t('open')}
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <DialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl outline-none">
          <div className="pr-8">
            <DialogPrimitive.Title className="text-xl font-semibold text-slate-900">{t('title')}</DialogPrimitive.Title>
            <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
              {t('intro')}
            </DialogPrimitive.Description>
          </div>
          <ol className="flex flex-col gap-2">
            {steps.map((step, index) => (
              <li key={step} className="flex gap-3 text-sm text-slate-800">
                <span className="grid size-6 shrink-0 place-items-center rounded-full bg-violet-100 text-xs font-semibold text-violet-800">
                  {index + 1}
                </span>
                <span>{step}</span>
              </li>
            ))}
          </ol>
          <dl className="grid gap-3">
            {sections.map(([title, text]) => (
              <div key={title} className="rounded-xl bg-slate-50 p-3">
                <dt className="text-sm font-semibold text-slate-900">{title}</dt>
                <dd className="mt-1 text-sm text-slate-700">{text}</dd>
              </div>
            ))}
          </dl>
          <DialogPrimitive.Close asChild>
            <Button className="self-end">{t('common:close')}</Button>
          </DialogPrimitive.Close>
          <DialogPrimitive.Close
            className="absolute top-4 right-4 rounded-lg p-2 text-slate-500 outline-none hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-violet-600"
            aria-label={t('common:close')}
          >
            <X className="size-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
