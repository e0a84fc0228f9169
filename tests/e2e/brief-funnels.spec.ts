import type { MikroORM } from '@mikro-orm/core';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Brief } from '../../db/entities';
import { initOrm } from '../../db/orm';
import { DISCREPANCY_MESSAGES } from '../../domain/analysis';
import { UPLOAD_MESSAGES } from '../../domain/uploads';
import { generateTestImage, generateTestVideo, makeTempDir } from '../support/media-fixtures';
import { briefIdOf } from './support/briefs';
import { mailsTo } from './support/mailbox';

const price = (page: Page) => page.getByTestId('estimate-price').first();

let orm: MikroORM;
let temp: ReturnType<typeof makeTempDir>;

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  temp = makeTempDir('rush-funnels-');
});
test.afterAll(async () => {
  temp?.cleanup();
  await orm?.close(true);
});

/**
 * Uploads a real `testsrc` video through the funnel's uploader and waits for the analysis: the
 * rush-duration field then holds the analysed seconds as minutes to the thousandth (never to 0.1 min).
 */
async function uploadRush(page: Page, name: string, seconds: number, durationField: Locator) {
  const video = generateTestVideo(path.join(temp.dir, name), seconds);
  await page.locator('input[type="file"]').setInputFiles(video);
  const row = page.getByTestId('rush-file');
  await expect(row).toContainText(name);
  await expect(page.getByText(UPLOAD_MESSAGES.uploadSucceeded)).toBeVisible({ timeout: 30_000 });
  await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(row.getByTestId('rush-file-duration')).toBeVisible();
  await expect
    .poll(async () => Math.abs(Number(await durationField.inputValue()) * 60 - seconds))
    .toBeLessThanOrEqual(0.1);
}

/** The stored brief lists the uploaded file, with the analysed duration within 0.1 s. */
async function expectStoredRush(briefId: string, name: string, seconds: number, durationField: string) {
  const brief = await orm.em.fork().findOneOrFail(Brief, { id: briefId });
  expect(brief.uploadedFiles).toHaveLength(1);
  const [file] = brief.uploadedFiles;
  expect(file.name).toBe(name);
  expect(file.bucket).toBe('briefs');
  expect(file.key).toMatch(new RegExp(`^anonymous/\\d+_${name.replace('.', '\\.')}$`));
  // Minutes, rounded to 0.01 when stored.
  expect(Math.abs((file.duration ?? Number.NaN) - seconds / 60)).toBeLessThanOrEqual(0.005 + 1e-9);
  const analysis = brief.analysis!;
  expect(analysis.fileCount).toBe(1);
  expect(analysis.fileAnalyses).toHaveLength(1);
  expect(analysis.fileAnalyses[0].name).toBe(name);
  expect(Math.abs(analysis.fileAnalyses[0].durationSeconds - seconds)).toBeLessThanOrEqual(0.1);
  expect(Math.abs(analysis.totalRushDuration - seconds)).toBeLessThanOrEqual(0.1);
  // The field the client submitted is the analysis's figure: its seconds as minutes to the thousandth.
  expect(durationField).toBe(String(Math.round((analysis.totalRushDuration / 60) * 1000) / 1000));
}

