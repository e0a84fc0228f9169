import { describe, expect, it } from '@jest/globals';
import { PROJECT_MESSAGES } from '@domain/projects';
import { screen } from '@testing-library/react';
import { renderWithApp, toasts } from '@/testing/render';
import { server } from '@/testing/server';
import { acceptEditorProfile } from '@/testing/mocks/handlers/editor';
import { EditorProfileForm } from '../components/editor-profile-form';

/**
 * The editor's profile in the editor space: checked with the api's own schema before anything is
 * sent (French messages beside the fields), saved as typed, and answered with « Profil
 * enregistré » or, while specialties and levels are missing, what still keeps projects away.
 */
describe('the editor profile form', () => {
  const names = { firstName: 'Éric', lastName: 'Monteur' };

  it('names the invalid fields in French and sends nothing', async () => {
    const { user } = renderWithApp(<EditorProfileForm profile={null} names={names} />, { path: '/editor' });

    await user.clear(screen.getByLabelText('Prénom'));
    await user.clear(screen.getByLabelText('Taux horaire (€)'));
    await user.type(screen.getByLabelText('Taux horaire (€)'), '12');
    await user.click(screen.getByRole('button', { name: 'Créer mon profil' }));

    expect(await toasts().findByText('Certains champs sont invalides.')).toBeVisible();
    expect(screen.getByLabelText('Prénom')).toHaveAccessibleDescription('Le prénom est requis.');
    expect(screen.getByLabelText('Taux horaire (€)')).toHaveAccessibleDescription(
      'Le taux horaire minimum est de 15 €.',
    );
  });

  it('saves the profile as typed and says it is saved', async () => {
    const profiles = acceptEditorProfile();
    server.use(profiles.handler);
    const { user } = renderWithApp(<EditorProfileForm profile={null} names={names} />, { path: '/editor' });

    await user.click(screen.getByRole('checkbox', { name: 'YouTube' }));
    await user.click(screen.getByRole('checkbox', { name: 'Complexe' }));
    await user.clear(screen.getByLabelText('Taux horaire (€)'));
    await user.type(screen.getByLabelText('Taux horaire (€)'), '32.5');
    await user.type(screen.getByLabelText('Lien de portfolio 1'), 'https://vimeo.com/eric');
    await user.click(screen.getByRole('button', { name: 'Créer mon profil' }));

    expect(await toasts().findByText(PROJECT_MESSAGES.profileSaved)).toBeVisible();
    expect(profiles.sent).toEqual([
      expect.objectContaining({
        firstName: 'Éric',
        lastName: 'Monteur',
        specialties: ['youtube'],
        visualComplexityLevels: ['complex'],
        languages: ['français'],
        hourlyRate: 32.5,
        maxConcurrentProjects: 4,
        portfolioLinks: ['https://vimeo.com/eric'],
      }),
    ]);
  });

  it('says what is still missing when the saved profile cannot receive projects yet', async () => {
    const profiles = acceptEditorProfile();
    server.use(profiles.handler);
    const { user } = renderWithApp(<EditorProfileForm profile={null} names={names} />, { path: '/editor' });

    await user.click(screen.getByRole('button', { name: 'Créer mon profil' }));

    expect(await toasts().findByText('Profil enregistré, mais incomplet')).toBeVisible();
    expect(
      toasts().getByText(
        /^Il manque\s?: spécialités, niveaux de complexité visuelle\. Aucun projet ne vous sera confié avant\.$/,
      ),
    ).toBeVisible();
    expect(profiles.sent).toHaveLength(1);
  });
});
