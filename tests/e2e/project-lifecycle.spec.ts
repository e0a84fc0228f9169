import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/core';
import { initOrm } from '../../db/orm';
import { generateTestVideo, makeTempDir } from '../support/media-fixtures';
import { demoAccounts, signIn, toast } from './support/stack';
import { setOtherEditorsAside } from '../support/editors';

/**
 * A project's whole life in the browser, on the running stack (real api, workflows, Keycloak,
 * MinIO): the demo client's brief, the simulated checkout, the assignment to the demo editor, the
 * editing, the delivery, the client's comment on it, one revision and its delivery as v2. Client
 * and editor each have their own browser context.
 *
 * The end of the revision window (3 days, then "projet clôturé") cannot be waited for here: the
 * time-skipping test 'the whole lifecycle: … window closing, retention' in
 * tests/workflows/project-workflow.test.ts covers it.
 */
const accounts = demoAccounts();
let temp: ReturnType<typeof makeTempDir>;
let finalVideo: string;
let revisedVideo: string;
let orm: MikroORM;
/** Puts back the other active editors, set aside so the demo editor gets the project. */
let restoreOtherEditors: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  temp = makeTempDir('rushflow-lifecycle-');
  finalVideo = generateTestVideo(path.join(temp.dir, 'montage-final.mp4'), 2);
  revisedVideo = generateTestVideo(path.join(temp.dir, 'montage-final-v2.mp4'), 2);
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  restoreOtherEditors = await setOtherEditorsAside(orm.em.fork(), accounts.editor.id);
});
test.afterAll(async () => {
  await restoreOtherEditors?.();
  await orm?.close();
  temp?.cleanup();
});

