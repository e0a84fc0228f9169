import { createHash, randomUUID } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, DefaultLogger, Worker } from '@temporalio/worker';
import { s3DeleteObject } from '../../activities/directory';
import { createRecordRetentionActivities } from '../../activities/record-retention';
import { createRecordRetentionClient } from '../../api/privacy/record-retention-client';
import { loadConfig } from '../../api/config';
import { BUCKETS, createS3Client, storageSettingsOf } from '../../clients/storage';
import { CallBooking, ContactMessage, EditorApplication, UploadSession, UploadedFile } from '../../db/entities';
import { addPeriod, CONTACT_REQUESTS, REJECTED_APPLICATIONS, type RetainedRecordKind } from '../../domain/retention';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { recordRetentionWorkflowId } from '../../workflows/contracts/record-retention';
import { createScratchDatabase } from '../support/brief-scratch-db';
import { createTimeSkippingEnv } from '../support/temporal-test-env';

/**
 * recordRetentionWorkflow on the time-skipping server with the real purge: rows in a scratch
 * database, the application's photo in the stack's MinIO. Timers are started as the api starts them.
 */
jest.setTimeout(180_000);

const DAY_MS = 24 * 60 * 60_000;
const config = loadConfig();
const s3 = createS3Client(storageSettingsOf(config));

let env: TestWorkflowEnvironment;
let db: Awaited<ReturnType<typeof createScratchDatabase>>;
let workflowBundle: { code: string };

beforeAll(async () => {
  [env, db, workflowBundle] = await Promise.all([
    createTimeSkippingEnv(),
    createScratchDatabase('record_retention'),
    bundleWorkflowCode({ workflowsPath: require.resolve('../../workflows'), logger: new DefaultLogger('WARN') }),
  ]);
});

afterAll(async () => {
  await env?.teardown();
  await db?.drop();
});

/** Runs `test` with a worker of the real purge (a worker runs once: one for each test, one bundle for all). */
async function withWorker(test: () => Promise<void>): Promise<void> {
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowBundle,
    activities: createRecordRetentionActivities({ orm: db.orm, deleteObject: s3DeleteObject(s3) }),
  });
  await worker.runUntil(test);
}

