import { expect, test } from '@playwright/test';
import { expectFocusOn, expectVisibleFocus, tabTo, typeInto } from './support/keyboard';

/**
 * Ordering and paying without a mouse: the wizard's shortest brief typed field by field after Tab,
 * its two steps, the simulated checkout and the success page, with only the keys a keyboard user
 * presses. At each stop the focus is on the expected element, with a visible indicator.
 */
test('a visitor orders and pays a montage through /brief with the keyboard alone', async ({ page }) => {
  test.setTimeout(150_000);
  const email = `clavier-${Date.now()}@example.com`;
  await page.goto('/brief');
  // /brief is written at build time: its fields answer once the page is taken over, when the drop zone arrives.
  await expect(page.getByText('Glissez vos fichiers ici ou cliquez pour les choisir').first()).toBeVisible();

  // The skip link first, then straight to the form.
  await page.keyboard.press('Tab');
  await expectFocusOn(page, page.getByRole('link', { name: 'Aller au contenu principal' }));
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  const emailField = page.getByLabel(/^Votre adresse e-mail/);
  await typeInto(page, emailField, email);
  // The fields follow each other in reading order: each is the next stop, or the one after a help link.
  const videoType = page.getByLabel(/^Type de vidéo/);
  await tabTo(page, videoType, { limit: 2 });
  await expectVisibleFocus(page);
  await page.keyboard.type('YouTube');
  await expect(videoType).toHaveValue('youtube');
  await page.keyboard.press('Shift+Tab');
  await expect(emailField).toBeFocused();
  const finalDuration = page.getByLabel(/Durée finale souhaitée/);
  await tabTo(page, finalDuration, { limit: 4 });
  await expectVisibleFocus(page);
  await page.keyboard.type('5');

  await tabTo(page, page.getByRole('button', { name: /Obtenir mon estimation/ }), { limit: 150 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Étape 2 sur 3 — Estimation')).toBeVisible();
  // The new step's heading takes the focus, so the next Tab goes on from the top of the step.
  await expect(page.getByRole('heading', { level: 2, name: 'Estimation', exact: true })).toBeFocused();

  const pay = page.getByRole('button', { name: /Procéder au paiement/ });
  await tabTo(page, pay, { limit: 60 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/checkout\/simulated\?session_id=cs_test_sim_/, { timeout: 30_000 });
  await expect(page.getByRole('note')).toHaveText('Mode test — aucun paiement réel');
  await tabTo(page, page.getByRole('button', { name: /^Payer/ }), { limit: 30 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_sim_/);
  await expect(page.getByRole('heading', { name: 'Paiement confirmé !' })).toBeVisible({ timeout: 60_000 });
  const projectLink = page.getByRole('link', { name: 'Voir mon projet' });
  await tabTo(page, projectLink, { limit: 30 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  // The project page is for signed-in users: the anonymous payer is asked to sign in first.
  await expect(page).toHaveURL(/\/project\/|\/login|\/auth|realms\/rushflow/);
});
