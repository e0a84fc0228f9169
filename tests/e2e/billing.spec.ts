import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { briefIdOf } from './support/briefs';
import { demoAccounts, signIn, toast } from './support/stack';

/**
 * Invoices on the running stack: the demo client pays a brief through the simulated checkout as a
 * business (« Facturer une entreprise »); the admin finds the invoice in Admin › Facturation with
 * the company's name and downloads its PDF; the client downloads it from the project page. The
 * admin then cancels the project and refunds it from its row: the credit note is numbered, listed
 * against its invoice, and offered to the client; the month's export downloads as a ZIP. With
 * BILLING_SCREENSHOTS=<folder>, the payment page with the business form, the seller's card and the
 * Facturation tab are captured there (1280 and 390 px wide).
 */
const accounts = demoAccounts();
const screenshots = process.env.BILLING_SCREENSHOTS;
const company = `Studio Lumière ${Date.now().toString(36).slice(-5)}`;

async function shoot(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  fs.mkdirSync(screenshots, { recursive: true });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The document's row in Admin › Facturation (every month), once its PDF is stored. */
async function billingRow(admin: Page, number: string): Promise<Locator> {
  const row = admin.getByTestId('billing-document-row').filter({ hasText: number });
  await expect(async () => {
    await admin.goto('/admin?tab=billing');
    await admin.getByRole('checkbox', { name: 'Tous' }).check();
    await expect(row.getByRole('button', { name: `Télécharger le PDF de ${number}` })).toBeEnabled({
      timeout: 2_000,
    });
  }).toPass({ timeout: 90_000 });
  return row;
}

/** The project's row in Admin › Projets, found by its id. */
async function projectRow(admin: Page, projectId: string): Promise<Locator> {
  await admin.goto('/admin');
  const filters = admin.getByRole('form', { name: 'Filtres des projets' });
  await filters.getByLabel('Titre, référence, email ou identifiant').fill(projectId);
  await filters.getByRole('button', { name: 'Rechercher' }).click();
  const row = admin.locator(`[data-testid="admin-project-row"][data-project-id="${projectId}"]`);
  await expect(row).toBeVisible();
  return row;
}

test('a business pays, the admin lists and downloads its invoice, then refunds it with a credit note', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });

  // ——— The client orders a brief, then comes back to its payment page ———
  await signIn(page, accounts.client.email, accounts.client.password, /\/dashboard$/);
  await page.goto('/brief');
  // The wizard is live once it has filled in the signed-in client's address: a click before is lost.
  await expect(page.getByLabel(/^Votre adresse e-mail/)).toHaveValue(accounts.client.email);
  await page.getByLabel(/^Type de vidéo/).selectOption('youtube');
  await page.getByLabel(/Durée finale souhaitée/).fill('4');
  await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
  await expect(page.getByText('Étape 2 sur 3 — Estimation')).toBeVisible();
  const submitted = briefIdOf(page);
  await page.getByRole('button', { name: /Procéder au paiement/ }).click();
  const briefId = await submitted;
  await expect(page).toHaveURL(/\/checkout\/simulated/, { timeout: 10_000 });
  await page.goto(`/brief/${briefId}/payment`);

  // ——— « Facturer une entreprise »: checked in the browser, then sent with the checkout ———
  await page.getByRole('checkbox', { name: 'Facturer une entreprise' }).check();
  await page.getByLabel(/^SIREN/).fill('123 456 789');
  await page.getByRole('button', { name: 'Procéder au paiement' }).click();
  await expect(page.getByLabel(/^SIREN/)).toHaveAccessibleDescription('Numéro SIREN invalide');
  await expect(page.getByLabel(/^Raison sociale/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(new RegExp(`/brief/${briefId}/payment$`));
  await shoot(page, 'payment-business-errors');

  await page.getByLabel(/^Raison sociale/).fill(company);
  await page.getByLabel(/^Adresse/).fill('12 rue des Arts');
  await page.getByLabel(/^Code postal/).fill('69002');
  await page.getByLabel(/^Ville/).fill('Lyon');
  await page.getByLabel(/^SIREN/).fill('732 829 320');
  await page.getByLabel(/^N° TVA intracommunautaire/).fill('FR44 732829320');
  await shoot(page, 'payment-business');
  await page.getByRole('button', { name: 'Procéder au paiement' }).click();
  await expect(page).toHaveURL(/\/checkout\/simulated\?session_id=cs_test_sim_\w+/, { timeout: 10_000 });
  await page.getByRole('button', { name: /^Payer/ }).click();
  await expect(page.getByRole('heading', { name: 'Paiement confirmé !' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'Voir mon projet' }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  const projectId = page.url().split('/').pop()!;

  // The project page offers its invoice by number; no credit note yet.
  const invoiceButton = page.getByTestId('download-invoice');
  await expect(invoiceButton).toHaveText(/^Télécharger la facture \d{4}-\d{6}$/);
  const invoiceNumber = (await invoiceButton.textContent())!.replace('Télécharger la facture ', '');
  await expect(page.getByTestId('download-credit-note')).toHaveCount(0);

  // ——— Admin › Facturation: the invoice, the company as client, its PDF ———
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, accounts.admin.email, accounts.admin.password, /\/admin$/);
    await admin.getByRole('tab', { name: 'Paramètres' }).click();
    await expect(admin.getByRole('heading', { name: 'Facturation — identité du vendeur' })).toBeVisible();
    await expect(admin.getByLabel('Raison sociale')).not.toHaveValue('');
    await shoot(admin, 'admin-seller');

    await admin.goto('/admin?tab=billing');
    await expect(admin.getByRole('tab', { name: 'Facturation' })).toHaveAttribute('aria-selected', 'true');
    await expect(admin.getByLabel('Mois', { exact: true })).toHaveValue(/^\d{4}-\d{2}$/);
    const invoiceRow = await billingRow(admin, invoiceNumber);
    await expect(invoiceRow).toContainText(company);
    await expect(invoiceRow).toContainText('Facture');
    await shoot(admin, 'admin-billing');
    const adminDownload = admin.waitForEvent('download');
    await invoiceRow.getByRole('button', { name: `Télécharger le PDF de ${invoiceNumber}` }).click();
    expect((await adminDownload).suggestedFilename()).toBe(`facture-${invoiceNumber}.pdf`);

    // ——— The client downloads the same invoice from the project page ———
    const clientDownload = page.waitForEvent('download');
    await invoiceButton.click();
    const invoiceFile = await clientDownload;
    expect(invoiceFile.suggestedFilename()).toBe(`facture-${invoiceNumber}.pdf`);
    expect(
      fs
        .readFileSync((await invoiceFile.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // ——— Cancelled, then refunded from the project's row: the credit note ———
    let row = await projectRow(admin, projectId);
    await row.getByRole('button', { name: /^Annuler le projet/ }).click();
    await expect(admin.getByRole('alertdialog')).toContainText('Rembourser et émettre l’avoir');
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Annuler le projet' }).click();
    await expect(toast(admin, 'Projet annulé')).toBeVisible({ timeout: 30_000 });
    row = await projectRow(admin, projectId);
    await row.getByRole('button', { name: /^Rembourser et émettre l’avoir : projet/ }).click({ timeout: 30_000 });
    const dialog = admin.getByRole('alertdialog');
    await dialog.getByLabel('Motif (facultatif, gardé au journal)').fill('Projet annulé à la demande du client');
    await dialog.getByRole('button', { name: 'Rembourser et émettre l’avoir' }).click();
    const refunded = toast(admin, /^Avoir AV-\d{4}-\d{6} émis/);
    await expect(refunded).toBeVisible();
    const creditNumber = /AV-\d{4}-\d{6}/.exec((await refunded.textContent())!)![0];
    await expect(row.getByRole('button', { name: /^Rembourser et émettre l’avoir : projet/ })).toHaveCount(0);

    const creditRow = await billingRow(admin, creditNumber);
    await expect(creditRow).toContainText('Avoir');
    await expect(creditRow).toContainText(invoiceNumber);
    await shoot(admin, 'admin-billing-credit-note');

    // ——— The accountant's export: a period ending before it starts is refused, a month is a ZIP ———
    const exportForm = admin.getByRole('form', { name: 'Export comptable' });
    const month = await exportForm.getByLabel('Du mois').inputValue();
    await exportForm.getByLabel('Au mois (inclus)').fill('2020-01');
    await exportForm.getByRole('button', { name: 'Exporter' }).click();
    await expect(exportForm.getByRole('alert')).toHaveText('Le mois de fin précède le mois de début.');
    await exportForm.getByLabel('Au mois (inclus)').fill(month);
    const exported = admin.waitForEvent('download');
    await exportForm.getByRole('button', { name: 'Exporter' }).click();
    expect((await exported).suggestedFilename()).toBe(`rushflow-facturation-${month}.zip`);
    await expect(exportForm.getByRole('alert')).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('download-credit-note')).toHaveText(`Télécharger l’avoir ${creditNumber}`);
    const creditDownload = page.waitForEvent('download');
    await page.getByTestId('download-credit-note').click();
    expect((await creditDownload).suggestedFilename()).toBe(`avoir-${creditNumber}.pdf`);
  } finally {
    await adminContext.close();
  }
});
