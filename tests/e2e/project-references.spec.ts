import { expect, test, type Page } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/core';
import { Project } from '../../db/entities';
import { initOrm } from '../../db/orm';
import { seedProject } from '../support/project-seed';
import { demoAccounts, signIn } from './support/stack';

/**
 * Projects people can tell apart: the client's dashboard, the bell, the project page and the
 * admin's lists show each project's name (from its brief) and its reference, and the project's
 * summary reads the brief's answers in French.
 */
const accounts = demoAccounts();
const run = Date.now().toString(36).slice(-5);
let orm: MikroORM;
let wedding: Project;
let launch: Project;

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  const client = { id: accounts.client.id, email: accounts.client.email };
  const now = Date.now();
  // A wizard brief with its own type: no project name, the project is named from its answers.
  const weddingId = await seedProject(orm.em.fork(), {
    client,
    status: 'brief_received',
    title: `Vidéo de mariage ${run} · Inspirer`,
    videoType: 'autre',
    createdAt: new Date(now - 60_000),
    brief: { projectName: null, videoType: 'autre', videoTypeCustom: `Vidéo de mariage ${run}`, objective: 'inspirer' },
    briefData: {
      objective: 'inspirer',
      editing_style: 'storytelling',
      delivery_formats: ['horizontal', 'vertical'],
      deadline: 'standard',
      language: 'fr',
      needs_subtitles: true,
    },
    notifications: [
      {
        userId: client.id,
        type: 'payment_received',
        title: 'Paiement confirmé !',
        message: 'Votre projet est créé. Un monteur va lui être assigné.',
      },
    ],
  });
  const launchId = await seedProject(orm.em.fork(), {
    client,
    status: 'brief_received',
    title: `Lancement printemps ${run}`,
    createdAt: new Date(now - 120_000),
  });
  const em = orm.em.fork();
  wedding = await em.findOneOrFail(Project, weddingId);
  launch = await em.findOneOrFail(Project, launchId);
});

test.afterAll(async () => {
  await orm?.close();
});

const REFERENCE = /^RF-\d{4}-\d{4,}$/;

test('the dashboard and the bell tell the client’s projects apart by name and reference', async ({ page }) => {
  expect(wedding.reference).toMatch(REFERENCE);
  expect(launch.reference).toMatch(REFERENCE);
  expect(wedding.reference).not.toBe(launch.reference);
  await signIn(page, accounts.client.email, accounts.client.password, /\/dashboard$/);

  for (const project of [wedding, launch]) {
    const row = page.getByTestId('dashboard-project').filter({ hasText: project.title });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('project-reference')).toHaveText(project.reference);
  }

  await page.getByTestId('notification-bell').click();
  const item = page.getByTestId('notification-item').filter({ hasText: wedding.reference });
  await expect(item.getByTestId('notification-project')).toHaveText(`${wedding.reference} · ${wedding.title}`);
});

test('the project page shows its reference and the brief’s answers in French, not their codes', async ({ page }) => {
  await signIn(page, accounts.client.email, accounts.client.password, /\/dashboard$/);
  await page.goto(`/project/${wedding.id}`);
  await expect(page.getByTestId('project-reference')).toHaveText(wedding.reference);
  await expect(page.getByTestId('project-title')).toHaveText(wedding.title);
  // The type the client typed beside « autre », not « Autre ».
  await expect(page.getByText(`Vidéo de mariage ${run}`, { exact: true })).toBeVisible();

  const answer = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(answer('Objectif')).toHaveText('Inspirer');
  await expect(answer('Style de montage')).toHaveText('Storytelling');
  await expect(answer('Formats de livraison')).toHaveText('Horizontal (16:9), Vertical (9:16)');
  await expect(answer('Délai')).toHaveText('Standard');
  await expect(answer('Langue')).toHaveText('Français');
  await expect(answer('Sous-titres')).toHaveText('Oui');
  for (const code of ['inspirer', 'horizontal', 'standard', 'fr'])
    await expect(page.getByText(code, { exact: true })).toHaveCount(0);
});

/** Admin › Projets, searched for `text`. */
async function searchProjects(page: Page, text: string) {
  await page.getByRole('tab', { name: 'Projets' }).click();
  const filters = page.getByRole('form', { name: 'Filtres des projets' });
  if (!(await filters.isVisible())) await page.getByRole('button', { name: 'Filtres des projets' }).click();
  await filters.getByLabel('Titre, référence, email ou identifiant').fill(text);
  await filters.getByRole('button', { name: 'Rechercher' }).click();
}

test('Admin › Projets finds a project by its reference; Admin › Briefs names a brief without a title', async ({
  page,
}) => {
  await signIn(page, accounts.admin.email, accounts.admin.password, /\/admin$/);
  await searchProjects(page, wedding.reference);
  const rows = page.getByTestId('admin-project-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-project-id', wedding.id);
  await expect(rows.first().getByTestId('project-reference')).toHaveText(wedding.reference);
  await expect(rows.first()).toContainText(wedding.title);

  await page.getByRole('tab', { name: 'Briefs' }).click();
  const briefFilters = page.getByRole('form', { name: 'Filtres des briefs' });
  await briefFilters.getByLabel('Email, nom du projet ou identifiant').fill(wedding.brief.id);
  await briefFilters.getByRole('button', { name: 'Rechercher' }).click();
  const brief = page.locator(`[data-testid="admin-brief-row"][data-brief-id="${wedding.brief.id}"]`);
  await expect(brief).toContainText(wedding.title);
  await expect(brief).not.toContainText('Sans titre');
  await expect(brief.getByRole('link', { name: /du brief de/ })).toHaveText(`Projet ${wedding.reference}`);
});

test('on a phone, Admin › Projets shows the reference on each card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, accounts.admin.email, accounts.admin.password, /\/admin$/);
  await searchProjects(page, launch.reference);
  const card = page.getByTestId('admin-project-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('project-reference')).toHaveText(launch.reference);
  await expect(card).toContainText(launch.title);
});
