import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { renderWithApp, toasts } from '@/testing/render';
import { server } from '@/testing/server';
import { deliveredProject, reviewThreads } from '@/testing/mocks/handlers/review';
import { ReviewStudio } from '../components/review-studio';

/**
 * The client's review of version 1 (25 fps from 01:00:00:00): the keyboard steps the player frame
 * by frame or by the second and sets the commented range, a comment is sent on the frames shown
 * and joins the threads, and the editor's question is answered and resolved (then hidden).
 */
describe('the review studio', () => {
  async function openStudio() {
    const threads = reviewThreads();
    server.use(...threads.handlers);
    const view = renderWithApp(<ReviewStudio project={deliveredProject} />, {
      path: `/project/${deliveredProject.id}`,
    });
    const timecode = await screen.findByRole('status', { name: 'Timecode' });
    await screen.findByRole('list', { name: 'Commentaires de la version' });
    return { ...view, threads, timecode };
  }

  it('steps the picture with the arrows, by the second with Shift, to either end with Home and End', async () => {
    const { user, timecode } = await openStudio();
    expect(timecode).toHaveTextContent('01:00:00:00');

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(timecode).toHaveTextContent('01:00:00:03');
    expect(screen.getByText('Image 4 / 3000')).toBeVisible();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(timecode).toHaveTextContent('01:00:01:03');
    await user.keyboard('{ArrowLeft}');
    expect(timecode).toHaveTextContent('01:00:01:02');
    await user.keyboard('{End}');
    expect(timecode).toHaveTextContent('01:01:59:24');
    await user.keyboard('{Home}');
    expect(timecode).toHaveTextContent('01:00:00:00');

    // Space plays and K pauses; keys typed in the comment field stay in the field.
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeVisible();
    await user.keyboard('k');
    expect(screen.getByRole('button', { name: 'Lecture' })).toBeVisible();
    await user.click(screen.getByLabelText('Votre commentaire'));
    await user.keyboard('{ArrowRight}lk');
    expect(timecode).toHaveTextContent('01:00:00:00');
    expect(screen.getByLabelText('Votre commentaire')).toHaveValue('lk');
  });

  it('comments on the range set with I and O, and shows the comment in the threads', async () => {
    const { user, threads } = await openStudio();

    await user.click(screen.getByRole('button', { name: 'Commenter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Le commentaire ne peut pas être vide.');
    expect(threads.sent).toHaveLength(0);

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}i');
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}o');
    const form = screen.getByTestId('comment-form');
    expect(within(form).getByText('Sur la plage')).toBeVisible();
    expect(within(form).getByText('01:00:00:05 → 01:00:01:05')).toBeVisible();
    await user.type(screen.getByLabelText('Votre commentaire'), 'Couper le plan ici, trop long.');
    await user.click(screen.getByRole('button', { name: 'Commenter' }));

    expect(await toasts().findByText('Commentaire ajouté')).toBeVisible();
    expect(threads.sent).toEqual([{ body: 'Couper le plan ici, trop long.', frameIn: 5, frameOut: 30 }]);
    const list = screen.getByRole('list', { name: 'Commentaires de la version' });
    expect(await within(list).findByText('Couper le plan ici, trop long.')).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Aller à 01:00:00:05 → 01:00:01:05' })).toBeVisible();
    expect(screen.getByLabelText('Votre commentaire')).toHaveValue('');
  });

  it('answers the editor’s question, then resolves the thread', async () => {
    const { user, threads, timecode } = await openStudio();
    const list = screen.getByRole('list', { name: 'Commentaires de la version' });

    await user.click(within(list).getByRole('button', { name: 'Aller à 01:00:02:00' }));
    expect(timecode).toHaveTextContent('01:00:02:00');

    await user.click(within(list).getByRole('button', { name: 'Répondre à Éric Monteur' }));
    await user.type(within(list).getByPlaceholderText('Votre réponse…'), 'Oui, il me convient.');
    await user.click(within(list).getByRole('button', { name: 'Répondre' }));

    const replies = await within(list).findByRole('list', { name: 'Réponses' });
    expect(within(replies).getByText('Oui, il me convient.')).toBeVisible();
    expect(threads.sent).toEqual([{ body: 'Oui, il me convient.', parentId: '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a' }]);

    await user.click(within(list).getByRole('button', { name: 'Résoudre' }));
    expect(await within(list).findByText('Résolu par Claire Martin')).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Rouvrir' })).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Afficher le commentaire résolu' }));
    expect(within(list).queryByText('Le titre d’ouverture vous convient-il ?')).not.toBeInTheDocument();
  });
});
