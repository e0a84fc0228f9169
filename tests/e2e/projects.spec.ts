import { expect, test } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/core';
import { Project } from '../../db/entities';
import { initOrm } from '../../db/orm';
import { seedProject } from '../support/project-seed';
import { demoAccounts, signIn, stackKeycloak, toast } from './support/stack';

/**
 * The client dashboard, the project page and the editor space on the running stack, with projects
 * written into the read models for the demo client and the demo editor.
 */
const accounts = demoAccounts();
const keycloak = stackKeycloak();

/** Titles carry this run's tag, so runs on the same stack do not see each other's projects. */
const run = Date.now().toString(36).slice(-5);
let orm: MikroORM;
const ids: Record<'assigned' | 'inProgress' | 'completed' | 'revision' | 'waiting' | 'received', string> = {
  assigned: '',
  inProgress: '',
  completed: '',
  revision: '',
  waiting: '',
  received: '',
};
const freshEditor = { id: '', email: `monteur.nouveau.${Date.now()}@rushflow.local`, password: 'Nouveau123!' };

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  const em = orm.em.fork();
  const client = { id: accounts.client.id, email: accounts.client.email };
  const editorId = accounts.editor.id;
  const day = 86_400_000;
  const base = Date.now() - 10 * day;
  ids.received = await seedProject(em, {
    client,
    status: 'brief_received',
    title: `Teaser événement ${run}`,
    createdAt: new Date(base),
  });
  ids.waiting = await seedProject(em, {
    client,
    status: 'waiting_for_editor',
    title: `Portrait d’entreprise ${run}`,
    createdAt: new Date(base + day),
  });
  ids.assigned = await seedProject(em, {
    client,
    editorId,
    status: 'assigned',
    title: `Reel Instagram ${run}`,
    videoType: 'instagram',
    createdAt: new Date(base + 2 * day),
  });
  ids.revision = await seedProject(em, {
    client,
    editorId,
    status: 'revision_requested',
    title: `Tutoriel produit ${run}`,
    revisionCount: 1,
    createdAt: new Date(base + 3 * day),
    revisions: [{ feedback: 'Ajouter les sous-titres', status: 'pending', requestedBy: client.id }],
  });
  ids.completed = await seedProject(em, {
    client,
    editorId,
    status: 'completed',
    title: `Publicité TikTok ${run}`,
    videoType: 'tiktok',
    finalDurationMinutes: 1.5,
    createdAt: new Date(base + 4 * day),
    files: [{ filename: 'pub-finale.mp4', fileType: 'final', uploadedBy: editorId, bucket: 'video-uploads' }],
  });
  ids.inProgress = await seedProject(em, {
    client,
    editorId,
    status: 'in_progress',
    title: `Vlog Japon ${run}`,
    description: 'Un vlog de 10 minutes sur notre voyage au Japon.',
    totalPriceCents: 18_900,
    priceCents: 27_000,
    launchOffer: true,
    createdAt: new Date(base + 5 * day),
    deliveryDate: new Date(Date.UTC(2030, 2, 14, 12)),
    history: [
      { oldStatus: null, newStatus: 'brief_received', comment: 'Paiement reçu' },
      { oldStatus: 'brief_received', newStatus: 'assigned' },
      { oldStatus: 'assigned', newStatus: 'in_progress', changerName: 'Marie Monteur' },
    ],
    messages: [
      { senderId: editorId, senderName: 'Marie Monteur', content: 'Bonjour ! J’ai bien reçu vos rushs.' },
      { senderId: client.id, senderName: 'Claire Client', content: 'Parfait, merci.' },
    ],
    files: [{ filename: 'rush-tokyo.mp4', fileType: 'source', uploadedBy: client.id, bucket: 'project-files' }],
    notifications: [
      {
        userId: client.id,
        type: 'project_assigned',
        title: 'Monteur assigné',
        message: 'Votre projet est entre de bonnes mains.',
      },
    ],
  });

  freshEditor.id = await keycloak.createUser({
    email: freshEditor.email,
    firstName: 'Nina',
    lastName: 'Nouvelle',
    password: freshEditor.password,
    emailVerified: true,
  });
  await keycloak.assignRealmRole(freshEditor.id, 'editor');
});

