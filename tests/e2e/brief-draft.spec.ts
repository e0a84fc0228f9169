import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { UPLOAD_MESSAGES } from '../../domain/uploads';
import { generateTestVideo, makeTempDir } from '../support/media-fixtures';
import { briefIdOf } from './support/briefs';

/**
 * A brief in progress is kept on the device (never sent before the client submits), survives a
 * reload and a closed tab, and « Procéder au paiement » is the only click before the checkout.
 */

/** Requests to the api, minus the uploads (files go to storage as soon as they are picked, by design). */
function recordApiCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/uploads/')) calls.push(request);
  });
  return calls;
}

/** What the page told the api: every url and body, to look for the typed text in. */
const sentText = (calls: Request[]) =>
  calls.map((request) => `${request.url()} ${request.postData() ?? ''}`).join('\n');

const stepCounter = (page: Page, text: string) => page.getByText(text, { exact: false }).first();

test('wizard: the brief in progress survives a reload and a closed tab, unsent; one click then pays it', async ({
  page,
  context,
}) => {
  const email = `draft-${Date.now()}@example.com`;
  const creative = `Portrait de notre atelier ${Date.now()}`;
  const calls = recordApiCalls(page);

  await page.goto('/brief');
  await page.getByLabel(/^Votre adresse e-mail/).fill(email);
  await page.getByLabel(/^Type de vidéo/).selectOption('autre');
  await page.getByLabel('Quel type de vidéo ?', { exact: true }).fill('Vidéo de mariage');
  await page.getByLabel(/Durée finale souhaitée/).fill('4');
  await page.getByLabel('Durée totale des rushs (minutes)', { exact: true }).fill('50');
  await page.getByLabel('Brief créatif', { exact: true }).fill(creative);
  await page.getByLabel('Liens vers vos fichiers', { exact: true }).fill('https://transfer.example.com/atelier');
  await expect(page.getByTestId('draft-notice')).toContainText('gardé sur cet appareil');
  await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
  await expect(stepCounter(page, 'Étape 2 sur 3')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Vertical (9:16)' }).check();

  // Reload at step 2: the same step, every field as typed (step 1 shows them again).
  await page.reload();
  await expect(stepCounter(page, 'Étape 2 sur 3')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Vertical (9:16)' })).toBeChecked();
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(page.getByLabel(/^Votre adresse e-mail/)).toHaveValue(email);
  await expect(page.getByLabel('Quel type de vidéo ?', { exact: true })).toHaveValue('Vidéo de mariage');
  await expect(page.getByLabel('Brief créatif', { exact: true })).toHaveValue(creative);
  await expect(page.getByLabel('Liens vers vos fichiers', { exact: true })).toHaveValue(
    'https://transfer.example.com/atelier',
  );
  await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
  await expect(stepCounter(page, 'Étape 2 sur 3')).toBeVisible();

  // The tab is closed; a new one in the same browser finds the brief where it was left.
  await page.close();
  const tab = await context.newPage();
  const tabCalls = recordApiCalls(tab);
  await tab.goto('/brief');
  await expect(stepCounter(tab, 'Étape 2 sur 3')).toBeVisible();
  await tab.getByRole('button', { name: 'Retour' }).click();
  await expect(tab.getByLabel('Brief créatif', { exact: true })).toHaveValue(creative);
  await tab.getByRole('button', { name: /Obtenir mon estimation/ }).click();

  // Nothing of the draft reached the api before the client submitted it.
  const beforeSubmit = [...calls, ...tabCalls];
  expect(beforeSubmit.filter((request) => request.method() !== 'GET').map((request) => request.url())).toEqual([]);
  expect(sentText(beforeSubmit)).not.toContain(email);
  expect(sentText(beforeSubmit)).not.toContain('atelier');

  // One click: the brief is saved, step 3 says what comes next, then the (simulated) checkout.
  const submitted = briefIdOf(tab);
  await tab.getByRole('button', { name: 'Procéder au paiement' }).click();
  await expect(tab.getByRole('heading', { name: 'Brief envoyé avec succès !' })).toBeVisible();
  await expect(tab.getByText('Vous réglez par carte sur la page de paiement sécurisé.')).toBeVisible();
  await expect(tab.getByText(/analyse votre brief|validez le devis/)).toHaveCount(0);
  await expect(tab.getByRole('button', { name: 'Redirection vers le paiement sécurisé…' })).toBeDisabled();
  await expect(tab).toHaveURL(/\/checkout\/simulated\?session_id=cs_test_sim_\w+&client_reference_id=/);
  await expect(tab.getByRole('note')).toHaveText('Mode test — aucun paiement réel');
  await expect(tab.getByTestId('simulated-amount')).toBeVisible();
  const briefId = await submitted;
  expect(
    tabCalls.filter((request) => request.method() === 'POST' && request.url().endsWith('/api/briefs')),
  ).toHaveLength(1);

  // Back on /brief before paying: step 3 of the same brief, its payment one click away, no second brief.
  await tab.goto('/brief');
  await expect(stepCounter(tab, 'Étape 3 sur 3')).toBeVisible();
  await expect(tab.getByText(`Référence de votre brief : ${briefId.slice(0, 8).toUpperCase()}`)).toBeVisible();
  await expect(tab.getByRole('button', { name: /^Payer / })).toBeEnabled();
  await tab.reload();
  await expect(tab.getByText(`Référence de votre brief : ${briefId.slice(0, 8).toUpperCase()}`)).toBeVisible();
  expect(
    tabCalls.filter((request) => request.method() === 'POST' && request.url().endsWith('/api/briefs')),
  ).toHaveLength(1);

  // « Envoyer un autre brief » starts from an empty form, and a reload keeps it empty.
  await tab.getByRole('button', { name: 'Envoyer un autre brief' }).click();
  await expect(stepCounter(tab, 'Étape 1 sur 3')).toBeVisible();
  await tab.reload();
  await expect(tab.getByLabel(/^Votre adresse e-mail/)).toHaveValue('');
  await expect(tab.getByTestId('draft-notice')).toHaveCount(0);
});

test('wizard: a finished upload is still listed, and joins the brief, after a reload', async ({ page }) => {
  const temp = makeTempDir('brief-draft-');
  try {
    const video = generateTestVideo(path.join(temp.dir, 'atelier-rush.mp4'), 4);
    await page.goto('/brief');
    await page.getByLabel(/^Votre adresse e-mail/).fill(`draft-upload-${Date.now()}@example.com`);
    await page.getByLabel(/^Type de vidéo/).selectOption('youtube');
    await page.getByLabel(/Durée finale souhaitée/).fill('2');
    await page.locator('input[type="file"]').setInputFiles(video);
    await expect(page.getByText(UPLOAD_MESSAGES.uploadSucceeded)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('rush-file')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });

    await page.reload();
    const row = page.getByTestId('rush-file');
    await expect(row).toContainText('atelier-rush.mp4');
    await expect(row).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId('draft-notice')).toBeVisible();
    await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
    const submitted = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/briefs',
    );
    await page.getByRole('button', { name: 'Procéder au paiement' }).click();
    const sent = (await submitted).request().postDataJSON() as { upload_session_id?: string };
    expect(sent.upload_session_id).toMatch(/^[0-9a-f-]{36}$/);
  } finally {
    temp.cleanup();
  }
});