test.describe('brief funnels', () => {
  test('wizard: 5 min declared and only a photo uploaded: no discrepancy alert, the 5 min stay', async ({ page }) => {
    await page.goto('/brief');
    await expect(page.getByText('Étape 1 sur 3 — Brief détaillé')).toBeVisible();
    const duration = page.getByLabel('Durée totale des rushs (minutes)', { exact: true });
    await duration.fill('5');
    const photo = generateTestImage(path.join(temp.dir, 'photo-plateau.jpg'));
    await page.locator('input[type="file"]').setInputFiles(photo);
    const row = page.getByTestId('rush-file');
    await expect(row).toContainText('photo-plateau.jpg');
    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    await expect(page.getByText('Analyse précise terminée')).toBeVisible();
    await expect(row.getByTestId('rush-file-untimed')).toHaveText(
      /Sans durée\u00a0: non compté dans la durée des rushs/,
    );
    await expect(row.getByTestId('rush-file-duration')).toHaveCount(0);
    // The toasts render one after the other: leave the discrepancy toast time to show, were there one,
    // then count at once (a retrying assertion would wait for the toast to go away by itself).
    await page.waitForTimeout(1_500);
    await expect(page.getByText('Analyse précise terminée')).toBeVisible();
    for (const title of Object.values(DISCREPANCY_MESSAGES)) expect(await page.getByText(title).count()).toBe(0);
    await expect(duration).toHaveValue('5');
  });

  test('wizard: six sections, live estimate, estimate step, then the payment step', async ({ page }) => {
    const email = `wizard-${Date.now()}@example.com`;
    await page.goto('/brief');
    await expect(page.getByRole('heading', { level: 1, name: 'Commander votre montage' })).toBeVisible();
    await expect(page.getByText('Étape 1 sur 3 — Brief détaillé')).toBeVisible();

    await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
    await expect(page.getByText('Veuillez remplir les informations de base')).toBeVisible();

    await page.getByLabel(/^Votre adresse e-mail/).fill(email);
    await page.getByLabel(/^Type de vidéo/).selectOption('autre');
    await page.getByLabel('Quel type de vidéo ?', { exact: true }).fill('Podcast vidéo');
    await page.getByLabel('Objectif', { exact: true }).selectOption('autre');
    await page.getByLabel('Quel objectif ?', { exact: true }).fill('Recruter');
    const before = await price(page).textContent();
    await page.getByLabel(/Durée finale souhaitée/).fill('8');
    await expect(price(page)).not.toHaveText(before ?? '');
    const afterDuration = await price(page).textContent();
    await page.getByLabel('Durée totale des rushs (minutes)', { exact: true }).fill('60');
    await page.getByLabel('Nombre de fichiers', { exact: true }).selectOption('11-20');
    await page.getByLabel('Qualité des rushs', { exact: true }).selectOption('variable');
    await page.getByLabel('Contenu des rushs', { exact: true }).fill('Interviews');
    await page.getByRole('radio', { name: 'Premium' }).check();
    await expect(price(page)).not.toHaveText(afterDuration ?? '');
    await page.getByLabel('Style de montage', { exact: true }).selectOption('sur_mesure');
    await page.getByLabel('Décrivez le style souhaité', { exact: true }).fill('Nerveux');
    await page.getByRole('checkbox', { name: 'Vertical (9:16)' }).check();
    await page.getByRole('radio', { name: 'Étendu (5 jours)' }).check();
    await page.getByLabel('Brief créatif', { exact: true }).fill('Présenter notre équipe');
    await page.getByLabel('Contraintes', { exact: true }).fill('Logo à la fin');
    await page.getByRole('checkbox', { name: 'Sous-titres' }).check();
    await page.getByLabel('Type de sous-titres', { exact: true }).selectOption('key_points');
    await expect(page.getByText('max 500GB par fichier').first()).toBeVisible();
    // Section 6: a real video; its analysed length replaces the 60 minutes typed above.
    const rushSeconds = 16;
    const wizardDuration = page.getByLabel('Durée totale des rushs (minutes)', { exact: true });
    await uploadRush(page, 'wizard-rush.mp4', rushSeconds, wizardDuration);
    await page.getByLabel('Liens vers vos fichiers', { exact: true }).fill('https://transfer.example.com/abc');
    await page.getByLabel('Devise', { exact: true }).selectOption('usd');
    await expect(price(page)).toContainText('$');

    await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
    await expect(page.getByText('Étape 2 sur 3 — Estimation')).toBeVisible();
    await expect(page.getByText(/Vous économisez/)).toBeVisible();
    await page.getByRole('button', { name: 'Retour' }).click();
    await expect(page.getByLabel(/^Votre adresse e-mail/)).toHaveValue(email);
    await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
    const submitted = briefIdOf(page);
    await page.getByRole('button', { name: /Procéder au paiement/ }).click();

    await expect(page.getByText('Étape 3 sur 3 — Paiement')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Brief envoyé avec succès !' })).toBeVisible();
    await expect(page.getByText('Vous réglez par carte sur la page de paiement sécurisé.')).toBeVisible();
    // The same click goes on to the checkout (the payment saga's), in the currency chosen.
    await expect(page).toHaveURL(/\/checkout\/simulated\?session_id=cs_test_sim_/);
    await expect(page.getByTestId('simulated-amount')).toContainText('$');

    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 30_000 }).toBe(1);
    const [message] = await mailsTo(email);
    expect(message.subject).toContain('Votre brief Rushflow est bien reçu');
    // The address is only typed: the receipt lists the options chosen, never the words typed, and
    // carries the link that confirms the address.
    expect(message.text).toContain('- Type de vidéo : Autre');
    expect(message.text).not.toContain('Podcast vidéo');
    expect(message.text).toMatch(/Confirmer mon adresse : \S+\/brief\/confirmer-adresse#[A-Za-z0-9_-]{43}/);
    const briefId = await submitted;
    const stored = await orm.em.fork().findOneOrFail(Brief, { id: briefId });
    expect(stored.funnel).toBe('wizard');
    await expectStoredRush(
      briefId,
      'wizard-rush.mp4',
      rushSeconds,
      String((stored.submittedPayload as { total_rush_duration?: unknown }).total_rush_duration),
    );
  });

  test('full form: every section, category switches its feature, phone warning, rights gate, date check, thank-you', async ({
    page,
  }) => {
    const email = `full-${Date.now()}@example.com`;
    await page.goto('/brief-old');
    await expect(page.getByRole('heading', { level: 1, name: 'Démarrez votre projet' })).toBeVisible();

    await page.getByRole('button', { name: 'Comment ça marche ?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Comment ça marche' });
    await expect(dialog).toContainText('pendant 3 jours après chaque livraison');
    await expect(dialog).toContainText('Fichiers acceptés');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByLabel(/^Votre adresse e-mail/).fill(email);
    await page.getByLabel(/^Nom du projet/).fill('Lancement produit');
    await page.getByRole('checkbox', { name: 'Publicité' }).check();
    await page.getByRole('checkbox', { name: 'Autre', exact: true }).first().check();
    await page.getByLabel('Autre type de vidéo', { exact: true }).fill('Spot salon');
    await page.getByLabel('Objectif principal', { exact: true }).selectOption('vendre');
    await page.getByLabel('Public cible', { exact: true }).fill('PME');

    const before = await price(page).textContent();
    await page.getByRole('radio', { name: /Motion Design & Animation 2D/ }).check();
    await expect(page.getByRole('checkbox', { name: 'Motion design' })).toBeChecked();
    await expect(price(page)).not.toHaveText(before ?? '');
    await page.getByRole('radio', { name: 'Cinématique' }).check();
    await expect(page.getByText(/un échange téléphonique sera nécessaire/)).toBeVisible();
    await page.getByRole('checkbox', { name: 'Stabilisation' }).check();
    await page.getByRole('checkbox', { name: 'Design sonore' }).check();

    await page.getByRole('checkbox', { name: 'Vidéo brute' }).check();
    await page.getByLabel(/Durée totale des rushs/).fill('90');
    await page.getByLabel('Qualité des rushs', { exact: true }).selectOption('4K');
    // Section 2: a real video; its analysed length replaces the 90 minutes typed above.
    const rushSeconds = 29;
    await uploadRush(page, 'full-rush.mp4', rushSeconds, page.getByLabel(/Durée totale des rushs/));
    await page.getByLabel('Lien de téléchargement', { exact: true }).fill('https://transfer.example.com/xyz');
    await page.getByLabel('Pièces jointes', { exact: true }).fill('logo.svg');
    await page.getByLabel('Durée finale souhaitée', { exact: true }).fill('3 min');
    await page.getByLabel('Format de sortie', { exact: true }).selectOption('MP4');
    await page.getByLabel('Résolution', { exact: true }).selectOption('4K');
    await page.getByLabel('Ratio', { exact: true }).selectOption('16:9');
    await page.getByLabel('Taille maximale du fichier', { exact: true }).fill('2 Go');
    await page.getByRole('checkbox', { name: 'Site web' }).check();
    await page.getByLabel('Style visuel', { exact: true }).selectOption('dynamique');
    await page.getByLabel('Rythme', { exact: true }).selectOption('rapide');
    await page.getByLabel('Vidéo de référence 1', { exact: true }).fill('https://youtu.be/1');
    await page.getByLabel('Palette de couleurs ou ambiance', { exact: true }).fill('Bleu nuit');
    await page.getByLabel('Musique', { exact: true }).selectOption('libre_droits');
    await page.getByLabel('Langue principale de la vidéo', { exact: true }).fill('Français');
    await page.getByRole('checkbox', { name: 'Sous-titres' }).check();
    await page.getByLabel('Langue des sous-titres', { exact: true }).fill('Anglais');
    await page
      .getByRole('region', { name: /Langues et textes/ })
      .getByRole('checkbox', { name: 'Voix-off', exact: true })
      .check();
    await page.getByLabel('Langue de la voix-off', { exact: true }).fill('Français');
    await page.getByLabel('Nombre de versions', { exact: true }).fill('2');
    await page.getByRole('checkbox', { name: 'Fichier final' }).check();

    const dateInput = page.getByLabel('Date de livraison souhaitée', { exact: true });
    const minimum = await dateInput.getAttribute('min');
    expect(minimum).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await dateInput.fill(tomorrow);
    await dateInput.blur();
    // The rule is checked as soon as the field is left, naming the minimum and the first possible date.
    await expect(
      page.getByText(/le délai minimum est de \d+ jours ouvrés\. Première date possible/).first(),
    ).toBeVisible();

    const submit = page.getByRole('button', { name: 'Envoyer le brief complet' });
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox', { name: /droits d’utilisation/ }).check();
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox', { name: /libre de droits ou sous licence/ }).check();
    await expect(submit).toBeEnabled();

    await submit.click();
    await expect(page.getByText('Date de livraison impossible')).toBeVisible();
    await expect(
      page.getByText(/le délai minimum est de \d+ jours ouvrés\. Première date possible/).first(),
    ).toBeVisible();

    await dateInput.fill(minimum!);
    const submitted = briefIdOf(page);
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Merci, votre brief est envoyé !' })).toBeVisible();
    await expect(page.getByText('Analyse de votre brief sous 24 h.')).toBeVisible();
    // Typed by a visitor, the address waits for the receipt's link before any payment reminder.
    await expect(page.getByText(/Confirmez votre adresse avec le bouton/)).toBeVisible();
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 30_000 }).toBe(1);
    const briefId = await submitted;
    const stored = await orm.em.fork().findOneOrFail(Brief, { id: briefId });
    expect(stored.funnel).toBe('full');
    await expectStoredRush(
      briefId,
      'full-rush.mp4',
      rushSeconds,
      String((stored.submittedPayload as { totalRushDurationProvided?: unknown }).totalRushDurationProvided),
    );

    await page.getByRole('button', { name: 'Envoyer un autre brief' }).click();
    await expect(page.getByLabel(/^Votre adresse e-mail/)).toHaveValue('');
  });
});
