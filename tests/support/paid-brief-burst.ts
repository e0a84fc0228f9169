import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type Stripe from 'stripe';
import { EditorProfile } from '../../db/entities';
import { briefWorkflowId, PAYMENT_RECEIPT_TEMPLATE, type BriefWorkflowResult } from '../../workflows/contracts/brief';
import type { CapturedEmail } from './mail-server';
import { checkoutEvent, deliverWebhook } from './payment-stack';

/**
 * What the suites that kill services under a burst of paid briefs share (chaos on the test stack,
 * cluster on the production topology): the burst's own editors, Stripe's way of delivering a
 * webhook until it is accepted, and the count of projects, receipts and assignments per brief.
 */
export interface PaidBrief {
  briefId: string;
  email: string;
  sessionId: string;
  amount: number;
}

/** Editors of `capacity` places each, only for the burst: their counters can then be checked. */
export async function seedBurstEditors(orm: MikroORM, count: number, capacity: number, lastName: string) {
  const editorIds = Array.from({ length: count }, () => randomUUID());
  const em = orm.em.fork();
  editorIds.forEach((userId, index) =>
    em.create(EditorProfile, {
      userId,
      firstName: 'Monteur',
      lastName: `${lastName} ${index + 1}`,
      specialties: ['general'],
      visualComplexityLevels: ['simple', 'moderate', 'complex', 'expert'],
      languages: ['français'],
      maxConcurrentProjects: capacity,
    }),
  );
  await em.flush();
  return editorIds;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Delivers the brief's payment event until the api answers 2xx, as Stripe does: a delivery that
 * gets no 2xx (an error, no answer) is sent again with a growing backoff, the same event re-signed.
 * Resolves to the number of attempts.
 */
export async function deliverUntilAccepted(
  {
    appUrl,
    stripe,
    webhookSecret,
    giveUpMs,
  }: { appUrl: string; stripe: Stripe; webhookSecret: string; giveUpMs: number },
  brief: PaidBrief,
): Promise<number> {
  const payload = JSON.stringify(
    checkoutEvent('checkout.session.completed', { id: brief.sessionId, briefId: brief.briefId, amount: brief.amount }),
  );
  const start = performance.now();
  for (let attempt = 1; ; attempt += 1) {
    const status = await deliverWebhook(appUrl, stripe, payload, webhookSecret).catch(() => 0);
    if (status >= 200 && status < 300) return attempt;
    if (performance.now() - start > giveUpMs)
      throw new Error(`the payment of ${brief.email} was refused ${attempt} times (last answer ${status})`);
    await sleep(Math.min(500 * 2 ** (attempt - 1), 15_000));
  }
}

export interface BriefCounts {
  email: string;
  projects: number;
  receipts: number;
  assignments: number;
}

/** Per brief: its projects, the receipts sent for it and its projects' assignments, counted in PostgreSQL. */
export async function countsOf(orm: MikroORM, briefs: PaidBrief[]): Promise<BriefCounts[]> {
  const rows = await orm.em.getConnection().execute<Record<keyof BriefCounts, string | number>[]>(
    `select b."email",
            (select count(*) from "projects" p where p."brief_id" = b."id") as "projects",
            (select count(*) from "sent_emails" s
              where s."recipient" = b."email" and s."template" = ? and s."sent_at" is not null) as "receipts",
            (select count(*) from "status_history" h join "projects" p on p."id" = h."project_id"
              where p."brief_id" = b."id" and h."new_status" = 'assigned') as "assignments"
       from "briefs" b where b."id" in (?)`,
    [PAYMENT_RECEIPT_TEMPLATE, briefs.map((brief) => brief.briefId)],
  );
  return rows.map((row) => ({
    email: String(row.email),
    projects: Number(row.projects),
    receipts: Number(row.receipts),
    assignments: Number(row.assignments),
  }));
}

export const complete = (counts: BriefCounts) =>
  counts.projects >= 1 && counts.receipts >= 1 && counts.assignments >= 1;

/** Polls the completed briefs in the background, noting when each one was first seen complete. */
export function watchCompletions(orm: MikroORM, briefs: PaidBrief[]) {
  const completedAt: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running && completedAt.length < briefs.length) {
      // PostgreSQL is down for a while: its errors only mean "not seen yet".
      const done = await countsOf(orm, briefs)
        .then((all) => all.filter(complete).length)
        .catch(() => completedAt.length);
      while (completedAt.length < done) completedAt.push(performance.now());
      await sleep(250);
    }
  })();
  return {
    completedAt,
    /** The first moment a brief was seen complete after `after` (performance.now()). */
    nextAfter: (after: number) => completedAt.find((at) => at > after),
    async stop() {
      running = false;
      await loop;
    },
  };
}

/**
 * Exactly one project, one receipt and one assignment per brief, seen from PostgreSQL (the editors'
 * loads too), from Temporal (each brief's workflow ended paid with that project and started one
 * project workflow) and from the mailbox (one receipt each, by Message-ID).
 */
export async function expectOnePerBrief({
  orm,
  temporal,
  briefs,
  editorIds,
  mailApiUrl,
}: {
  orm: MikroORM;
  temporal: Client;
  briefs: PaidBrief[];
  editorIds: string[];
  mailApiUrl: string;
}) {
  const counts = await countsOf(orm, briefs);
  expect(counts).toHaveLength(briefs.length);
  expect(counts.filter((c) => c.projects !== 1 || c.receipts !== 1 || c.assignments !== 1)).toEqual([]);
  // An assignment counted twice would show in the editors' loads.
  const loads = await orm.em
    .getConnection()
    .execute<{ user_id: string; current_projects_count: number; assigned: string }[]>(
      `select e."user_id", e."current_projects_count",
              (select count(*) from "projects" p where p."editor_id" = e."user_id") as "assigned"
         from "editor_profiles" e where e."user_id" in (?)`,
      [editorIds],
    );
  expect(loads.filter((row) => row.current_projects_count !== Number(row.assigned))).toEqual([]);
  expect(loads.reduce((sum, row) => sum + Number(row.assigned), 0)).toBe(briefs.length);

  const projects = new Map(
    (
      await orm.em
        .getConnection()
        .execute<{ brief_id: string; id: string }[]>(
          `select "brief_id", "id" from "projects" where "brief_id" in (?)`,
          [briefs.map((brief) => brief.briefId)],
        )
    ).map((row) => [row.brief_id, row.id]),
  );
  for (const brief of briefs) {
    const result = (await temporal.workflow.getHandle(briefWorkflowId(brief.briefId)).result()) as BriefWorkflowResult;
    expect(result).toEqual({ briefId: brief.briefId, paid: true, projectId: projects.get(brief.briefId) });
    const projectWorkflows = [];
    for await (const execution of temporal.workflow.list({
      query: `WorkflowType = 'projectWorkflow' AND RushflowClientEmail = '${brief.email}'`,
    }))
      projectWorkflows.push(execution.workflowId);
    expect(projectWorkflows).toEqual([`project-${projects.get(brief.briefId)}`]);
  }

  // The client's mailbox: one receipt each (a send repeated after a crash keeps its Message-ID).
  const mails = (await (await fetch(`${mailApiUrl}/email`)).json()) as CapturedEmail[];
  for (const brief of briefs) {
    const receipts = mails.filter(
      (mail) => mail.subject.startsWith('Paiement confirmé') && mail.to.some((to) => to.address === brief.email),
    );
    expect(new Set(receipts.map((mail) => mail.messageId)).size).toBe(1);
  }
}
