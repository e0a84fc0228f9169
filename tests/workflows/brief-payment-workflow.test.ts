import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { createActivities } from '../../activities';
import { createPaymentActivities } from '../../activities/payments';
import { createProjectActivities } from '../../activities/project';
import {
  Brief,
  CheckoutSession,
  Notification,
  Project,
  ProjectFile,
  SentEmail,
  StatusHistory,
  type BriefUploadedFile,
} from '../../db/entities';
import { createMailTransport } from '../../clients/mail';
import { quoteWizardBrief } from '../../domain/brief-estimate';
import { wizardBriefSchema } from '../../domain/schemas/brief';
import { briefWorkflow } from '../../workflows';
import {
  BRIEF_EXPIRED_TEMPLATE,
  briefWorkflowId,
  PAYMENT_RECEIPT_TEMPLATE,
  PAYMENT_REMINDER_TEMPLATE,
  addressConfirmedSignal,
  paymentConfirmedSignal,
} from '../../workflows/contracts/brief';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { rushContactSheetWorkflowId } from '../../workflows/contracts/rush-contact-sheet';
import { createScratchDatabase } from '../support/brief-scratch-db';
import { TestMailServer, waitUntil } from '../support/mail-server';
import { createTimeSkippingEnv } from '../support/temporal-test-env';
import { recordHistoryIfAsked } from '../support/histories';
import { standardWizardBrief } from '../support/brief-fixtures';

jest.setTimeout(180_000);

const APP_URL = 'http://localhost:3000';
const HOUR = 3600 * 1000;

let env: TestWorkflowEnvironment;
let mail: TestMailServer;
let db: Awaited<ReturnType<typeof createScratchDatabase>>;

beforeAll(async () => {
  [env, mail, db] = await Promise.all([
    createTimeSkippingEnv(),
    TestMailServer.start(),
    createScratchDatabase('rushflow_brief_payment'),
  ]);
});

afterAll(async () => {
  await env?.teardown();
  await mail?.stop();
  await db?.drop();
});

const workerDeps = () => ({
  db: db.orm,
  mail: { transport: createMailTransport(mail.smtpUrl), from: 'Rushflow <bonjour@rushflow.local>' },
  appUrl: APP_URL,
});

/** A stored brief; its address confirmed unless `addressConfirmedAt` is null (an anonymous brief's typed one). */
async function storeBrief(
  email: string,
  clientId: string | null = null,
  addressConfirmedAt: Date | null = new Date(),
  uploadedFiles: BriefUploadedFile[] = [],
): Promise<string> {
  const payload = wizardBriefSchema.parse(standardWizardBrief(email));
  const quote = quoteWizardBrief(payload);
  const em = db.orm.em.fork();
  const brief = em.create(Brief, {
    funnel: 'wizard',
    email,
    clientId,
    addressConfirmedAt,
    videoType: 'youtube',
    deliveryFormats: ['horizontal'],
    finalDurationMinutes: 3,
    currency: 'EUR',
    estimatedDeliveryDays: quote.deliveryDays,
    priceCents: quote.priceCents,
    offerPriceCents: quote.offerPriceCents,
    uploadedFiles,
  });
  await em.flush();
  return brief.id;
}

/** Rushes sent with a brief, as the api stores them (their objects are not read here). */
function briefRushes(): BriefUploadedFile[] {
  const key = (name: string) => `tests/brief-payment/${randomUUID()}/${name}`;
  return [
    {
      bucket: 'briefs',
      key: key('plateau.mp4'),
      name: 'Plateau.mp4',
      size: 52_000_000,
      type: 'video/mp4',
      duration: 4.2,
    },
    {
      bucket: 'briefs',
      key: key('reperage.jpg'),
      name: 'Repérage.jpg',
      size: 800_000,
      type: 'image/jpeg',
      duration: null,
    },
  ];
}

