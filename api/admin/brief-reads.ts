import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { AdminBriefRow, Page } from '../../domain/admin';
import { briefTitle } from '../../domain/brief-options';
import { Brief, CheckoutSession, Project } from '../../db/entities';
import { briefWorkflowId } from '../../workflows/contracts/brief';
import { containing } from './project-admin-reads';
import { workflowUrl, type TemporalUiLinks } from './temporal-links';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BriefListQuery {
  page: number;
  pageSize: number;
  status?: AdminBriefRow['status'];
  attention: boolean;
  q?: string;
}

/**
 * Admin › Briefs: every brief (never a /test run's), newest first, with its funnel, price, payment
 * state, the payment reminders sent (their `sent_emails` keys are `payment-reminder-<n>:<briefId>:…`),
 * its project, the checkouts that need an admin, and its workflow in the Temporal UI.
 */
export async function listAdminBriefs(
  em: EntityManager,
  query: BriefListQuery,
  links: TemporalUiLinks,
): Promise<Page<AdminBriefRow>> {
  const conditions: FilterQuery<Brief>[] = [{ systemTestRun: null }];
  if (query.status) conditions.push({ status: query.status });
  if (query.attention) {
    const flagged = await em.find(CheckoutSession, { needsAttention: { $ne: null } }, { fields: ['brief'] });
    conditions.push({ id: { $in: [...new Set(flagged.map((session) => session.brief.id))] } });
  }
  if (query.q) {
    conditions.push({
      $or: [
        { email: { $ilike: containing(query.q) } },
        { projectName: { $ilike: containing(query.q) } },
        ...(UUID.test(query.q) ? [{ id: query.q }] : []),
      ],
    });
  }
  const [briefs, total] = await em.findAndCount(
    Brief,
    { $and: conditions },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  const ids = briefs.map((brief) => brief.id);
  const [projects, flagged, reminders] = ids.length
    ? await Promise.all([
        em.find(Project, { brief: { $in: ids } }, { fields: ['id', 'brief', 'reference'] }),
        em.find(
          CheckoutSession,
          { brief: { $in: ids }, needsAttention: { $ne: null } },
          { orderBy: { createdAt: 'asc' } },
        ),
        em.execute<{ brief_id: string; sent: string }[]>(
          `select split_part("idempotency_key", ':', 2) as brief_id, count(*) as sent
             from "sent_emails"
            where "idempotency_key" like 'payment-reminder-%' and "sent_at" is not null
              and split_part("idempotency_key", ':', 2) in (?)
            group by 1`,
          // Knex spreads an array binding into one placeholder per id.
          [ids],
        ),
      ])
    : [[], [], []];
  const projectOf = new Map(projects.map((project) => [project.brief.id, project]));
  const remindersOf = new Map(reminders.map((row) => [row.brief_id, Number(row.sent)]));
  const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
  return {
    items: briefs.map((brief) => ({
      id: brief.id,
      createdAt: brief.createdAt.toISOString(),
      email: brief.email,
      funnel: brief.funnel,
      title: briefTitle(brief),
      videoType: brief.videoType ?? brief.videoTypes[0] ?? null,
      status: brief.status,
      priceCents: brief.priceCents ?? null,
      offerPriceCents: brief.offerPriceCents ?? null,
      launchOfferApplied: brief.launchOfferApplied,
      amountPaidCents: brief.amountPaidCents ?? null,
      currency: brief.currency,
      paidAt: iso(brief.paidAt),
      expiresAt: iso(brief.expiresAt),
      remindersSent: remindersOf.get(brief.id) ?? 0,
      projectId: projectOf.get(brief.id)?.id ?? null,
      projectReference: projectOf.get(brief.id)?.reference ?? null,
      attention: flagged
        .filter((session) => session.brief.id === brief.id)
        .map((session) => ({ checkoutId: session.id, message: session.needsAttention ?? '', status: session.status })),
      workflowUrl: workflowUrl(links, briefWorkflowId(brief.id)),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
