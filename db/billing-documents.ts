import type { EntityManager } from '@mikro-orm/postgresql';
import { formatDocumentNumber, type DocumentKind, type InvoiceDocument } from '../domain/invoicing';
import { BillingDocument, type StoredDocument } from './entities/billing-document';

/**
 * The next number of the year's sequence of `kind`, taken inside the caller's transaction: the
 * counter's row stays locked until it commits (a concurrent document waits), and a rollback gives
 * the number back. So the sequence has neither gap nor duplicate, whatever the number of apis.
 */
export async function takeDocumentNumber(
  tx: EntityManager,
  kind: DocumentKind,
  year: number,
): Promise<{ sequence: number; number: string }> {
  const [row] = await tx.getConnection().execute<{ last_sequence: number }[]>(
    `insert into "invoice_counters" ("kind", "year", "last_sequence") values (?, ?, 1)
       on conflict ("kind", "year") do update set "last_sequence" = "invoice_counters"."last_sequence" + 1
       returning "last_sequence"`,
    [kind, year],
    'all',
    tx.getTransactionContext(),
  );
  const sequence = Number(row!.last_sequence);
  return { sequence, number: formatDocumentNumber(kind, year, sequence) };
}

function storedDocument(document: InvoiceDocument): StoredDocument {
  return {
    ...document,
    issuedAt: document.issuedAt.toISOString(),
    serviceDate: document.serviceDate.toISOString(),
    dueDate: document.dueDate.toISOString(),
    paidAt: document.paidAt?.toISOString() ?? null,
    refersTo: document.refersTo
      ? { number: document.refersTo.number, issuedAt: document.refersTo.issuedAt.toISOString() }
      : null,
  };
}

export function documentFromStored(stored: StoredDocument): InvoiceDocument {
  return {
    ...stored,
    issuedAt: new Date(stored.issuedAt),
    serviceDate: new Date(stored.serviceDate),
    dueDate: new Date(stored.dueDate),
    paidAt: stored.paidAt ? new Date(stored.paidAt) : null,
    refersTo: stored.refersTo ? { number: stored.refersTo.number, issuedAt: new Date(stored.refersTo.issuedAt) } : null,
  };
}

/** The buyer as the journal and the admin's list name them. */
function buyerLabelOf(document: InvoiceDocument): string {
  return document.buyer.companyName ?? document.buyer.name ?? document.buyer.email;
}

/** Records a document whose number was just taken (same transaction). */
export function recordBillingDocument(
  tx: EntityManager,
  document: InvoiceDocument,
  numbering: { year: number; sequence: number },
  links: { checkoutSessionId?: string; refersToId?: string; briefId: string | null; clientId: string | null },
): BillingDocument {
  return tx.create(BillingDocument, {
    kind: document.kind,
    year: numbering.year,
    sequence: numbering.sequence,
    number: document.number,
    checkoutSessionId: links.checkoutSessionId ?? null,
    refersToId: links.refersToId ?? null,
    briefId: links.briefId,
    clientId: links.clientId,
    issuedAt: document.issuedAt,
    currency: document.currency,
    htCents: document.totals.htCents,
    vatCents: document.totals.vatCents,
    ttcCents: document.totals.ttcCents,
    buyerLabel: buyerLabelOf(document),
    document: storedDocument(document),
  });
}
