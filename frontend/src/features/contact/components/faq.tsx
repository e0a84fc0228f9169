import { SERVICE_CATEGORY_TABLE } from '@domain/pricing';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRevisionTerms } from '@/lib/pricing-settings';
import { CONTACT_NAMESPACE } from '../locales';

const professional = SERVICE_CATEGORY_TABLE.classic;

/** The FAQ as an accordion of native disclosure widgets (keyboard and screen readers for free). */
export function Faq() {
  const { t } = useTranslation(CONTACT_NAMESPACE);
  const revisionTerms = useRevisionTerms();
  const entries = [
    {
      id: 'price',
      question: t('faq.price.question'),
      answer: t('faq.price.answer', { rate: professional.hourlyRates.eur }),
    },
    {
      id: 'delay',
      question: t('faq.delay.question'),
      answer: t('faq.delay.answer', { count: professional.standardDeliveryDays }),
    },
    { id: 'revisions', question: t('faq.revisions.question'), answer: revisionTerms },
    { id: 'rushes', question: t('faq.rushes.question'), answer: t('faq.rushes.answer') },
    { id: 'payment', question: t('faq.payment.question'), answer: t('faq.payment.answer') },
    { id: 'reply', question: t('faq.reply.question'), answer: t('faq.reply.answer') },
  ];

  return (
    <section aria-labelledby="faq-title" className="mt-16">
      <h2 id="faq-title" className="text-2xl font-bold tracking-tight text-slate-900">
        {t('faq.title')}
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {entries.map((entry) => (
          <details key={entry.id} name="faq" className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-medium text-slate-900 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-inset [&::-webkit-details-marker]:hidden">
              {entry.question}
              <ChevronDown
                className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="px-5 pb-5 text-slate-700">{entry.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
