import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { DOCUMENT_KINDS } from '../../domain/invoicing';

/**
 * The last number given in each year's sequence of invoices and of credit notes. Incremented in
 * the transaction that records the document, under the row's lock: a rollback gives the number
 * back, so the sequence has no gap, and two api instances wait on each other instead of sharing one.
 */
export const InvoiceCounter = defineEntity({
  name: 'InvoiceCounter',
  tableName: 'invoice_counters',
  properties: {
    kind: p.enum([...DOCUMENT_KINDS]).primary(),
    year: p.integer().primary(),
    lastSequence: p.integer(),
  },
});
export type InvoiceCounter = InferEntity<typeof InvoiceCounter>;
