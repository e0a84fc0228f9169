import type { WorkflowHandle } from '@temporalio/client';
import { createHash, randomUUID } from 'node:crypto';
import {
  GetBucketLifecycleConfigurationCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BUCKETS, createS3Client, storageSettingsOf } from '../../clients/storage';
import { UploadedFile, UploadSession } from '../../db/entities';
import { ACCOUNT_DATA_MESSAGES, type AccountDataState } from '../../domain/account-data';
import {
  ACCOUNT_PRIVACY_WORKFLOW_TYPE,
  accountPrivacyWorkflowId,
  type AccountPrivacyInput,
} from '../../workflows/contracts/account-privacy';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import {
  PROJECT_WORKFLOW_TYPE,
  projectStateQuery,
  projectWorkflowId,
  RUSHFLOW_CLIENT_EMAIL,
  RUSHFLOW_STATUS,
} from '../../workflows/contracts/project';
import { standardWizardBrief } from '../support/brief-fixtures';
import { readZip } from '../support/zip';
import { callApi, startInProcessStack, type InProcessStack } from '../support/in-process-stack';
import { waitUntil } from '../support/mail-server';
import { seedProject } from '../support/project-seed';
import { testStack } from '../support/stack-env';

/**
 * « Mes données » on the real services (a scratch database, a namespace of the suite's own, the
 * stack's Keycloak and storage, a MailDev of its own): a real client with a brief, a project chat
 * and uploads exports their data, then deletes their account. The erasure audit then searches
 * every table (from the catalogue), every bucket, the realm and the mail records for the person's
 * e-mail, name and id, and finds them only in the invoice archive; and the export held every row
 * the same search found before.
 */
jest.setTimeout(240_000);

const { accounts, signIn, keycloakAdmin } = testStack();
const keycloak = keycloakAdmin();
const PASSWORD = 'MesDonnees123!';
const suffix = randomUUID().slice(0, 8);
const person = {
  id: '',
  email: `mes-donnees-${suffix}@example.com`,
  firstName: 'Zéphyrine',
  lastName: `Quillard${suffix}`,
  get fullName() {
    return `${this.firstName} ${this.lastName}`;
  },
};
const RUSH_BYTES = Buffer.from(`rushes de ${suffix}`);
const SOURCE_BYTES = Buffer.from(`source de ${suffix}`);

let stack: InProcessStack;
let s3: S3Client;
let token = '';
let uploads: { bucket: string; key: string }[] = [];
let projectWorkflow: WorkflowHandle;

const call = (path: string, method = 'GET', body?: unknown) =>
  callApi(stack, path, { method, body, headers: { authorization: `Bearer ${token}` } });

const state = async () => (await call('/api/account/data')).body as unknown as AccountDataState;

beforeAll(async () => {
  stack = await startInProcessStack({
    database: 'rushflow_account_data_api',
    namespace: 'rushflow-account-data-tests',
  });
  s3 = createS3Client(storageSettingsOf(stack.config));
  person.id = await keycloak.createUser({ ...person, password: PASSWORD, emailVerified: true });
  token = await signIn(person.email, PASSWORD);

  // A brief through the api, as the wizard sends it signed in.
  expect((await call('/api/briefs', 'POST', standardWizardBrief(person.email))).status).toBe(201);
  // A paid project with the editor: the client's message and the editor's, the client's source file,
  // and the editor's notification naming the client.
  const em = stack.db.orm.em.fork();
  const sourceKey = `${randomUUID()}/source/plan-large.mp4`;
  const projectId = await seedProject(em, {
    client: { id: person.id, email: person.email },
    editorId: null,
    status: 'in_progress',
    title: `Portrait de ${suffix}`,
    messages: [
      { senderId: person.id, senderName: person.fullName, content: 'Voici mes rushes, merci !' },
      { senderId: accounts.editor.id, senderName: 'Monteur Démo', content: 'Bien reçu.' },
    ],
    files: [
      {
        filename: 'plan-large.mp4',
        fileType: 'source',
        uploadedBy: person.id,
        bucket: BUCKETS.projectFiles,
        key: sourceKey,
      },
    ],
    notifications: [
      { userId: accounts.editor.id, type: 'message', title: 'Nouveau message', message: `${person.fullName} a écrit.` },
    ],
  });
  // The brief's rushes, uploaded in the client's session.
  const session = em.create(UploadSession, {
    secretHash: createHash('sha256').update(randomUUID()).digest('hex'),
    userId: person.id,
    area: 'wizard',
  });
  const rushKey = `${session.id}/rush-${suffix}.mp4`;
  em.create(UploadedFile, {
    session,
    name: 'rush.mp4',
    size: RUSH_BYTES.length,
    mimeType: 'video/mp4',
    kind: 'video',
    bucket: BUCKETS.videoUploads,
    storageKey: rushKey,
    multipartUploadId: 'done',
    status: 'completed',
    completedAt: new Date(),
  });
  await em.flush();
  uploads = [
    { bucket: BUCKETS.videoUploads, key: rushKey },
    { bucket: BUCKETS.projectFiles, key: sourceKey },
  ];
  await s3.send(new PutObjectCommand({ Bucket: BUCKETS.videoUploads, Key: rushKey, Body: RUSH_BYTES }));
  await s3.send(new PutObjectCommand({ Bucket: BUCKETS.projectFiles, Key: sourceKey, Body: SOURCE_BYTES }));
  expect(projectId).toBeTruthy();
  // The project's workflow, as the payment starts it: the admins' filters show the client's e-mail.
  projectWorkflow = await stack.temporal.workflow.start(PROJECT_WORKFLOW_TYPE, {
    taskQueue: TASK_QUEUE,
    workflowId: projectWorkflowId(projectId),
    args: [{ projectId }],
    typedSearchAttributes: [
      { key: RUSHFLOW_STATUS, value: 'in_progress' },
      { key: RUSHFLOW_CLIENT_EMAIL, value: person.email },
    ],
  });
  expect((await projectWorkflow.describe()).typedSearchAttributes.get(RUSHFLOW_CLIENT_EMAIL)).toBe(person.email);
});

