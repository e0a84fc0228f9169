import { expect, test, type Page } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/postgresql';
import { initOrm } from '../../db/orm';
import { seedProject } from '../support/project-seed';
import { accessibilityViolations } from './support/axe';
import { demoAccounts, signIn, stackKeycloak, toast } from './support/stack';

/**
 * axe on every route, in every role, in the states that matter: empty and loaded lists, errors
 * shown, dialogs and menus open, a toast, at desktop and phone widths. Each state is checked
 * softly, so one run lists every violation of every page (tests/e2e/support/axe.ts holds the rules).
 * The review studio's own states are in review-keyboard.spec.ts, Keycloak's pages in
 * keycloak-accessibility.spec.ts, the e-mails in email-accessibility.spec.ts.
 */
const accounts = demoAccounts();
const keycloak = stackKeycloak();
const run = Date.now().toString(36).slice(-5);
const EMPTY_PASSWORD = 'PageVide123!';
const emptyEmail = `vide-a11y-${run}@example.com`;
let emptyUserId = '';
let orm: MikroORM;
let projectId = '';
let completedProjectId = '';

/** Runs axe on the page as it is and records its violations without stopping the test. */
async function check(page: Page, state: string): Promise<void> {
  // Entrance animations end before the colours are read.
  await page.waitForTimeout(300);
  expect.soft(await accessibilityViolations(page), `axe: ${state} (${page.url()})`).toEqual([]);
}