/** What the verified webhook records before it signals: a paid checkout session. */
async function recordPaidSession(briefId: string, amount: number, launchOffer = true): Promise<string> {
  const em = db.orm.em.fork();
  const sessionId = `cs_test_${randomUUID().replace(/-/g, '')}`;
  em.create(CheckoutSession, {
    brief: briefId,
    clientKey: `${briefId}@example.com`,
    sessionId,
    amountCents: amount,
    amountPaidCents: amount,
    currency: 'eur',
    launchOfferClaimed: launchOffer,
    status: 'paid',
    paidAt: new Date(),
    expiresAt: new Date(Date.now() + HOUR),
  });
  await em.flush();
  return sessionId;
}

async function templatesSentTo(email: string): Promise<string[]> {
  const rows = await db.orm.em.fork().find(SentEmail, { recipient: email }, { orderBy: { createdAt: 'asc' } });
  return rows.map((row) => row.template);
}

function newWorker() {
  return Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities: createActivities(workerDeps()),
  });
}

function start(briefId: string) {
  return env.client.workflow.start(briefWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId: briefWorkflowId(briefId),
    args: [{ briefId, searchAttributes: false }],
  });
}

test('unpaid: reminders at 24 h and 72 h with the resume link, expiry at 7 days with the notice', async () => {
  const email = `unpaid-${randomUUID()}@example.com`;
  const briefId = await storeBrief(email);
  const worker = await newWorker();
  const startedAt = await env.currentTimeMs();
  const result = await worker.runUntil(async () => {
    const handle = await start(briefId);
    await env.sleep('23 hours');
    expect(await templatesSentTo(email)).toEqual(['brief_confirmation']);
    await env.sleep('2 hours');
    await waitUntil(async () => (await templatesSentTo(email)).length === 2, 20_000, 'the 24 h reminder');
    await env.sleep('46 hours');
    expect(await templatesSentTo(email)).toHaveLength(2);
    await env.sleep('2 hours');
    await waitUntil(async () => (await templatesSentTo(email)).length === 3, 20_000, 'the 72 h reminder');
    const outcome = await handle.result();
    await recordHistoryIfAsked('brief-workflow-expired', handle);
    return outcome;
  });
  expect(result).toEqual({ briefId, paid: false });
  expect((await env.currentTimeMs()) - startedAt).toBeGreaterThanOrEqual(7 * 24 * HOUR - 60_000);
  expect(await templatesSentTo(email)).toEqual([
    'brief_confirmation',
    PAYMENT_REMINDER_TEMPLATE,
    PAYMENT_REMINDER_TEMPLATE,
    BRIEF_EXPIRED_TEMPLATE,
  ]);
  const brief = await db.orm.em.fork().findOneOrFail(Brief, briefId);
  expect(brief.status).toBe('expired');
  expect(await db.orm.em.fork().count(Project, { brief: briefId })).toBe(0);

  const received = await mail.emailsTo(email);
  const reminder = received.find((message) => message.subject.includes('attend son paiement'));
  expect(reminder?.text).toContain(`${APP_URL}/brief/${briefId}/payment`);
  expect(received.find((message) => message.subject.includes('a expiré'))?.text).toContain(
    'aucun montant n’a été débité',
  );
});

test('an anonymous brief’s typed address: no reminder nor expiry notice until the receipt’s link confirms it', async () => {
  const email = `anonyme-${randomUUID()}@example.com`;
  const briefId = await storeBrief(email, null, null);
  const worker = await newWorker();
  const result = await worker.runUntil(async () => {
    const handle = await start(briefId);
    await env.sleep('7 days');
    return handle.result();
  });
  expect(result).toEqual({ briefId, paid: false });
  // The receipt alone reached the typed address: it carries the link, nothing more was sent.
  expect(await templatesSentTo(email)).toEqual(['brief_confirmation']);
  const [receipt] = await mail.emailsTo(email);
  expect(receipt.text).toMatch(
    new RegExp(`Confirmer mon adresse : ${APP_URL}/brief/confirmer-adresse#[A-Za-z0-9_-]{43}`),
  );
  const stored = await db.orm.em.fork().findOneOrFail(Brief, briefId);
  expect(stored.status).toBe('expired');
  expect(stored.addressConfirmationTokenHash).toMatch(/^[0-9a-f]{64}$/);
});

