import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { expect, test, type Page } from '@playwright/test';
import { initOrm } from '../../db/orm';
import { seedProject } from '../support/project-seed';
import { demoAccounts, signIn } from './support/stack';

/**
 * Reflow at 400 % zoom (WCAG 1.4.10): a 1280 px window zoomed 4 times is 320 CSS px wide, here a
 * 320×256 viewport. On every public page, the wizard's steps and the signed-in pages, nothing
 * scrolls sideways, nothing pokes out of the window (a data table scrolls inside its own box,
 * which WCAG allows) and no text is cut short with an ellipsis. The wizard and the project page are captured in .data/screenshots-400.
 */
const ZOOMED = { width: 320, height: 256 };
const accounts = demoAccounts();
const run = Date.now().toString(36).slice(-5);
let orm: MikroORM;
let projectId: string;

test.use({ viewport: ZOOMED });

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  projectId = await seedProject(orm.em.fork(), {
    client: { id: accounts.client.id, email: accounts.client.email },
    editorId: accounts.editor.id,
    status: 'in_progress',
    title: `Documentaire à 400 % ${run}`,
    description: 'Un documentaire de vingt minutes sur un atelier de lutherie, tourné en deux jours.',
    messages: [
      { senderId: accounts.client.id, senderName: 'Client Démo', content: 'Voici les rushs du deuxième jour.' },
      { senderId: accounts.editor.id, senderName: 'Monteur Démo', content: 'Bien reçu, je commence demain.' },
    ],
  });
});
test.afterAll(async () => {
  await orm?.close();
});

/**
 * What breaks reflow on the page as it is: a page wider than the window, and each visible element
 * that reaches past the window's left or right edge outside a box that scrolls sideways.
 */
async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    const scrollsSideways = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const overflow = getComputedStyle(node).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && node.scrollWidth > node.clientWidth) return true;
      }
      return false;
    };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      // Text cut short with an ellipsis (« 135,… ») is text the reader loses.
      // (A field's own value scrolls inside it.)
      const field = ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
      if (!field && style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1) {
        problems.push(
          `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> « ${(element.textContent ?? '').trim().slice(0, 50)} » is cut short with an ellipsis`,
        );
        continue;
      }
      // Visually hidden text for screen readers (1 px, clipped) is not on screen.
      if (rect.width <= 1 && rect.height <= 1) continue;
      if (rect.right <= width + 1 && rect.left >= -1) continue;
      if (scrollsSideways(element)) continue;
      // Report the outermost offender only.
      const parent = element.parentElement?.getBoundingClientRect();
      if (parent && (parent.right > width + 1 || parent.left < -1) && !scrollsSideways(element.parentElement!))
        continue;
      const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 50);
      problems.push(
        `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> « ${label} » spans ${Math.round(rect.left)}–${Math.round(rect.right)} px`,
      );
    }
    return problems;
  });
}

async function expectReflow(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('load');
  expect(await reflowProblems(page), `${what} at 320 px (${page.url()})`).toEqual([]);
}

const screenshots = () => path.join(test.info().config.rootDir, '../../.data/screenshots-400');

const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/contact',
  '/recrutement',
  '/brief-old',
  '/login',
  '/auth',
  '/confirm-email',
  '/terms-of-service',
  '/privacy-policy',
  '/legal-notice',
  '/page-qui-n-existe-pas',
];

test('every public page reflows into 320 px', async ({ page }) => {
  const problems: Record<string, string[]> = {};
  for (const address of PUBLIC_PAGES) {
    await page.goto(address);
    await expect(page.locator('main#main-content')).toBeVisible();
    await page.waitForLoadState('load');
    const found = await reflowProblems(page);
    if (found.length) problems[address] = found;
  }
  expect(problems).toEqual({});
});

test('the brief wizard’s steps and the checkout reflow into 320 px', async ({ page }) => {
  await page.goto('/brief');
  await expect(page.getByText('Glissez vos fichiers ici ou cliquez pour les choisir').first()).toBeVisible();
  await expectReflow(page, 'wizard, step 1');
  await page.screenshot({ path: path.join(screenshots(), 'wizard-step-1.png') });
  await page.screenshot({ path: path.join(screenshots(), 'wizard-step-1-full.png'), fullPage: true });

  await page.getByLabel(/^Votre adresse e-mail/).fill(`reflow-${Date.now()}@example.com`);
  await page.getByLabel(/^Type de vidéo/).selectOption('youtube');
  await page.getByLabel(/Durée finale souhaitée/).fill('5');
  await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
  await expect(page.getByText('Étape 2 sur 3 — Estimation')).toBeVisible();
  await expectReflow(page, 'wizard, step 2');
  await page.screenshot({ path: path.join(screenshots(), 'wizard-step-2.png') });
  await page.screenshot({ path: path.join(screenshots(), 'wizard-step-2-full.png'), fullPage: true });

  await page.getByRole('button', { name: /Procéder au paiement/ }).click();
  await expect(page).toHaveURL(/\/checkout\/simulated\?session_id=cs_test_sim_/, { timeout: 30_000 });
  await expect(page.getByTestId('simulated-amount')).toBeVisible();
  await expectReflow(page, 'simulated checkout');
});

test('the dashboard, the project page and the admin page reflow into 320 px', async ({ browser }) => {
  test.setTimeout(120_000);
  const client = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(client, accounts.client.email, accounts.client.password, /\/dashboard$/);
  await client.setViewportSize(ZOOMED);
  await expect(client.getByTestId('dashboard-project').first()).toBeVisible();
  await expectReflow(client, 'client dashboard');

  await client.goto(`/project/${projectId}`);
  await expect(client.getByTestId('project-status').first()).toHaveText('En cours de montage');
  await expectReflow(client, 'project page, overview');
  await client.screenshot({ path: path.join(screenshots(), 'project-page.png') });
  await client.screenshot({ path: path.join(screenshots(), 'project-page-full.png'), fullPage: true });
  for (const name of ['Fichiers', 'Chat', 'Révisions', 'Historique']) {
    await client.getByRole('tab', { name, exact: true }).click();
    await expect(client.getByRole('tabpanel', { name })).toBeVisible();
    await expectReflow(client, `project page, ${name}`);
  }
  await client.getByRole('tab', { name: 'Chat', exact: true }).click();
  await client.screenshot({ path: path.join(screenshots(), 'project-page-chat-full.png'), fullPage: true });

  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(admin, accounts.admin.email, accounts.admin.password, /\/admin$/);
  await admin.setViewportSize(ZOOMED);
  for (const tab of await admin.getByRole('tablist').first().getByRole('tab').allInnerTexts()) {
    const name = tab.trim();
    await admin.getByRole('tab', { name, exact: true }).click();
    await expect(admin.getByRole('tabpanel', { name })).toBeVisible();
    await expectReflow(admin, `admin, ${name}`);
  }
  await admin.screenshot({ path: path.join(screenshots(), 'admin-full.png'), fullPage: true });
  await client.context().close();
  await admin.context().close();
});
