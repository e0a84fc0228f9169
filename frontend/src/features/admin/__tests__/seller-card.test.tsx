import { describe, expect, it } from '@jest/globals';
import type { SellerIdentity } from '@domain/invoicing';
import { MESSAGES } from '@domain/messages';
import { screen, waitFor } from '@testing-library/react';
import { acceptSeller, storedSeller } from '@/testing/mocks/handlers/admin';
import { refusing } from '@/testing/mocks/network';
import { renderWithApp, toasts } from '@/testing/render';
import { server } from '@/testing/server';
import { SellerCard } from '../components/seller-card';

const seller: SellerIdentity = {
  legalName: 'Rushflow SAS',
  legalForm: 'SAS',
  capitalCents: 1_000_050,
  address: { line1: '10 rue du Montage', line2: null, postalCode: '75011', city: 'Paris', countryCode: 'FR' },
  siret: '73282932000009',
  rcsCity: 'Paris',
  vatNumber: 'FR44732829320',
  vatRegime: 'normal',
  latePenaltyRatePercent: 12.15,
  paymentTermsDays: 0,
  email: 'facturation@rushflow.fr',
};

/**
 * Admin › Paramètres › « Facturation — identité du vendeur »: an empty form and a warning until the
 * seller is filled in, checked with the api's schema (capital typed in euros, sent in cents; no VAT
 * number under the franchise regime), saved with a toast, the api's field errors shown.
 */
describe('the seller identity card', () => {
  it('warns that payments are refused while nothing is stored, and names the missing fields', async () => {
    const saves = acceptSeller();
    server.use(storedSeller(null), saves.handler);
    const { user } = renderWithApp(<SellerCard />, { path: '/admin?tab=settings' });

    expect(
      await screen.findByText(/les paiements sont refusés tant que ce formulaire n’est pas enregistré/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Enregistrer l’identité du vendeur' }));

    expect(screen.getByLabelText('Raison sociale')).toHaveAccessibleDescription('« Raison sociale » est obligatoire.');
    expect(screen.getByLabelText('SIRET')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Adresse e-mail de facturation')).toHaveAccessibleDescription(
      'Adresse e-mail invalide.',
    );
    expect(saves.sent).toEqual([]);
  });

  it('shows the stored seller and saves it with the capital in cents', async () => {
    const saves = acceptSeller();
    server.use(storedSeller(seller), saves.handler);
    const { user } = renderWithApp(<SellerCard />, { path: '/admin?tab=settings' });

    expect(await screen.findByLabelText('Capital social (€)')).toHaveValue('10000,5');
    expect(screen.queryByText(/les paiements sont refusés/)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Capital social (€)'));
    await user.type(screen.getByLabelText('Capital social (€)'), '5 000,25');
    await user.clear(screen.getByLabelText('Délai de paiement (jours)'));
    await user.type(screen.getByLabelText('Délai de paiement (jours)'), '30');
    await user.click(screen.getByRole('button', { name: 'Enregistrer l’identité du vendeur' }));

    expect(await toasts().findByText('Identité du vendeur enregistrée')).toBeVisible();
    expect(saves.sent).toEqual([{ ...seller, capitalCents: 500_025, paymentTermsDays: 30 }]);
  });

  it('sends no VAT number under the franchise regime', async () => {
    const saves = acceptSeller();
    server.use(storedSeller(seller), saves.handler);
    const { user } = renderWithApp(<SellerCard />, { path: '/admin?tab=settings' });

    await user.click(await screen.findByRole('radio', { name: /TVA non applicable, art\. 293 B du CGI/ }));
    expect(screen.getByLabelText('N° TVA intracommunautaire')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Enregistrer l’identité du vendeur' }));

    await waitFor(() => expect(saves.sent).toHaveLength(1));
    expect(saves.sent).toEqual([{ ...seller, vatRegime: 'franchise', vatNumber: null }]);
  });

  it('shows the api’s message under the field it refuses', async () => {
    const refusal = refusing('put', '/api/admin/settings/seller', {
      error: MESSAGES.invalidInput,
      fields: { 'address.postalCode': '« Code postal » ne peut pas dépasser 20 caractères.' },
    });
    server.use(storedSeller(seller), refusal.handler);
    const { user } = renderWithApp(<SellerCard />, { path: '/admin?tab=settings' });

    await user.click(await screen.findByRole('button', { name: 'Enregistrer l’identité du vendeur' }));

    expect(await toasts().findByText(MESSAGES.invalidInput)).toBeVisible();
    expect(screen.getByLabelText('Code postal')).toHaveAccessibleDescription(
      '« Code postal » ne peut pas dépasser 20 caractères.',
    );
  });
});