const retention = () => createRecordRetentionClient(async () => env.client);
const em = () => db.orm.em.fork();
const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@visiteurs.rushflow.test`;

async function storeMessage(email: string): Promise<ContactMessage> {
  const fork = em();
  const message = fork.create(ContactMessage, {
    firstName: 'Camille',
    lastName: 'Durand',
    email,
    subject: 'Devis',
    message: 'Bonjour, je voudrais un devis pour une vidéo.',
  });
  await fork.flush();
  return message;
}

async function storeBooking(email: string, startsAt: Date): Promise<CallBooking> {
  const fork = em();
  const booking = fork.create(CallBooking, {
    startsAt,
    endsAt: new Date(startsAt.getTime() + 15 * 60_000),
    name: 'Camille Durand',
    email,
    phone: '+33612345678',
    topic: null,
    confirmedAt: new Date(),
    confirmationTokenHash: null,
  });
  await fork.flush();
  return booking;
}

const messageStored = async (id: string) => (await em().count(ContactMessage, { id })) === 1;
const bookingStored = async (id: string) => (await em().count(CallBooking, { id })) === 1;

/** Waits on the server's clock (time skips) until `at`, epoch ms. */
async function skipUntil(at: number): Promise<void> {
  await env.sleep(at - (await env.currentTimeMs()));
}

const result = (kind: RetainedRecordKind, id: string) =>
  env.client.workflow.getHandle(recordRetentionWorkflowId(kind, id)).result();

test('a contact message and the call it booked are deleted 3 years after the call, not a day before', async () => {
  await withWorker(async () => {
    const email = address('contact');
    const message = await storeMessage(email);
    const callAt = new Date((await env.currentTimeMs()) + 5 * DAY_MS);
    const booking = await storeBooking(email, callAt);
    await retention().renewContact(em(), email, new Date(await env.currentTimeMs()));
    await retention().renewContact(em(), email, booking.startsAt);

    await skipUntil(addPeriod(callAt.getTime(), CONTACT_REQUESTS) - DAY_MS);
    expect(await messageStored(message.id)).toBe(true);
    expect(await bookingStored(booking.id)).toBe(true);

    expect(await result('contact_message', message.id)).toBe('purged');
    expect(await result('call_booking', booking.id)).toBe('purged');
    expect(await messageStored(message.id)).toBe(false);
    expect(await bookingStored(booking.id)).toBe(false);
  });
});

test('a new message from the same address postpones the earlier one’s deletion to 3 years after it', async () => {
  await withWorker(async () => {
    const email = address('renewal');
    const first = await storeMessage(email);
    const firstContact = await env.currentTimeMs();
    await retention().renewContact(em(), email, new Date(firstContact));

    await env.sleep(2 * 365 * DAY_MS);
    const second = await storeMessage(email);
    const secondContact = await env.currentTimeMs();
    await retention().renewContact(em(), email, new Date(secondContact));

    await skipUntil(addPeriod(firstContact, CONTACT_REQUESTS) + DAY_MS);
    expect(await messageStored(first.id)).toBe(true);
    await skipUntil(addPeriod(secondContact, CONTACT_REQUESTS) - DAY_MS);
    expect(await messageStored(first.id)).toBe(true);

    expect(await result('contact_message', first.id)).toBe('purged');
    expect(await result('contact_message', second.id)).toBe('purged');
    expect(await messageStored(first.id)).toBe(false);
  });
});

/** A rejected application with its photo stored in the application-photos bucket. */
async function storeRejectedApplication(email: string) {
  const rejectedAt = await env.currentTimeMs();
  const fork = em();
  const session = fork.create(UploadSession, {
    secretHash: createHash('sha256').update(randomUUID()).digest('hex'),
    userId: null,
    area: 'application_photo',
    attachedAt: new Date(),
  });
  const key = `tests/record-retention/${session.id}/photo.jpg`;
  await s3.send(
    new PutObjectCommand({ Bucket: BUCKETS.applicationPhotos, Key: key, Body: 'jpeg', ContentType: 'image/jpeg' }),
  );
  const photo = fork.create(UploadedFile, {
    session,
    name: 'photo.jpg',
    size: 4,
    mimeType: 'image/jpeg',
    kind: 'image',
    bucket: BUCKETS.applicationPhotos,
    storageKey: key,
    multipartUploadId: 'test',
    status: 'completed',
  });
  const application = fork.create(EditorApplication, {
    firstName: 'Léa',
    lastName: 'Martin',
    email,
    profilePhoto: photo,
    acceptsTerms: true,
    acceptsPrivacy: true,
    acceptsContract: true,
    status: 'rejected',
    reviewedAt: new Date(rejectedAt),
  });
  await fork.flush();
  return { application, sessionId: session.id, key, keepUntil: addPeriod(rejectedAt, REJECTED_APPLICATIONS) };
}

const photoStored = (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: BUCKETS.applicationPhotos, Key: key })).then(
    () => true,
    (error: { name?: string }) => {
      if (error.name === 'NotFound') return false;
      throw error;
    },
  );

test('a rejected application and its photo are deleted 2 years after the rejection', async () => {
  await withWorker(async () => {
    const { application, sessionId, key, keepUntil } = await storeRejectedApplication(address('candidat'));
    await retention().keep({ kind: 'editor_application', recordId: application.id, keepUntil });

    await skipUntil(keepUntil - DAY_MS);
    expect(await em().count(EditorApplication, { id: application.id })).toBe(1);
    expect(await photoStored(key)).toBe(true);

    expect(await result('editor_application', application.id)).toBe('purged');
    expect(await em().count(EditorApplication, { id: application.id })).toBe(0);
    expect(await em().count(UploadSession, { id: sessionId })).toBe(0);
    expect(await em().count(UploadedFile, { storageKey: key })).toBe(0);
    expect(await photoStored(key)).toBe(false);
  });
});

test('a message from a rejected applicant postpones the application’s deletion to 2 years after the message', async () => {
  await withWorker(async () => {
    const email = address('relance');
    const { application, keepUntil } = await storeRejectedApplication(email);
    await retention().keep({ kind: 'editor_application', recordId: application.id, keepUntil });

    await env.sleep(365 * DAY_MS);
    const message = await storeMessage(email);
    const messagedAt = await env.currentTimeMs();
    await retention().renewContact(em(), email, new Date(messagedAt));

    await skipUntil(keepUntil + DAY_MS);
    expect(await em().count(EditorApplication, { id: application.id })).toBe(1);
    expect(await result('editor_application', application.id)).toBe('purged');
    expect(await env.currentTimeMs()).toBeGreaterThanOrEqual(addPeriod(messagedAt, REJECTED_APPLICATIONS));
    // The message's own timer ends here too: no workflow outlives its test's worker.
    expect(await result('contact_message', message.id)).toBe('purged');
  });
});

test('an application approved after its rejection is kept when the rejection’s period runs out', async () => {
  await withWorker(async () => {
    const { application, key, keepUntil } = await storeRejectedApplication(address('repechee'));
    await retention().keep({ kind: 'editor_application', recordId: application.id, keepUntil });
    await em().nativeUpdate(EditorApplication, { id: application.id }, { status: 'approved' });

    expect(await result('editor_application', application.id)).toBe('kept');
    expect(await em().count(EditorApplication, { id: application.id })).toBe(1);
    expect(await photoStored(key)).toBe(true);
  });
});

test('keeping a record twice runs one timer, and an earlier date does not bring its deletion forward', async () => {
  await withWorker(async () => {
    const email = address('double');
    const message = await storeMessage(email);
    const keepUntil = addPeriod(await env.currentTimeMs(), CONTACT_REQUESTS);
    await retention().keep({ kind: 'contact_message', recordId: message.id, keepUntil });
    await retention().keep({ kind: 'contact_message', recordId: message.id, keepUntil: keepUntil - 365 * DAY_MS });
    const handle = env.client.workflow.getHandle(recordRetentionWorkflowId('contact_message', message.id));
    const { runId } = await handle.describe();

    await skipUntil(keepUntil - DAY_MS);
    expect(await messageStored(message.id)).toBe(true);
    expect(await handle.result()).toBe('purged');
    expect((await handle.describe()).runId).toBe(runId);
  });
});