test.afterAll(async () => {
  if (freshEditor.id) await keycloak.deleteUser(freshEditor.id).catch(() => undefined);
  await orm?.close();
});

test('the client dashboard: 4 counters from the read models, 5 newest projects, voir tout, shortcuts', async ({
  page,
}) => {
  const em = orm.em.fork();
  const mine = await em.find(
    Project,
    { $or: [{ clientId: accounts.client.id }, { clientEmail: accounts.client.email.toLowerCase() }] },
    { orderBy: { createdAt: 'desc' } },
  );
  await signIn(page, accounts.client.email, accounts.client.password, /\/dashboard$/);

  await expect(page.getByRole('heading', { name: 'Mon Espace Client' })).toBeVisible();
  await expect(page.getByTestId('counter-total')).toHaveText(String(mine.length));
  await expect(page.getByTestId('counter-active')).toHaveText(
    String(mine.filter((p) => p.status !== 'completed' && p.status !== 'cancelled').length),
  );
  await expect(page.getByTestId('counter-completed')).toHaveText(
    String(mine.filter((p) => p.status === 'completed').length),
  );
  await expect(page.getByTestId('counter-spent')).toContainText('€');

  const rows = page.getByTestId('dashboard-project');
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText(mine[0].title);
  await page.getByRole('button', { name: `Voir tout (${mine.length})` }).click();
  await expect(rows).toHaveCount(mine.length);

  for (const [name, href] of [
    ['Nouveau projet', '/brief'],
    ['Tarifs', '/pricing'],
    ['Contact', '/contact'],
  ] as const) {
    await expect(page.getByRole('link', { name }).first()).toHaveAttribute('href', href);
  }
  await page.getByRole('link', { name: new RegExp(`^Vlog Japon ${run}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${ids.inProgress}$`));
  await expect(page.getByTestId('project-title')).toHaveText(`Vlog Japon ${run}`);
});

test('the project page: header, info cards, notifications and the five tabs with persisted data; chat sends with Enter', async ({
  page,
}) => {
  await signIn(page, accounts.client.email, accounts.client.password, /\/dashboard$/);
  await page.goto(`/project/${ids.inProgress}`);

  await expect(page.getByTestId('project-title')).toHaveText(`Vlog Japon ${run}`);
  await expect(page.getByTestId('project-status').first()).toHaveText('En cours de montage');
  await expect(page.getByTestId('project-editor')).not.toHaveText('Monteur bientôt assigné');
  await expect(page.getByTestId('project-price')).toHaveText(/189,00\s€/);
  await expect(page.getByTestId('project-delivery')).toHaveText('14 mars 2030');
  await expect(page.getByTestId('project-revisions-count')).toHaveText('0/3');
  await expect(page.getByText('YouTube', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('project-notifications')).toContainText('Monteur assigné');

  // Overview: summary with the offer, no action for the client while editing. A project written
  // here was never paid, so it has no invoice to offer (billing.spec downloads a paid one's).
  await expect(page.getByText('Offre de lancement -30 % appliquée')).toBeVisible();
  await expect(page.getByTestId('project-actions')).toContainText('Aucune action à faire pour le moment.');
  await expect(page.getByTestId('download-invoice')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Fichiers' }).click();
  await expect(page.getByRole('heading', { name: 'Vos fichiers sources' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vidéo finale' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Télécharger rush-tokyo.mp4' })).toHaveAttribute(
    'href',
    /X-Amz-Signature=/,
  );

  await page.getByRole('tab', { name: 'Chat' }).click();
  const chat = page.getByTestId('project-chat');
  await expect(chat).toHaveCSS('height', '600px');
  await expect(page.getByTestId('chat-message')).toHaveCount(2);
  const input = page.getByTestId('chat-input');
  await input.press('Enter');
  await expect(page.getByTestId('chat-message')).toHaveCount(2);
  await input.fill('Première ligne');
  await input.press('Shift+Enter');
  await input.pressSequentially('seconde ligne');
  await expect(input).toHaveValue('Première ligne\nseconde ligne');
  await input.press('Enter');
  await expect(page.getByTestId('chat-message')).toHaveCount(3);
  await expect(input).toHaveValue('');
  await page.reload();
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(page.getByTestId('chat-message').last()).toContainText('Première ligne\nseconde ligne');

  await page.getByRole('tab', { name: 'Historique' }).click();
  await expect(page.getByTestId('timeline-entry')).toHaveCount(3);
  await expect(page.getByTestId('timeline-entry').last()).toContainText('par Marie Monteur');

  await page.getByRole('tab', { name: 'Révisions' }).click();
  await expect(page.getByText('Aucune révision demandée.')).toBeVisible();
});

test('on a phone (390 px) every project tab is in sight, opens its panel on a tap, and the arrow keys still move along', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, accounts.client.email, accounts.client.password, /\/dashboard$/);
  await page.goto(`/project/${ids.inProgress}`);
  const tabs = page.getByTestId('project-tabs').getByRole('tab');
  await expect(tabs.filter({ hasText: 'Historique' })).toBeVisible();
  const names = (await tabs.allInnerTexts()).map((name) => name.trim());
  expect(names).toEqual(expect.arrayContaining(['Aperçu', 'Fichiers', 'Chat', 'Révisions', 'Historique']));

  await page.getByTestId('project-tabs').scrollIntoViewIfNeeded();
  for (const name of names) {
    const tab = page.getByRole('tab', { name, exact: true });
    // Wholly within the screen's width, where it is: no tab waits past the edge of a row that scrolls.
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // From the first tab, the right arrow walks the tabs in order, across rows.
  await page.getByRole('tab', { name: names[0], exact: true }).click();
  for (const name of names.slice(1)) {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name, exact: true })).toBeFocused();
    await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  }
});

