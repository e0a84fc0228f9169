import { afterEach, describe, expect, it } from '@jest/globals';
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
  // The shortcuts' settings are the browser's: each test starts from the defaults.
  afterEach(() => window.localStorage.clear());

  async function openStudio() {
    const threads = reviewThreads();
    server.use(...threads.handlers);
    const view = renderWithApp(<ReviewStudio project={deliveredProject} />, {
      path: `/project/${deliveredProject.id}`,
    });
    const timecode = await screen.findByTestId('player-timecode');
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

  it('reads the position in words on the timeline slider, which takes its own keys, without a live timecode', async () => {
    const { user, timecode } = await openStudio();
    const timeline = screen.getByRole('slider', { name: 'Position dans la vidéo' });
    expect(timeline).toHaveAttribute('aria-valuetext', '1 heure 0 minute 0 seconde, image 0');
    // The timecode changes on every frame while playing: it is no live region, so it is not spoken each time.
    expect(timecode.closest('[aria-live], output, [role="status"], [role="log"]')).toBeNull();

    timeline.focus();
    await user.keyboard('{PageUp}{ArrowRight}{ArrowRight}');
    expect(timecode).toHaveTextContent('01:00:01:02');
    expect(timeline).toHaveAttribute('aria-valuetext', '1 heure 0 minute 1 seconde, image 2');
    await user.keyboard('{ArrowLeft}');
    expect(timeline).toHaveAttribute('aria-valuetext', '1 heure 0 minute 1 seconde, image 1');
    // The comments' markers are buttons named by their author and time.
    expect(
      screen.getByRole('button', { name: 'Commentaire de Éric Monteur à 1 heure 0 minute 2 secondes, image 0' }),
    ).toBeVisible();
  });

  it('lets the single-key shortcuts be changed, then turned off, as the help lists them', async () => {
    const { user, timecode } = await openStudio();
    const help = screen.getByTestId('shortcuts-help');
    const list = () => within(help).getByTestId('shortcut-list');
    expect(list()).toHaveTextContent(/J\s*K\s*L/);

    // K is given to another action: refused, with the reason; then P pauses instead of K.
    const pauseKey = within(help).getByLabelText('Pause');
    await user.type(pauseKey, 'j');
    expect(within(help).getByRole('alert')).toHaveTextContent('La touche J sert déjà : Lecture arrière.');
    await user.type(pauseKey, 'p');
    expect(pauseKey).toHaveValue('P');
    expect(list()).toHaveTextContent(/J\s*P\s*L/);
    expect(window.localStorage.getItem('rushflow.review.shortcuts')).toContain('"pause":"p"');

    (document.activeElement as HTMLElement).blur();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeVisible();
    await user.keyboard('k');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeVisible();
    await user.keyboard('p');
    expect(screen.getByRole('button', { name: 'Lecture' })).toBeVisible();

    // Off: the page takes no key at all, and the help says so.
    await user.click(within(help).getByRole('checkbox', { name: 'Activer les raccourcis clavier' }));
    expect(list()).toHaveTextContent('Les raccourcis clavier sont désactivés.');
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{ArrowRight}{ArrowRight} l');
    expect(timecode).toHaveTextContent('01:00:00:00');
    expect(screen.getByRole('button', { name: 'Lecture' })).toBeVisible();
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
