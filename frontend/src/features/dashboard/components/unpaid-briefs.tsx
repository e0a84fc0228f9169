import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PayBriefButton } from '@/components/payments/pay-brief-button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatMoney, formatRelative } from '@/lib/format';
import { useUnpaidBriefs } from '../api/unpaid-briefs';
import { DASHBOARD_NAMESPACE } from '../locales';

/**
 * The client's briefs still waiting for payment, each with « Payer » (the checkout at the server's
 * amount): a brief sent earlier is paid from here instead of being typed again. Hidden when none.
 */
export function UnpaidBriefs() {
  const { t } = useTranslation(DASHBOARD_NAMESPACE);
  const { data } = useUnpaidBriefs();
  const briefs = data?.briefs ?? [];
  if (briefs.length === 0) return null;

  return (
    <Card className="mb-6 border-amber-200 sm:mb-8">
      <CardHeader>
        <CardTitle>{t('unpaid.title', { count: briefs.length })}</CardTitle>
        <p className="text-sm text-slate-600">{t('unpaid.hint')}</p>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3" data-testid="unpaid-briefs">
          {briefs.map((brief) => (
            <li
              key={brief.briefId}
              aria-label={brief.title}
              data-testid="unpaid-brief"
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">
                  <Link
                    to={paths.briefPayment.getHref(brief.briefId)}
                    className="rounded outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600"
                  >
                    {brief.title}
                  </Link>
                </p>
                <p className="text-sm text-slate-600">
                  {t('unpaid.sent', {
                    reference: brief.briefId.slice(0, 8).toUpperCase(),
                    when: formatRelative(brief.createdAt),
                  })}
                </p>
              </div>
              <div className="flex items-center gap-3 sm:shrink-0">
                <span className="text-sm font-semibold text-slate-900 tabular-nums">
                  {formatMoney(brief.amountDueCents, brief.currency.toUpperCase())}
                </span>
                <PayBriefButton briefId={brief.briefId} className="ml-auto sm:ml-0">
                  {t('unpaid.pay')}
                </PayBriefButton>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
