import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../api/config';
import { Brief } from '../../db/entities';
import { PROOF_OF_WORK_MESSAGES } from '../../domain/proof-of-work';
import { startOwnApi, type OwnApi } from '../support/own-api';

/**
 * The brief wizard past its soft threshold, in the browser: the second brief of the hour from one
 * network is asked for a proof of work, the wizard shows the ALTCHA widget, the browser solves it
 * and the brief is stored. The api is the suite's own over the stack's services, with a threshold
 * of one anonymous brief an hour; the visitor is a network of its own (X-Forwarded-For, an IPv6 /64).
 */

let api: OwnApi;

test.beforeAll(async () => {
  api = await startOwnApi({ ...loadConfig(), PROOF_OF_WORK_AFTER_BRIEFS: { points: 1, windowSeconds: 3_600 } });
});

test.afterAll(async () => {
  await api?.close();
});

test.use({
  // Playwright reads a fixture's dependencies from this destructuring: none here.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1` });
  },
});

const storedBriefs = (email: string) => api.orm.em.fork().count(Brief, { email });

/** The wizard's shortest brief, sent with « Procéder au paiement ». */
async function sendBrief(page: Page, email: string) {
  await page.goto(`${api.base}/brief`);
  await expect(page.getByText('Étape 1 sur 3 — Brief détaillé')).toBeVisible();
  await page.getByLabel(/^Votre adresse e-mail/).fill(email);
  await page.getByLabel(/^Type de vidéo/).selectOption('youtube');
  await page.getByLabel(/Durée finale souhaitée/).fill('5');
  await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
  await expect(page.getByText('Étape 2 sur 3 — Estimation')).toBeVisible();
  await page.getByRole('button', { name: /Procéder au paiement/ }).click();
}

test('past the threshold the wizard shows the anti-robot check, solves it and the brief is stored', async ({
  page,
}) => {
  const first = `pow-1-${randomUUID().slice(0, 8)}@rushflow.test`;
  await sendBrief(page, first);
  await expect.poll(() => storedBriefs(first)).toBe(1);
  await expect(page.getByText(PROOF_OF_WORK_MESSAGES.required)).toHaveCount(0);

  // A new brief from the same network: the api asks for the check, the wizard solves it by itself.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  const second = `pow-2-${randomUUID().slice(0, 8)}@rushflow.test`;
  await sendBrief(page, second);
  const check = page.getByRole('alert').filter({ hasText: PROOF_OF_WORK_MESSAGES.required });
  await expect(check).toBeVisible();
  await expect(check.locator('altcha-widget')).toBeAttached();
  await expect.poll(() => storedBriefs(second), { timeout: 60_000 }).toBe(1);
});
