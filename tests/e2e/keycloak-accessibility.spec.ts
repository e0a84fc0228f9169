import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { waitForMails } from './support/mailbox';
import { actionTokenLink, demoAccounts, stackKeycloak } from './support/stack';

/**
 * Keycloak's pages in the Rushflow theme (keycloak/themes/rushflow), as a visitor meets them:
 * sign-in, sign-up, forgot password, the new password page of the e-mailed link and the page that
 * follows a sign-up, each empty and with its errors shown, held to the same axe rules as the site,
 * on a computer and on a phone.
 */
const accounts = demoAccounts();
const run = Date.now().toString(36);

async function openSignIn(page: Page) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.locator('form#kc-form-login')).toBeVisible();
}

async function openSignUp(page: Page) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Créer un compte' }).click();
  await page.getByRole('tabpanel').getByRole('button').click();
  await expect(page.locator('form#kc-register-form')).toBeVisible();
}

for (const { device, viewport } of [
  { device: 'computer', viewport: { width: 1280, height: 800 } },
  { device: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('the sign-in page, empty, with a field missing and with wrong credentials, names its fields and errors', async ({
      page,
    }) => {
      await openSignIn(page);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion à votre espace');
      await expect(page).toHaveTitle('Connexion à votre espace – Rushflow');
      await expect(page.getByRole('combobox', { name: 'Langue' })).toBeVisible();
      await expectAccessible(page, 'connexion, vide');

      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page.getByRole('alert')).toHaveText('Veuillez remplir tous les champs');
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
        'Veuillez remplir tous les champs',
      );
      await expectAccessible(page, 'connexion, champs manquants');

      await page.getByRole('textbox', { name: 'Email' }).fill(accounts.client.email);
      await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('pas-le-bon');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      const email = page.getByRole('textbox', { name: 'Email' });
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription('Email ou mot de passe incorrect');
      await expectAccessible(page, 'connexion, identifiants incorrects');
    });

    test('the sign-up page, empty and with its errors, ties each error to its field', async ({ page }) => {
      await openSignUp(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer un compte');
      await expectAccessible(page, 'inscription, vide');

      await page.getByRole('textbox', { name: 'Email' }).fill('pas-une-adresse');
      await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('abc');
      await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('abd');
      await page.getByRole('button', { name: 'Créer un compte' }).click();
      const address = page.getByRole('textbox', { name: 'Email' });
      await expect(address).toHaveAttribute('aria-invalid', 'true');
      await expect(address).toHaveAccessibleDescription('Adresse email invalide');
      await expect(page.getByRole('textbox', { name: 'Prénom' })).toHaveAccessibleDescription(
        'Veuillez remplir tous les champs',
      );
      await expectAccessible(page, 'inscription, erreurs');
    });

    test('forgot password, its confirmation, then the new password page of the e-mailed link with an error', async ({
      page,
    }) => {
      const email = `oubli.${device}.${run}@example.fr`;
      await stackKeycloak().createUser({
        email,
        firstName: 'Claire',
        lastName: 'Martin',
        emailVerified: true,
        password: 'Montage2026!',
      });
      await openSignIn(page);
      await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mot de passe oublié ?');
      await expectAccessible(page, 'mot de passe oublié, vide');

      await page.getByRole('button', { name: 'Soumettre' }).click();
      await expectAccessible(page, 'mot de passe oublié, adresse manquante');

      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('button', { name: 'Soumettre' }).click();
      await expect(page.getByText('Vous allez recevoir un email avec la marche à suivre.')).toBeVisible();
      await expectAccessible(page, 'mot de passe oublié, e-mail envoyé');

      const [mail] = await waitForMails(email, 1);
      await page.goto(actionTokenLink(mail)!);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choisir un nouveau mot de passe');
      await expectAccessible(page, 'nouveau mot de passe, vide');

      await page.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill('Montage2027!');
      await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('Montage2028!');
      await page.getByRole('button', { name: 'Soumettre' }).click();
      await expect(page.getByRole('textbox', { name: 'Confirmer le mot de passe' })).toHaveAccessibleDescription(
        'Les mots de passe ne correspondent pas',
      );
      await expectAccessible(page, 'nouveau mot de passe, erreur');
    });

    test('the invitation link’s page, then its new password page', async ({ page, baseURL }) => {
      const email = `invitation.${device}.${run}@example.fr`;
      const keycloak = stackKeycloak();
      const userId = await keycloak.createUser({
        email,
        firstName: 'Camille',
        lastName: 'Durand',
        emailVerified: false,
      });
      await keycloak.sendActionsEmail(userId, ['VERIFY_EMAIL', 'UPDATE_PASSWORD'], {
        clientId: process.env.KEYCLOAK_SPA_CLIENT_ID ?? 'rushflow-web',
        redirectUri: `${baseURL}/login`,
      });
      const [mail] = await waitForMails(email, 1);
      await page.goto(actionTokenLink(mail)!);
      await expect(page.getByRole('link', { name: /Cliquez ici pour continuer/ })).toBeVisible();
      await expectAccessible(page, 'invitation, avant de continuer');

      await page.getByRole('link', { name: /Cliquez ici pour continuer/ }).click();
      await expect(page.getByRole('textbox', { name: 'Nouveau mot de passe' })).toBeVisible();
      await expectAccessible(page, 'invitation, choix du mot de passe');
    });

    test('the page after a sign-up asks to check the inbox', async ({ page }) => {
      await openSignUp(page);
      await page.getByRole('textbox', { name: 'Email' }).fill(`inscription.${device}.${run}@example.fr`);
      await page.getByRole('textbox', { name: 'Prénom' }).fill('Camille');
      await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Petit');
      await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('Montage2026!');
      await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('Montage2026!');
      await page.getByRole('button', { name: 'Créer un compte' }).click();
      await expect(
        page.getByText(
          'Inscription réussie ! Vérifiez votre email pour confirmer votre compte avant de vous connecter.',
        ),
      ).toBeVisible();
      await expectAccessible(page, 'vérification de l’adresse');
    });
  });
}
