import { expect, test } from '@playwright/test';
import { standardWizardBrief } from '../support/brief-fixtures';

/**
 * Brief → estimate → simulated payment → /payment-success → project page, against a stack without
 * STRIPE_SECRET_KEY (the local default: simulated checkout posting a signed event to the webhook).
 */
test('a submitted brief is paid through the simulated checkout and becomes a project', async ({ page, request }) => {
  const email = `e2e-pay-${Date.now()}@example.com`;
  const submitted = await request.post('/api/briefs', {
    data: standardWizardBrief(email),
  });
  expect(submitted.status()).toBe(201);
  const { briefId } = (await submitted.json()) as { briefId: string };
  const summary = (await (await request.get(`/api/briefs/${briefId}/payment`)).json()) as {
    offerPriceCents: number;
    priceCents: number;
  };
  expect(summary.offerPriceCents).toBeLessThan(summary.priceCents);

  // The estimate and the payment button.
  await page.goto(`/brief/${briefId}/payment`);
  await expect(page.getByRole('heading', { name: 'Paiement de votre brief' })).toBeVisible();
  await expect(page.getByTestId('amount-to-pay')).toBeVisible();
  await page.getByRole('button', { name: 'Procéder au paiement' }).click();

  // About 1.5 s later: the simulated checkout, clearly marked as a test, with the server's amount.
  await expect(page).toHaveURL(/\/checkout\/simulated\?session_id=cs_test_sim_\w+&client_reference_id=/, {
    timeout: 10_000,
  });
  expect(await page.evaluate(() => sessionStorage.getItem('pendingBriefId'))).toBe(briefId);
  await expect(page.getByRole('note')).toHaveText('Mode test — aucun paiement réel');
  await expect(page.getByTestId('simulated-amount')).toBeVisible();
  await page.getByRole('button', { name: /^Payer/ }).click();

  // The return page: creating, then success from the server's state.
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_sim_/);
  await expect(page.getByRole('heading', { name: 'Paiement confirmé !' })).toBeVisible({ timeout: 60_000 });
  expect(await page.evaluate(() => sessionStorage.getItem('pendingBriefId'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Mon espace client' })).toHaveAttribute('href', '/dashboard');
  const projectLink = page.getByRole('link', { name: 'Voir mon projet' });
  const href = await projectLink.getAttribute('href');
  expect(href).toMatch(/^\/project\/[0-9a-f-]{36}$/);
  await projectLink.click();
  // The project page is for signed-in users: the anonymous payer is asked to sign in first.
  await expect(page).toHaveURL(new RegExp(`${href}|/login|/auth|realms/rushflow`));
});
