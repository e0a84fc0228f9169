import { describe, expect, it } from '@jest/globals';
import { BILLING_MESSAGES } from '@domain/invoicing';
import { MESSAGES } from '@domain/messages';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { acceptCheckout, briefPaymentHandlers } from '@/testing/mocks/handlers/briefs';
import { refusing } from '@/testing/mocks/network';
import { renderWithApp } from '@/testing/render';
import { server } from '@/testing/server';
import { BriefPaymentPage } from '../components/brief-payment-page';

const BRIEF_ID = '3f2a9c4e-8b1d-4e6f-a2c3-5d7e9f1b2a4c';
const [paymentSummary] = briefPaymentHandlers;

function renderPaymentPage() {
  return renderWithApp(
    <Routes>
      <Route path="/brief/:briefId/payment" element={<BriefPaymentPage />} />
    </Routes>,
    { path: `/brief/${BRIEF_ID}/payment` },
  );
}

/**
 * The payment page's « Facturer une entreprise »: unticked, the checkout gets no buyer; ticked,
 * the company's details are checked with the api's schema (French messages under each field)
 * and sent with the checkout; the api's refusals are shown as it words them.
 */
describe('the payment page’s business invoice details', () => {
  it('sends no buyer when the box is not ticked', async () => {
    const checkout = acceptCheckout();
    server.use(paymentSummary, checkout.handler);
    const { user } = renderPaymentPage();

    await user.click(await screen.findByRole('button', { name: 'Procéder au paiement' }));

    expect(await screen.findByRole('button', { name: /Redirection vers le paiement sécurisé/ })).toBeDisabled();
    expect(checkout.sent).toEqual([null]);
  });

  it('names the invalid fields in French and sends nothing', async () => {
    const checkout = acceptCheckout();
    server.use(paymentSummary, checkout.handler);
    const { user } = renderPaymentPage();

    await user.click(await screen.findByRole('checkbox', { name: 'Facturer une entreprise' }));
    await user.type(screen.getByLabelText(/^SIREN/), '123 456 789');
    await user.type(screen.getByLabelText(/^N° TVA intracommunautaire/), 'FR00 123');
    await user.click(screen.getByRole('button', { name: 'Procéder au paiement' }));

    expect(screen.getByLabelText(/^Raison sociale/)).toHaveAccessibleDescription(
      'Indiquez la raison sociale de l’entreprise à facturer.',
    );
    expect(screen.getByLabelText(/^Adresse/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Adresse/)).toHaveAccessibleDescription('« Adresse » est obligatoire.');
    expect(screen.getByLabelText(/^Ville/)).toHaveAccessibleDescription('« Ville » est obligatoire.');
    expect(screen.getByLabelText(/^SIREN/)).toHaveAccessibleDescription('Numéro SIREN invalide');
    expect(screen.getByLabelText(/^N° TVA intracommunautaire/)).toHaveAccessibleDescription(
      expect.stringContaining('Numéro de TVA intracommunautaire invalide'),
    );
    expect(checkout.sent).toEqual([]);

    // A corrected field loses its message at once; the others keep theirs.
    await user.clear(screen.getByLabelText(/^SIREN/));
    await user.type(screen.getByLabelText(/^SIREN/), '732 829 320');
    expect(screen.getByLabelText(/^SIREN/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Ville/)).toHaveAccessibleDescription('« Ville » est obligatoire.');
  });

  it('sends the company with the checkout, France by default', async () => {
    const checkout = acceptCheckout();
    server.use(paymentSummary, checkout.handler);
    const { user } = renderPaymentPage();

    await user.click(await screen.findByRole('checkbox', { name: 'Facturer une entreprise' }));
    await user.type(screen.getByLabelText(/^Raison sociale/), 'Studio Lumière SARL');
    await user.type(screen.getByLabelText(/^Adresse/), '12 rue des Arts');
    await user.type(screen.getByLabelText(/^Code postal/), '69002');
    await user.type(screen.getByLabelText(/^Ville/), 'Lyon');
    await user.type(screen.getByLabelText(/^SIREN/), '732 829 320');
    await user.type(screen.getByLabelText(/^N° TVA intracommunautaire/), 'FR44 732829320');
    await user.click(screen.getByRole('button', { name: 'Procéder au paiement' }));

    expect(await screen.findByRole('button', { name: /Redirection vers le paiement sécurisé/ })).toBeDisabled();
    expect(checkout.sent).toEqual([
      {
        buyer: {
          companyName: 'Studio Lumière SARL',
          address: { line1: '12 rue des Arts', line2: null, postalCode: '69002', city: 'Lyon', countryCode: 'FR' },
          siren: '732829320',
          vatNumber: 'FR44732829320',
        },
      },
    ]);
  });

  it('leaves out a company typed then unticked', async () => {
    const checkout = acceptCheckout();
    server.use(paymentSummary, checkout.handler);
    const { user } = renderPaymentPage();

    const business = await screen.findByRole('checkbox', { name: 'Facturer une entreprise' });
    await user.click(business);
    await user.type(screen.getByLabelText(/^Raison sociale/), 'Studio Lumière SARL');
    await user.click(business);
    expect(screen.queryByLabelText(/^Raison sociale/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Procéder au paiement' }));

    expect(await screen.findByRole('button', { name: /Redirection vers le paiement sécurisé/ })).toBeDisabled();
    expect(checkout.sent).toEqual([null]);
  });

  it('shows the api’s message for a field it refuses, under that field', async () => {
    const refusal = refusing('post', '/api/briefs/:briefId/checkout', {
      error: MESSAGES.invalidInput,
      fields: { 'buyer.vatNumber': 'Numéro de TVA intracommunautaire invalide' },
    });
    server.use(paymentSummary, refusal.handler);
    const { user } = renderPaymentPage();

    await user.click(await screen.findByRole('checkbox', { name: 'Facturer une entreprise' }));
    await user.type(screen.getByLabelText(/^Raison sociale/), 'Studio Lumière SARL');
    await user.type(screen.getByLabelText(/^Adresse/), '12 rue des Arts');
    await user.type(screen.getByLabelText(/^Code postal/), '69002');
    await user.type(screen.getByLabelText(/^Ville/), 'Lyon');
    await user.type(screen.getByLabelText(/^N° TVA intracommunautaire/), 'FR40303265045');
    await user.click(screen.getByRole('button', { name: 'Procéder au paiement' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidInput);
    expect(screen.getByLabelText(/^N° TVA intracommunautaire/)).toHaveAccessibleDescription(
      expect.stringContaining('Numéro de TVA intracommunautaire invalide'),
    );
    expect(refusal.sent).toHaveLength(1);
  });

  it('says the payment is unavailable while the seller is not configured', async () => {
    const refusal = refusing('post', '/api/briefs/:briefId/checkout', { error: BILLING_MESSAGES.sellerMissing }, 503);
    server.use(paymentSummary, refusal.handler);
    const { user } = renderPaymentPage();

    await user.click(await screen.findByRole('button', { name: 'Procéder au paiement' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(BILLING_MESSAGES.sellerMissing);
  });
});
