import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { DOCUMENT_KINDS, type BuyerDetails, type InvoiceDocument } from '../../domain/invoicing';
import { check, createdAt, sqlIndex, timestamp, userId, uuidPk } from './columns';

/**
 * An invoice or a credit note (table `invoices`): its number, allocated in the transaction that
 * records the payment or the refund (`db/invoice-numbers.ts`), and everything it prints, frozen
 * there as `document`. The PDF is rendered once by the billing-document workflow, stored in the
 * `invoices` bucket and served as stored; its SHA-256 is kept here. Rows are kept 10 years
 * (Code de commerce L123-22): no foreign key cascades a brief's deletion onto them.
 */
export const BillingDocument = defineEntity({
  name: 'BillingDocument',
  tableName: 'invoices',
  properties: {
    id: uuidPk(),
    kind: p.enum([...DOCUMENT_KINDS]),
    year: p.integer(),
    /** Position in the year's sequence of its kind: 1, 2, 3… without gap. */
    sequence: p.integer(),
    number: p.text().unique('invoices_number_unique'),
    /** The payment it bills (invoices); one invoice per payment. */
    checkoutSessionId: p.uuid().nullable().unique('invoices_checkout_session_id_unique'),
    /** The invoice a credit note cancels; one credit note per invoice. */
    refersToId: p.uuid().nullable().unique('invoices_refers_to_id_unique'),
    briefId: p.uuid().nullable(),
    /** The buyer's account when there is one (their « Télécharger la facture »). */
    clientId: userId().nullable(),
    issuedAt: p.datetime(),
    currency: p.enum(['EUR', 'USD']),
    htCents: p.integer(),
    vatCents: p.integer(),
    ttcCents: p.integer(),
    /** The buyer's name as the journal lists it (company, else person, else e-mail). */
    buyerLabel: p.text(),
    document: p.json<StoredDocument>(),
    /** Key in the `invoices` bucket; null until the PDF is stored. */
    pdfKey: p.text().nullable(),
    pdfSha256: p.text().nullable(),
    pdfStoredAt: timestamp(),
    createdAt: createdAt(),
  },
  checks: [
    check('invoices', 'sequence', 'sequence > 0'),
    check('invoices', 'pdf_sha256', `pdf_sha256 ~ '^[0-9a-f]{64}$'`),
    check('invoices', 'refers_to_id', `(kind = 'credit_note') = (refers_to_id is not null)`),
  ],
  uniques: [{ name: 'invoices_kind_year_sequence_unique', properties: ['kind', 'year', 'sequence'] }],
  indexes: [
    sqlIndex('invoices', 'invoices_issued_at_index', '"issued_at"'),
    sqlIndex('invoices', 'invoices_brief_id_index', '"brief_id"'),
  ],
});
export type BillingDocument = InferEntity<typeof BillingDocument>;

/** `InvoiceDocument` as JSON stores it: dates as ISO strings. */
export type StoredDocument = Omit<InvoiceDocument, 'issuedAt' | 'serviceDate' | 'dueDate' | 'paidAt' | 'refersTo'> & {
  issuedAt: string;
  serviceDate: string;
  dueDate: string;
  paidAt: string | null;
  refersTo: { number: string; issuedAt: string } | null;
  buyer: BuyerDetails;
};
