import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import { server } from '@/testing/server';
import { acceptFullBrief, briefPaymentHandlers } from '@/testing/mocks/handlers/briefs';
import { refusing } from '@/testing/mocks/network';
import { FullBriefForm } from '../components/full-brief-form';

/**
 * The detailed brief at /brief-old: sent once both rights are confirmed, missing fields named in French,
 * a filled brief is sent as the api's schema accepts it and thanks the client with the payment at
 * hand, and a brief the server refuses shows the server's own reason.
 */
describe('the full brief form', () => {
  const submit = /Envoyer le brief complet/;

  it('waits for both rights, then names each missing field in French', async () => {
    const { user } = renderWithApp(<FullBriefForm />, { path: '/brief-old' });

    const send = screen.getByRole('button', { name: submit });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription('Cochez les deux cases pour envoyer votre brief.');
    await user.click(screen.getByRole('checkbox', { name: /droits d’utilisation sur les fichiers fournis/ }));
    await user.click(screen.getByRole('checkbox', { name: /musique est libre de droits/ }));
    await user.click(send);

    expect(
      await screen.findByText('Veuillez renseigner tous les champs obligatoires et confirmer les droits.'),
    ).toBeVisible();
    expect(screen.getByText('Champs requis manquants')).toBeVisible();
    expect(screen.getByLabelText(/^Votre adresse e-mail/)).toHaveAccessibleDescription(
      'L’adresse e-mail est obligatoire.',
    );
    expect(screen.getByLabelText(/^Nom du projet/)).toHaveAccessibleDescription('Le nom du projet est obligatoire.');
    expect(screen.getByLabelText(/^Durée totale des rushs/)).toHaveAccessibleDescription(
      'Veuillez indiquer une durée de rushs valide en minutes.',
    );
  });

  it('sends the filled brief and thanks the client, the payment one click away', async () => {
    const briefs = acceptFullBrief();
    server.use(briefs.handler, ...briefPaymentHandlers);
    const { user } = renderWithApp(<FullBriefForm />, { path: '/brief-old' });

    await user.type(screen.getByLabelText(/^Votre adresse e-mail/), 'claire@rushflow.test');
    await user.type(screen.getByLabelText(/^Nom du projet/), 'Lancement produit');
    await user.type(screen.getByLabelText(/^Durée totale des rushs/), '90');
    await user.click(screen.getByRole('checkbox', { name: 'Publicité' }));
    await user.selectOptions(screen.getByLabelText('Objectif principal'), 'Vendre');
    await user.click(screen.getByRole('checkbox', { name: /droits d’utilisation sur les fichiers fournis/ }));
    await user.click(screen.getByRole('checkbox', { name: /musique est libre de droits/ }));
    await user.click(screen.getByRole('button', { name: submit }));

    expect(await screen.findByRole('heading', { name: 'Merci, votre brief est envoyé\u00a0!' })).toBeVisible();
    expect(
      screen.getByText('Un e-mail de confirmation vient de vous être envoyé à claire@rushflow.test.'),
    ).toBeVisible();
    expect(briefs.sent).toEqual([
      expect.objectContaining({
        clientEmail: 'claire@rushflow.test',
        projectName: 'Lancement produit',
        videoTypes: ['Publicité'],
        mainObjective: 'vendre',
        totalRushDurationProvided: 90,
        confirmRushesRights: true,
        confirmMusicRights: true,
        pricingEstimate: expect.any(Number),
      }),
    ]);
    expect(await screen.findByRole('button', { name: /Payer/ })).toBeEnabled();
    expect(screen.queryByRole('button', { name: submit })).not.toBeInTheDocument();
  });

  it('shows the reason the server gives when it refuses the brief, and keeps the form', async () => {
    const refusal = refusing('post', '/api/briefs', { error: 'Le lien de téléchargement n’est pas une adresse web.' });
    server.use(refusal.handler);
    const { user } = renderWithApp(<FullBriefForm />, { path: '/brief-old' });

    await user.type(screen.getByLabelText(/^Votre adresse e-mail/), 'claire@rushflow.test');
    await user.type(screen.getByLabelText(/^Nom du projet/), 'Lancement produit');
    await user.type(screen.getByLabelText(/^Durée totale des rushs/), '90');
    await user.click(screen.getByRole('checkbox', { name: /droits d’utilisation sur les fichiers fournis/ }));
    await user.click(screen.getByRole('checkbox', { name: /musique est libre de droits/ }));
    await user.click(screen.getByRole('button', { name: submit }));

    expect(await screen.findByText('Le lien de téléchargement n’est pas une adresse web.')).toBeVisible();
    expect(screen.getByText("Erreur lors de l'envoi")).toBeVisible();
    expect(refusal.sent).toHaveLength(1);
    expect(screen.getByLabelText(/^Nom du projet/)).toHaveValue('Lancement produit');
  });
});