test('a completed project: the client may ask for a revision (feedback required) and download the deliverables', async ({
  page,
}) => {
  await signIn(page, accounts.client.email, accounts.client.password, /\/dashboard$/);
  await page.goto(`/project/${ids.completed}`);
  await expect(page.getByTestId('project-status').first()).toHaveText('Terminé');
  await expect(page.getByText('1,5 min')).toBeVisible();
  await expect(page.getByTestId('download-deliverables')).toBeVisible();
  await page.getByTestId('action-requestRevision').click();
  const dialog = page.getByRole('dialog', { name: 'Demander une révision' });
  await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Décrivez les modifications souhaitées.');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto(`/project/${ids.revision}`);
  await page.getByRole('tab', { name: 'Révisions' }).click();
  await expect(page.getByTestId('project-revision')).toContainText('Ajouter les sous-titres');
  await expect(page.getByTestId('project-revision')).toContainText('En attente');
});

test('the editor space of the demo editor: load badge, tabs and the buttons each status allows', async ({ page }) => {
  await signIn(page, accounts.editor.email, accounts.editor.password, /\/editor$/);
  await expect(page.getByRole('heading', { name: 'Espace Monteur' })).toBeVisible();
  await expect(page.getByTestId('editor-load')).toHaveText(/Charge\s:\s\d+\/\d+ projets/);
  for (const name of ['Profil', 'Projets Actifs', 'En attente', 'Terminés'])
    await expect(page.getByRole('tab', { name: new RegExp(`^${name}`) })).toBeVisible();

  // The list offers only what the workflow would accept now: no final file yet, so no « Marquer
  // comme terminé »; a revision not started yet offers « Commencer », not « Révision terminée ».
  const active = page.getByRole('tabpanel');
  const inProgress = active.getByTestId('editor-project').filter({ hasText: `Vlog Japon ${run}` });
  await expect(inProgress.getByRole('link', { name: 'Voir le projet' })).toBeVisible();
  await expect(inProgress.getByRole('button', { name: 'Marquer comme terminé' })).toHaveCount(0);
  const revision = active.getByTestId('editor-project').filter({ hasText: `Tutoriel produit ${run}` });
  await expect(revision.getByRole('button', { name: 'Commencer', exact: true })).toBeVisible();
  await expect(revision.getByRole('button', { name: 'Révision terminée' })).toHaveCount(0);

  await page.getByRole('tab', { name: /^En attente/ }).click();
  const pending = page
    .getByRole('tabpanel')
    .getByTestId('editor-project')
    .filter({ hasText: `Reel Instagram ${run}` });
  await expect(pending.getByRole('button', { name: 'Commencer le montage' })).toBeVisible();
  await expect(pending.getByRole('button', { name: 'Marquer comme terminé' })).toHaveCount(0);

  await page.getByRole('tab', { name: /^Terminés/ }).click();
  const done = page
    .getByRole('tabpanel')
    .getByTestId('editor-project')
    .filter({ hasText: `Publicité TikTok ${run}` });
  await expect(done).toBeVisible();
  await expect(done.getByRole('button')).toHaveCount(0);

  // The editor's own project page shows the editor's action and the final upload area…
  await page.goto(`/project/${ids.inProgress}`);
  // …shown disabled until a final file is uploaded, with the reason beside it.
  await expect(page.getByTestId('action-complete')).toHaveText('Marquer comme terminé');
  await expect(page.getByTestId('action-complete')).toBeDisabled();
  await expect(
    page.getByText('Ajoutez au moins un fichier final avant de marquer le projet comme terminé.'),
  ).toBeVisible();
  await expect(page.getByTestId('download-invoice')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Fichiers' }).click();
  await expect(page.getByRole('heading', { name: 'Vidéo finale' })).toBeVisible();
  await expect(page.getByText('Formats acceptés : mp4, mov, avi')).toBeVisible();
  await expect(page.getByText('0 / 5 fichiers')).toBeVisible();
});

test('a new editor configures the profile first; another editor is refused the client’s project', async ({ page }) => {
  await signIn(page, freshEditor.email, freshEditor.password, /\/editor$/);
  await expect(page.getByRole('heading', { name: 'Configuration requise' })).toBeVisible();
  const form = page.getByTestId('editor-profile-form');
  await expect(form.getByLabel('Prénom')).toHaveValue('Nina');
  await expect(form.getByLabel('Taux horaire (€)')).toHaveValue('27');
  await expect(form.getByLabel('Projets simultanés (1 à 10)')).toHaveValue('4');
  await expect(form.getByLabel('Début')).toHaveValue('09:00');
  await expect(form.getByLabel('Fin')).toHaveValue('18:00');
  await expect(form.getByLabel('Fuseau horaire')).toHaveValue('Europe/Paris');

  await form.getByLabel('Taux horaire (€)').fill('14');
  await form.getByLabel('Projets simultanés (1 à 10)').fill('11');
  await form.getByRole('button', { name: 'Créer mon profil' }).click();
  await expect(form.getByText('Le taux horaire minimum est de 15 €.')).toBeVisible();
  await expect(form.getByText('Au plus 10 projets simultanés.')).toBeVisible();

  // What the profile lacks before any project can come is named where « Configuration requise » is.
  const missing = page.getByTestId('editor-profile-missing');
  await expect(missing).toHaveText('Il manque : spécialités, niveaux de complexité visuelle.');

  // Saved without a specialty nor a level: kept, but the editor is told what is still missing.
  await form.getByLabel('Taux horaire (€)').fill('30.5');
  await form.getByLabel('Projets simultanés (1 à 10)').fill('2');
  await form.getByLabel('Lien de portfolio 1').fill('  https://vimeo.com/nina  ');
  await form.getByRole('button', { name: 'Créer mon profil' }).click();
  await expect(toast(page, 'Profil enregistré, mais incomplet')).toContainText(
    'Il manque : spécialités, niveaux de complexité visuelle. Aucun projet ne vous sera confié avant.',
  );
  await expect(page.getByRole('heading', { name: 'Configuration requise' })).toBeVisible();
  await expect(missing).toHaveText('Il manque : spécialités, niveaux de complexité visuelle.');

  await form.getByText('YouTube').click();
  await form.getByRole('button', { name: 'Enregistrer le profil' }).click();
  await expect(toast(page, 'Il manque : niveaux de complexité visuelle.')).toBeVisible();
  await expect(missing).toHaveText('Il manque : niveaux de complexité visuelle.');

  await form.getByText('Modéré').click();
  await form.getByRole('button', { name: 'Enregistrer le profil' }).click();
  await expect(page.getByText('Profil enregistré', { exact: true })).toBeVisible();
  await expect(missing).toHaveCount(0);
  await expect(page.getByTestId('editor-load')).toHaveText('Charge : 0/2 projets');
  await expect(page.getByText('Aucun projet en cours.')).toBeVisible();

  await page.goto(`/project/${ids.inProgress}`);
  await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  await page.goto('/project/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Projet introuvable' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retour' })).toBeVisible();
});
