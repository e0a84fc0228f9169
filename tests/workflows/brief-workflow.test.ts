import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { WorkflowFailedError } from '@temporalio/client';
import { createActivities } from '../../activities';
import { createBriefActivities } from '../../activities/brief';
import { Brief, SentEmail } from '../../db/entities';
import { createMailTransport } from '../../clients/mail';
import { quoteWizardBrief } from '../../domain/brief-estimate';
import { wizardBriefSchema } from '../../domain/schemas/brief';
import { briefWorkflow } from '../../workflows';
import { BRIEF_CONFIRMATION_TEMPLATE, briefWorkflowId } from '../../workflows/contracts/brief';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { createScratchDatabase } from '../support/brief-scratch-db';
import { TestMailServer, waitUntil } from '../support/mail-server';
import { createTimeSkippingEnv } from '../support/temporal-test-env';

jest.setTimeout(120_000);

const APP_URL = 'http://localhost:3000';
const MAIL_FROM = 'Rushflow <bonjour@rushflow.local>';

let env: TestWorkflowEnvironment;
let mail: TestMailServer;
let db: Awaited<ReturnType<typeof createScratchDatabase>>;

beforeAll(async () => {
  [env, mail, db] = await Promise.all([
    createTimeSkippingEnv(),
    TestMailServer.start(),
    createScratchDatabase('rushflow_brief_workflow'),
  ]);
});

afterAll(async () => {
  await env?.teardown();
  await mail?.stop();
  await db?.drop();
});

function briefDeps() {
  return { orm: db.orm, mailTransport: createMailTransport(mail.smtpUrl), mailFrom: MAIL_FROM, appUrl: APP_URL };
}

/** The same, as the worker names them. */
function workerDeps() {
  return { db: db.orm, mail: { transport: createMailTransport(mail.smtpUrl), from: MAIL_FROM }, appUrl: APP_URL };
}

/** A wizard brief stored as the api stores it, with the server's estimate. */
async function storeWizardBrief(email: string): Promise<string> {
  const payload = wizardBriefSchema.parse({
    email,
    video_type: 'youtube',
    objective: 'informer',
    final_duration: 3,
    total_rush_duration: 45,
    delivery_formats: 'horizontal,vertical',
    deadline: 'standard',
  });
  const quote = quoteWizardBrief(payload);
  const em = db.orm.em.fork();
  const brief = em.create(Brief, {
    funnel: 'wizard',
    email: payload.email,
    videoType: payload.video_type,
    objective: payload.objective,
    finalDurationMinutes: payload.final_duration,
    totalRushDurationMinutes: payload.total_rush_duration,
    deliveryFormats: payload.delivery_formats,
    deadline: payload.deadline,
    visualComplexity: payload.visual_complexity,
    serviceCategory: quote.estimate.serviceCategory,
    currency: 'EUR',
    estimatedHours: Math.round(quote.estimate.hours * 100) / 100,
    estimatedDeliveryDays: quote.deliveryDays,
    priceCents: quote.priceCents,
    offerPriceCents: quote.offerPriceCents,
  });
  await em.flush();
  return brief.id;
}

