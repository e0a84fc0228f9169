import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { projectEvent } from '../../domain/events';
import { BILLING_MESSAGES, buildCreditNote, documentYear } from '../../domain/invoicing';
import { recordAudit } from '../../db/audit';
import { documentFromStored, recordBillingDocument, takeDocumentNumber } from '../../db/billing-documents';
import { BillingDocument, Project } from '../../db/entities';
import { appendEvents } from '../../db/outbox';
import { HttpError } from '../lib/http-error';

/**
 * The credit note (avoir) of a cancelled project's invoice, issued in one transaction under the
 * project's lock: its own number in the credit notes' sequence, the whole invoice cancelled, the
 * project's « remboursement à traiter » cleared, the audit line and the page's live event. The
 * billing-document workflow then refunds the card, stores the PDF and e-mails the client.
 */
export async function issueCreditNoteForProject(
  tx: EntityManager,
  projectId: string,
  actor: { id: string; email: string },
  reason: string | undefined,
): Promise<{ creditNote: BillingDocument; invoice: BillingDocument }> {
  const project = await tx.findOne(Project, { id: projectId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!project) throw new HttpError(404, 'Projet introuvable.');
  const invoice = await tx.findOne(BillingDocument, { briefId: project.brief.id, kind: 'invoice' });
  if (project.status !== 'cancelled' || !invoice?.checkoutSessionId)
    throw new HttpError(409, BILLING_MESSAGES.refundNotPossible);
  if ((await tx.count(BillingDocument, { refersToId: invoice.id })) > 0)
    throw new HttpError(409, BILLING_MESSAGES.alreadyCredited);

  const issuedAt = new Date();
  const year = documentYear(issuedAt);
  const numbering = await takeDocumentNumber(tx, 'credit_note', year);
  const document = buildCreditNote(documentFromStored(invoice.document), {
    number: numbering.number,
    issuedAt,
    reason: 'Annulation du projet',
  });
  const creditNote = recordBillingDocument(
    tx,
    document,
    { year, sequence: numbering.sequence },
    { refersToId: invoice.id, briefId: invoice.briefId ?? null, clientId: invoice.clientId ?? null },
  );
  project.needsAttention = null;
  await recordAudit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: 'invoice.credit_note',
    targetType: 'project',
    targetId: project.id,
    targetLabel: project.title,
    before: { invoice: invoice.number },
    after: { creditNote: creditNote.number, amountCents: creditNote.ttcCents, reason: reason ?? null },
  });
  await appendEvents(tx, () => [
    projectEvent({ type: 'project.changed', projectId: project.id, status: project.status }),
  ]);
  return { creditNote, invoice };
}