afterAll(async () => {
  await keycloak.deleteUser(person.id).catch(() => undefined);
  await stack?.stop();
});

/** Every row of every table (text, JSON and text-array columns, from the catalogue) naming the person. */
async function rowsNamingThePerson(em: EntityManager): Promise<Record<string, string[]>> {
  const columns = await em.execute<{ table_name: string; column_name: string }[]>(
    `select c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'jsonb', 'json') or c.udt_name in ('_text', '_varchar'))`,
  );
  const needles = [person.id, person.email, person.fullName, person.lastName].map((needle) => needle.toLowerCase());
  const found: Record<string, string[]> = {};
  for (const table of new Set(columns.map((column) => column.table_name))) {
    const own = columns.filter((column) => column.table_name === table).map((column) => `"${column.column_name}"`);
    const rows = await em.execute<{ row: unknown }[]>(
      `select to_jsonb(t) as row from "${table}" t
        where ${needles.map(() => `lower(concat_ws(' ', ${own.map((name) => `${name}::text`).join(', ')})) like ?`).join(' or ')}`,
      needles.map((needle) => `%${needle}%`),
    );
    if (rows.length > 0) found[table] = rows.map((row) => JSON.stringify(row.row));
  }
  return found;
}

/** Every key of every bucket (the product's and the exports). */
async function allKeys(): Promise<string[]> {
  const keys: string[] = [];
  for (const Bucket of Object.values(BUCKETS)) {
    let ContinuationToken: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
      keys.push(...(page.Contents ?? []).map((object) => `${Bucket}/${object.Key}`));
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
  }
  return keys;
}

const exists = (object: { bucket: string; key: string }) =>
  s3.send(new HeadObjectCommand({ Bucket: object.bucket, Key: object.key })).then(
    () => true,
    () => false,
  );

