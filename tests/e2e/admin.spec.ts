import { expect, test } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/core';
import { EditorProfile, Project, Setting } from '../../db/entities';
import { EditorApplication } from '../../db/entities/editor-application';
import { initOrm } from '../../db/orm';
import { connectTemporal } from '../../api/temporal/connection';
import { setOtherEditorsAside } from '../support/editors';
import { seedProject, startSeededProjectWorkflow } from '../support/project-seed';
import {
  actionTokenLink,
  demoAccounts,
  setPasswordFromLink,
  signIn,
  stackKeycloak,
  toast,
  waitForMail,
} from './support/stack';

/**
 * The administration in the browser, on the running stack: an application approved and invited
 * from Recrutement becomes an editor who sets a password from Keycloak's e-mail, signs in, finds
 * the profile filled from the application and receives the next matching project; roles given and
 * removed from Utilisateurs, checked in Keycloak; a setting that the landing page quotes at once;
 * the /test checks; the role navigation.
 */
const accounts = demoAccounts();
const keycloak = stackKeycloak();
const run = Date.now().toString(36);
let orm: MikroORM;
const createdUsers: string[] = [];
const restores: (() => Promise<void>)[] = [];

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
});

test.afterAll(async () => {
  for (const restore of restores.reverse()) await restore().catch(() => undefined);
  for (const id of createdUsers) await keycloak.deleteUser(id).catch(() => undefined);
  await orm?.close();
});

test('an approved application is invited, sets a password, signs in as an editor with its profile, and gets the next matching project', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `candidate.${run}@rushflow.test`;
  const password = 'Candidat123!';
  // The application as /recrutement stores it.
  const em = orm.em.fork();
  const application = em.create(EditorApplication, {
    firstName: 'Inès',
    lastName: `Moreau ${run}`,
    email,
    phone: '+33 6 12 34 56 78',
    paymentMethod: 'IBAN',
    complexityLevels: ['cuts_transitions', 'multicam'],
    specialtyDomains: ['youtube'],
    videoSpecialties: ['vlog'],
    technicalCompetencies: ['color_grading'],
    softwareMastered: ['premiere_pro'],
    specialties: ['youtube'],
    languages: ['français'],
    timezone: 'Europe/Paris',
    availabilityDays: ['lundi', 'mardi'],
    availabilityStartTime: '08:30',
    availabilityEndTime: '17:00',
    experienceYears: 6,
    experienceDescription: 'Six ans de montage YouTube.',
    hourlyRate: '32.50',
    motivation: 'Monter des vlogs.',
    portfolioLinks: ['https://vimeo.com/ines-moreau'],
    acceptsTerms: true,
    acceptsPrivacy: true,
    acceptsContract: true,
  });
  await em.flush();

  const adminContext = await browser.newContext();
  const editorContext = await browser.newContext();
  try {
    // ——— Admin › Recrutement: approve, then invite ———
    const admin = await adminContext.newPage();
    await signIn(admin, accounts.admin.email, accounts.admin.password, /\/admin$/);
    await admin.getByRole('tab', { name: 'Recrutement' }).click();
    await expect(admin).toHaveURL(/\/admin\?tab=recruitment$/);
    const card = admin.getByTestId('application-card').filter({ hasText: email });
    // French numbers and plurals: « 32,5 €/h », « 6 ans ».
    await expect(card).toContainText('YouTube · 6 ans · 32,5 €/h');
    await expect(card.getByRole('button', { name: 'Inviter comme éditeur' })).toHaveCount(0);
    await card.getByLabel('Statut', { exact: true }).selectOption('approved');
    await expect(toast(admin, 'Candidature mise à jour')).toBeVisible();
    // The reviewer by name, not by account id.
    await expect(card).toContainText('Revue par Admin Rushflow');
    await card.getByRole('button', { name: 'Inviter comme éditeur' }).click();
    await expect(toast(admin, `Invitation envoyée à ${email}`)).toBeVisible({ timeout: 60_000 });
    await expect(card).toContainText('Invité le');

    const reviewed = await orm.em.fork().findOneOrFail(EditorApplication, { id: application.id });
    expect(reviewed).toMatchObject({ status: 'approved', reviewedBy: accounts.admin.id });
    expect(reviewed.invitedAt).toBeInstanceOf(Date);

    // ——— Keycloak's e-mail arrives; the editor sets a password ———
    const mail = await waitForMail(email, 60_000);
    const link = actionTokenLink(mail);
    expect(link).toBeTruthy();
    const user = await keycloak.findUserByEmail(email);
    expect(user).not.toBeNull();
    createdUsers.push(user!.id);
    expect(await keycloak.getRealmRoles(user!.id)).toEqual(expect.arrayContaining(['user', 'editor']));

    const editor = await editorContext.newPage();
    await setPasswordFromLink(editor, link!, password);

    // ——— Signed in, the editor lands on /editor with the profile from the application ———
    await signIn(editor, email, password, /\/editor$/);
    await editor.getByRole('tab', { name: 'Profil' }).click();
    await expect(editor.getByLabel('Prénom')).toHaveValue('Inès');
    await expect(editor.getByLabel('Taux horaire (€)')).toHaveValue('32.5');
    await expect(editor.getByRole('checkbox', { name: 'YouTube' })).toBeChecked();
    await expect(editor.getByRole('checkbox', { name: 'Modéré' })).toBeChecked();
    await expect(editor.getByRole('checkbox', { name: 'Complexe' })).not.toBeChecked();
    const profile = await orm.em.fork().findOneOrFail(EditorProfile, { userId: user!.id });
    expect(profile).toMatchObject({ status: 'active', specialties: ['youtube'], currentProjectsCount: 0 });
    restores.push(async () => {
      await orm.em.fork().nativeUpdate(EditorProfile, { userId: user!.id }, { status: 'inactive' });
    });

    // ——— The next paid project that fits (a YouTube brief) goes to the new editor ———
    restores.push(await setOtherEditorsAside(orm.em.fork(), user!.id));
    const projectId = await seedProject(orm.em.fork(), {
      client: { id: accounts.client.id, email: accounts.client.email },
      status: 'brief_received',
      title: `Vlog pour la nouvelle monteuse ${run}`,
      videoType: 'youtube',
    });
    const temporal = await connectTemporal(
      process.env.TEMPORAL_ADDRESS ?? '',
      process.env.TEMPORAL_NAMESPACE ?? 'default',
    );
    try {
      await startSeededProjectWorkflow(temporal, projectId);
    } finally {
      await temporal.connection.close();
    }
    await editor.getByRole('tab', { name: /^En attente/ }).click();
    await expect(editor.getByTestId('editor-project').filter({ hasText: `nouvelle monteuse ${run}` })).toBeVisible({
      timeout: 60_000,
    });
    const assigned = await orm.em.fork().findOneOrFail(Project, { id: projectId }, { populate: ['editor'] });
    expect(assigned.editor?.userId).toBe(user!.id);
  } finally {
    await adminContext.close();
    await editorContext.close();
  }
});