test('full form: the draft survives a reload until « Recommencer » empties it', async ({ page }) => {
  const calls = recordApiCalls(page);
  await page.goto('/brief-old');
  await page.getByLabel(/^Votre adresse e-mail/).fill('brouillon@example.com');
  await page.getByLabel(/^Nom du projet/).fill('Film de l’atelier');
  await page.getByRole('checkbox', { name: 'Publicité' }).check();
  await page.getByLabel('Public cible', { exact: true }).fill('Artisans');

  await page.reload();
  await expect(page.getByLabel(/^Nom du projet/)).toHaveValue('Film de l’atelier');
  await expect(page.getByRole('checkbox', { name: 'Publicité' })).toBeChecked();
  await expect(page.getByLabel('Public cible', { exact: true })).toHaveValue('Artisans');
  expect(calls.filter((request) => request.method() !== 'GET').map((request) => request.url())).toEqual([]);
  expect(sentText(calls)).not.toContain('atelier');

  const notice = page.getByTestId('draft-notice');
  await notice.getByRole('button', { name: 'Recommencer' }).click();
  await notice.getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByLabel(/^Nom du projet/)).toHaveValue('Film de l’atelier');
  await notice.getByRole('button', { name: 'Recommencer' }).click();
  await notice.getByRole('button', { name: 'Oui, recommencer' }).click();
  await expect(page.getByLabel(/^Nom du projet/)).toHaveValue('');
  await page.reload();
  await expect(page.getByLabel(/^Nom du projet/)).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: 'Publicité' })).not.toBeChecked();
});

test('/payment-success with an unknown session settles on the error, with the dashboard button, and stops asking', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/payments/')) asked.push(request.url());
  });
  await page.goto('/payment-success?session_id=bogus');
  await expect(page.getByRole('heading', { name: 'Un problème est survenu' })).toBeVisible();
  await expect(page.getByText('Aucun brief en attente trouvé')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mon espace client' })).toHaveAttribute('href', '/dashboard');

  // Settled: over the next few seconds (several former polling periods) the page asks nothing more.
  const settledAfter = asked.length;
  await page.waitForTimeout(5_000);
  expect(asked.length).toBe(settledAfter);
  await expect(page.getByRole('heading', { name: 'Un problème est survenu' })).toBeVisible();
  await expect(page.getByText('Création de votre projet…')).toHaveCount(0);
});
