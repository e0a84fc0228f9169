import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { connectTemporal } from '../../api/temporal/connection';
import { Notification } from '../../db/entities';
import { initOrm } from '../../db/orm';
import { revokeStreams } from '../../db/outbox';
import { generateTestVideo, makeTempDir } from '../support/media-fixtures';
import { seedProject, startSeededProjectWorkflow } from '../support/project-seed';
import { demoAccounts, signIn, stackKeycloak, toast } from './support/stack';

/**
 * The live channel in the browser, on the running stack: a client of this test's own (the demo
 * client's other projects, from earlier suites, may notify it at any moment) and the demo editor
 * side by side (one browser context each) on a project of their own, run by its real workflow. What
 * one does shows on the other's page without a reload: chat, files, status and timeline, the bell
 * and its toast. Then the bell's 99+ and the lost-connection notice.
 */
const accounts = demoAccounts();
const run = Date.now().toString(36).slice(-5);
const keycloak = stackKeycloak();
const liveClient = { id: '', email: `client-direct-${run}@example.com`, password: 'Client123!' };
let orm: MikroORM;
let temporal: Client;
let temp: ReturnType<typeof makeTempDir>;
let projectId = '';
const title = `Direct live ${run}`;

test.beforeAll(async () => {
  liveClient.id = await keycloak.createUser({
    email: liveClient.email,
    firstName: 'Claire',
    lastName: 'Direct',
    password: liveClient.password,
    emailVerified: true,
  });
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  temporal = await connectTemporal(process.env.TEMPORAL_ADDRESS ?? '', process.env.TEMPORAL_NAMESPACE ?? 'default');
  temp = makeTempDir('rushflow-live-');
  // Already assigned to the demo editor: the workflow starts in its editing phase, so no other
  // active editor can take the project, and the demo editor's load is left alone.
  projectId = await seedProject(orm.em.fork(), {
    client: { id: liveClient.id, email: liveClient.email },
    editorId: accounts.editor.id,
    status: 'assigned',
    title,
    videoType: 'youtube',
    // An hour ago, so that its seeded history (a minute apart from there) precedes what the test does.
    createdAt: new Date(Date.now() - 3_600_000),
    deliveryDate: new Date(Date.now() + 10 * 86_400_000),
    history: [
      { oldStatus: null, newStatus: 'brief_received', comment: 'Paiement reçu' },
      { oldStatus: 'brief_received', newStatus: 'assigned' },
    ],
  });
  await startSeededProjectWorkflow(temporal, projectId);
});

test.afterAll(async () => {
  if (liveClient.id) await keycloak.deleteUser(liveClient.id).catch(() => undefined);
  await temporal?.connection.close();
  await orm?.close();
  temp?.cleanup();
});

async function signedInContext(browser: Browser, who: 'client' | 'editor'): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = who === 'client' ? liveClient : accounts.editor;
  await signIn(page, account.email, account.password, who === 'client' ? /\/dashboard$/ : /\/editor$/);
  return [context, page];
}

/** The page's live channel is connected (the notice's region says so). */
const streamOpen = (page: Page) =>
  expect(page.getByTestId('connection-status')).toHaveAttribute('data-stream', 'open', { timeout: 20_000 });

const markClientNotificationsRead = () =>
  orm.em.fork().nativeUpdate(Notification, { userId: liveClient.id, isRead: false }, { isRead: true });

