import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { connectTemporal } from '../../api/temporal/connection';
import { EditorProfile, Project } from '../../db/entities';
import { initOrm } from '../../db/orm';
import { todayIn } from '../../domain/delivery';
import { projectWorkflowId } from '../../workflows/contracts/project';
import { seedEditor } from '../support/admin-seed';
import { seedProject, startSeededProjectWorkflow } from '../support/project-seed';
import { demoAccounts, signIn, toast } from './support/stack';

/**
 * Admin › Projets on the running stack: the admin gives an in-progress project of the demo editor
 * to another editor, moves its planned delivery date and adds revisions to its quota, each from
 * its dialog used with the keyboard alone, each through the project's workflow, each in the
 * Journal; the project links to its workflow in the Temporal UI and to the trace of its creation.
 * With ADMIN_SCREENSHOTS=<folder>, the dialogs and links are captured there (desktop and phone).
 */
const accounts = demoAccounts();
const run = Date.now().toString(36).slice(-5);
const title = `Réassignation ${run}`;
const screenshots = process.env.ADMIN_SCREENSHOTS;
let orm: MikroORM;
let temporal: Client;
let projectId = '';
let otherEditor = '';

test.beforeAll(async () => {
  orm = (await initOrm(process.env.DATABASE_URL ?? '')) as MikroORM;
  temporal = await connectTemporal(process.env.TEMPORAL_ADDRESS ?? '', process.env.TEMPORAL_NAMESPACE ?? 'default');
  otherEditor = await seedEditor(orm, { firstName: 'Yanis', lastName: `Relais ${run}` });
  projectId = await seedProject(orm.em.fork(), {
    client: { id: accounts.client.id, email: accounts.client.email },
    editorId: accounts.editor.id,
    status: 'in_progress',
    title,
    deliveryDate: new Date(Date.now() + 6 * 86_400_000),
    history: [
      { oldStatus: null, newStatus: 'brief_received', comment: 'Paiement reçu' },
      { oldStatus: 'brief_received', newStatus: 'assigned' },
      { oldStatus: 'assigned', newStatus: 'in_progress' },
    ],
  });
  await startSeededProjectWorkflow(temporal, projectId);
  if (screenshots) fs.mkdirSync(screenshots, { recursive: true });
});

test.afterAll(async () => {
  await temporal?.workflow
    .getHandle(projectWorkflowId(projectId))
    .terminate('end of the admin projects spec')
    .catch(() => undefined);
  const em = orm.em.fork();
  await em.nativeDelete(Project, { id: projectId });
  await em.nativeDelete(EditorProfile, { userId: otherEditor });
  await temporal?.connection.close();
  await orm?.close();
});

async function capture(page: Page, name: string) {
  if (!screenshots) return;
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: false });
}

/** The project's row (desktop) or card (phone) in Admin › Projets, found by its id. */
async function projectEntry(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Projets' }).click();
  const filters = page.getByRole('form', { name: 'Filtres des projets' });
  if (!(await filters.isVisible())) await page.getByRole('button', { name: 'Filtres des projets' }).click();
  await filters.getByLabel('Titre, référence, email ou identifiant').fill(projectId);
  await filters.getByRole('button', { name: 'Rechercher' }).click();
  const row = page.locator(`[data-testid="admin-project-row"][data-project-id="${projectId}"]`);
  const card = page.getByTestId('admin-project-card').filter({ hasText: title });
  const entry = (await page.viewportSize())!.width >= 768 ? row : card;
  await expect(entry).toBeVisible();
  return entry;
}

