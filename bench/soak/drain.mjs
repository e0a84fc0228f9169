// After the traffic stops: in-flight operations finish, projects, receipts and events arrive (a
// bounded drain); then what the database holds against what the api acknowledged.
import { sleep } from './log.mjs';

/** At most this long. */
export const DRAIN_MS = 3 * 60_000;

/** The paid briefs whose webhook was accepted. */
const deliveredOf = (acknowledged) => acknowledged.paid.filter((paid) => paid.delivered);

/**
 * Waits until every delivered paid brief has its project and its receipt and every acknowledged
 * chat message reached every stream, or until `drainEnd`.
 */
export async function drain(pool, { acknowledged, streams, drainEnd }) {
  const paidBriefIds = deliveredOf(acknowledged).map((paid) => paid.briefId);
  const paidEmails = deliveredOf(acknowledged).map((paid) => paid.email);
  const chatIds = [...acknowledged.chat.keys()];
  const settled = async () => {
    const { rows: projects } = await pool.query(
      'select count(*)::int as n from "projects" where "brief_id" = any($1::uuid[])',
      [paidBriefIds],
    );
    const { rows: receipts } = await pool.query(
      `select count(*)::int as n from "sent_emails" where "template" = 'payment_receipt' and "sent_at" is not null and "recipient" = any($1)`,
      [paidEmails],
    );
    const streamsComplete = streams.every((stream) => chatIds.every((id) => stream.messages.has(id)));
    return projects[0].n === paidBriefIds.length && receipts[0].n >= paidEmails.length && streamsComplete;
  };
  while (Date.now() < drainEnd && !(await settled().catch(() => false))) await sleep(2_000);
}

/**
 * What was lost: every paid brief has exactly one project and one receipt, every acknowledged brief
 * and chat message is in the database, and every chat message reached every stream.
 */
export async function whatWasLost(pool, { acknowledged, streams, chatProjects }) {
  const paidBriefIds = deliveredOf(acknowledged).map((paid) => paid.briefId);
  const paidEmails = deliveredOf(acknowledged).map((paid) => paid.email);
  const chatIds = [...acknowledged.chat.keys()];
  const { rows: projectRows } = await pool.query(
    `select b."id", count(p."id")::int as "projects"
       from "briefs" b left join "projects" p on p."brief_id" = b."id"
      where b."id" = any($1::uuid[]) group by b."id"`,
    [paidBriefIds],
  );
  const { rows: receiptRows } = await pool.query(
    `select "recipient", count(*)::int as "sent" from "sent_emails"
      where "template" = 'payment_receipt' and "sent_at" is not null and "recipient" = any($1) group by "recipient"`,
    [paidEmails],
  );
  const { rows: messageRows } = await pool.query('select "id" from "project_messages" where "id" = any($1::uuid[])', [
    chatIds,
  ]);
  const { rows: chatTotal } = await pool.query(
    `select count(*)::int as n from "project_messages" where "project_id" = any($1::uuid[]) and "content" like 'Message d’endurance %'`,
    [chatProjects],
  );
  const { rows: briefRows } = await pool.query('select count(*)::int as n from "briefs" where "id" = any($1::uuid[])', [
    acknowledged.briefs,
  ]);

  const projectsPerBrief = new Map(projectRows.map((row) => [row.id, row.projects]));
  const lost = {
    paidBriefs: paidBriefIds.length,
    paidBriefsNotDelivered: acknowledged.paid.length - paidBriefIds.length,
    withOneProject: paidBriefIds.filter((id) => projectsPerBrief.get(id) === 1).length,
    withoutProject: paidBriefIds.filter((id) => !projectsPerBrief.get(id)).length,
    withSeveralProjects: paidBriefIds.filter((id) => projectsPerBrief.get(id) > 1).length,
    receiptsOnce: receiptRows.filter((row) => row.sent === 1).length,
    receiptsTwice: receiptRows.filter((row) => row.sent > 1).length,
    briefsAcknowledged: acknowledged.briefs.length,
    briefsInDatabase: briefRows[0].n,
    chatAcknowledged: chatIds.length,
    chatInDatabase: messageRows.length,
    chatRowsWritten: chatTotal[0].n,
    chatTries: acknowledged.chatSentTries,
    streams: streams.map((stream) => ({
      name: stream.name,
      received: chatIds.filter((id) => stream.messages.has(id)).length,
      duplicates: stream.duplicates,
      connects: stream.connects,
      drops: stream.drops,
      silences: stream.silences,
      resyncs: stream.resyncs,
      downSeconds: Math.round(stream.downtimeMs / 1000),
    })),
  };
  const nothingLost =
    lost.paidBriefsNotDelivered === 0 &&
    lost.withOneProject === lost.paidBriefs &&
    lost.receiptsOnce === lost.paidBriefs &&
    lost.briefsInDatabase === lost.briefsAcknowledged &&
    lost.chatInDatabase === lost.chatAcknowledged &&
    lost.streams.every((stream) => stream.received === lost.chatAcknowledged);
  return { nothingLost, ...lost };
}
