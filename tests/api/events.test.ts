import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { exportJWK, generateKeyPair, SignJWT, type KeyLike } from 'jose';
import { createApp } from '../../api/app';
import { buildAppDeps } from '../../api/bootstrap';
import { EventHub } from '../../api/events/event-hub';
import { createTokenVerifier } from '../../api/middleware/auth';
import { EditorProfile, Notification, Project } from '../../db/entities';
import { initOrm } from '../../db/orm';
import { appendEvents, notificationCreated, revokeStreams } from '../../db/outbox';
import { projectEvent } from '../../domain/events';
import { MESSAGES } from '../../domain/messages';
import { spawnUntilReady, startOnFreePorts } from '../support/free-port-process';
import { seedProject } from '../support/project-seed';
import { liveEvents, openStream, type OpenedStream } from '../support/sse-reader';
import { testStack } from '../support/stack-env';
import { listenOnLoopback } from '../support/own-api';

/**
 * The live channel (`GET /api/events`) against the real stack: two api processes on one database,
 * replay with `Last-Event-ID` (also across an api restart), who receives what, and bad requests.
 */
jest.setTimeout(240_000);

const ROOT = path.join(__dirname, '..', '..');
const { config, accounts, signIn, keycloakAdmin } = testStack();
const keycloak = keycloakAdmin();