test('the admin reassigns an in-progress project, moves its deadline and adds revisions, with the keyboard', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, accounts.admin.email, accounts.admin.password, /\/admin$/);
  let entry = await projectEntry(page);
  for (const label of [
    `Changer de monteur pour le projet ${title}`,
    `Changer la date de livraison du projet ${title}`,
    `Ajouter des révisions au projet ${title}`,
    `Annuler le projet ${title}`,
  ])
    await expect(entry.getByRole('button', { name: label, exact: true })).toBeVisible();

  // Another editor: the dialog lists those with a free slot, never the project's own.
  await entry.getByRole('button', { name: `Changer de monteur pour le projet ${title}` }).focus();
  await page.keyboard.press('Enter');
  const reassign = page.getByRole('dialog', { name: 'Changer de monteur' });
  await expect(reassign).toContainText(`suivi aujourd’hui par`);
  const choice = reassign.getByRole('button', { name: `Confier à Yanis Relais ${run}` });
  await expect(choice).toBeVisible();
  await capture(page, 'admin-reassign-1280');
  await choice.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, `Projet confié à Yanis Relais ${run}`)).toBeVisible();
  await expect(reassign).toBeHidden();
  entry = await projectEntry(page);
  await expect(entry).toContainText(`Yanis Relais ${run}`);

  // Another date: a past one is refused in French, then a date three weeks on is taken.
  await entry.getByRole('button', { name: `Changer la date de livraison du projet ${title}` }).focus();
  await page.keyboard.press('Enter');
  const deadline = page.getByRole('dialog', { name: 'Changer la date de livraison' });
  const field = deadline.getByLabel('Nouvelle date de livraison');
  await field.fill(todayIn());
  await field.press('Enter');
  await expect(deadline.getByRole('alert')).toHaveText('Choisissez une date de livraison à partir de demain.');
  await capture(page, 'admin-deadline-1280');
  const noon = new Date(`${todayIn()}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + 21);
  await field.fill(noon.toISOString().slice(0, 10));
  await field.press('Enter');
  const frenchDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' }).format(noon);
  await expect(toast(page, `Livraison prévue le ${frenchDate}`)).toBeVisible();
  entry = await projectEntry(page);
  await expect(entry).toContainText(frenchDate);

  // More revisions: added to the project's quota.
  const quota = (await orm.em.fork().findOneOrFail(Project, projectId)).maxRevisions;
  await entry.getByRole('button', { name: `Ajouter des révisions au projet ${title}` }).focus();
  await page.keyboard.press('Enter');
  const revisions = page.getByRole('dialog', { name: 'Ajouter des révisions' });
  await expect(revisions).toContainText(`0 révision demandée sur ${quota} prévues`);
  const count = revisions.getByLabel('Révisions à ajouter');
  await count.fill('12');
  await count.press('Enter');
  await expect(revisions.getByRole('alert')).toHaveText('On ajoute au plus 10 révisions à la fois.');
  await count.fill('2');
  await capture(page, 'admin-revisions-1280');
  await count.press('Enter');
  await expect(toast(page, `2 révisions ajoutées : ${quota + 2} au total`)).toBeVisible();
  expect((await orm.em.fork().findOneOrFail(Project, projectId)).maxRevisions).toBe(quota + 2);

  // Each change is in the Journal.
  await page.getByRole('tab', { name: 'Journal' }).click();
  const rows = page.getByTestId('audit-row').filter({ hasText: title });
  for (const action of ['Monteur changé', 'Date de livraison changée', 'Révisions ajoutées'])
    await expect(rows.filter({ hasText: action })).toHaveCount(1);
  await capture(page, 'admin-journal-1280');

  // On a phone: the same actions on the project's card, the dialog fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  entry = await projectEntry(page);
  await capture(page, 'admin-projects-390');
  await entry.getByRole('button', { name: `Changer de monteur pour le projet ${title}` }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Changer de monteur' });
  await expect(phoneDialog).toBeVisible();
  await capture(page, 'admin-reassign-390');
  await page.keyboard.press('Escape');
  await entry.getByRole('button', { name: `Ajouter des révisions au projet ${title}` }).click();
  await expect(page.getByRole('dialog', { name: 'Ajouter des révisions' })).toBeVisible();
  await capture(page, 'admin-revisions-390');
});

test('the admin opens a project’s workflow and the trace of its creation, each in a new tab', async ({ page }) => {
  const traceId = randomBytes(16).toString('hex');
  await orm.em.fork().nativeUpdate(Project, { id: projectId }, { traceId });
  // The test stack sets TRACE_URL_TEMPLATE (scripts/lib/stack-config.mjs), as a deployment with a tracing UI does.
  const template = process.env.TRACE_URL_TEMPLATE ?? '';
  expect(template).toContain('{traceId}');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, accounts.admin.email, accounts.admin.password, /\/admin$/);
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    const entry = await projectEntry(page);
    const trace = entry.getByRole('link', { name: `Ouvrir la trace de ${title} (nouvel onglet)`, exact: true });
    await expect(trace).toHaveText('Trace');
    await expect(trace).toHaveAttribute('href', template.replace('{traceId}', traceId));
    await expect(trace).toHaveAttribute('target', '_blank');
    await expect(trace).toHaveAttribute('rel', /\bnoopener\b/);
    const workflow = entry.getByRole('link', {
      name: `Ouvrir le workflow de ${title} dans Temporal UI (nouvel onglet)`,
      exact: true,
    });
    await expect(workflow).toHaveAttribute('href', /WorkflowId/);
    await trace.scrollIntoViewIfNeeded();
    await capture(page, `admin-project-links-${width}`);
  }

  // A project whose creation was not traced (tracing off) has no trace link.
  await orm.em.fork().nativeUpdate(Project, { id: projectId }, { traceId: null });
  await page.reload();
  const entry = await projectEntry(page);
  await expect(entry.getByRole('link', { name: /Ouvrir le workflow de/ })).toBeVisible();
  await expect(entry.getByRole('link', { name: /Ouvrir la trace de/ })).toHaveCount(0);
});
