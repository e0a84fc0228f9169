import { createHash } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/common';
import type Stripe from 'stripe';
import { formatMoney } from '../domain/brief-estimate';
import { BUCKETS } from '../clients/storage';
import { documentFromStored } from '../db/billing-documents';
import { BillingDocument, CheckoutSession, Project } from '../db/entities';
import type { BillingDocumentActivities } from '../workflows/billing-document-activities';
import { BILLING_DOCUMENT_NOT_RECORDED, CREDIT_NOTE_EMAIL_TEMPLATE } from '../workflows/contracts/billing-document';
import { renderFacturX } from './invoices/factur-x-pdf';
import { escapeHtml, layout, renderMjml } from './mail/render';
import { section } from './payments-mail';

export interface BillingDocumentDeps {
  orm: MikroORM;
  s3: S3Client;
  stripe: Stripe;
  appUrl: string;
}

/**
 * The PDF's key in the invoices bucket: by year, then by number and the start of its SHA-256, so
 * that no other rendering (a concurrent retry, a database restored beside the same bucket) can
 * ever replace the bytes a document's recorded hash names.
 */
const billingDocumentKey = (document: Pick<BillingDocument, 'year' | 'number'>, sha256: string) =>
  `${document.year}/${document.number}-${sha256.slice(0, 16)}.pdf`;

/** Activities of billingDocumentWorkflow; each is idempotent. */
export function createBillingDocumentActivities(deps: BillingDocumentDeps): BillingDocumentActivities {
  async function documentOf(documentId: string): Promise<BillingDocument> {
    return deps.orm.em.fork().findOneOrFail(BillingDocument, { id: documentId });
  }

  return {
    async findBillingDocument(input) {
      const where =
        input.kind === 'invoice'
          ? { kind: 'invoice' as const, checkoutSessionId: input.checkoutSessionId }
          : { kind: 'credit_note' as const, refersToId: input.invoiceId };
      const row = await deps.orm.em.fork().findOne(BillingDocument, where);
      if (!row)
        throw ApplicationFailure.retryable(`The ${input.kind} is not recorded yet`, BILLING_DOCUMENT_NOT_RECORDED);
      return { documentId: row.id, issuedAt: row.issuedAt.getTime() };
    },

    async refundCreditedPayment(documentId) {
      const em = deps.orm.em.fork();
      const creditNote = await em.findOneOrFail(BillingDocument, { id: documentId });
      const invoice = await em.findOneOrFail(BillingDocument, { id: creditNote.refersToId! });
      const payment = invoice.checkoutSessionId
        ? await em.findOne(CheckoutSession, { id: invoice.checkoutSessionId })
        : null;
      if (!payment?.paymentIntentId)
        throw ApplicationFailure.nonRetryable(`Invoice ${invoice.number} has no card payment to refund`);
      await deps.stripe.refunds.create(
        { payment_intent: payment.paymentIntentId, amount: creditNote.ttcCents },
        { idempotencyKey: `credit-note-${creditNote.id}` },
      );
    },

    async storeBillingDocumentPdf(documentId) {
      const row = await documentOf(documentId);
      if (row.pdfKey) return;
      const pdf = await renderFacturX(documentFromStored(row.document));
      const sha256 = createHash('sha256').update(pdf).digest('hex');
      const key = billingDocumentKey(row, sha256);
      await deps.s3.send(
        new PutObjectCommand({ Bucket: BUCKETS.invoices, Key: key, Body: pdf, ContentType: 'application/pdf' }),
      );
      // Only the first stored copy counts: a document's PDF is never replaced. A copy that lost
      // the race is removed.
      const recorded = await deps.orm.em
        .fork()
        .nativeUpdate(
          BillingDocument,
          { id: documentId, pdfKey: null },
          { pdfKey: key, pdfSha256: sha256, pdfStoredAt: new Date() },
        );
      const stored = recorded === 0 ? await documentOf(documentId) : null;
      if (stored && stored.pdfKey !== key)
        await deps.s3.send(new DeleteObjectCommand({ Bucket: BUCKETS.invoices, Key: key }));
    },

    async renderCreditNoteEmail(documentId) {
      const em = deps.orm.em.fork();
      const row = await em.findOneOrFail(BillingDocument, { id: documentId });
      const document = documentFromStored(row.document);
      const project = row.briefId ? await em.findOne(Project, { brief: row.briefId }) : null;
      const amount = formatMoney(row.ttcCents, row.currency);
      const link = project
        ? `${deps.appUrl.replace(/\/$/, '')}/project/${encodeURIComponent(project.id)}`
        : `${deps.appUrl.replace(/\/$/, '')}/dashboard`;
      const lines = [
        'Bonjour,',
        `Nous avons émis l’avoir ${row.number} du ${row.issuedAt.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })}, qui annule la facture ${document.refersTo?.number ?? ''}.`,
        `Son montant, ${amount}, vous est remboursé sur la carte utilisée pour le paiement : il apparaît sur votre relevé sous 5 à 10 jours ouvrés.`,
        'L’avoir se télécharge depuis la page du projet.',
      ];
      return {
        template: CREDIT_NOTE_EMAIL_TEMPLATE,
        to: document.buyer.email,
        subject: `Avoir ${row.number} : remboursement de ${amount}`,
        html: await renderMjml(
          layout({
            preview: `Avoir ${row.number} : ${amount} remboursés.`,
            appUrl: deps.appUrl,
            body: section('Avoir émis', lines.map(escapeHtml), { href: link, label: 'Voir le projet' }),
          }),
        ),
        text: [...lines, '', `Voir le projet : ${link}`, '', 'L’équipe Rushflow'].join('\n'),
      };
    },

    async purgeBillingDocument(documentId) {
      const em = deps.orm.em.fork();
      const row = await em.findOne(BillingDocument, { id: documentId });
      if (!row) return;
      if (row.pdfKey) await deps.s3.send(new DeleteObjectCommand({ Bucket: BUCKETS.invoices, Key: row.pdfKey }));
      await em.nativeDelete(BillingDocument, { id: documentId });
    },
  };
}
