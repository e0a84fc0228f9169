import type { BillingDocumentView } from '@domain/invoicing';
import { Download, FileArchive, Hourglass } from 'lucide-react';
import { Fragment, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { downloadBillingExport, downloadBillingPdf, useBillingDocuments } from '../api/admin-billing';
import { ADMIN_NAMESPACE } from '../locales';
import { ScrollTable, TableHead, td } from './admin-table';
import { Field, inputClass } from './form-field';

/** `2026-11`: the month an `<input type="month">` shows, in the admin's own calendar. */
function currentMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** A refused export's message: the field's own when the api names one (« Le mois de fin précède… »). */
function exportErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return String(error);
  const fields = (error.body as { fields?: Record<string, string> } | undefined)?.fields;
  return fields?.to ?? fields?.from ?? error.message;
}

const COLUMNS = ['date', 'number', 'kind', 'buyer', 'ht', 'vat', 'ttc', 'refersTo', 'pdf'] as const;

/** The columns after the type, as the table and the phone's cards show them; `none` for no original invoice. */
const detailCells = (document: BillingDocumentView, none: string) =>
  [
    ['buyer', document.buyer],
    ['ht', formatMoney(document.htCents, document.currency)],
    ['vat', formatMoney(document.vatCents, document.currency)],
    ['ttc', formatMoney(document.ttcCents, document.currency)],
    ['refersTo', document.refersTo ?? none],
  ] as const;

/** « Facture » or « Avoir » in words, not only by colour. */
function KindBadge({ document }: { document: BillingDocumentView }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <Badge variant={document.kind === 'invoice' ? 'default' : 'accent'}>{t(`billing.kinds.${document.kind}`)}</Badge>
  );
}

function PdfButton({ document }: { document: BillingDocumentView }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [pending, setPending] = useState(false);
  if (!document.pdfReady) {
    return (
      <Button size="sm" variant="outline" disabled>
        <Hourglass aria-hidden="true" />
        {t('billing.pdfPending')}
      </Button>
    );
  }
  const download = async () => {
    setPending(true);
    try {
      await downloadBillingPdf(document);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('billing.downloadFailed'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={pending}
      aria-label={t('billing.pdfLabel', { number: document.number })}
      onClick={() => void download()}
    >
      <Download aria-hidden="true" />
      {t('billing.pdf')}
    </Button>
  );
}

/** The accountant's export: every document of whole months, and their ledger, in one ZIP. */
function ExportForm() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const fromId = useId();
  const toId = useId();
  const [period, setPeriod] = useState({ from: currentMonth(), to: currentMonth() });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await downloadBillingExport(period);
    } catch (refused) {
      setError(exportErrorMessage(refused));
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <form
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-4"
          aria-labelledby={`${fromId}-title`}
        >
          <div>
            <h3 id={`${fromId}-title`} className="text-base font-semibold text-slate-900">
              {t('billing.exportTitle')}
            </h3>
            <p className="mt-1 text-sm text-slate-600">{t('billing.exportText')}</p>
          </div>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
            <Field id={fromId} label={t('billing.from')}>
              <input
                id={fromId}
                type="month"
                required
                className={inputClass}
                value={period.from}
                onChange={(event) => setPeriod({ ...period, from: event.target.value })}
              />
            </Field>
            <Field id={toId} label={t('billing.to')}>
              <input
                id={toId}
                type="month"
                required
                className={inputClass}
                value={period.to}
                onChange={(event) => setPeriod({ ...period, to: event.target.value })}
              />
            </Field>
            <Button type="submit" disabled={pending} className="sm:mb-0">
              <FileArchive aria-hidden="true" />
              {t('billing.export')}
            </Button>
          </div>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

/** Admin › Facturation: the invoices and credit notes of a month (or all), their PDFs, and the accountant's export. */
export function BillingTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const monthId = useId();
  const allId = useId();
  const [month, setMonth] = useState(currentMonth());
  const [all, setAll] = useState(false);
  const documents = useBillingDocuments(all || !month ? null : month);

  return (
    <section aria-labelledby="admin-billing-title" className="space-y-5">
      <h2 id="admin-billing-title" className="sr-only">
        {t('tabs.billing')}
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        <Field id={monthId} label={t('billing.month')}>
          <input
            id={monthId}
            type="month"
            className={`${inputClass} w-auto`}
            value={month}
            disabled={all}
            onChange={(event) => setMonth(event.target.value)}
          />
        </Field>
        <label htmlFor={allId} className="flex h-10 items-center gap-2 text-sm font-medium text-slate-800">
          <input
            id={allId}
            type="checkbox"
            className="size-4 accent-violet-700"
            checked={all}
            onChange={(event) => setAll(event.target.checked)}
          />
          {t('common.all')}
        </label>
      </div>

      {documents.isError ? (
        <div
          role="alert"
          className="flex items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
        >
          <p className="flex-1">{documents.error.message}</p>
          <Button size="sm" variant="outline" onClick={() => void documents.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : !documents.data ? (
        <div className="space-y-3" role="status" aria-label={t('common.loading')}>
          <Skeleton className="h-10 rounded-lg" />
          <Skeleton className="h-10 rounded-lg" />
        </div>
      ) : documents.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          {t('billing.empty')}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-3 md:hidden" aria-label={t('billing.caption')}>
            {documents.data.map((document) => (
              <li
                key={document.id}
                className="rounded-xl border border-slate-200 bg-white p-4"
                data-testid="billing-document-card"
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900 tabular-nums">{document.number}</p>
                    <p className="text-xs text-slate-600">{formatDate(document.issuedAt)}</p>
                  </div>
                  <KindBadge document={document} />
                </div>
                <dl className="mt-3 grid grid-cols-[8rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-sm">
                  {detailCells(document, t('common.none')).map(([column, text]) => (
                    <Fragment key={column}>
                      <dt className="text-slate-500">{t(`billing.columns.${column}`)}</dt>
                      <dd className="break-words text-slate-800 tabular-nums">{text}</dd>
                    </Fragment>
                  ))}
                </dl>
                <div className="mt-3">
                  <PdfButton document={document} />
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden md:block">
            <ScrollTable caption={t('billing.caption')} minWidth="60rem">
              <TableHead labels={COLUMNS.map((column) => t(`billing.columns.${column}`))} />
              <tbody>
                {documents.data.map((document) => (
                  <tr key={document.id} data-testid="billing-document-row">
                    <td className={`${td} whitespace-nowrap`}>{formatDate(document.issuedAt)}</td>
                    <td className={`${td} font-medium whitespace-nowrap tabular-nums`}>{document.number}</td>
                    <td className={td}>
                      <KindBadge document={document} />
                    </td>
                    {detailCells(document, t('common.none')).map(([column, text]) => (
                      <td key={column} className={`${td} whitespace-nowrap tabular-nums`}>
                        {text}
                      </td>
                    ))}
                    <td className={td}>
                      <PdfButton document={document} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </div>
        </>
      )}

      <ExportForm />
    </section>
  );
}
