import type { MikroORM } from '@mikro-orm/postgresql';
import { expect, test } from '@playwright/test';
import { EditorProfile } from '../../db/entities';
import { initOrm } from '../../db/orm';
import { submitApplication } from '../support/admin-seed';
import { testStack } from '../support/stack-env';
import { expectFocusOn, expectVisibleFocus, signInWithKeyboard, tabTo } from './support/keyboard';
import { demoAccounts, stackKeycloak, toast } from './support/stack';

/**
 * Admin › Recrutement with the keyboard alone: the tabs by their arrows, an application's status
 * changed in its select (typing the status's first letter), then « Inviter comme éditeur ». The
 * select keeps the focus while it saves; the invitation's date takes it when the button gives way.
 */
const accounts = demoAccounts();
const stack = testStack();
const keycloak = stackKeycloak();
const email = `candidat-clavier-${Date.now().toString(36)}@example.com`;
let orm: MikroORM;

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  await submitApplication(stack.appUrl, orm, email, { firstName: 'Noé', lastName: 'Clavier' });
});
test.afterAll(async () => {
  // The invited editor takes no project of the other suites, and leaves no account behind.
  const user = await keycloak.findUserByEmail(email).catch(() => null);
  if (user) {
    await orm.em.fork().nativeUpdate(EditorProfile, { userId: user.id }, { status: 'inactive' });
    await keycloak.deleteUser(user.id).catch(() => undefined);
  }
  await orm?.close();
});

test('an admin approves an application and invites the applicant with the keyboard alone', async ({ page }) => {
  test.setTimeout(150_000);
  await signInWithKeyboard(page, accounts.admin, /\/admin$/);

  // One stop for the tab list; the arrows move between the tabs.
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  const selected = tabs.and(page.locator('[aria-selected="true"]'));
  await tabTo(page, selected, { limit: 60 });
  await expectVisibleFocus(page);
  const recruitment = page.getByRole('tab', { name: /^Recrutement/ });
  for (
    let presses = 0;
    presses < 8 && !(await recruitment.evaluate((tab) => tab === document.activeElement));
    presses++
  )
    await page.keyboard.press('ArrowRight');
  await expectFocusOn(page, recruitment);
  await expect(recruitment).toHaveAttribute('aria-selected', 'true');

  const card = page.getByTestId('application-card').filter({ hasText: email });
  await expect(card).toBeVisible();
  const status = card.getByLabel('Statut', { exact: true });
  await tabTo(page, status, { limit: 400 });
  await expectVisibleFocus(page);
  // A closed select takes the first letter of an option, as a keyboard user picks one: A for « Approuvé ».
  await page.keyboard.type('A');
  await expect(toast(page, 'Candidature mise à jour')).toBeVisible();
  await expect(status).toHaveValue('approved');
  await expect(card.locator('span', { hasText: /^Approuvé$/ })).toBeVisible();
  await expectFocusOn(page, status);

  const invite = card.getByRole('button', { name: 'Inviter comme éditeur' });
  await tabTo(page, invite, { limit: 2 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(toast(page, `Invitation envoyée à ${email}`)).toBeVisible({ timeout: 60_000 });
  const invited = card.getByText(/^Invité le/);
  await expect(invited).toBeVisible();
  await expectFocusOn(page, invited);
});
