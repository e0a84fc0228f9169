import type { S3Client } from '@aws-sdk/client-s3';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ZipFile } from 'yazl';
import type { BillingExportQuery } from '../../domain/schemas/billing';
import { BillingDocument } from '../../db/entities';
import { HttpError } from '../lib/http-error';
import { documentFileName, storedPdf } from './stored-documents';

/** The documents issued in the months `from`…`to` (Paris time), in number order within each kind. */
export async function documentsOfPeriod(
  em: EntityManager,
  { from, to }: { from: string; to: string },
): Promise<BillingDocument[]> {
  const rows = await em.getConnection().execute<{ id: string }[]>(
    `select "id" from "invoices"
        where "issued_at" >= (?::timestamp at time zone 'Europe/Paris')
          and "issued_at" < ((?::timestamp + interval '1 month') at time zone 'Europe/Paris')
        order by "issued_at", "kind", "sequence"`,
    [`${from}-01`, `${to}-01`],
  );
  if (rows.length === 0) return [];
  const documents = await em.find(BillingDocument, { id: { $in: rows.map((row) => row.id) } });
  const order = new Map(rows.map((row, index) => [row.id, index]));
  return documents.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

const JOURNAL_HEADER = ['Date', 'Numéro', 'Type', 'Client', 'Facture d’origine', 'HT', 'TVA', 'TTC', 'Devise'];

/** `1234.5` → `1234,50`: the decimal comma French spreadsheets and accounting software read. */
const amount = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** A field quoted when it holds the separator, a quote or a line break (RFC 4180, with `;`). */
const field = (value: string) => (/[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

const parisDay = (date: Date) =>
  new Intl.DateTimeFormat('fr-FR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  }).format(date);

/**
 * The sales journal as an accountant imports it: one line per document, `;`-separated, UTF-8 with
 * its byte-order mark, dates JJ/MM/AAAA, amounts with a decimal comma, a credit note's negative.
 */
function journalCsv(documents: BillingDocument[]): string {
  const numbers = new Map(documents.map((document) => [document.id, document.number]));
  const lines = documents.map((document) => {
    const sign = document.kind === 'credit_note' ? -1 : 1;
    return [
      parisDay(document.issuedAt),
      document.number,
      document.kind === 'invoice' ? 'Facture' : 'Avoir',
      document.buyerLabel,
      document.refersToId ? (numbers.get(document.refersToId) ?? document.document.refersTo?.number ?? '') : '',
      amount(sign * document.htCents),
      amount(sign * document.vatCents),
      amount(sign * document.ttcCents),
      document.currency,
    ]
      .map(field)
      .join(';');
  });
  return `\ufeff${[JOURNAL_HEADER.join(';'), ...lines].join('\r\n')}\r\n`;
}

const EXPORT_PENDING_MESSAGE =
  'Des documents de la période sont encore en préparation : réessayez l’export dans un instant.';

/**
 * The period's ZIP: `journal.csv` and every document's PDF as stored. Refused (409) while a PDF
 * of the period is not stored yet, so an export is always complete.
 */
export async function accountingExport(
  em: EntityManager,
  s3: S3Client,
  period: BillingExportQuery,
): Promise<{ zip: NodeJS.ReadableStream; fileName: string }> {
  const documents = await documentsOfPeriod(em, period);
  const pending = documents.filter((document) => !document.pdfKey).map((document) => document.number);
  if (pending.length) throw new HttpError(409, `${EXPORT_PENDING_MESSAGE} (${pending.join(', ')})`);
  const pdfs = await Promise.all(documents.map((document) => storedPdf(s3, document)));
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(journalCsv(documents), 'utf8'), 'journal.csv');
  documents.forEach((document, index) => zip.addBuffer(pdfs[index]!, documentFileName(document)));
  zip.end();
  const fileName = `rushflow-facturation-${period.from}${period.to === period.from ? '' : `_${period.to}`}.zip`;
  return { zip: zip.outputStream, fileName };
}
