import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/common';
import { briefTitle } from '../domain/brief-options';
import { addWorkingDays, todayIn } from '../domain/delivery';
import { projectEvent, userEvent } from '../domain/events';
import { fileExtension, mediaKindOfExtension } from '../domain/uploads';
import { Brief, CheckoutSession, Notification, Project, ProjectFile } from '../db/entities';
import { appendEvents, notificationCreated } from '../db/outbox';
import { readSettings } from '../db/settings';
import { activeTraceId } from '../observability/trace-context';
import { BRIEF_NOT_FOUND, PAYMENT_NOT_RECORDED } from '../workflows/contracts/brief';
import type { PaymentActivities } from '../workflows/payment-activities';
import { briefExpiredEmail, paymentReceiptEmail, paymentReminderEmail } from './payments-mail';

export interface PaymentActivityDeps {
  orm: MikroORM;
  /** The site's public address, linked from every e-mail. */
  appUrl: string;
  /** The agency's calendar day, for the planned delivery date; Paris by default. */
  today?: () => string;
  /** Test hook run inside the project creation's transaction, before the insert. */
  pauseBeforeProjectInsert?: () => Promise<void>;
}

/** Notification type of the payment confirmation (free text column; shown as the default kind). */
const PAYMENT_RECEIVED_NOTIFICATION = 'payment_received';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function briefNotFound(briefId: string): never {
  throw ApplicationFailure.nonRetryable(`Brief ${briefId} not found`, BRIEF_NOT_FOUND);
}

/** The planned delivery: the engine's working days counted from today, at midday UTC (same date everywhere in Europe and America). */
function plannedDelivery(today: string, workingDays: number | null | undefined): Date | null {
  if (workingDays == null) return null;
  return new Date(`${addWorkingDays(today, workingDays)}T12:00:00.000Z`);
}

/**
 * The rushes sent with the brief become the project's sources, listed and downloadable on its
 * files tab like those added later; each video's contact sheet starts pending (the workflow
 * starts their runs).
 */
function addBriefRushes(em: EntityManager, project: Project, brief: Brief): void {
  for (const rush of brief.uploadedFiles) {
    em.create(ProjectFile, {
      project,
      filename: rush.name,
      fileType: 'source',
      storageBucket: rush.bucket,
      storageKey: rush.key,
      mimeType: rush.type || null,
      fileSize: rush.size,
      uploadedBy: brief.clientId ?? '',
      durationSeconds: null,
      contactSheet: mediaKindOfExtension(fileExtension(rush.name)) === 'video' ? { status: 'pending' } : null,
    });
  }
}

/** The project's sources whose contact sheet waits for its run. */
async function pendingContactSheets(em: EntityManager, projectId: string): Promise<string[]> {
  const sources = await em.find(
    ProjectFile,
    { project: projectId, fileType: 'source' },
    { orderBy: { createdAt: 'asc' } },
  );
  return sources.filter((file) => file.contactSheet?.status === 'pending').map((file) => file.id);
}

