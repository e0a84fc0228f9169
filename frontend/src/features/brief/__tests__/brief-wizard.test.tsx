import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import { server } from '@/testing/server';
import { acceptWizardBrief, briefPaymentHandlers } from '@/testing/mocks/handlers/briefs';
import { BriefWizard } from '../components/brief-wizard';

/**
 * The order funnel at /brief as its visitor uses it: step 1's French messages when the basics are
 * missing, then a filled brief through the estimate step to « Procéder au paiement », which sends
 * the brief (as the api's schema accepts it), shows step 3 and opens the checkout at once.
 */
describe('the brief wizard', () => {
  it('names each missing basic in French and stays on step 1', async () => {
    const { user } = renderWithApp(<BriefWizard />, { path: '/brief' });

    await user.click(screen.getByRole('button', { name: /Obtenir mon estimation/ }));

    expect(await screen.findByText('Veuillez remplir les informations de base')).toBeVisible();
    expect(screen.getByText('Champs requis')).toBeVisible();
    expect(screen.getByLabelText(/^Votre adresse e-mail/)).toHaveAccessibleDescription(
      'L’adresse e-mail est obligatoire.',
    );
    expect(screen.getByLabelText(/^Type de vidéo/)).toHaveAccessibleDescription('Le type de vidéo est obligatoire.');
    expect(screen.getByText('La durée finale est obligatoire.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Procéder au paiement/ })).not.toBeInTheDocument();
  });

  it('sends the brief from the estimate step, shows its reference and opens the checkout', async () => {
    const briefs = acceptWizardBrief();
    server.use(briefs.handler, ...briefPaymentHandlers);
    const { user } = renderWithApp(<BriefWizard />, { path: '/brief' });

    await user.type(screen.getByLabelText(/^Votre adresse e-mail/), 'claire@rushflow.test');
    await user.selectOptions(screen.getByLabelText(/^Type de vidéo/), 'Vlog');
    await user.selectOptions(screen.getByLabelText('Objectif'), 'Informer');
    // Between guillemets, French spacing puts non-breaking spaces (\s matches them).
    expect(screen.getByText(/^Votre projet s’appellera «\s*Vlog · Informer\s*» dans votre espace/)).toBeVisible();
    await user.type(screen.getByLabelText(/^Durée finale souhaitée/), '3');
    await user.click(screen.getByRole('checkbox', { name: 'Sous-titres' }));
    await user.click(screen.getByRole('button', { name: /Obtenir mon estimation/ }));

    expect(await screen.findByRole('heading', { name: 'Votre estimation automatique' })).toBeVisible();
    // The keyboard and the screen reader go on from the new step's heading.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Estimation' })).toHaveFocus());
    expect(briefs.sent).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /Procéder au paiement/ }));

    expect(await screen.findByRole('heading', { name: 'Brief envoyé avec succès\u00a0!' })).toBeVisible();
    expect(briefs.sent).toEqual([
      expect.objectContaining({
        email: 'claire@rushflow.test',
        video_type: 'vlog',
        objective: 'informer',
        final_duration: 3,
        needs_subtitles: true,
        delivery_formats: 'horizontal',
        total_price: expect.any(Number),
      }),
    ]);
    expect(screen.getByText('Référence de votre brief : 3F2A9C4E')).toBeVisible();
    const success = screen.getByRole('region', { name: 'Brief envoyé avec succès\u00a0!' });
    expect(
      await within(success).findByRole('button', { name: /Redirection vers le paiement sécurisé/ }),
    ).toBeDisabled();
  });
});