test('briefWorkflow sends the French confirmation once, then waits out the payment window', async () => {
  const email = `wf-${randomUUID()}@example.com`;
  const briefId = await storeWizardBrief(email);
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities: createActivities(workerDeps()),
  });

  const result = await worker.runUntil(async () => {
    const handle = await env.client.workflow.start(briefWorkflow, {
      taskQueue: TASK_QUEUE,
      workflowId: briefWorkflowId(briefId),
      args: [{ briefId }],
    });
    await waitUntil(async () => (await mail.emailsTo(email)).length > 0, 30_000, 'the confirmation e-mail');
    const startedAt = await env.currentTimeMs();
    const outcome = await handle.result();
    // The wait is the contract's 7 days, skipped by the test server.
    expect((await env.currentTimeMs()) - startedAt).toBeGreaterThanOrEqual(7 * 24 * 3600 * 1000 - 60_000);
    return outcome;
  });
  expect(result).toEqual({ briefId, paid: false });

  // The payment saga adds reminders and the expiry notice: the confirmation itself is sent once.
  const received = (await mail.emailsTo(email)).filter((message) =>
    message.subject.startsWith('Votre brief Rushflow est bien reçu'),
  );
  expect(received).toHaveLength(1);
  const [message] = received;
  expect(message.subject).toBe(`Votre brief Rushflow est bien reçu (réf. ${briefId.slice(0, 8).toUpperCase()})`);
  expect(message.from[0].address).toBe('bonjour@rushflow.local');
  for (const part of [message.html, message.text]) {
    expect(part).toContain('sous 24 h');
    expect(part).toContain('YouTube');
    expect(part).toContain('Prochaines étapes');
  }
  const stored = await db.orm.em.fork().findOneOrFail(Brief, briefId);
  expect(['pending_payment', 'expired']).toContain(stored.status);
  const price = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0 }).format(
    stored.priceCents! / 100,
  );
  expect(message.text).toContain(`Prix estimé : ${price}`);
  expect(message.html).not.toContain('<mj-');

  const rows = await db.orm.em.fork().find(SentEmail, { recipient: email, template: BRIEF_CONFIRMATION_TEMPLATE });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ template: BRIEF_CONFIRMATION_TEMPLATE, sentAt: expect.any(Date) });
  expect(rows[0].idempotencyKey).toContain(`brief-confirmation:${briefId}:`);
});

test('sendEmail with the same idempotency key: run twice, one e-mail', async () => {
  const activities = createBriefActivities(briefDeps());
  const to = `twice-${randomUUID()}@example.com`;
  const message = {
    template: 'test',
    to,
    subject: 'Une seule fois',
    html: '<p>Bonjour</p>',
    text: 'Bonjour',
    idempotencyKey: randomUUID(),
  };

  const first = await activities.sendEmail(message);
  const second = await activities.sendEmail(message);
  const [concurrentA, concurrentB] = await Promise.all([
    activities.sendEmail({ ...message, idempotencyKey: `${message.idempotencyKey}-b` }),
    activities.sendEmail({ ...message, idempotencyKey: `${message.idempotencyKey}-b` }),
  ]);

  expect(first.sentNow).toBe(true);
  expect(second).toEqual({ sentNow: false, messageId: first.messageId });
  expect([concurrentA.sentNow, concurrentB.sentNow].sort()).toEqual([false, true]);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await mail.emailsTo(to)).toHaveLength(2);
  expect(await db.orm.em.fork().count(SentEmail, { recipient: to })).toBe(2);
});

test('a failed SMTP send leaves the key free, so the retry sends it', async () => {
  const to = `retry-${randomUUID()}@example.com`;
  const broken = createBriefActivities({ ...briefDeps(), mailTransport: createMailTransport('smtp://127.0.0.1:9') });
  const message = {
    template: 'test',
    to,
    subject: 'Après une panne',
    html: '<p>Bonjour</p>',
    text: 'Bonjour',
    idempotencyKey: randomUUID(),
  };
  await expect(broken.sendEmail(message)).rejects.toThrow();
  expect(await db.orm.em.fork().count(SentEmail, { idempotencyKey: message.idempotencyKey })).toBe(0);

  const result = await createBriefActivities(briefDeps()).sendEmail(message);
  expect(result.sentNow).toBe(true);
  await waitUntil(async () => (await mail.emailsTo(to)).length === 1, 10_000, 'the retried e-mail');
});

test('a brief that does not exist fails the workflow without retrying', async () => {
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities: createActivities(workerDeps()),
  });
  const missing = randomUUID();
  const run = worker.runUntil(
    env.client.workflow.execute(briefWorkflow, {
      taskQueue: TASK_QUEUE,
      workflowId: briefWorkflowId(missing),
      args: [{ briefId: missing }],
    }),
  );
  await expect(run).rejects.toBeInstanceOf(WorkflowFailedError);
});