test('an anonymous brief confirmed at 30 h: the held 24 h reminder goes at once, the 72 h one on time', async () => {
  const email = `confirme-${randomUUID()}@example.com`;
  const briefId = await storeBrief(email, null, null);
  const worker = await newWorker();
  await worker.runUntil(async () => {
    const handle = await start(briefId);
    await env.sleep('30 hours');
    expect(await templatesSentTo(email)).toEqual(['brief_confirmation']);
    await handle.signal(addressConfirmedSignal);
    await waitUntil(async () => (await templatesSentTo(email)).length === 2, 20_000, 'the held reminder');
    await env.sleep('43 hours');
    await waitUntil(async () => (await templatesSentTo(email)).length === 3, 20_000, 'the 72 h reminder');
    const outcome = await handle.result();
    await recordHistoryIfAsked('brief-workflow-address-confirmed', handle);
    return outcome;
  });
  expect(await templatesSentTo(email)).toEqual([
    'brief_confirmation',
    PAYMENT_REMINDER_TEMPLATE,
    PAYMENT_REMINDER_TEMPLATE,
    BRIEF_EXPIRED_TEMPLATE,
  ]);
});

test('paid after the first reminder: one project with the brief’s rushes as its sources, its workflow and the rushes’ contact sheets, one notification, one receipt; repeated confirmations ignored', async () => {
  const email = `paid-${randomUUID()}@example.com`;
  const clientId = `client-${randomUUID()}`;
  const rushes = briefRushes();
  const briefId = await storeBrief(email, clientId, new Date(), rushes);
  const brief = await db.orm.em.fork().findOneOrFail(Brief, briefId);
  const worker = await newWorker();
  const result = await worker.runUntil(async () => {
    const handle = await start(briefId);
    await env.sleep('30 hours');
    await waitUntil(
      async () => (await templatesSentTo(email)).includes(PAYMENT_REMINDER_TEMPLATE),
      20_000,
      'the reminder',
    );
    const sessionId = await recordPaidSession(briefId, brief.offerPriceCents!);
    const confirmation = { sessionId, eventId: 'evt_1', amount: brief.offerPriceCents!, currency: 'eur' as const };
    await handle.signal(paymentConfirmedSignal, confirmation);
    await handle.signal(paymentConfirmedSignal, { ...confirmation, eventId: 'evt_2' });
    const outcome = await handle.result();
    await recordHistoryIfAsked('brief-workflow-paid', handle);
    return outcome;
  });
  expect(result.paid).toBe(true);
  const em = db.orm.em.fork();
  const projects = await em.find(Project, { brief: briefId });
  expect(projects).toHaveLength(1);
  const [project] = projects;
  expect(result.projectId).toBe(project.id);
  // Its workflow may already be looking for an editor (none exists in this database).
  expect(['brief_received', 'waiting_for_editor']).toContain(project.status);
  expect(project).toMatchObject({
    totalPriceCents: brief.offerPriceCents,
    currency: 'EUR',
    clientEmail: email,
    clientId,
    maxRevisions: 3,
  });
  expect(project.deliveryDate).toBeInstanceOf(Date);
  expect((await em.findOneOrFail(Brief, briefId)).status).toBe('paid');
  // The brief's rushes are the project's sources; the video's contact sheet was started.
  const sources = await em.find(ProjectFile, { project: project.id }, { orderBy: { filename: 'asc' } });
  expect(
    sources.map(({ filename, fileType, storageBucket, storageKey, uploadedBy }) => ({
      filename,
      fileType,
      storageBucket,
      storageKey,
      uploadedBy,
    })),
  ).toEqual(
    [rushes[0], rushes[1]].map((rush) => ({
      filename: rush.name,
      fileType: 'source',
      storageBucket: rush.bucket,
      storageKey: rush.key,
      uploadedBy: clientId,
    })),
  );
  const [video, picture] = sources;
  expect(picture.contactSheet).toBeNull();
  const sheetRun = await env.client.workflow.getHandle(rushContactSheetWorkflowId(video.id)).describe();
  expect(sheetRun.type).toBe('rushContactSheetWorkflow');
  expect(sheetRun.parentExecution?.workflowId).toBe(briefWorkflowId(briefId));
  expect(await templatesSentTo(email)).toEqual([
    'brief_confirmation',
    PAYMENT_REMINDER_TEMPLATE,
    PAYMENT_RECEIPT_TEMPLATE,
  ]);
  expect(await em.count(Notification, { project: project.id, userId: clientId })).toBe(1);
  // The project's workflow records `brief_received` first (then its assignment step goes on).
  await waitUntil(
    async () =>
      (await db.orm.em
        .fork()
        .count(StatusHistory, { project: project.id, oldStatus: null, newStatus: 'brief_received' })) === 1,
    20_000,
    'the timeline entry',
  );
  const receipt = (await mail.emailsTo(email)).find((message) => message.subject.startsWith('Paiement confirmé'));
  expect(receipt?.text).toContain('Offre de lancement appliquée');
  expect(receipt?.text).toContain(`${APP_URL}/project/${project.id}`);
});

