import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/core';
import { EditorProfile, Project } from '../../db/entities';
import { EditorApplication } from '../../db/entities/editor-application';
import { initOrm } from '../../db/orm';
import { setOtherEditorsAside } from '../support/editors';
import { generateTestImage, makeTempDir } from '../support/media-fixtures';
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
 * The public recruitment page in the browser, on the running stack: an application sent from
 * /recrutement with its photo is approved and invited from Admin › Recrutement; the invited editor
 * sets a password from Keycloak's e-mail, signs in, finds the profile filled from the application
 * and receives the next paid project that fits. Then the page's own rules: the consents' and the
 * missing e-mail's toasts, a photo that is not an image, the reset after 'Candidature envoyée !'.
 */
const accounts = demoAccounts();
const keycloak = stackKeycloak();
const run = Date.now().toString(36);
let orm: MikroORM;
let temp: ReturnType<typeof makeTempDir>;
let portrait: string;
const createdUsers: string[] = [];
const restores: (() => Promise<void>)[] = [];

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  temp = makeTempDir('rushflow-recruitment-');
  portrait = generateTestImage(path.join(temp.dir, 'portrait.png'));
});

test.afterAll(async () => {
  for (const restore of restores.reverse()) await restore().catch(() => undefined);
  for (const id of createdUsers) await keycloak.deleteUser(id).catch(() => undefined);
  await orm?.close();
  temp?.cleanup();
});

/** The form's section by its heading. */
const section = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