test('an admin is sent elsewhere, in French', async () => {
  const adminToken = await signIn(accounts.admin.email, accounts.admin.password);
  const answer = await callApi(stack, '/api/account/data', {
    method: 'GET',
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(answer.status).toBe(403);
  expect(answer.body.error).toBe(ACCOUNT_DATA_MESSAGES.adminsExcluded);
});

test('export, then deletion after the grace period: nothing of the person is left outside the invoices', async () => {
  expect(await state()).toEqual({ deletionDueAt: null, exportRunning: false, lastExport: null });
  // The account's workflow, as the api would start it, with a short grace (production's is 30 days).
  const input: AccountPrivacyInput = { userId: person.id, deletionGrace: '3 seconds' };
  const workflow = await stack.temporal.workflow.start(ACCOUNT_PRIVACY_WORKFLOW_TYPE, {
    taskQueue: TASK_QUEUE,
    workflowId: accountPrivacyWorkflowId(person.id),
    args: [input],
  });
  // The brief's receipt is recorded sent, so the rows searched below are settled.
  await waitUntil(
    async () =>
      (
        await stack.db.orm.em
          .fork()
          .execute(`select 1 from "sent_emails" where recipient = ? and sent_at is not null`, [person.email])
      ).length > 0,
    30_000,
    'the brief receipt',
  );
  const foundBefore = await rowsNamingThePerson(stack.db.orm.em.fork());
  expect(Object.keys(foundBefore)).toEqual(
    expect.arrayContaining(['briefs', 'projects', 'project_messages', 'notifications']),
  );

  // The export: its link is e-mailed, valid 7 days, and its ZIP holds the rows and the files.
  const requested = await call('/api/account/data/export', 'POST');
  expect(requested.status).toBe(202);
  expect(requested.body.exportRunning).toBe(true);
  await waitUntil(async () => (await state()).lastExport !== null, 60_000, 'the export');
  const [mail] = (await stack.mail.emailsTo(person.email)).filter((email) => email.subject.includes('données'));
  expect(mail.subject).toBe('Vos données Rushflow sont prêtes');
  const link = /href="([^"]+account-exports[^"]+)"/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&');
  expect(new URL(link!).searchParams.get('X-Amz-Expires')).toBe(String(7 * 24 * 3600));
  const zip = await readZip(Buffer.from(await (await fetch(link!)).arrayBuffer()));
  const data = JSON.parse(zip.get('donnees.json')!.toString('utf8')) as {
    account: { email: string };
    tables: Record<string, unknown[]>;
  };
  expect(data.account.email).toBe(person.email);
  const exported = new Set(
    Object.values(data.tables)
      .flat()
      .map((row) => JSON.stringify(row)),
  );
  const missing = Object.entries(foundBefore).flatMap(([table, rows]) =>
    rows.filter((row) => !exported.has(row)).map((row) => `${table}: ${row}`),
  );
  expect(missing).toEqual([]);
  // The file goes with its link: the exports bucket expires what it holds after 7 days.
  const lifecycle = await s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket: BUCKETS.accountExports }));
  expect(lifecycle.Rules).toContainEqual(
    expect.objectContaining({ ID: 'expire-account-exports', Status: 'Enabled', Expiration: { Days: 7 } }),
  );
  const files = [...zip.entries()]
    .filter(([name]) => name.startsWith('fichiers/'))
    .map(([, bytes]) => bytes.toString());
  expect(files.sort()).toEqual([RUSH_BYTES.toString(), SOURCE_BYTES.toString()].sort());

  // The deletion: the request, then the grace period, then the erasure.
  const deletion = await call('/api/account/data/deletion', 'POST');
  expect(deletion.status).toBe(202);
  expect(Date.parse(deletion.body.deletionDueAt as string)).toBeGreaterThan(Date.now());
  await workflow.result();

  // The erasure audit.
  const foundAfter = await rowsNamingThePerson(stack.db.orm.em.fork());
  expect(Object.keys(foundAfter).filter((table) => table !== 'invoices')).toEqual([]);
  const keys = (await allKeys()).filter((key) =>
    [person.id, person.email, person.lastName].some((needle) => key.toLowerCase().includes(needle.toLowerCase())),
  );
  expect(keys).toEqual([]);
  expect(await Promise.all(uploads.map(exists))).toEqual([false, false]);
  // The running project workflow forgot the client: no e-mail in its state nor its search attributes.
  expect((await projectWorkflow.query(projectStateQuery)).clientEmail).toBe('');
  expect((await projectWorkflow.describe()).typedSearchAttributes.get(RUSHFLOW_CLIENT_EMAIL)).toBeUndefined();
  expect(await keycloak.findUserByEmail(person.email)).toBeNull();
  expect(await keycloak.listUsers({ first: 0, max: 5, search: person.lastName })).toEqual([]);
  // The last e-mail said so; no record of it names the person.
  await waitUntil(
    async () => (await stack.mail.emailsTo(person.email)).some((email) => email.subject.includes('supprimé')),
    20_000,
    'the erasure e-mail',
  );
  // The project the editor still works on keeps its chat, without the client.
  const messages = await stack.db.orm.em
    .fork()
    .execute<{ sender_name: string; content: string }[]>(
      `select sender_name, content from "project_messages" order by created_at`,
    );
  expect(messages.map((message) => message.sender_name)).toEqual(['Compte supprimé', 'Monteur Démo']);
});
