import Router from '@koa/router';
import type { S3Client } from '@aws-sdk/client-s3';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BillingDocumentView } from '../../domain/invoicing';
import {
  BillingDocumentParamsSchema,
  BillingExportQuerySchema,
  BillingListQuerySchema,
  ProjectRefundInputSchema,
  ProjectRefundParamsSchema,
} from '../../domain/schemas/billing';
import { SellerIdentitySchema } from '../../domain/schemas/invoicing';
import { recordAudit } from '../../db/audit';
import { BillingDocument, Setting } from '../../db/entities';
import { readSeller, SELLER_SETTING_KEY } from '../../db/settings';
import { accountingExport, documentsOfPeriod } from '../billing/accounting-export';
import type { BillingDocumentClient } from '../billing/billing-document-client';
import { issueCreditNoteForProject } from '../billing/issue-credit-note';
import { documentFileName, storedPdf } from '../billing/stored-documents';
import { HttpError } from '../lib/http-error';
import { parseInput } from '../lib/validation';
import { currentUser, requireRole } from '../middleware/auth';

export interface AdminBillingRouteDeps {
  em: () => EntityManager;
  /** The invoices bucket, on the internal endpoint. */
  s3: S3Client;
  billing: Pick<BillingDocumentClient, 'documentRecorded'>;
}

function viewOf(document: BillingDocument, numbers: Map<string, string>): BillingDocumentView {
  return {
    id: document.id,
    kind: document.kind,
    number: document.number,
    issuedAt: document.issuedAt.toISOString(),
    buyer: document.buyerLabel,
    htCents: document.htCents,
    vatCents: document.vatCents,
    ttcCents: document.ttcCents,
    currency: document.currency,
    refersTo: document.refersToId ? (numbers.get(document.refersToId) ?? null) : null,
    pdfReady: document.pdfKey !== null,
  };
}

/**
 * Admin › Facturation and the seller's identity (Admin › Paramètres): the invoices and credit
 * notes by month, each PDF as stored, a period's export for the accountant, and the refund of a
 * cancelled project (its credit note).
 */
export function adminBillingRoutes(deps: AdminBillingRouteDeps): Router {
  const router = new Router();
  const admin = requireRole('admin');

  router.get('/api/admin/settings/seller', admin, async (ctx) => {
    ctx.body = { seller: await readSeller(deps.em()) };
  });

  router.put('/api/admin/settings/seller', admin, async (ctx) => {
    const seller = parseInput(SellerIdentitySchema, ctx.request.body);
    const user = currentUser(ctx);
    await deps.em().transactional(async (tx) => {
      const before = await readSeller(tx);
      if (JSON.stringify(before) === JSON.stringify(seller)) return;
      await tx.upsert(Setting, { key: SELLER_SETTING_KEY, value: seller, updatedBy: user.id, updatedAt: new Date() });
      await recordAudit(tx, {
        actorId: user.id,
        actorEmail: user.email,
        action: 'settings.seller',
        targetType: 'settings',
        targetId: null,
        targetLabel: 'Identité du vendeur',
        before,
        after: seller,
      });
    });
    ctx.body = { seller: await readSeller(deps.em()) };
  });

  router.get('/api/admin/invoices', admin, async (ctx) => {
    const { month } = parseInput(BillingListQuerySchema, ctx.query);
    const em = deps.em();
    const documents = month
      ? await documentsOfPeriod(em, { from: month, to: month })
      : await em.find(BillingDocument, {}, { orderBy: { issuedAt: 'desc' }, limit: 500 });
    const numbers = new Map(
      (await em.find(BillingDocument, { id: { $in: documents.flatMap((d) => d.refersToId ?? []) } })).map((d) => [
        d.id,
        d.number,
      ]),
    );
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { documents: documents.map((document) => viewOf(document, numbers)) };
  });

  router.get('/api/admin/invoices/export', admin, async (ctx) => {
    const period = parseInput(BillingExportQuerySchema, ctx.query);
    const { zip, fileName } = await accountingExport(deps.em(), deps.s3, period);
    ctx.type = 'application/zip';
    ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = zip;
  });

  router.get('/api/admin/invoices/:documentId/pdf', admin, async (ctx) => {
    const { documentId } = parseInput(BillingDocumentParamsSchema, ctx.params);
    const document = await deps.em().findOne(BillingDocument, { id: documentId });
    if (!document) throw new HttpError(404, 'Document introuvable.');
    const pdf = await storedPdf(deps.s3, document);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${documentFileName(document)}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = pdf;
  });

  /** Refund of a cancelled project: the credit note is numbered here; its workflow refunds the card. */
  router.post('/api/admin/projects/:projectId/refund', admin, async (ctx) => {
    const { projectId } = parseInput(ProjectRefundParamsSchema, ctx.params);
    const { reason } = parseInput(ProjectRefundInputSchema, ctx.request.body ?? {});
    const user = currentUser(ctx);
    const { creditNote, invoice } = await deps.em().transactional(async (tx) => {
      const issued = await issueCreditNoteForProject(tx, projectId, user, reason);
      await tx.flush();
      // Started before the commit, as the webhook does: a failure here rolls the number back.
      await deps.billing.documentRecorded({ kind: 'credit_note', invoiceId: issued.invoice.id });
      return issued;
    });
    ctx.status = 201;
    ctx.body = { creditNote: viewOf(creditNote, new Map([[invoice.id, invoice.number]])) };
  });

  return router;
}
