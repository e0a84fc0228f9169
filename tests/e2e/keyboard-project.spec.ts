import type { MikroORM } from '@mikro-orm/postgresql';
import { expect, test } from '@playwright/test';
import type { Client } from '@temporalio/client';
import { connectTemporal } from '../../api/temporal/connection';
import { BUCKETS } from '../../clients/storage';
import { ProjectFile } from '../../db/entities';
import { initOrm } from '../../db/orm';
import { readyVersion, seedProject, startSeededProjectWorkflow } from '../support/project-seed';
import { testStack } from '../support/stack-env';
import { expectFocusOn, expectVisibleFocus, signInWithKeyboard, tabTo, typeInto } from './support/keyboard';
import { demoAccounts, toast } from './support/stack';

/**
 * The client's project with the keyboard alone: sign in on Keycloak's form, open the project from
 * the dashboard, write in the chat, ask for a revision in its dialog. The focus is always on an
 * element and visibly so; closing the dialog gives it back to the button that opened it, and the
 * request sent (its button gone with the delivered state) leaves it on the Actions card.
 */
const accounts = demoAccounts();
const stack = testStack();
const run = Date.now().toString(36).slice(-5);
const title = `Film au clavier ${run}`;
let orm: MikroORM;
let temporal: Client;
let projectId: string;

async function post(token: string, path: string, body: unknown = {}) {
  const response = await fetch(`${stack.appUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
}

/** A project of the demo client delivered by the demo editor, v1 carrying one open comment of the client. */
test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  temporal = await connectTemporal(process.env.TEMPORAL_ADDRESS ?? '', process.env.TEMPORAL_NAMESPACE ?? 'default');
  projectId = await seedProject(orm.em.fork(), {
    client: { id: accounts.client.id, email: accounts.client.email },
    editorId: accounts.editor.id,
    status: 'in_progress',
    title,
    deliveryDate: new Date(Date.now() + 10 * 86_400_000),
    history: [
      { oldStatus: null, newStatus: 'brief_received', comment: 'Paiement reçu' },
      { oldStatus: 'brief_received', newStatus: 'assigned' },
      { oldStatus: 'assigned', newStatus: 'in_progress' },
    ],
  });
  const em = orm.em.fork();
  const file = em.create(ProjectFile, {
    project: projectId,
    filename: `film-clavier-${run}.mp4`,
    fileType: 'final',
    storageBucket: BUCKETS.videoUploads,
    storageKey: `${projectId}/final/v1.mp4`,
    mimeType: 'video/mp4',
    fileSize: 2048,
    uploadedBy: accounts.editor.id,
  });
  readyVersion(em, projectId, file, accounts.editor.id);
  await em.flush();
  await startSeededProjectWorkflow(temporal, projectId);
  const editor = await stack.signIn(accounts.editor.email, accounts.editor.password);
  await post(editor, `/api/projects/${projectId}/actions/complete`);
  const client = await stack.signIn(accounts.client.email, accounts.client.password);
  await post(client, `/api/projects/${projectId}/versions/1/comments`, {
    body: 'Le titre arrive trop tard.',
    frameIn: 50,
  });
});
test.afterAll(async () => {
  await temporal?.connection.close();
  await orm?.close();
});

test('a client signs in, opens a project, writes in the chat and asks for a revision, all by keyboard', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInWithKeyboard(page, accounts.client, /\/dashboard$/);

  // The dashboard's row is named by what it shows, the status's word included (not its badge's colour alone).
  const row = page.getByRole('link', { name: new RegExp(`^${title} .* Terminé `) });
  await expect(row).toBeVisible();
  await tabTo(page, row, { limit: 120 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}$`));
  await expect(page.getByTestId('project-status').first()).toHaveText('Terminé');

  // The tabs: one stop in the tab order, the arrows walk them.
  const overview = page.getByRole('tab', { name: 'Aperçu', exact: true });
  await tabTo(page, overview, { limit: 60 });
  await expectVisibleFocus(page);
  const chatTab = page.getByRole('tab', { name: 'Chat', exact: true });
  for (let presses = 0; presses < 8 && !(await chatTab.evaluate((tab) => tab === document.activeElement)); presses++)
    await page.keyboard.press('ArrowRight');
  await expectFocusOn(page, chatTab);
  await expect(chatTab).toHaveAttribute('aria-selected', 'true');

  // Enter sends; the focus stays in the field, empty again.
  const input = page.getByTestId('chat-input');
  await typeInto(page, input, `Bonjour, merci pour la livraison ${run}`);
  await page.keyboard.press('Enter');
  const messages = page.getByTestId('chat-message');
  await expect(messages.filter({ hasText: `merci pour la livraison ${run}` })).toBeVisible();
  await expect(input).toHaveValue('');
  await expectFocusOn(page, input);
  // Sent with the button instead: the button turns disabled, the focus goes back to the field.
  await page.keyboard.type(`Une question sur la musique ${run}`);
  await tabTo(page, page.getByRole('button', { name: 'Envoyer' }), { limit: 2 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(messages.filter({ hasText: `Une question sur la musique ${run}` })).toBeVisible();
  await expectFocusOn(page, input);

  // Back to the first tab, then to « Demander une révision ».
  await tabTo(page, chatTab, { limit: 10, backwards: true });
  await page.keyboard.press('Home');
  await expectFocusOn(page, overview);
  const request = page.getByTestId('action-requestRevision');
  await tabTo(page, request, { limit: 20 });
  await expectVisibleFocus(page);

  // Escape closes the dialog and gives the focus back to the button that opened it.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Demander une révision' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('v1');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocusOn(page, request);

  // Opened again with Space: the focus stays in the dialog, the request is typed and sent.
  await page.keyboard.press('Space');
  await expect(dialog).toBeVisible();
  const feedback = dialog.getByLabel('Modifications souhaitées');
  await typeInto(page, feedback, 'Raccourcir l’introduction.');
  await tabTo(page, dialog.getByRole('button', { name: 'Envoyer la demande' }), { limit: 3 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Demande de révision envoyée')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('project-status').first()).toHaveText('Révision demandée');
  // Its button is gone with the delivered state: the focus is on the Actions card, not lost.
  await expectFocusOn(page, page.getByRole('heading', { level: 2, name: 'Actions', exact: true }));
});
