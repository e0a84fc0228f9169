import { expect, test, type Page } from '@playwright/test';

/**
 * La règle des révisions, as a visitor reads it: the home page, /pricing, the FAQ and the brief's
 * « Comment ça marche » dialog give the same sentence, with the numbers the workflow enforces (the
 * admin settings), and none of them promises unlimited revisions.
 */
async function enforcedRule(page: Page): Promise<{ maxRevisions: number; revisionWindowDays: number }> {
  const answer = await page.request.get('/api/pricing/settings');
  return (await answer.json()) as { maxRevisions: number; revisionWindowDays: number };
}

const bodyText = (page: Page) => page.locator('body').innerText();

test('the home page, /pricing, the FAQ and the brief’s help state one revision rule, the enforced one', async ({
  page,
}) => {
  const rule = await enforcedRule(page);
  const days = new RegExp(`pendant ${rule.revisionWindowDays}\\s+jours? après chaque livraison`);

  await page.goto('/');
  const home = page.getByTestId('home-revision-terms');
  await expect(home).toContainText(`${rule.maxRevisions} révision`);
  await expect(home).toHaveText(days);
  const sentence = (await home.innerText()).trim();
  expect(await bodyText(page)).not.toMatch(/illimit/i);

  await page.goto('/pricing');
  await expect(page.getByTestId('pricing-revision-terms')).toHaveText(sentence);
  expect(await bodyText(page)).not.toMatch(/illimit/i);
  // The simulator's always-on option is the time revisions take, not a promise of unlimited ones.
  // /pricing is written at build time too: the tab answers once the page is taken over.
  await expect(async () => {
    await page.getByRole('tab', { name: 'Options avancées' }).click();
    await expect(page.getByText('Révisions incluses')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  expect(await bodyText(page)).not.toMatch(/illimit/i);

  await page.goto('/contact');
  await page.getByText('Puis-je demander des modifications ?').click();
  await expect(page.getByRole('group').filter({ hasText: 'Puis-je demander des modifications ?' })).toContainText(
    sentence,
  );

  await page.goto('/brief');
  // /brief is written at build time: its buttons answer once the page is taken over, when the drop zone arrives.
  await expect(page.getByText('Glissez vos fichiers ici ou cliquez pour les choisir').first()).toBeVisible();
  await page.getByRole('button', { name: 'Comment ça marche ?' }).click();
  await expect(page.getByRole('dialog', { name: 'Comment ça marche' })).toContainText(sentence);
});