test('client and editor side by side: chat, files, status, timeline and the bell follow live', async ({ browser }) => {
  test.setTimeout(240_000);
  await markClientNotificationsRead();
  const [clientContext, client] = await signedInContext(browser, 'client');
  const [editorContext, editor] = await signedInContext(browser, 'editor');
  try {
    await client.goto(`/project/${projectId}`);
    await editor.goto(`/project/${projectId}`);
    await expect(client.getByTestId('project-title')).toHaveText(title);
    await expect(editor.getByTestId('project-title')).toHaveText(title);
    await streamOpen(client);
    await streamOpen(editor);
    await expect(client.getByTestId('project-status').first()).toHaveText('Assigné au monteur');
    await expect(client.getByTestId('notification-badge')).toHaveCount(0);
    // A screen reader reads the status with the page: nothing is announced on opening it.
    const announcement = client.getByTestId('live-announcement');
    await expect(announcement).toHaveAttribute('role', 'status');
    await expect(announcement).toHaveText('');

    // ——— Chat, both ways; the sender's own message shows once ———
    await client.getByRole('tab', { name: 'Chat' }).click();
    await editor.getByRole('tab', { name: 'Chat' }).click();
    await expect(client.getByTestId('project-chat')).toHaveCSS('height', '600px');
    await expect(client.getByText(/^Aucun message pour le moment\./)).toBeVisible();
    const fromClient = `Bonjour, les rushs arrivent ${run}`;
    await client.getByTestId('chat-input').fill(fromClient);
    await client.getByTestId('chat-input').press('Enter');
    await expect(editor.getByTestId('chat-message').filter({ hasText: fromClient })).toBeVisible();
    const fromEditor = `Merci, je regarde ça ${run}`;
    await editor.getByTestId('chat-input').fill(fromEditor);
    await editor.getByTestId('chat-input').press('Enter');
    await expect(client.getByTestId('chat-message').filter({ hasText: fromEditor })).toBeVisible();
    await expect(client.getByTestId('chat-message')).toHaveCount(2);
    await expect(editor.getByTestId('chat-message')).toHaveCount(2);
    // The list the new message was added to is a polite live region: it is read out as it arrives.
    await expect(client.getByTestId('project-chat').getByRole('list')).toHaveAttribute('aria-live', 'polite');
    // The newest message is scrolled into view.
    await expect(client.getByTestId('chat-message').last()).toBeInViewport();

    // ——— A source file uploaded by the client appears in the editor's Files tab ———
    await editor.getByRole('tab', { name: 'Fichiers' }).click();
    await expect(editor.getByText('Aucun fichier pour le moment.')).toBeVisible();
    await client.getByRole('tab', { name: 'Fichiers' }).click();
    await expect(client.getByRole('heading', { name: 'Vos fichiers sources' })).toBeVisible();
    const video = generateTestVideo(path.join(temp.dir, `rush-live-${run}.mp4`), 2);
    await client.locator('input[type="file"]').setInputFiles(video);
    await expect(client.getByTestId('project-file').filter({ hasText: `rush-live-${run}.mp4` })).toBeVisible({
      timeout: 60_000,
    });
    await expect(editor.getByTestId('project-file').filter({ hasText: `rush-live-${run}.mp4` })).toBeVisible();

    // ——— The editor starts: the client's badge, timeline and bell follow, with a toast ———
    await client.getByRole('tab', { name: 'Historique' }).click();
    await expect(client.getByTestId('timeline-entry')).toHaveCount(2);
    await editor.getByRole('tab', { name: 'Aperçu' }).click();
    await expect(editor.getByTestId('action-start')).toHaveText('Commencer le montage');
    await editor.getByTestId('action-start').click();
    await expect(editor.getByTestId('project-status').first()).toHaveText('En cours de montage');

    await expect(client.getByTestId('project-status').first()).toHaveText('En cours de montage');
    await expect(announcement).toHaveText('Statut du projet : En cours de montage');
    await expect(client.getByTestId('timeline-entry')).toHaveCount(3);
    await expect(client.getByTestId('timeline-entry').last()).toContainText('En cours de montage');
    await expect(client.getByTestId('notification-badge')).toHaveText('1');
    await expect(client.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 1 non lue');
    const started = toast(client, 'Montage commencé');
    await expect(started).toBeVisible();
    await expect(started).toContainText('Votre monteur a commencé le montage de votre vidéo.');
    // The toast is said as it shows: it sits in a polite live region.
    await expect(client.locator('[aria-live="polite"]').filter({ has: started })).toHaveCount(1);
    await expect(client.getByTestId('project-notifications')).toContainText('Montage commencé');

    // ——— The bell: the new notification on top, unread; "Tout marquer comme lu" clears the badge ———
    await client.getByTestId('notification-bell').click();
    const items = client.getByTestId('notification-item');
    await expect(items.first()).toContainText('Montage commencé');
    await expect(items.first()).toHaveAttribute('data-unread', 'true');
    await client.getByRole('menuitem', { name: 'Tout marquer comme lu' }).click();
    await expect(client.getByTestId('notification-badge')).toHaveCount(0);
    await expect(items.first()).not.toHaveAttribute('data-unread', 'true');
    await client.keyboard.press('Escape');
    // Read on the server too: a reload shows no badge.
    await client.reload();
    await expect(client.getByTestId('project-title')).toHaveText(title);
    await expect(client.getByTestId('notification-badge')).toHaveCount(0);
    // The toast is never shown again for the same notification after a reload.
    await expect(toast(client, 'Montage commencé')).toHaveCount(0);
  } finally {
    await clientContext.close();
    await editorContext.close();
  }
});

test('the bell: 99+ above 99 unread, the 20 newest listed, a click opens the project', async ({ browser }) => {
  await markClientNotificationsRead();
  // The newest of all the client's notifications, 10 ms apart.
  const base = Date.now() - 1_000;
  const em = orm.em.fork();
  for (let index = 0; index < 100; index += 1) {
    em.create(Notification, {
      userId: liveClient.id,
      type: index === 99 ? 'project_completed' : 'project_reminder',
      title: `Rappel ${index + 1}`,
      message: `Notification de test ${run}`,
      isRead: false,
      project: projectId,
      createdAt: new Date(base + index * 10),
    });
  }
  await em.flush();
  const [context, page] = await signedInContext(browser, 'client');
  try {
    await expect(page.getByTestId('notification-badge')).toHaveText('99+');
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 100 non lues');
    await page.getByTestId('notification-bell').press('Enter');
    const items = page.getByTestId('notification-item');
    await expect(items).toHaveCount(20);
    await expect(items.first()).toContainText('Rappel 100');
    await expect(items.first().locator('[data-type]')).toHaveAttribute('data-type', 'project_completed');
    await expect(items.nth(1).locator('[data-type]')).toHaveAttribute('data-type', 'default');
    await expect(items.first()).toContainText(/il y a/);
    await expect(page.getByTestId('notification-list')).toHaveCSS('max-height', '320px');
    // Keyboard: opened with Enter, the menu starts on "Tout marquer comme lu"; the arrow goes to the
    // newest notification, Enter marks it read and opens its project.
    await expect(page.getByRole('menuitem', { name: 'Tout marquer comme lu' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}$`));
    await expect(page.getByTestId('notification-badge')).toHaveText('99');
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 99 non lues');
  } finally {
    await context.close();
    await markClientNotificationsRead();
  }
});

test('the lost-connection notice: after 3 s without the stream, gone once it is back', async ({ browser }) => {
  test.setTimeout(120_000);
  const [context, page] = await signedInContext(browser, 'client');
  try {
    await streamOpen(page);
    const notice = page.getByTestId('connection-lost');
    await expect(notice).toHaveCount(0);

    // From now on the stream cannot connect; the server ends the open one (the user's access
    // changed), so the page reconnects at once, with a fresh token, and fails.
    await page.route('**/api/events', (route) => route.abort());
    const cut = Date.now();
    await orm.em.fork().transactional((em) => revokeStreams(em, liveClient.id));
    await expect(page.getByTestId('connection-status')).not.toHaveAttribute('data-stream', 'open');
    await expect(notice).toBeVisible({ timeout: 15_000 });
    expect(Date.now() - cut).toBeGreaterThanOrEqual(3_000);
    await expect(notice).toHaveText('Connexion perdue — reconnexion…');
    await expect(page.getByTestId('connection-status')).toHaveAttribute('role', 'status');

    // The route is back: the next attempt (at most 10 s later) reconnects and the notice goes.
    await page.unroute('**/api/events');
    await expect(notice).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-stream', 'open');
  } finally {
    await context.close();
  }
});