/** A real api process (`tsx api/server.ts`) of this test, on its own port, sharing the stack's database. */
class ApiProcess {
  child: ChildProcess | undefined;
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it on a free port (on another if that one was taken meanwhile). */
  async start(): Promise<void> {
    await startOnFreePorts(1, async ([port]) => {
      this.child = await spawnUntilReady(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['api/server.ts'], {
        cwd: ROOT,
        detached: true,
        env: { ...process.env, PORT: String(port) },
        ready: async () => (await fetch(`http://127.0.0.1:${port}/api/pricing/settings`)).ok,
        timeoutMs: 60_000,
        what: `the api on ${port}`,
      });
      this.port = port;
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

let orm: MikroORM;
const apiA = new ApiProcess();
const apiB = new ApiProcess();
const tokens = { client: '', editor: '', admin: '', otherClient: '', otherEditor: '' };
const created: string[] = [];
let otherEditorId = '';
let otherClientId = '';
let ownProject = '';
let foreignProject = '';
const streams: OpenedStream[] = [];

async function track(stream: Promise<OpenedStream>): Promise<OpenedStream> {
  const opened = await stream;
  streams.push(opened);
  return opened;
}

async function postMessage(base: string, token: string, projectId: string, content: string): Promise<string> {
  const response = await fetch(`${base}/api/projects/${projectId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ content }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { message: { id: string } }).message.id;
}

/** `count` chat messages through the api at `base`, `parallel` at a time; their ids in send order. */
async function postMessages(base: string, token: string, projectId: string, count: number, parallel = 8) {
  const ids: string[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, (_, index) =>
      postMessage(base, token, projectId, `message ${start + index}`),
    );
    ids.push(...(await Promise.all(batch)));
  }
  return ids;
}

const messageIds = (stream: OpenedStream, projectId: string) =>
  liveEvents(stream.messages)
    .filter((event) => event.type === 'project.message' && event.data.projectId === projectId)
    .map((event) => event.data.messageId as string);

const ready = (stream: OpenedStream) =>
  stream.waitFor((messages) => messages.some((message) => message.event === 'stream.ready'), 10_000, 'stream.ready');

beforeAll(async () => {
  orm = await initOrm(config.DATABASE_URL);
  await Promise.all([apiA.start(), apiB.start()]);

  const stamp = Date.now();
  const otherClientEmail = `client-sse-${stamp}@example.com`;
  const otherEditorEmail = `monteur-sse-${stamp}@rushflow.local`;
  otherClientId = await keycloak.createUser({
    email: otherClientEmail,
    firstName: 'Autre',
    lastName: 'Client',
    password: 'Client123!',
    emailVerified: true,
  });
  otherEditorId = await keycloak.createUser({
    email: otherEditorEmail,
    firstName: 'Autre',
    lastName: 'Monteur',
    password: 'Monteur123!',
    emailVerified: true,
  });
  created.push(otherClientId, otherEditorId);
  await keycloak.assignRealmRole(otherEditorId, 'editor');
  [tokens.client, tokens.editor, tokens.admin, tokens.otherClient, tokens.otherEditor] = await Promise.all([
    signIn(accounts.client.email, accounts.client.password),
    signIn(accounts.editor.email, accounts.editor.password),
    signIn(accounts.admin.email, accounts.admin.password),
    signIn(otherClientEmail, 'Client123!'),
    signIn(otherEditorEmail, 'Monteur123!'),
  ]);

  const em = orm.em.fork();
  // Inactive: the other editor holds a project here but never takes automatic assignments.
  em.create(EditorProfile, { userId: otherEditorId, firstName: 'Autre', lastName: 'Monteur', status: 'inactive' });
  await em.flush();
  ownProject = await seedProject(em, {
    client: { id: accounts.client.id, email: accounts.client.email },
    editorId: accounts.editor.id,
    status: 'in_progress',
    title: 'Projet suivi en direct',
  });
  foreignProject = await seedProject(em, {
    client: { id: otherClientId, email: otherClientEmail },
    editorId: otherEditorId,
    status: 'in_progress',
    title: 'Projet d’un autre client',
  });
});

afterAll(async () => {
  streams.forEach((stream) => stream.close());
  await Promise.all([apiA.stop(), apiB.stop()]);
  for (const id of created) await keycloak.deleteUser(id).catch(() => undefined);
  await orm?.close(true);
});

test('a change made through api instance A reaches a stream connected to instance B', async () => {
  const onB = await track(openStream(apiB.url, tokens.client));
  expect(onB.status).toBe(200);
  await ready(onB);
  const messageId = await postMessage(apiA.url, tokens.editor, ownProject, 'Bonjour depuis A');
  await onB.waitFor((messages) => messageIds({ messages } as OpenedStream, ownProject).includes(messageId));
  const event = liveEvents(onB.messages).find((candidate) => candidate.data.messageId === messageId)!;
  expect(event).toMatchObject({
    type: 'project.message',
    data: { projectId: ownProject, senderId: accounts.editor.id },
  });
  expect(Number(event.id)).toBeGreaterThan(0);
});

test('the stream is text/event-stream, unbuffered, uncompressed, and starts with its position', async () => {
  const stream = await track(openStream(apiA.url, tokens.client));
  expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
  expect(stream.headers['x-accel-buffering']).toBe('no');
  expect(stream.headers['content-encoding']).toBeUndefined();
  await ready(stream);
  const first = stream.messages.find((message) => message.event === 'stream.ready')!;
  expect(Number(first.id)).toBeGreaterThanOrEqual(0);
});

test('1,000 events missed while disconnected arrive in order, none twice, also across an api restart', async () => {
  const first = await track(openStream(apiB.url, tokens.client));
  await ready(first);
  first.close();
  const lastSeen = first.lastEventId()!;

  const sent = await postMessages(apiA.url, tokens.editor, ownProject, 1_000);
  const again = await track(openStream(apiB.url, tokens.client, { lastEventId: lastSeen }));
  await again.waitFor(
    (messages) => messageIds({ messages } as OpenedStream, ownProject).length >= 1_000,
    60_000,
    '1,000 events',
  );
  const replayed = liveEvents(again.messages);
  const ids = replayed.map((event) => Number(event.id));
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(new Set(ids).size).toBe(ids.length);
  expect(messageIds(again, ownProject).sort()).toEqual([...sent].sort());
  again.close();
  const beforeRestart = again.lastEventId()!;

  // Instance B goes down; 1,000 more events are written through A; B comes back.
  await apiB.stop();
  const whileDown = await postMessages(apiA.url, tokens.editor, ownProject, 1_000);
  await apiB.start();
  const afterRestart = await track(openStream(apiB.url, tokens.client, { lastEventId: beforeRestart }));
  await afterRestart.waitFor(
    (messages) => messageIds({ messages } as OpenedStream, ownProject).length >= 1_000,
    60_000,
    '1,000 events after the restart',
  );
  const resumed = liveEvents(afterRestart.messages).map((event) => Number(event.id));
  expect(resumed).toEqual([...resumed].sort((a, b) => a - b));
  expect(new Set(resumed).size).toBe(resumed.length);
  expect(Math.min(...resumed)).toBeGreaterThan(Number(beforeRestart));
  expect(messageIds(afterRestart, ownProject).sort()).toEqual([...whileDown].sort());
});

describe('who receives what', () => {
  async function notify(userId: string, projectId: string, title: string): Promise<string> {
    return orm.em.fork().transactional(async (em) => {
      const project = em.getReference(Project, projectId);
      const row = em.create(Notification, { userId, type: 'project_started', title, message: title, project });
      await appendEvents(em, () => [notificationCreated(row)]);
      return row.id;
    });
  }

  test('clients see only their projects and notifications, editors their assigned projects, admins every project', async () => {
    const [client, otherClient, editor, otherEditor, admin] = await Promise.all(
      [tokens.client, tokens.otherClient, tokens.editor, tokens.otherEditor, tokens.admin].map((token) =>
        track(openStream(apiA.url, token)),
      ),
    );
    await Promise.all([client, otherClient, editor, otherEditor, admin].map(ready));

    const ownMessage = await postMessage(apiA.url, tokens.editor, ownProject, 'Pour le client A');
    const foreignMessage = await postMessage(apiA.url, tokens.otherEditor, foreignProject, 'Pour le client B');
    const notificationId = await notify(accounts.client.id, ownProject, 'Montage commencé');

    await admin.waitFor((messages) => {
      const ids = messageIds({ messages } as OpenedStream, ownProject).concat(
        messageIds({ messages } as OpenedStream, foreignProject),
      );
      return ids.includes(ownMessage) && ids.includes(foreignMessage);
    });
    await client.waitFor((messages) =>
      liveEvents(messages).some(
        (event) =>
          event.type === 'notification.created' && (event.data.notification as { id: string }).id === notificationId,
      ),
    );
    await otherEditor.waitFor((messages) =>
      messageIds({ messages } as OpenedStream, foreignProject).includes(foreignMessage),
    );
    // The hub reads the outbox once per event batch: give the others the same chance to (wrongly) get them.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    expect(messageIds(client, ownProject)).toContain(ownMessage);
    expect(messageIds(client, foreignProject)).toEqual([]);
    expect(messageIds(otherClient, ownProject)).toEqual([]);
    expect(messageIds(otherClient, foreignProject)).toContain(foreignMessage);
    expect(liveEvents(otherClient.messages).filter((event) => event.type === 'notification.created')).toEqual([]);
    expect(messageIds(editor, ownProject)).toContain(ownMessage);
    expect(messageIds(editor, foreignProject)).toEqual([]);
    expect(messageIds(otherEditor, ownProject)).toEqual([]);
    expect(liveEvents(admin.messages).filter((event) => event.type === 'notification.created')).toEqual([]);
  });

  test('a reassigned project stops reaching its former editor and reaches the new one', async () => {
    const project = await seedProject(orm.em.fork(), {
      client: { id: accounts.client.id, email: accounts.client.email },
      editorId: accounts.editor.id,
      status: 'in_progress',
      title: 'Projet réassigné',
    });
    const [former, next, admin] = await Promise.all(
      [tokens.editor, tokens.otherEditor, tokens.admin].map((token) => track(openStream(apiA.url, token))),
    );
    await Promise.all([former, next, admin].map(ready));
    const before = await postMessage(apiA.url, tokens.client, project, 'Avant la réassignation');
    await former.waitFor((messages) => messageIds({ messages } as OpenedStream, project).includes(before));

    await orm.em.fork().transactional(async (em) => {
      await em.execute('update "projects" set "editor_id" = ? where "id" = ?', [otherEditorId, project]);
      await appendEvents(em, () => [
        projectEvent({ type: 'project.changed', projectId: project, status: 'in_progress' }),
      ]);
    });
    const after = await postMessage(apiA.url, tokens.client, project, 'Après la réassignation');
    await next.waitFor((messages) => messageIds({ messages } as OpenedStream, project).includes(after));
    await admin.waitFor((messages) => messageIds({ messages } as OpenedStream, project).includes(after));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(messageIds(former, project)).toEqual([before]);
    expect(messageIds(next, project)).not.toContain(before);
  });

  test('a removed role ends the stream; the old token opens no new one; a fresh token follows the new roles', async () => {
    const email = `admin-sse-${Date.now()}@rushflow.local`;
    const userId = await keycloak.createUser({
      email,
      firstName: 'Admin',
      lastName: 'Temporaire',
      password: 'Admin123!',
      emailVerified: true,
    });
    created.push(userId);
    await keycloak.assignRealmRole(userId, 'admin');
    const oldToken = await signIn(email, 'Admin123!');
    const stream = await track(openStream(apiA.url, oldToken));
    await ready(stream);

    await keycloak.removeRealmRole(userId, 'admin');
    // Whole seconds separate the revocation from the tokens issued before and after it.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await orm.em.fork().transactional((em) => revokeStreams(em, userId));
    await stream.waitFor((messages) => messages.some((message) => message.event === 'stream.reauthenticate'));
    await stream.ended;

    const refused = await openStream(apiA.url, oldToken);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: MESSAGES.unauthenticated });

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const fresh = await track(openStream(apiA.url, await signIn(email, 'Admin123!')));
    expect(fresh.status).toBe(200);
    await ready(fresh);
    const foreign = await postMessage(apiA.url, tokens.otherEditor, foreignProject, 'Plus pour l’ancien admin');
    const witness = await track(openStream(apiA.url, tokens.admin));
    await ready(witness);
    const seen = await postMessage(apiA.url, tokens.otherEditor, foreignProject, 'Témoin');
    await witness.waitFor((messages) => messageIds({ messages } as OpenedStream, foreignProject).includes(seen));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(messageIds(fresh, foreignProject)).not.toContain(foreign);
    expect(messageIds(fresh, foreignProject)).not.toContain(seen);
  });
});

describe('bad requests', () => {
  let server: http.Server;
  let base: string;
  let jwks: http.Server;
  let key: KeyLike;
  let hub: EventHub;
  const issuer = config.keycloakIssuer;

  const mint = (exp: number) =>
    new SignJWT({ email: accounts.client.email, email_verified: true, realm_access: { roles: ['user'] } })
      .setProtectedHeader({ alg: 'RS256', kid: 'test' })
      .setIssuer(issuer)
      .setAudience(config.KEYCLOAK_API_CLIENT_ID)
      .setSubject(accounts.client.id)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(key);

  beforeAll(async () => {
    // An api in this process whose token check trusts a key of this test (so it can mint an
    // expired token) and whose hub sends keep-alives every 300 ms.
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test', alg: 'RS256', use: 'sig' };
    jwks = http.createServer((_, res) => res.end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const deps = buildAppDeps(config, orm);
    hub = new EventHub({
      em: () => orm.em.fork(),
      databaseUrl: config.DATABASE_URL,
      keepAliveMs: 300,
      limits: { perAccount: config.LIVE_STREAMS_PER_ACCOUNT, total: config.LIVE_STREAMS_MAX },
    });
    deps.events = { em: () => orm.em.fork(), hub };
    deps.verifyToken = createTokenVerifier({
      issuer,
      audience: config.KEYCLOAK_API_CLIENT_ID,
      jwksUrl: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`,
    });
    ({ server, base } = await listenOnLoopback(createApp(deps)));
  });

  afterAll(async () => {
    await hub.stop();
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => jwks.close(resolve));
  });