test('an application sent from /recrutement is approved and invited; the new editor signs in with the profile and gets the next matching project', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const email = `candidate.${run}@rushflow.test`;
  const lastName = `Lefèvre ${run}`;
  const password = 'Candidat123!';
  const applicantContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const editorContext = await browser.newContext();
  const clientContext = await browser.newContext();
  try {
    // ——— The applicant fills the eleven sections ———
    const applicant = await applicantContext.newPage();
    await applicant.goto('/recrutement');
    await expect(applicant.getByRole('heading', { level: 1 })).toHaveText('Rejoignez l’équipe de monteurs Rushflow');
    const nav = applicant.getByRole('navigation', { name: 'Sections du formulaire' });
    await expect(nav.getByRole('link')).toHaveCount(11);
    await expect(applicant.getByTestId('recruitment-progress')).toHaveText(/^0 \/ 11 sections renseignées$/);

    const personal = section(applicant, 'Informations personnelles');
    await personal.getByLabel('Prénom').fill('Camille');
    await personal.getByLabel(/^Nom\b/).fill(lastName);
    await personal.getByLabel('Adresse e-mail').fill(email);
    await personal.getByLabel('Téléphone').fill('+33 6 98 76 54 32');
    await personal.getByLabel('Adresse postale').fill('8 quai des Monteurs, 69002 Lyon');
    await personal.getByLabel('Choisir une photo').setInputFiles(portrait);
    const photo = applicant.getByTestId('photo-field');
    await expect(photo).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await expect(photo.getByRole('img', { name: 'Aperçu de votre photo de profil' })).toBeVisible();
    await expect(photo).toContainText('Photo envoyée');
    await personal.getByLabel('Tarif horaire souhaité (€ HT)').fill('34.5');
    await personal.getByLabel('Années d’expérience en montage').fill('7');
    await personal.getByRole('radio', { name: 'Wise' }).check();

    // Complexity levels, in their tiers: Standard, Avancé and Expert Motion reached, not Expert VFX.
    const complexity = section(applicant, 'Niveaux de complexité');
    await expect(complexity.getByRole('group')).toHaveCount(4);
    await complexity.getByRole('checkbox', { name: 'Montage simple (coupes, transitions)' }).check();
    await complexity.getByRole('checkbox', { name: 'Montage multicaméra' }).check();
    await complexity.getByRole('checkbox', { name: 'Animation 2D complexe' }).check();
    await expect(complexity.getByRole('group', { name: /Avancé/ })).toContainText('1 sélectionné');

    await section(applicant, 'Domaines de spécialité').getByRole('checkbox', { name: 'YouTube' }).check();
    await section(applicant, 'Domaines de spécialité')
      .getByRole('checkbox', { name: 'Corporate et institutionnel' })
      .check();
    await section(applicant, 'Spécialités vidéo').getByRole('checkbox', { name: 'Vlog' }).check();
    await section(applicant, 'Spécialités vidéo').getByRole('checkbox', { name: 'Interview' }).check();
    const competencies = section(applicant, 'Compétences techniques');
    await competencies.getByRole('checkbox', { name: 'Étalonnage' }).check();
    await competencies.getByLabel('Précisions sur vos compétences').fill('Étalonnage sous DaVinci, mixage voix.');
    const software = section(applicant, 'Logiciels');
    await software.getByRole('checkbox', { name: 'DaVinci Resolve' }).check();
    await software.getByLabel('Autres logiciels').fill('Audition');
    await software.getByLabel('Votre équipement').fill('Station Ryzen, écran calibré, casque fermé.');

    const availability = section(applicant, 'Disponibilités');
    await expect(availability.getByLabel('Fuseau horaire')).toHaveValue('Europe/Paris');
    await expect(availability.getByLabel('Fuseau horaire').locator('option')).toHaveCount(14);
    await availability.getByLabel('Fuseau horaire').selectOption('Europe/London');
    await expect(availability.getByRole('checkbox')).toHaveCount(7);
    for (const day of ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi'])
      await availability.getByRole('checkbox', { name: day }).check();
    await availability.getByLabel('Début de journée').fill('08:30');
    await availability.getByLabel('Fin de journée').fill('17:30');
    await availability.getByLabel('Heures disponibles par semaine').fill('35');
    await availability.getByLabel('Périodes d’indisponibilité').fill('du 1er au 15 août\n\ndu 24 au 31 décembre');

    const presentation = section(applicant, 'Présentation libre');
    await presentation.getByLabel('Votre expérience').fill('Sept ans de montage pour des chaînes YouTube et des PME.');
    await presentation.getByLabel('Votre motivation').fill('Monter des vlogs exigeants avec une équipe fiable.');

    // Link rows: one added, one left empty (dropped when sending), one added and removed.
    const portfolio = section(applicant, 'Liens du portfolio');
    await expect(portfolio.getByRole('button', { name: 'Retirer le lien 1' })).toBeDisabled();
    await portfolio.getByLabel('Lien 1', { exact: true }).fill('vimeo.com/camille-montage');
    await portfolio.getByLabel('Lien 1', { exact: true }).blur();
    await expect(portfolio.getByLabel('Lien 1', { exact: true })).toHaveValue('https://vimeo.com/camille-montage');
    await portfolio.getByRole('button', { name: 'Ajouter un lien' }).click();
    await portfolio.getByRole('button', { name: 'Ajouter un lien' }).click();
    await portfolio.getByLabel('Lien 3', { exact: true }).fill('https://www.youtube.com/@camille');
    await portfolio.getByRole('button', { name: 'Ajouter un lien' }).click();
    await portfolio.getByRole('button', { name: 'Retirer le lien 4' }).click();
    await expect(portfolio.getByRole('textbox')).toHaveCount(3);

    const preferences = section(applicant, 'Préférences de projets');
    await preferences.getByRole('checkbox', { name: 'Créateurs de contenu' }).check();
    await preferences.getByRole('checkbox', { name: 'Éducatif' }).check();

    const consents = section(applicant, 'Consentements');
    await consents.getByRole('checkbox', { name: /conditions générales d’utilisation/ }).check();
    await consents.getByRole('checkbox', { name: /politique de confidentialité/ }).check();
    await consents.getByRole('checkbox', { name: /contrat de prestation/ }).check();
    await consents.getByRole('checkbox', { name: /présenter mes réalisations/ }).check();
    await expect(applicant.getByTestId('recruitment-progress')).toHaveText(/^11 \/ 11 sections renseignées$/);

    await applicant.getByRole('button', { name: 'Envoyer ma candidature' }).click();
    await expect(toast(applicant, 'Candidature envoyée !')).toBeVisible({ timeout: 30_000 });
    // The form starts afresh.
    await expect(personal.getByLabel('Prénom')).toHaveValue('');
    await expect(photo).toHaveAttribute('data-status', 'none');
    await expect(portfolio.getByRole('textbox')).toHaveCount(1);

    const stored = await orm.em.fork().findOneOrFail(EditorApplication, { email }, { populate: ['profilePhoto'] });
    expect(stored).toMatchObject({
      status: 'pending',
      firstName: 'Camille',
      lastName,
      paymentMethod: 'Wise',
      hourlyRate: '34.50',
      experienceYears: 7,
      availabilityHoursPerWeek: 35,
      timezone: 'Europe/London',
      specialties: ['youtube', 'corporate'],
      languages: ['français'],
      portfolioLinks: ['https://vimeo.com/camille-montage', 'https://www.youtube.com/@camille'],
      unavailablePeriods: ['du 1er au 15 août', 'du 24 au 31 décembre'],
      acceptsTerms: true,
      authorizesPortfolioUse: true,
    });
    expect(stored.profilePhoto).toMatchObject({ kind: 'image', status: 'completed' });

    // The applicant's confirmation.
    const confirmation = await waitForMail(email, 60_000);
    expect(confirmation.subject).toMatch(/^Votre candidature Rushflow est bien reçue/);

    // ——— The admin is notified, approves and invites ———
    const admin = await adminContext.newPage();
    await signIn(admin, accounts.admin.email, accounts.admin.password, /\/admin$/);
    await admin.getByTestId('notification-bell').click();
    await expect(admin.getByTestId('notification-item').filter({ hasText: email })).toContainText(
      'Nouvelle candidature de monteur',
    );
    await admin.keyboard.press('Escape');
    await admin.getByRole('tab', { name: 'Recrutement' }).click();
    const card = admin.getByTestId('application-card').filter({ hasText: email });
    await expect(card.getByRole('img', { name: `Photo de Camille ${lastName}` })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Inviter comme éditeur' })).toHaveCount(0);
    await card.getByLabel('Statut', { exact: true }).selectOption('approved');
    await expect(toast(admin, 'Candidature mise à jour')).toBeVisible();
    await card.getByRole('button', { name: 'Inviter comme éditeur' }).click();
    await expect(toast(admin, `Invitation envoyée à ${email}`)).toBeVisible({ timeout: 60_000 });
    await expect(card).toContainText('Invité le');

    // ——— Keycloak's e-mail arrives; the editor sets a password and signs in ———
    const invitation = await waitForMail(email, 60_000, (mail) => actionTokenLink(mail) !== undefined);
    const link = actionTokenLink(invitation);
    expect(link).toBeTruthy();
    const user = await keycloak.findUserByEmail(email);
    expect(user).not.toBeNull();
    createdUsers.push(user!.id);
    restores.push(async () => {
      await orm.em.fork().nativeUpdate(EditorProfile, { userId: user!.id }, { status: 'inactive' });
    });

    const editor = await editorContext.newPage();
    await setPasswordFromLink(editor, link!, password);
    await signIn(editor, email, password, /\/editor$/);

    // The profile comes from the application.
    await editor.getByRole('tab', { name: 'Profil' }).click();
    await expect(editor.getByLabel('Prénom')).toHaveValue('Camille');
    await expect(editor.getByLabel('Nom', { exact: true })).toHaveValue(lastName);
    await expect(editor.getByLabel('Taux horaire (€)')).toHaveValue('34.5');
    await expect(editor.getByLabel('Fuseau horaire')).toHaveValue('Europe/London');
    await expect(editor.getByLabel('Début')).toHaveValue('08:30');
    await expect(editor.getByLabel('Fin', { exact: true })).toHaveValue('17:30');
    await expect(editor.getByRole('checkbox', { name: 'YouTube' })).toBeChecked();
    await expect(editor.getByRole('checkbox', { name: 'Corporate' })).toBeChecked();
    await expect(editor.getByRole('checkbox', { name: 'Instagram' })).not.toBeChecked();
    for (const level of ['Simple', 'Modéré', 'Complexe'])
      await expect(editor.getByRole('checkbox', { name: level })).toBeChecked();
    await expect(editor.getByRole('checkbox', { name: 'Expert' })).not.toBeChecked();
    await expect(editor.getByLabel('Lien de portfolio 1')).toHaveValue('https://vimeo.com/camille-montage');

    // ——— The next paid YouTube project goes to the new editor ———
    restores.push(await setOtherEditorsAside(orm.em.fork(), user!.id));
    const client = await clientContext.newPage();
    await signIn(client, accounts.client.email, accounts.client.password, /\/dashboard$/);
    await client.goto('/brief');
    await client.getByLabel(/^Votre adresse e-mail/).fill(accounts.client.email);
    await client.getByLabel(/^Type de vidéo/).selectOption('youtube');
    await client.getByLabel('Objectif', { exact: true }).selectOption('informer');
    await client.getByLabel(/Durée finale souhaitée/).fill('3');
    await client.getByLabel('Durée totale des rushs (minutes)', { exact: true }).fill('40');
    await client.getByRole('button', { name: /Obtenir mon estimation/ }).click();
    await client.getByRole('button', { name: /Procéder au paiement/ }).click();
    await expect(client).toHaveURL(/\/checkout\/simulated\?session_id=cs_test_sim_\w+/, { timeout: 15_000 });
    await client.getByRole('button', { name: /^Payer/ }).click();
    await expect(client.getByRole('heading', { name: 'Paiement confirmé !' })).toBeVisible({ timeout: 60_000 });
    await client.getByRole('link', { name: 'Voir mon projet' }).click();
    await expect(client).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
    const projectId = /\/project\/([0-9a-f-]{36})$/.exec(client.url())![1];

    await editor.getByRole('tab', { name: /^En attente/ }).click();
    await expect(async () => {
      await editor.reload();
      await editor.getByRole('tab', { name: /^En attente/ }).click();
      await expect(editor.getByRole('tabpanel').locator(`a[href="/project/${projectId}"]`).first()).toBeVisible({
        timeout: 3_000,
      });
    }).toPass({ timeout: 60_000 });
    const assigned = await orm.em.fork().findOneOrFail(Project, { id: projectId }, { populate: ['editor'] });
    expect(assigned).toMatchObject({ status: 'assigned' });
    expect(assigned.editor?.userId).toBe(user!.id);
  } finally {
    await applicantContext.close();
    await adminContext.close();
    await editorContext.close();
    await clientContext.close();
  }
});

test('the consents and the e-mail are required with their toasts; a file that is not a picture is refused; a sent application resets the form', async ({
  page,
}) => {
  const email = `validation.${run}@rushflow.test`;
  await page.goto('/recrutement');
  const personal = section(page, 'Informations personnelles');
  const consents = section(page, 'Consentements');
  const send = page.getByRole('button', { name: 'Envoyer ma candidature' });

  // No consent: the spec's toast, and nothing is sent.
  await personal.getByLabel('Prénom').fill('Noé');
  await personal.getByLabel(/^Nom\b/).fill(`Martin ${run}`);
  await personal.getByLabel('Adresse e-mail').fill(email);
  await send.click();
  await expect(toast(page, 'Consentements requis')).toContainText(
    'Vous devez accepter les CGU, la politique de confidentialité et le contrat de prestation.',
  );
  await expect(consents.getByRole('checkbox', { name: /conditions générales/ })).toBeFocused();

  // The consents given, the e-mail missing: its message, in the toast and under the field.
  await consents.getByRole('checkbox', { name: /conditions générales d’utilisation/ }).check();
  await consents.getByRole('checkbox', { name: /politique de confidentialité/ }).check();
  await consents.getByRole('checkbox', { name: /contrat de prestation/ }).check();
  await personal.getByLabel('Adresse e-mail').fill('');
  await send.click();
  await expect(toast(page, 'Formulaire incomplet')).toContainText('L’adresse e-mail est obligatoire.');
  await expect(personal.getByLabel('Adresse e-mail')).toBeFocused();
  await expect(personal.getByLabel('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(personal).toContainText('L’adresse e-mail est obligatoire.');

  // A text file named like a picture: its content is checked on the server and refused.
  const fake = path.join(temp.dir, 'pas-une-photo.png');
  fs.writeFileSync(fake, 'ceci n’est pas une image');
  await personal.getByLabel('Choisir une photo').setInputFiles(fake);
  const photo = page.getByTestId('photo-field');
  await expect(photo).toHaveAttribute('data-status', 'error', { timeout: 30_000 });
  await expect(toast(page, 'Upload échoué')).toBeVisible();
  await photo.getByRole('button', { name: 'Retirer la photo' }).click();
  await expect(photo).toHaveAttribute('data-status', 'none');

  // Fixed: sent, then the form is empty again, consents included.
  await personal.getByLabel('Adresse e-mail').fill(email);
  await section(page, 'Domaines de spécialité').getByRole('checkbox', { name: 'Publicité' }).check();
  await send.click();
  await expect(toast(page, 'Candidature envoyée !')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('application-sent')).toBeVisible();
  await expect(personal.getByLabel('Adresse e-mail')).toHaveValue('');
  await expect(personal.getByLabel('Prénom')).toHaveValue('');
  await expect(consents.getByRole('checkbox', { name: /conditions générales d’utilisation/ })).not.toBeChecked();
  await expect(section(page, 'Domaines de spécialité').getByRole('checkbox', { name: 'Publicité' })).not.toBeChecked();
  const stored = await orm.em.fork().findOneOrFail(EditorApplication, { email });
  expect(stored).toMatchObject({ status: 'pending', specialtyDomains: ['advertising'], portfolioLinks: [] });

  // One open application per address: the server's message.
  await personal.getByLabel('Prénom').fill('Noé');
  await personal.getByLabel(/^Nom\b/).fill(`Martin ${run}`);
  await personal.getByLabel('Adresse e-mail').fill(email);
  for (const consent of [/conditions générales d’utilisation/, /politique de confidentialité/, /contrat de prestation/])
    await consents.getByRole('checkbox', { name: consent }).check();
  await send.click();
  await expect(toast(page, /Une candidature est déjà en cours d’examen pour cette adresse e-mail/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(personal.getByLabel('Prénom')).toHaveValue('Noé');
});
