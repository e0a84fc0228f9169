import type { MikroORM } from '@mikro-orm/postgresql';
import { Notification } from '../../db/entities';
import { MESSAGES } from '../../domain/messages';
import { NOTIFICATION_LIST_LIMIT, NOTIFICATION_MESSAGES, type NotificationsAnswer } from '../../domain/notifications';
import { seedProject } from '../support/project-seed';
import { liveEvents, openStream, type OpenedStream } from '../support/sse-reader';
import { startOwnApi, type OwnApi } from '../support/own-api';
import { testStack } from '../support/stack-env';

/** The notification bell's routes (000 §2, §7): a user's own notifications only, read marks, live updates. */
jest.setTimeout(120_000);

const { config, accounts, signIn, keycloakAdmin } = testStack();
const keycloak = keycloakAdmin();

let orm: MikroORM;
let api: OwnApi | undefined;
let base: string;
let userId = '';
let token = '';
let otherToken = '';
let projectId = '';
let stream: OpenedStream | undefined;

async function call(path: string, bearer: string | null, method = 'GET') {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  api = await startOwnApi(config);
  orm = api.orm;
  base = api.base;
  const email = `cloche-${Date.now()}@example.com`;
  userId = await keycloak.createUser({
    email,
    firstName: 'Cloé',
    lastName: 'Che',
    password: 'Cloche123!',
    emailVerified: true,
  });
  [token, otherToken] = await Promise.all([
    signIn(email, 'Cloche123!'),
    signIn(accounts.client.email, accounts.client.password),
  ]);
  const em = orm.em.fork();
  projectId = await seedProject(em, {
    client: { id: userId, email },
    status: 'brief_received',
    title: 'Projet à cloche',
  });
  // 25 notifications a minute apart, the 5 oldest already read.
  for (let index = 0; index < 25; index += 1) {
    em.create(Notification, {
      userId,
      type: index % 2 ? 'project_assigned' : 'deadline_reminder',
      title: `Titre ${index}`,
      message: `Message ${index}`,
      isRead: index < 5,
      project: projectId,
      createdAt: new Date(Date.now() - (25 - index) * 60_000),
    });
  }
  await em.flush();
});

afterAll(async () => {
  stream?.close();
  await api?.close();
  await keycloak.deleteUser(userId).catch(() => undefined);
});

test('the bell lists the user’s 20 newest notifications, newest first, with the count of all unread ones', async () => {
  const { status, body } = await call('/api/notifications', token);
  expect(status).toBe(200);
  const answer = body as unknown as NotificationsAnswer;
  expect(answer.notifications).toHaveLength(NOTIFICATION_LIST_LIMIT);
  expect(answer.notifications.map((notification) => notification.title)).toEqual(
    Array.from({ length: 20 }, (_, index) => `Titre ${24 - index}`),
  );
  expect(answer.unreadCount).toBe(20);
  expect(answer.notifications[0]).toMatchObject({ projectId, isRead: false, type: 'deadline_reminder' });
});

test('another user sees none of them and cannot mark them read', async () => {
  const theirs = (await call('/api/notifications', otherToken)).body as unknown as NotificationsAnswer;
  expect(theirs.notifications.some((notification) => notification.title.startsWith('Titre '))).toBe(false);
  const mine = (await call('/api/notifications', token)).body as unknown as NotificationsAnswer;
  const refused = await call(`/api/notifications/${mine.notifications[0].id}/read`, otherToken, 'POST');
  expect(refused).toEqual({ status: 404, body: { error: NOTIFICATION_MESSAGES.notFound } });
  expect(await call(`/api/notifications/not-a-uuid/read`, token, 'POST')).toEqual({
    status: 404,
    body: { error: NOTIFICATION_MESSAGES.notFound },
  });
  expect((await call('/api/notifications', null)).status).toBe(401);
  expect((await call('/api/notifications/read-all', null, 'POST')).body).toEqual({ error: MESSAGES.unauthenticated });
});

test('marking one read, then all, updates the count and tells the user’s other tabs over the stream', async () => {
  stream = await openStream(base, token);
  await stream.waitFor((messages) => messages.some((message) => message.event === 'stream.ready'));
  const list = (await call('/api/notifications', token)).body as unknown as NotificationsAnswer;
  const first = list.notifications[0];

  expect(await call(`/api/notifications/${first.id}/read`, token, 'POST')).toEqual({
    status: 200,
    body: { unreadCount: 19 },
  });
  // Marking it again changes nothing and announces nothing.
  expect(await call(`/api/notifications/${first.id}/read`, token, 'POST')).toEqual({
    status: 200,
    body: { unreadCount: 19 },
  });
  expect(await call('/api/notifications/read-all', token, 'POST')).toEqual({ status: 200, body: { unreadCount: 0 } });
  expect((await call('/api/notifications', token)).body.unreadCount).toBe(0);

  await stream.waitFor(
    (messages) => liveEvents(messages).filter((event) => event.type === 'notifications.read').length >= 2,
  );
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  const reads = liveEvents(stream.messages).filter((event) => event.type === 'notifications.read');
  expect(reads.map((event) => event.data.ids)).toEqual([[first.id], 'all']);
});