test('brief → payment → assignment → editing → delivery → revision → delivery again', async ({ browser }) => {
  test.setTimeout(240_000);
  const clientContext = await browser.newContext();
  const editorContext = await browser.newContext();
  try {
    const client = await clientContext.newPage();
    const editor = await editorContext.newPage();

    // ——— The client: brief in the wizard (minimal fields), then the simulated checkout ———
    await signIn(client, accounts.client.email, accounts.client.password, /\/dashboard$/);
    await client.goto('/brief');
    await expect(client.getByRole('heading', { level: 1, name: 'Commander votre montage' })).toBeVisible();
    await client.getByLabel(/^Votre adresse e-mail/).fill(accounts.client.email);
    await client.getByLabel(/^Type de vidéo/).selectOption('youtube');
    await client.getByLabel('Objectif', { exact: true }).selectOption('informer');
    await client.getByLabel(/Durée finale souhaitée/).fill('3');
    await client.getByLabel('Durée totale des rushs (minutes)', { exact: true }).fill('45');
    await client.getByRole('button', { name: /Obtenir mon estimation/ }).click();
    await expect(client.getByText('Étape 2 sur 3 — Estimation')).toBeVisible();
    await client.getByRole('button', { name: /Procéder au paiement/ }).click();
    await expect(client.getByText('Étape 3 sur 3 — Paiement')).toBeVisible();

    // The same click goes on to the checkout.
    await expect(client).toHaveURL(/\/checkout\/simulated\?session_id=cs_test_sim_\w+/, { timeout: 15_000 });
    await expect(client.getByRole('note')).toHaveText('Mode test — aucun paiement réel');
    await client.getByRole('button', { name: /^Payer/ }).click();
    await expect(client).toHaveURL(/\/payment-success\?session_id=cs_test_sim_/);
    await expect(client.getByRole('heading', { name: 'Paiement confirmé !' })).toBeVisible({ timeout: 60_000 });
    await client.getByRole('link', { name: 'Voir mon projet' }).click();
    await expect(client).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
    const projectId = /\/project\/([0-9a-f-]{36})$/.exec(client.url())![1];
    const title = (await client.getByTestId('project-title').textContent())!.trim();
    expect(title).not.toBe('');

    // The workflow assigns the demo editor (youtube among its specialties).
    await expect(async () => {
      await client.reload();
      await expect(client.getByTestId('project-editor')).not.toHaveText('Monteur bientôt assigné', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });

    // ——— The editor: the project waits in the editor space; editing starts ———
    await signIn(editor, accounts.editor.email, accounts.editor.password, /\/editor$/);
    await editor.getByRole('tab', { name: /^En attente/ }).click();
    const card = editor
      .getByRole('tabpanel')
      .getByTestId('editor-project')
      .filter({ has: editor.locator(`a[href="/project/${projectId}"]`) })
      .first();
    await expect(card).toContainText(title);
    await card.getByRole('button', { name: 'Commencer le montage' }).click();
    await expect(toast(editor, 'Montage commencé')).toBeVisible();

    // The final video, in the project's files tab.
    await editor.goto(`/project/${projectId}`);
    await expect(editor.getByTestId('project-status').first()).toHaveText('En cours de montage');
    await editor.getByRole('tab', { name: 'Fichiers' }).click();
    await expect(editor.getByRole('heading', { name: 'Vidéo finale' })).toBeVisible();
    await editor.locator('input[type="file"]').setInputFiles(finalVideo);
    await expect(editor.getByTestId('project-file').filter({ hasText: 'montage-final.mp4' })).toBeVisible({
      timeout: 60_000,
    });

    await editor.getByRole('tab', { name: 'Aperçu' }).click();
    await editor.getByTestId('action-complete').click();
    await expect(toast(editor, 'Projet terminé')).toBeVisible();
    await expect(editor.getByTestId('project-status').first()).toHaveText('Terminé');

    // ——— The client comments on the delivered version, then asks for a revision ———
    await client.reload();
    await expect(client.getByTestId('project-status').first()).toHaveText('Terminé');
    await client.getByRole('tab', { name: 'Versions' }).click();
    await expect(client.getByRole('button', { name: 'Lecture' })).toBeEnabled({ timeout: 180_000 });
    await client.getByLabel('Votre commentaire').fill('L’introduction est trop longue.');
    await client.getByTestId('comment-submit').click();
    await expect(toast(client, 'Commentaire ajouté')).toBeVisible();
    await client.getByRole('tab', { name: 'Aperçu' }).click();
    await client.getByTestId('action-requestRevision').click();
    const dialog = client.getByRole('dialog', { name: 'Demander une révision' });
    await expect(dialog).toContainText('Votre commentaire ouvert sur la v1 part avec ce message.');
    await dialog.getByLabel('Modifications souhaitées').fill('Raccourcir l’introduction et ajouter le logo à la fin.');
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    await expect(toast(client, 'Demande de révision envoyée')).toBeVisible();
    await expect(client.getByTestId('project-status').first()).not.toHaveText('Terminé');
    await expect(client.getByTestId('project-revisions-count')).toHaveText('1/3');

    // ——— The editor revises and delivers again ———
    await editor.reload();
    await editor.getByTestId('action-startRevision').click();
    await expect(toast(editor, 'Révision commencée')).toBeVisible();
    // A revision is delivered as a new version: v2, in the files tab.
    await editor.getByRole('tab', { name: 'Fichiers' }).click();
    await editor.locator('input[type="file"]').setInputFiles(revisedVideo);
    await expect(editor.getByTestId('project-file').filter({ hasText: 'montage-final-v2.mp4' })).toBeVisible({
      timeout: 60_000,
    });
    await editor.getByRole('tab', { name: 'Aperçu' }).click();
    await editor.getByTestId('action-completeRevision').click();
    await expect(toast(editor, 'Révision terminée')).toBeVisible();
    await expect(editor.getByTestId('project-status').first()).toHaveText('Terminé');

    await client.reload();
    await expect(client.getByTestId('project-status').first()).toHaveText('Terminé');
    await client.getByRole('tab', { name: 'Révisions' }).click();
    await expect(client.getByTestId('project-revision')).toContainText('Raccourcir l’introduction');
    // The window is open again: a second revision is offered (the closing is the workflow test's).
    await client.getByRole('tab', { name: 'Aperçu' }).click();
    await expect(client.getByTestId('action-requestRevision')).toBeVisible();
  } finally {
    await clientContext.close();
    await editorContext.close();
  }
});
