import type { MikroORM } from '@mikro-orm/postgresql';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { initOrm } from '../../db/orm';
import { seedProject } from '../support/project-seed';
import { demoAccounts, signIn } from './support/stack';

/**
 * prefers-reduced-motion: reduce. The pieces that move by default (the loading spinner, the
 * skeleton's pulse, the dialog, the toast's slide, a progress bar's fill, the smooth scroll of the
 * wizard's steps) run no animation and no transition for a visitor who asked for less motion (the
 * spinner stays, still). Without the request they do move, so the check reads what the page does.
 */

const accounts = demoAccounts();
let orm: MikroORM;
let projectId: string;

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  projectId = await seedProject(orm.em.fork(), {
    client: { id: accounts.client.id, email: accounts.client.email },
    status: 'brief_received',
    title: `Teaser sans mouvement ${Date.now().toString(36)}`,
  });
});
test.afterAll(async () => {
  await orm?.close();
});

interface Motion {
  animation: string;
  transition: string;
  running: number;
}

/** The element's computed animation and transition, and how many animations run on it now. */
const motionOf = (locator: Locator): Promise<Motion> =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      animation: `${style.animationName} ${style.animationDuration}`,
      transition: style.transitionDuration,
      running: element.getAnimations().filter((animation) => animation.playState === 'running').length,
    };
  });

const STILL: Motion = { animation: 'none 0s', transition: '0s', running: 0 };

/** Every animation or transition running anywhere on the page, by its element. */
const runningAnimations = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return `${animation.constructor.name} on <${target?.tagName.toLowerCase()} class="${target?.getAttribute('class')}">`;
      }),
  );

/** Holds back the answers to `pattern` until the returned function is called. */
async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The page's loading spinner, while the settings every page reads are held back. */
async function loadingSpinner(page: Page) {
  const release = await holdBack(page, '**/api/pricing/settings');
  await page.goto('/contact');
  const spinner = page.getByRole('status').filter({ hasText: 'Chargement' }).locator('svg');
  await expect(spinner).toBeVisible();
  return { spinner, release };
}

/** The skeleton of the client's project chat, its messages held back. */
async function chatLoading(page: Page) {
  await signIn(page, accounts.client.email, accounts.client.password, /\/dashboard$/);
  const release = await holdBack(page, `**/api/projects/${projectId}/messages*`);
  await page.goto(`/project/${projectId}`);
  await page.getByRole('tab', { name: 'Chat', exact: true }).click();
  const skeleton = page.getByTestId('project-chat').locator('.animate-pulse').first();
  await expect(skeleton).toBeVisible();
  return { skeleton, release };
}

test('without a motion preference the spinner turns and the skeleton pulses (what the next tests turn off)', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const { spinner, release } = await loadingSpinner(page);
  expect((await motionOf(spinner)).animation).toMatch(/^spin \d/);
  release();

  const { skeleton, release: releaseMessages } = await chatLoading(page);
  expect((await motionOf(skeleton)).animation).toMatch(/^pulse \d/);
  releaseMessages();
});

test('with prefers-reduced-motion: reduce, the skeleton stands still', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { skeleton, release } = await chatLoading(page);
  expect(await motionOf(skeleton)).toEqual(STILL);
  expect(await runningAnimations(page)).toEqual([]);
  release();
  await expect(page.getByText('Aucun message pour le moment. Écrivez le premier !')).toBeVisible();
});

test('with prefers-reduced-motion: reduce, no animation or transition plays', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });

  // The spinner keeps its shape and does not turn.
  const { spinner, release } = await loadingSpinner(page);
  expect(await motionOf(spinner)).toEqual(STILL);
  expect(await runningAnimations(page)).toEqual([]);
  release();
  await expect(spinner).toHaveCount(0);

  // A dialog opens and a toast shows without moving.
  await page.goto('/brief');
  await expect(page.getByText('Glissez vos fichiers ici ou cliquez pour les choisir').first()).toBeVisible();
  await page.getByRole('button', { name: 'Comment ça marche ?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Comment ça marche' });
  await expect(dialog).toBeVisible();
  expect(await motionOf(dialog)).toEqual(STILL);
  expect(await runningAnimations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
  const shown = page.locator('[data-sonner-toast]').filter({ hasText: 'Veuillez remplir les informations de base' });
  await expect(shown).toBeVisible();
  expect(await motionOf(shown)).toEqual(STILL);
  expect(await runningAnimations(page)).toEqual([]);

  // The wizard goes to its next step at once: no smooth scroll back to the top.
  await page.getByLabel(/^Votre adresse e-mail/).fill(`mouvement-${Date.now()}@example.com`);
  await page.getByLabel(/^Type de vidéo/).selectOption('youtube');
  await page.getByLabel(/Durée finale souhaitée/).fill('5');
  await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
  await expect(page.getByText('Étape 2 sur 3 — Estimation')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // The application form's progress bar fills without a transition.
  await page.goto('/recrutement');
  const progress = page.getByRole('progressbar').first().locator('div');
  await expect(progress).toBeAttached();
  expect(await motionOf(progress)).toEqual(STILL);
  expect(await runningAnimations(page)).toEqual([]);
});