/** Activities of the brief's payment step; every write is idempotent (run twice, one effect). */
export function createPaymentActivities(deps: PaymentActivityDeps): PaymentActivities {
  const today = deps.today ?? (() => todayIn());

  async function loadBrief(briefId: string) {
    const brief = UUID.test(briefId) ? await deps.orm.em.fork().findOne(Brief, { id: briefId }) : null;
    return brief ?? briefNotFound(briefId);
  }

  return {
    async createProjectForBrief(briefId, sessionId) {
      if (!UUID.test(briefId)) briefNotFound(briefId);
      return deps.orm.em.fork().transactional(async (em) => {
        // The brief's row lock orders concurrent attempts; the unique brief_id on projects is the backstop.
        const brief =
          (await em.findOne(Brief, { id: briefId }, { lockMode: LockMode.PESSIMISTIC_WRITE })) ??
          briefNotFound(briefId);
        const existing = await em.findOne(Project, { brief: briefId });
        if (existing) {
          return {
            projectId: existing.id,
            createdNow: false,
            clientEmail: existing.clientEmail,
            videoType: existing.videoType ?? null,
            contactSheetFileIds: await pendingContactSheets(em, existing.id),
          };
        }
        const checkout = await em.findOne(CheckoutSession, { sessionId, brief: briefId });
        if (!checkout || checkout.status !== 'paid') {
          // The webhook signals before it commits: its row becomes visible a moment later.
          throw ApplicationFailure.retryable(
            `Checkout session ${sessionId} of brief ${briefId} is not recorded as paid yet`,
            PAYMENT_NOT_RECORDED,
          );
        }
        await deps.pauseBeforeProjectInsert?.();
        const amountPaid = checkout.amountPaidCents ?? checkout.amountCents;
        const delivery = plannedDelivery(today(), brief.estimatedDeliveryDays);
        const project = em.create(Project, {
          brief,
          title: briefTitle(brief),
          description: brief.creativeBrief ?? brief.additionalNotes ?? null,
          videoType: brief.videoType ?? brief.videoTypes[0] ?? null,
          status: 'brief_received',
          clientId: brief.clientId ?? null,
          clientEmail: brief.email,
          totalPriceCents: amountPaid,
          currency: checkout.currency === 'usd' ? 'USD' : 'EUR',
          deliveryDate: delivery,
          estimatedDeliveryDate: delivery,
          durationMinutes: brief.finalDurationMinutes ?? null,
          rushDurationMinutes: brief.totalRushDurationMinutes ?? null,
          urgencyLevel: brief.expressDelivery ? 'urgent' : 'normal',
          maxRevisions: (await readSettings(em)).maxRevisions,
          // The paid brief's trace (from the webhook on), for the admin's link; a retry finds the row above and keeps it.
          traceId: activeTraceId(),
          briefData: {
            objective: brief.objective,
            editing_style: brief.editingStyle,
            delivery_formats: brief.deliveryFormats,
            deadline: brief.deadline,
            creative_brief: brief.creativeBrief,
            constraints: brief.constraints,
            needs_subtitles: brief.needsSubtitles,
            express_delivery: brief.expressDelivery,
            language: brief.language,
            visual_complexity: brief.visualComplexity,
            service_category: brief.serviceCategory,
            estimated_hours: brief.estimatedHours,
            estimated_delivery_days: brief.estimatedDeliveryDays,
            uploaded_files: brief.uploadedFiles,
            file_links: brief.fileLinks,
            funnel: brief.funnel,
          },
        });
        addBriefRushes(em, project, brief);
        brief.status = 'paid';
        brief.paidAt = checkout.paidAt ?? new Date();
        brief.amountPaidCents = amountPaid;
        brief.stripeCheckoutSessionId = sessionId;
        brief.stripePaymentIntentId = checkout.paymentIntentId ?? null;
        brief.launchOfferApplied = checkout.launchOfferClaimed;
        // The new project joins the client's lists; the payer's /payment-success follows it live.
        await appendEvents(em, () => [
          projectEvent({ type: 'project.changed', projectId: project.id, status: project.status }),
          ...(project.clientId
            ? [
                userEvent(project.clientId, {
                  type: 'payment.changed',
                  sessionId,
                  state: 'success',
                  projectId: project.id,
                }),
              ]
            : []),
        ]);
        await em.flush();
        return {
          projectId: project.id,
          createdNow: true,
          clientEmail: project.clientEmail,
          videoType: project.videoType ?? null,
          contactSheetFileIds: await pendingContactSheets(em, project.id),
        };
      });
    },

    async expireBrief(briefId) {
      if (!UUID.test(briefId)) briefNotFound(briefId);
      return deps.orm.em.fork().transactional(async (em) => {
        const brief =
          (await em.findOne(Brief, { id: briefId }, { lockMode: LockMode.PESSIMISTIC_WRITE })) ??
          briefNotFound(briefId);
        if (brief.status === 'expired') return { expired: true };
        if (brief.status !== 'pending_payment') return { expired: false };
        if ((await em.count(CheckoutSession, { brief: briefId, status: 'paid' })) > 0) return { expired: false };
        brief.status = 'expired';
        brief.expiresAt ??= new Date();
        await em.flush();
        return { expired: true };
      });
    },

    async notifyPaymentReceived(projectId) {
      await deps.orm.em.fork().transactional(async (em) => {
        const project = await em.findOne(Project, { id: projectId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!project) throw ApplicationFailure.nonRetryable(`Project ${projectId} not found`, 'ProjectNotFound');
        // A brief sent without an account has no user to notify in the app: the receipt e-mail tells them.
        if (!project.clientId) return;
        const already = await em.count(Notification, {
          project: projectId,
          userId: project.clientId,
          type: PAYMENT_RECEIVED_NOTIFICATION,
        });
        if (already > 0) return;
        const notification = em.create(Notification, {
          userId: project.clientId,
          type: PAYMENT_RECEIVED_NOTIFICATION,
          title: 'Paiement confirmé !',
          message: `Votre projet « ${project.title} » est créé. Un monteur va lui être assigné.`,
          project,
        });
        await appendEvents(em, () => [notificationCreated(notification)]);
      });
    },

    async renderPaymentReminderEmail(briefId, reminder) {
      return paymentReminderEmail(await loadBrief(briefId), reminder, deps.appUrl);
    },

    async renderBriefExpiredEmail(briefId) {
      return briefExpiredEmail(await loadBrief(briefId), deps.appUrl);
    },

    async renderPaymentReceiptEmail(projectId) {
      const em = deps.orm.em.fork();
      const project = await em.findOne(Project, { id: projectId }, { populate: ['brief'] });
      if (!project) throw ApplicationFailure.nonRetryable(`Project ${projectId} not found`, 'ProjectNotFound');
      const brief = project.brief;
      return paymentReceiptEmail(
        {
          projectId,
          reference: project.reference,
          title: project.title,
          email: project.clientEmail,
          amountPaidCents: project.totalPriceCents,
          currency: project.currency,
          launchOfferApplied: brief.launchOfferApplied,
          fullPriceCents: brief.priceCents,
          plannedDeliveryDate: project.deliveryDate ? project.deliveryDate.toISOString().slice(0, 10) : null,
        },
        deps.appUrl,
      );
    },
  };
}
