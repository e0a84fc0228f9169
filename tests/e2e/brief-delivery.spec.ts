import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addWorkingDays, todayIn } from '../../domain/delivery';
import { mailsTo } from './support/mailbox';

/** With BRIEF_SCREENSHOTS=<folder>, the funnels are also captured there (desktop and phone). */
const screenshots = process.env.BRIEF_SCREENSHOTS;

async function capture(page: Page, name: string, fullPage = false) {
  if (!screenshots) return;
  fs.mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage });
}

/** The days the panel promises, read from its « N jours ouvrés ». */
async function promisedDays(panelDays: Locator): Promise<number> {
  const match = /^(\d+) jours? ouvrés?$/.exec((await panelDays.textContent()) ?? '');
  expect(match).not.toBeNull();
  return Number(match![1]);
}

/** Whether the whole element is inside the viewport. */
async function inViewport(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= viewport.height;
}

const PHONE = { width: 390, height: 844 };

test.describe('promised delay', () => {
  test('full form: the panel promises the date the picker starts at, and that date is accepted', async ({ page }) => {
    const email = `delai-${Date.now()}@example.com`;
    await page.goto('/brief-old');
    await page.getByLabel(/^Votre adresse e-mail/).fill(email);
    await page.getByLabel(/^Nom du projet/).fill('Générique VFX');
    await page.getByRole('radio', { name: /VFX & Post-Production Avancée/ }).check();
    await page.getByRole('radio', { name: 'Cinématique' }).check();
    await page.getByLabel(/Durée totale des rushs/).fill('40');
    await page.getByLabel('Durée finale souhaitée', { exact: true }).fill('2');

    // The time rule alone said 6 days; VFX cinématique needs 28 working days.
    const panelDays = page.getByTestId('estimate-days');
    await expect(panelDays).toHaveText('28 jours ouvrés');
    const dateInput = page.getByLabel('Date de livraison souhaitée', { exact: true });
    const promised = addWorkingDays(todayIn(), await promisedDays(panelDays));
    await expect(dateInput).toHaveAttribute('min', promised);
    // The phone's summary bar stays away on a wide screen, where the panel is beside the form.
    await expect(page.getByTestId('estimate-summary')).toBeHidden();
    await capture(page, 'full-form-1280');

    // The working day before the promise is under the minimum: refused, naming the same 28 days.
    await dateInput.fill(addWorkingDays(todayIn(), 27));
    await dateInput.blur();
    await expect(page.getByText(/le délai minimum est de 28 jours ouvrés\. Première date possible/)).toBeVisible();

    await dateInput.fill(promised);
    await dateInput.blur();
    await expect(page.getByText(/le délai minimum est de/)).toHaveCount(0);
    await page.getByRole('checkbox', { name: /droits d’utilisation/ }).check();
    await page.getByRole('checkbox', { name: /libre de droits ou sous licence/ }).check();
    await page.getByRole('button', { name: 'Envoyer le brief complet' }).click();
    await expect(page.getByRole('heading', { name: 'Merci, votre brief est envoyé !' })).toBeVisible();

    // The confirmation e-mail promises what the panel promised.
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 30_000 }).toBe(1);
    const [message] = await mailsTo(email);
    expect(message.text).toContain('Délai estimé : 28 jours ouvrés');
  });

  test('full form: Motion + Expert promises its 8-day minimum, where the picker starts', async ({ page }) => {
    await page.goto('/brief-old');
    await page.getByRole('radio', { name: /Motion Design & Animation 2D/ }).check();
    await page.getByRole('radio', { name: 'Expert' }).check();
    const panelDays = page.getByTestId('estimate-days');
    await expect(panelDays).toHaveText('8 jours ouvrés');
    await expect(page.getByLabel('Date de livraison souhaitée', { exact: true })).toHaveAttribute(
      'min',
      addWorkingDays(todayIn(), await promisedDays(panelDays)),
    );
  });

  test('wizard: express shows its days where it is offered, and is withdrawn where it would break the minimum', async ({
    page,
  }) => {
    await page.goto('/brief');
    await page.getByLabel(/Durée finale souhaitée/).fill('5');
    // A short video: 2 working days is already the minimum, no express to sell.
    await expect(page.getByTestId('estimate-days')).toHaveText('2 jours ouvrés');
    await expect(page.getByRole('radio', { name: /^Express/ })).toHaveCount(0);
    // French typography: a non-breaking space before the colon.
    await expect(page.getByText(/Express non proposé pour ce projet\u00a0: son délai de 2 jours ouvrés/)).toBeVisible();

    // 30 min from 300 min, premium, 11-20 files: 25.2 h → 4 days; the premium minimum is 3.
    await page.getByLabel(/Durée finale souhaitée/).fill('30');
    await page.getByLabel('Durée totale des rushs (minutes)', { exact: true }).fill('300');
    await page.getByLabel('Nombre de fichiers', { exact: true }).selectOption('11-20');
    await page.getByRole('radio', { name: 'Premium' }).check();
    await expect(page.getByTestId('estimate-days')).toHaveText('4 jours ouvrés');
    await page.getByRole('radio', { name: 'Express (3 jours ouvrés)' }).check();
    await expect(page.getByTestId('estimate-days')).toHaveText('3 jours ouvrés');

    // Back to a short video: express goes away and the brief falls back to standard.
    await page.getByLabel(/Durée finale souhaitée/).fill('5');
    await expect(page.getByRole('radio', { name: /^Express/ })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Standard' })).toBeChecked();
    await expect(page.getByTestId('estimate-days')).toHaveText('3 jours ouvrés');
  });
});

