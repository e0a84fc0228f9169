import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/postgresql';
import { CheckoutSession } from '../../db/entities';
import { initOrm } from '../../db/orm';
import { formatClockTime } from '../../domain/format';
import { standardWizardBrief } from '../support/brief-fixtures';

/**
 * A checkout holding a launch-offer place says until when, on the simulated checkout page and on
 * the brief's payment page, at the time the server closes it (Paris time, as the browser is set).
 */
const screenshots = process.env.PAYMENT_SCREENSHOTS;
let orm: MikroORM;

async function shoot(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  fs.mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

test.beforeAll(async () => {
  orm = (await initOrm(process.env.DATABASE_URL ?? '')) as MikroORM;
  // Places free for this client, whatever earlier runs on this stack took.
  const connection = orm.em.getConnection();
  const [{ taken }] = await connection.execute<{ taken: string }[]>(
    `select count(*) as taken from checkout_sessions where launch_offer_claimed and (status in ('processing','paid') or (status = 'open' and hold_expires_at > now()))`,
  );
  await connection.execute(
    `insert into settings (key, value) values ('launch_offer_places', ?::jsonb) on conflict (key) do update set value = excluded.value`,
    [String(Number(taken) + 3)],
  );
});

test.afterAll(async () => {
  await orm?.close();
});

for (const width of [1280, 390]) {
  test(`the launch-offer hold's end is shown on the checkout and payment pages (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const submitted = await request.post('/api/briefs', {
      data: standardWizardBrief(`e2e-hold-${width}-${Date.now()}@example.com`),
    });
    expect(submitted.status()).toBe(201);
    const { briefId } = (await submitted.json()) as { briefId: string };

    await page.goto(`/brief/${briefId}/payment`);
    await expect(page.getByText('Offre de lancement -30 %')).toBeVisible();
    await expect(page.getByTestId('launch-offer-hold')).toHaveCount(0);
    await page.getByRole('button', { name: 'Procéder au paiement' }).click();
    await expect(page).toHaveURL(/\/checkout\/simulated\?session_id=cs_test_sim_\w+/, { timeout: 10_000 });

    const row = await orm.em.fork().findOneOrFail(CheckoutSession, { brief: briefId, status: 'open' });
    expect(row.launchOfferClaimed).toBe(true);
    const time = formatClockTime(row.holdExpiresAt!, 'fr', 'Europe/Paris');
    const notice = `Votre place à l’offre de lancement est réservée jusqu’à ${time}. Passé ce délai, le prix plein s’appliquera si les places sont épuisées.`;
    await expect(page.getByTestId('launch-offer-hold')).toHaveText(notice);
    await shoot(page, `simulated-checkout-hold-${width}`);

    // Back on the brief's payment page (Stripe's "back"): the same hold, the same price.
    await page.goto(`/brief/${briefId}/payment`);
    await expect(page.getByTestId('launch-offer-hold')).toHaveText(notice);
    await shoot(page, `brief-payment-hold-${width}`);
  });
}