test('createProjectForBrief, notifyPaymentReceived and recordProjectStatus: run twice, one effect', async () => {
  const email = `twice-${randomUUID()}@example.com`;
  const briefId = await storeBrief(email, 'client-twice', new Date(), briefRushes());
  const sessionId = await recordPaidSession(briefId, 1000, false);
  const payments = createPaymentActivities({ orm: db.orm, appUrl: APP_URL });
  const project = createProjectActivities({ orm: db.orm });

  const [first, second] = await Promise.all([
    payments.createProjectForBrief(briefId, sessionId),
    payments.createProjectForBrief(briefId, sessionId),
  ]);
  expect(first.projectId).toBe(second.projectId);
  expect([first.createdNow, second.createdNow].sort()).toEqual([false, true]);
  const third = await payments.createProjectForBrief(briefId, sessionId);
  expect(third.createdNow).toBe(false);
  expect(await db.orm.em.fork().count(Project, { brief: briefId })).toBe(1);
  // The brief's rushes became sources once; each call names the same video to make a sheet of.
  expect(await db.orm.em.fork().count(ProjectFile, { project: first.projectId })).toBe(2);
  expect(first.contactSheetFileIds).toHaveLength(1);
  expect(second.contactSheetFileIds).toEqual(first.contactSheetFileIds);
  expect(third.contactSheetFileIds).toEqual(first.contactSheetFileIds);

  await Promise.all([payments.notifyPaymentReceived(first.projectId), payments.notifyPaymentReceived(first.projectId)]);
  expect(await db.orm.em.fork().count(Notification, { project: first.projectId })).toBe(1);

  const status = { projectId: first.projectId, oldStatus: null, newStatus: 'brief_received' as const };
  const results = await Promise.all([project.recordProjectStatus(status), project.recordProjectStatus(status)]);
  expect(results.map((r) => r.recordedNow).sort()).toEqual([false, true]);
  expect(await db.orm.em.fork().count(StatusHistory, { project: first.projectId })).toBe(1);

  // Expiry after payment changes nothing.
  expect(await payments.expireBrief(briefId)).toEqual({ expired: false });
});

test('createProjectForBrief before the webhook committed fails retryably (PaymentNotRecorded)', async () => {
  const briefId = await storeBrief(`early-${randomUUID()}@example.com`);
  const payments = createPaymentActivities({ orm: db.orm, appUrl: APP_URL });
  await expect(payments.createProjectForBrief(briefId, 'cs_test_not_yet')).rejects.toMatchObject({
    type: 'PaymentNotRecorded',
    nonRetryable: false,
  });
});