  test.each([
    ['no token', async () => null],
    ['an expired token', () => mint(Math.floor(Date.now() / 1000) - 60)],
    ['a forged token', async () => `${(await mint(Math.floor(Date.now() / 1000) + 300)).slice(0, -6)}AAAAAA`],
  ])('%s → 401 and no stream', async (_, token) => {
    const stream = await openStream(base, await token());
    expect(stream.status).toBe(401);
    expect(stream.headers['content-type']).toMatch(/json/);
    expect(stream.body).toEqual({ error: MESSAGES.unauthenticated });
    expect(stream.messages).toEqual([]);
  });

  test.each([['not-a-number'], ['-5'], ['999999999999999'], ['12abc']])(
    'Last-Event-ID %p → a clean stream from now',
    async (lastEventId) => {
      const token = await mint(Math.floor(Date.now() / 1000) + 300);
      const stream = await track(openStream(base, token, { lastEventId }));
      expect(stream.status).toBe(200);
      await ready(stream);
      const [row] = await orm.em
        .fork()
        .getConnection()
        .execute<{ max: string }[]>('select max("id") as "max" from "events"');
      expect(stream.messages[0].event).toBe('stream.ready');
      expect(Number(stream.messages[0].id)).toBeLessThanOrEqual(Number(row.max));
      expect(liveEvents(stream.messages)).toEqual([]);
    },
  );

  test('keep-alive comments arrive while nothing happens', async () => {
    const stream = await track(openStream(base, await mint(Math.floor(Date.now() / 1000) + 300)));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(stream.comments).toBeGreaterThanOrEqual(2);
  });

  test('the stream ends when its token expires', async () => {
    const stream = await track(openStream(base, await mint(Math.floor(Date.now() / 1000) + 2)));
    await ready(stream);
    await stream.waitFor((messages) => messages.some((message) => message.event === 'stream.reauthenticate'), 10_000);
    await stream.ended;
  });
});
