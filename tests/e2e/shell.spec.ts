import { expect, test, type Page } from '@playwright/test';

/** The header landmark (desktop viewport unless a test says otherwise). */
const header = (page: Page) => page.getByRole('banner');

test.describe('site shell', () => {
  test('home shows the launch offer and the prices', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('-30 % pour les 10 premiers clients')).toBeVisible();
    await expect(page.getByText('À partir de 27 €/h')).toBeVisible();
    await expect(page.getByText('32 $/h')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Commander un montage' }).first()).toHaveAttribute('href', '/brief');
    await expect(main.getByRole('link', { name: 'Voir les tarifs' }).first()).toHaveAttribute('href', '/pricing');
    await expect(page).toHaveTitle(/Rushflow/);
  });

  test('terms of service: French law and liability limited to the amount paid', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Conditions générales d’utilisation' })).toBeVisible();
    await expect(page.getByText('Les présentes conditions sont soumises au droit français.')).toBeVisible();
    await expect(page.getByText(/limitée au montant payé par le client/)).toBeVisible();
  });

  test('privacy policy: retention periods, GDPR rights and the CNIL', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
    const table = page.getByRole('table');
    // Every period the product enforces, and nothing else: a header row and one row each.
    const periods: [RegExp, string][] = [
      [/Données de compte/, 'suppression après 3 ans sans activité (un e-mail vous prévient 30 jours avant)'],
      [/Données de facturation/, '10 ans à compter de la clôture de l’exercice de leur émission'],
      [/Fichiers de projet/, '1 an après la livraison'],
      [/Journaux techniques/, '12 mois'],
      [/Candidatures de monteurs non retenues/, '2 ans après le dernier contact'],
      [/Messages de contact et rendez-vous/, '3 ans après le dernier contact'],
      [/Liens de téléchargement de vos données/, '7 jours'],
      [/Demandes de suppression de compte/, '30 jours pour changer d’avis, puis suppression'],
    ];
    await expect(table.getByRole('row')).toHaveCount(periods.length + 1);
    for (const [data, period] of periods) await expect(table.getByRole('row', { name: data })).toContainText(period);
    await expect(page.getByRole('heading', { name: /Vos droits/ })).toBeVisible();
    await expect(page.getByText(/\(CNIL\)/)).toBeVisible();
  });

  test('privacy policy on a phone: each retention line is a card with its period and its reason', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/privacy-policy');
    const cards = page.getByRole('list', { name: 'Durées de conservation des données' }).getByRole('listitem');
    await expect(cards).toHaveCount(8);
    const contact = cards.filter({ hasText: 'Messages de contact et rendez-vous téléphoniques' });
    await expect(contact.getByRole('term')).toHaveText(['Durée de conservation', 'Motif']);
    await expect(contact.getByRole('definition')).toHaveText([
      '3 ans après le dernier contact (message reçu ou appel)',
      'Réponse à vos demandes, relation commerciale',
    ]);
    await expect(page.getByRole('table')).toBeHidden();
  });

  test('legal notice shows only « Définition en cours »', async ({ page }) => {
    await page.goto('/legal-notice');
    await expect(page.getByRole('main')).toContainText('Définition en cours');
  });

  test('the footer links the legal pages, contact, recruitment and the mailbox', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const href of ['/terms-of-service', '/privacy-policy', '/legal-notice', '/contact', '/recrutement']) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(footer.locator('a[href="mailto:contact@rushflow.fr"]')).toContainText('contact@rushflow.fr');
  });

  test('every footer states the accessibility level and leads to the statement and the site map', async ({ page }) => {
    await page.goto('/pricing');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: /^Accessibilité : (partiellement|totalement) conforme$/ }).click();
    await expect(page).toHaveURL(/\/accessibility$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Déclaration d’accessibilité' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Retour d’information et contact' })).toContainText(
      'contact@rushflow.fr',
    );
    await footer.getByRole('link', { name: 'Plan du site' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Plan du site' })).toBeVisible();
    // The map reaches the pages the menus do, and those behind a sign-in.
    const map = page.getByRole('main');
    for (const [name, href] of [
      ['Tarifs', '/pricing'],
      ['Brief express (3 étapes)', '/brief'],
      ['Espace monteur', '/editor'],
      ['Déclaration d’accessibilité', '/accessibility'],
    ])
      await expect(map.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  });

  test('an unknown address shows the 404 page with its four links and a back button', async ({ page }) => {
    await page.goto('/cette-page-n-existe-pas');
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: 'Commander un montage' })).toHaveAttribute('href', '/brief');
    await expect(main.getByRole('link', { name: 'Tarifs' })).toHaveAttribute('href', '/pricing');
    await expect(main.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    await expect(main.getByRole('button', { name: 'Page précédente' })).toBeVisible();
  });

  test('the FR/EN toggle switches the header and persists after a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(header(page).getByRole('link', { name: 'Tarifs' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeVisible();

    await header(page).getByRole('button', { name: 'EN', exact: true }).click();
    await expect(header(page).getByRole('link', { name: 'Pricing' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Become an editor' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Order' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    await expect(header(page).getByRole('link', { name: 'Pricing' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await header(page).getByRole('button', { name: 'FR', exact: true }).click();
    await expect(header(page).getByRole('link', { name: 'Tarifs' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('a signed-out visitor of /dashboard ends on /auth', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth(\?|$)/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Espace Administration' })).toBeVisible();
  });
});

test.describe('pages written at build time', () => {
  // The build writes `/`, `/pricing` and `/brief` as HTML (frontend/prerender-pages.ts); React must
  // take that HTML over as it is: a mismatch is logged as an error and the page drawn anew.
  for (const [path, heading] of [
    ['/', /Vos vidéos montées par des pros/],
    ['/pricing', /Des tarifs clairs/],
    ['/brief', /Commander votre montage/],
  ] as const)
    test(`${path} is taken over without a mismatch and answers the keyboard`, async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      if (path === '/brief') {
        // Taken over: the form validates, and the drop zone the HTML held a place for arrives.
        const email = page.getByLabel('Votre adresse e-mail');
        await email.fill('pas-une-adresse');
        await email.press('Tab');
        await expect(page.getByText('Veuillez saisir une adresse e-mail valide.').first()).toBeVisible();
        await expect(page.getByText('Glissez vos fichiers ici ou cliquez pour les choisir').first()).toBeVisible();
      } else {
        await page.keyboard.press('Tab');
        await expect(page.locator(':focus')).toBeVisible();
      }
      expect(errors).toEqual([]);
    });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens from the hamburger and closes with Escape', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Ouvrir le menu' });
    await expect(trigger).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Tarifs' })).toBeHidden();

    await trigger.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Tarifs' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Commander' })).toHaveAttribute('href', '/brief');
    await expect(menu.getByRole('link', { name: 'Connexion' })).toHaveAttribute('href', '/auth');

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});