test('roles given and removed from Utilisateurs, as Keycloak records them', async ({ page }) => {
  const email = `roles.${run}@rushflow.test`;
  const userId = await keycloak.createUser({ email, firstName: 'Rémi', lastName: 'Roux', emailVerified: true });
  createdUsers.push(userId);

  await signIn(page, accounts.admin.email, accounts.admin.password, /\/admin$/);
  await page.getByRole('tab', { name: 'Utilisateurs' }).click();
  const roles = page.getByRole('form', { name: 'Attribuer ou retirer un rôle' });

  // 000 §5: the e-mail is required.
  await roles.getByRole('button', { name: 'Attribuer le rôle' }).click();
  await expect(roles.getByRole('alert')).toHaveText('Veuillez saisir un email');

  await roles.getByLabel('Email').fill(email);
  await roles.getByLabel('Rôle').selectOption('editor');
  await roles.getByRole('button', { name: 'Attribuer le rôle' }).click();
  await expect(toast(page, `Rôle éditeur attribué à ${email}`)).toBeVisible({ timeout: 30_000 });
  expect(await keycloak.getRealmRoles(userId)).toContain('editor');
  await expect(page.getByTestId('admin-user-row').filter({ hasText: email })).toContainText('Éditeur');

  // Twice: the spec's message.
  await roles.getByLabel('Email').fill(email);
  await roles.getByRole('button', { name: 'Attribuer le rôle' }).click();
  await expect(toast(page, "L'utilisateur a déjà ce rôle")).toBeVisible({ timeout: 30_000 });

  // Removing asks first; cancelling the confirmation changes nothing.
  await roles.getByRole('button', { name: 'Retirer le rôle' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Retirer ce rôle ?' });
  await expect(confirm).toContainText(email);
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  expect(await keycloak.getRealmRoles(userId)).toContain('editor');
  await roles.getByRole('button', { name: 'Retirer le rôle' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Retirer le rôle' }).click();
  await expect(toast(page, `Rôle éditeur retiré à ${email}`)).toBeVisible({ timeout: 30_000 });
  expect(await keycloak.getRealmRoles(userId)).not.toContain('editor');

  // An address nobody uses.
  await roles.getByLabel('Email').fill(`personne.${run}@rushflow.test`);
  await roles.getByRole('button', { name: 'Attribuer le rôle' }).click();
  await expect(toast(page, /Utilisateur introuvable/)).toBeVisible({ timeout: 30_000 });

  // Both changes are in the audit log.
  await page.getByRole('tab', { name: 'Journal' }).click();
  await expect(page.getByTestId('audit-row').filter({ hasText: email }).first()).toContainText('Rôle retiré');
});

test('a new maximum of revisions shows in the landing copy at once', async ({ page }) => {
  await signIn(page, accounts.admin.email, accounts.admin.password, /\/admin$/);
  await page.getByRole('tab', { name: 'Paramètres' }).click();
  const field = page.getByLabel('Révisions maximum par projet (nouveaux projets)');
  await expect(field).toHaveValue(/\d+/);
  const before = await field.inputValue();
  // Put back through the database: the test's page is closed by the time the suite ends, and the
  // next suites' projects must get the stack's own maximum.
  restores.push(async () => {
    await orm.em.fork().nativeUpdate(Setting, { key: 'max_revisions' }, { value: Number(before) });
  });

  // A refused value is explained and nothing is saved.
  await field.fill('99');
  await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
  await expect(page.getByText('« Révisions maximum » ne peut pas dépasser 20.')).toBeVisible();

  await field.fill('5');
  await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
  await expect(toast(page, 'Paramètres enregistrés')).toBeVisible();

  await page.goto('/');
  await expect(page.getByTestId('home-revision-terms')).toHaveText(
    /Jusqu’à 5\srévisions pendant \d+\sjours? après chaque livraison/,
  );
  await page.getByRole('link', { name: 'Voir les tarifs' }).first().click();
  await expect(page.getByTestId('included-list')).toContainText('Jusqu’à 5 révisions');
});

test('/test runs the assignment check on the server and shows the services', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, accounts.admin.email, accounts.admin.password, /\/admin$/);
  await page.goto('/test');
  await expect(page.getByRole('heading', { level: 1, name: 'Tests Système — Rushflow' })).toBeVisible();
  await expect(page.getByTestId('health-database')).toHaveAttribute('data-status', 'ok');
  await expect(page.getByTestId('health-temporal')).toHaveAttribute('data-status', 'ok');

  await page.getByRole('button', { name: 'Lancer le test d’assignation' }).click();
  await expect(toast(page, 'Test réussi')).toContainText("L'assignation automatique fonctionne correctement", {
    timeout: 60_000,
  });
  const result = page.getByTestId('system-test-result');
  await expect(result).toHaveAttribute('data-success', 'true');
  await expect(result).toContainText('Succès');
  await expect(page.getByTestId('system-test-editor')).toContainText('"lastName": "de test"');
  await expect(page.getByTestId('system-test-notifications')).toContainText('project_assigned_to_editor');
  await expect(result).toContainText('Données de test supprimées');

  await page.getByRole('button', { name: 'Lancer le test du workflow' }).click();
  await expect(toast(page, 'Workflow testé')).toContainText('Le workflow complet fonctionne correctement', {
    timeout: 90_000,
  });
  await page.getByRole('button', { name: 'Effacer les résultats' }).click();
  await expect(page.getByTestId('system-test-result')).toHaveCount(0);
});

test('role navigation: the spaces of the roles held, the current one highlighted', async ({ page }) => {
  await signIn(page, accounts.admin.email, accounts.admin.password, /\/admin$/);
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Mes espaces' });
  // Horizontal: icons only, each named for its space: the admin holds the roles user and admin.
  await expect(nav.getByRole('link')).toHaveCount(2);
  await expect(nav.getByRole('link', { name: 'Dashboard Monteur' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Administration' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard Client' })).not.toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Administration' })).toHaveText('');
  await nav.getByRole('link', { name: 'Dashboard Client' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(nav.getByRole('link', { name: 'Dashboard Client' })).toHaveAttribute('aria-current', 'page');

  // Vertical, with labels, in the phone menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  const vertical = page.getByRole('dialog').getByRole('navigation', { name: 'Mes espaces' });
  await expect(vertical.getByRole('link', { name: 'Administration' })).toHaveText('Administration');
});
