import { createHash } from 'node:crypto';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BILLING_MESSAGES, type DocumentKind } from '../../domain/invoicing';
import { BUCKETS } from '../../clients/storage';
import { BillingDocument } from '../../db/entities';
import { HttpError } from '../lib/http-error';

/** A stored document's file name: `facture-2026-000123.pdf`, `avoir-AV-2026-000007.pdf`. */
export const documentFileName = (document: Pick<BillingDocument, 'kind' | 'number'>) =>
  `${document.kind === 'invoice' ? 'facture' : 'avoir'}-${document.number}.pdf`;

/**
 * The document's PDF exactly as it was stored when issued: its SHA-256 must be the one recorded
 * then (a changed file is an error, never served). 409 while the PDF is still being made.
 */
export async function storedPdf(s3: S3Client, document: BillingDocument): Promise<Buffer> {
  if (!document.pdfKey || !document.pdfSha256) throw new HttpError(409, BILLING_MESSAGES.pdfPending);
  const object = await s3.send(new GetObjectCommand({ Bucket: BUCKETS.invoices, Key: document.pdfKey }));
  const pdf = Buffer.from(await object.Body!.transformToByteArray());
  if (createHash('sha256').update(pdf).digest('hex') !== document.pdfSha256)
    throw new Error(`The stored PDF of ${document.number} does not match its recorded SHA-256`);
  return pdf;
}

/** The brief's invoice or credit note, or a 404 saying there is none. */
export async function briefDocument(em: EntityManager, briefId: string, kind: DocumentKind): Promise<BillingDocument> {
  const document = await em.findOne(BillingDocument, { briefId, kind });
  if (!document)
    throw new HttpError(404, kind === 'invoice' ? BILLING_MESSAGES.noInvoice : BILLING_MESSAGES.noCreditNote);
  return document;
}