test.describe('the live estimate on a phone', () => {
  test.use({ viewport: PHONE });

  test('full form: a bar keeps the live price and delay in sight, updates, and leads to the panel', async ({
    page,
  }) => {
    await page.goto('/brief-old');
    const bar = page.getByTestId('estimate-summary');
    const barPrice = page.getByTestId('estimate-summary-price');
    await expect(bar).toBeVisible();
    expect(await inViewport(page, bar)).toBe(true);

    await page.getByLabel(/^Nom du projet/).fill('Spot salon');
    const before = await barPrice.textContent();
    await page.getByRole('radio', { name: /Motion Design & Animation 2D/ }).check();
    await expect(barPrice).not.toHaveText(before ?? '');
    await expect(page.getByTestId('estimate-summary-days')).toHaveText('5 jours ouvrés');
    // The category radio is near the top of the form: the bar is in sight while it is filled.
    expect(await inViewport(page, bar)).toBe(true);
    await expect(barPrice).toHaveText((await page.getByTestId('estimate-price').textContent()) ?? '');
    await capture(page, 'full-form-390');

    await page.getByRole('button', { name: 'Voir le détail' }).click();
    const panel = page.getByRole('complementary', { name: 'Estimation instantanée' });
    await expect.poll(() => inViewport(page, panel.getByTestId('estimate-price'))).toBe(true);
    // The panel itself is on screen: the bar steps aside.
    await expect(bar).toBeHidden();
    await capture(page, 'full-form-390-panel');
  });

  test('wizard step 2: the price comes before the pay button', async ({ page }) => {
    await page.goto('/brief');
    await expect(page.getByTestId('estimate-summary')).toBeVisible();
    await page.getByLabel(/^Votre adresse e-mail/).fill(`mobile-${Date.now()}@example.com`);
    await page.getByLabel(/^Type de vidéo/).selectOption('youtube');
    await page.getByLabel(/Durée finale souhaitée/).fill('4');
    await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
    await expect(page.getByText('Étape 2 sur 3 — Estimation')).toBeVisible();

    const price = page.locator('[data-testid="estimate-price"]:visible');
    const pay = page.getByRole('button', { name: /Procéder au paiement/ });
    await expect(price).toHaveCount(1);
    await pay.scrollIntoViewIfNeeded();
    const priceBox = (await price.boundingBox())!;
    const payBox = (await pay.boundingBox())!;
    expect(priceBox.y + priceBox.height).toBeLessThanOrEqual(payBox.y);
    await capture(page, 'wizard-step2-390');
    await capture(page, 'wizard-step2-390-full', true);

    // A change of option reprices the panel above the button.
    const before = await price.textContent();
    await page.getByRole('checkbox', { name: 'Vertical (9:16)' }).check();
    await expect(price).not.toHaveText(before ?? '');
  });

  test('wizard step 2 on a wide screen keeps the panel beside the options', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/brief');
    await page.getByLabel(/^Votre adresse e-mail/).fill(`desktop-${Date.now()}@example.com`);
    await page.getByLabel(/^Type de vidéo/).selectOption('youtube');
    await page.getByLabel(/Durée finale souhaitée/).fill('4');
    await expect(page.getByTestId('estimate-summary')).toBeHidden();
    await capture(page, 'wizard-step1-1280');
    await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
    await expect(page.getByText('Étape 2 sur 3 — Estimation')).toBeVisible();
    const price = page.locator('[data-testid="estimate-price"]:visible');
    await expect(price).toHaveCount(1);
    const options = page.getByRole('region', { name: 'Options' });
    // Beside, not below: the panel starts to the right of the options.
    expect((await price.boundingBox())!.x).toBeGreaterThan((await options.boundingBox())!.x + 400);
    await capture(page, 'wizard-step2-1280');
  });
});