/** Opens `path` and waits for its h1, the sign the page has drawn its content. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText('Chargement…')).toHaveCount(0);
}

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  const client = { id: accounts.client.id, email: accounts.client.email };
  projectId = await seedProject(orm.em.fork(), {
    client,
    editorId: accounts.editor.id,
    status: 'in_progress',
    title: `Accessibilité en cours ${run}`,
    messages: [
      { senderId: accounts.editor.id, senderName: 'Monteur Démo', content: 'Premier montage en cours.' },
      { senderId: accounts.client.id, senderName: 'Client Démo', content: 'Merci, hâte de voir ça.' },
    ],
    history: [
      { oldStatus: null, newStatus: 'brief_received', comment: 'Paiement reçu' },
      { oldStatus: 'brief_received', newStatus: 'assigned' },
      { oldStatus: 'assigned', newStatus: 'in_progress' },
    ],
    files: [
      { filename: 'rush-interview.mp4', fileType: 'source', uploadedBy: accounts.client.id, bucket: 'video-uploads' },
    ],
    notifications: [
      {
        userId: accounts.client.id,
        type: 'status_change',
        title: 'Montage commencé',
        message: 'Votre monteur a commencé.',
      },
    ],
  });
  completedProjectId = await seedProject(orm.em.fork(), {
    client,
    editorId: accounts.editor.id,
    status: 'completed',
    title: `Accessibilité livrée ${run}`,
    revisions: [{ feedback: 'Raccourcir l’introduction.', status: 'completed', requestedBy: accounts.client.id }],
    revisionCount: 1,
    files: [
      { filename: 'montage-final.mp4', fileType: 'final', uploadedBy: accounts.editor.id, bucket: 'video-uploads' },
    ],
  });
  emptyUserId = await keycloak.createUser({
    email: emptyEmail,
    firstName: 'Inès',
    lastName: 'Vide',
    password: EMPTY_PASSWORD,
    emailVerified: true,
  });
});

test.afterAll(async () => {
  await keycloak.deleteUser(emptyUserId).catch(() => undefined);
  await orm?.close();
});

test('the public pages, their forms with errors shown, their dialogs and the phone menu', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const path of [
    '/',
    '/pricing',
    '/contact',
    '/recrutement',
    '/login',
    '/terms-of-service',
    '/privacy-policy',
    '/legal-notice',
    '/accessibility',
    '/site-map',
    '/brief-old',
    '/payment-success',
    '/page-qui-n-existe-pas',
  ]) {
    await open(page, path);
    await check(page, path);
  }

  // The brief wizard: its first step, its errors, its second and third steps, then the checkout.
  await open(page, '/brief');
  await check(page, 'brief wizard, first step');
  await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await check(page, 'brief wizard, errors shown');
  await page.getByLabel(/^Votre adresse e-mail/).fill(`brief-a11y-${run}@example.com`);
  await page.getByLabel(/^Type de vidéo/).selectOption('youtube');
  await page.getByLabel(/Durée finale souhaitée/).fill('4');
  await page.getByLabel('Durée totale des rushs (minutes)', { exact: true }).fill('50');
  await page.getByLabel('Brief créatif', { exact: true }).fill('Une vidéo de présentation de notre atelier.');
  await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
  await expect(page.getByText('Étape 2 sur 3').first()).toBeVisible();
  await check(page, 'brief wizard, estimate step');
  await page.getByRole('button', { name: 'Procéder au paiement' }).click();
  await expect(page).toHaveURL(/\/checkout\/simulated/);
  await expect(page.getByTestId('simulated-amount')).toBeVisible();
  await check(page, 'simulated checkout');
  await open(page, '/brief');
  await expect(page.getByText('Étape 3 sur 3').first()).toBeVisible();
  await check(page, 'brief wizard, brief sent');

  // The contact form's errors, and the call booking dialog.
  await open(page, '/contact');
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await check(page, 'contact form, errors shown');
  const booking = page.getByRole('button', { name: /appel/i }).first();
  if (await booking.isVisible()) {
    await booking.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, 'call booking dialog');
    await page.keyboard.press('Escape');
  }

  // The application form's errors.
  await open(page, '/recrutement');
  await page.getByRole('button', { name: 'Envoyer ma candidature' }).click();
  // The consents come first: a toast names them.
  await expect(toast(page, 'Consentements requis')).toBeVisible();
  await check(page, 'application form, consents asked (toast)');

  // A phone: the home page and its menu open.
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/');
  await check(page, 'home on a phone');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, 'phone menu open');
});

test('a client: an empty dashboard, then the demo client’s dashboard, project tabs, menus, dialogs and « Mes données »', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, emptyEmail, EMPTY_PASSWORD, /\/dashboard$/);
  await open(page, '/dashboard');
  await check(page, 'client dashboard, empty');
  await open(page, '/my-data');
  await check(page, 'Mes données, nothing asked yet');
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, 'Mes données, deletion dialog');
  await page.keyboard.press('Escape');
  await page.context().clearCookies();

  await signIn(page, accounts.client.email, accounts.client.password, /\/dashboard$/);
  await open(page, '/dashboard');
  await check(page, 'client dashboard, loaded');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await check(page, 'notifications open');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Client, menu du compte' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await check(page, 'account menu open');
  await page.keyboard.press('Escape');

  await open(page, `/project/${projectId}`);
  for (const tab of ['Aperçu', 'Versions', 'Fichiers', 'Chat', 'Révisions', 'Historique']) {
    await page.getByRole('tab', { name: tab }).click();
    await check(page, `project page, tab ${tab}`);
  }
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.getByRole('textbox').last().fill('Une question sur le rythme.');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Une question sur le rythme.')).toBeVisible();
  await check(page, 'chat, message sent');

  await open(page, `/project/${completedProjectId}`);
  await check(page, 'completed project');
  await page
    .getByRole('button', { name: /Demander une révision/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog
    .getByRole('button', { name: /Envoyer|Demander/ })
    .last()
    .click();
  await check(page, 'revision dialog, feedback missing');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, `/project/${projectId}`);
  await check(page, 'project page on a phone');
  await open(page, '/dashboard');
  await check(page, 'client dashboard on a phone');
});

test('the editor space, each tab, and a project it edits', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, accounts.editor.email, accounts.editor.password, /\/editor/);
  await open(page, '/editor');
  for (const tab of ['Projets Actifs', 'En attente', 'Terminés', 'Profil']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await check(page, `editor space, tab ${tab}`);
  }
  await open(page, `/project/${projectId}`);
  await check(page, 'project page, as its editor');
  await open(page, '/my-data');
  await check(page, 'Mes données, as an editor');
});

test('the admin: every tab, its dialogs, a toast, /test and /email-test', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, accounts.admin.email, accounts.admin.password, /\/admin/);
  for (const tab of ['projects', 'users', 'recruitment', 'briefs', 'billing', 'settings', 'audit']) {
    await open(page, `/admin?tab=${tab}`);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await check(page, `admin, tab ${tab}`);
  }
  // A project's row: its change-of-date dialog.
  await open(page, '/admin');
  const filters = page.getByRole('form', { name: 'Filtres des projets' });
  await filters.getByLabel('Titre, référence, email ou identifiant').fill(projectId);
  await filters.getByRole('button', { name: 'Rechercher' }).click();
  const row = page.locator(`[data-testid="admin-project-row"][data-project-id="${projectId}"]`);
  await row.getByRole('button', { name: /date de livraison du projet/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, 'admin, delivery date dialog');
  await page.keyboard.press('Escape');
  await open(page, '/admin?tab=settings');
  await page
    .getByRole('button', { name: /Enregistrer/ })
    .first()
    .click();
  await expect(toast(page, /./).first()).toBeVisible();
  await check(page, 'admin, settings saved (toast)');
  for (const path of ['/test', '/email-test']) {
    await open(page, path);
    await check(page, path);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/admin');
  await check(page, 'admin on a phone');
});
