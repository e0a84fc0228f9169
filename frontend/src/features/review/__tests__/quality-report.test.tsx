import { afterEach, describe, expect, it } from '@jest/globals';
import { QC_MESSAGES } from '@domain/delivery-qc';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithApp, toasts } from '@/testing/render';
import { server } from '@/testing/server';
import { deliveredProject, reviewThreads, SCENE_CUTS } from '@/testing/mocks/handlers/review';
import { ReviewStudio } from '../components/review-studio';

/**
 * Version 1 (25 fps from 01:00:00:00) once the worker analysed it: its delivery QC (−17,2 LUFS for
 * YouTube and a 2,4 s silence at 01:01:12:05, both warnings), its scene cuts at 5 s, 12 s and
 * 1 min 10 s, and the editor's question at 2 s.
 */
describe('the review studio’s quality control, waveform and cuts', () => {
  afterEach(() => window.localStorage.clear());

  async function openStudio(options: Parameters<typeof reviewThreads>[0] = {}) {
    const threads = reviewThreads(options);
    server.use(...threads.handlers);
    const project =
      options.viewer === 'editor'
        ? { ...deliveredProject, viewer: { parties: ['editor' as const] } }
        : deliveredProject;
    const view = renderWithApp(<ReviewStudio project={project} />, { path: `/project/${project.id}` });
    const timecode = await screen.findByTestId('player-timecode');
    await screen.findByRole('list', { name: 'Commentaires de la version' });
    const report = screen.getByRole('region', { name: 'Contrôle qualité' });
    return { ...view, threads, timecode, report };
  }

  it('shows the editor the report, warnings first, and a finding seeks the player to its frames', async () => {
    const { user, timecode, report } = await openStudio({ viewer: 'editor' });
    expect(await within(report).findByTestId('qc-summary')).toHaveTextContent('2 avertissements');
    expect(within(report).getByTestId('qc-target')).toHaveTextContent('Cible : −14 LUFS (plateformes en ligne)');

    const findings = within(report).getAllByTestId('qc-finding');
    expect(findings.map((finding) => finding.dataset.status)).toEqual([
      'warning',
      'warning',
      ...Array<string>(findings.length - 2).fill('ok'),
    ]);
    // The status is written, not only coloured.
    expect(findings[0]).toHaveTextContent(/^À vérifier : Sonie intégrée hors cible/);
    expect(findings.at(-1)).toHaveTextContent(/^Conforme : Durée conforme au brief/);

    await user.click(within(report).getByRole('button', { name: 'Silence de 2,4 s à 01:01:12:05' }));
    expect(timecode).toHaveTextContent('01:01:12:05');
    // Findings without a place in the picture are text, not buttons.
    expect(within(report).queryByRole('button', { name: /Sonie intégrée/ })).not.toBeInTheDocument();
  });

  it('turns a finding into a comment on its frames, worded as the report words it', async () => {
    const { user, threads, timecode, report } = await openStudio({ viewer: 'editor' });
    await within(report).findByTestId('qc-summary');
    // French puts a no-break space before the colon.
    await user.click(within(report).getByRole('button', { name: /^Commenter\s:\sSilence de 2,4 s à 01:01:12:05$/ }));

    const field = screen.getByLabelText('Votre commentaire');
    expect(field).toHaveValue('Silence de 2,4 s à 01:01:12:05');
    expect(field).toHaveFocus();
    expect(timecode).toHaveTextContent('01:01:12:05');
    const form = screen.getByTestId('comment-form');
    expect(within(form).getByText('Sur la plage')).toBeVisible();
    expect(within(form).getByTestId('comment-anchor')).toHaveTextContent('01:01:12:05 → 01:01:14:14');

    await user.type(field, ' : relancer la musique.');
    await user.click(within(form).getByRole('button', { name: 'Commenter' }));
    expect(await toasts().findByText('Commentaire ajouté')).toBeVisible();
    expect(threads.sent).toEqual([
      { body: 'Silence de 2,4 s à 01:01:12:05 : relancer la musique.', frameIn: 1805, frameOut: 1864 },
    ]);
  });

  it('keeps the report from the client until the editor shows it', async () => {
    const client = await openStudio();
    expect(await within(client.report).findByText(QC_MESSAGES.notShared)).toBeVisible();
    expect(within(client.report).queryByTestId('qc-findings')).not.toBeInTheDocument();
    expect(within(client.report).queryByRole('button')).not.toBeInTheDocument();
    client.unmount();

    const { user, threads, report } = await openStudio({ viewer: 'editor' });
    expect(await within(report).findByText('Le client ne voit pas encore ce rapport.')).toBeVisible();
    await user.click(within(report).getByRole('button', { name: 'Montrer le rapport au client' }));
    expect(await within(report).findByText('Visible par le client')).toHaveFocus();
    expect(within(report).queryByRole('button', { name: 'Montrer le rapport au client' })).not.toBeInTheDocument();
    expect(await toasts().findByText('Rapport de contrôle montré au client.')).toBeVisible();
    expect(threads.shares).toHaveLength(1);
  });

  it('says while the analysis runs, or that there is none, and the review goes on meanwhile', async () => {
    const running = await openStudio({ analysis: 'pending' });
    expect(within(running.report).getByRole('status')).toHaveTextContent('Analyse en cours…');
    expect(screen.queryByTestId('waveform-strip')).not.toBeInTheDocument();
    expect(screen.getByTestId('comment-form')).toBeVisible();
    running.unmount();

    const old = await openStudio({ analysis: 'unavailable' });
    expect(within(old.report).getByText(QC_MESSAGES.notAnalysed)).toBeVisible();
    expect(screen.queryByTestId('waveform-strip')).not.toBeInTheDocument();
    expect(screen.getByTestId('comment-form')).toBeVisible();
  });

  it('draws the cuts under the timeline and jumps between cuts and comments with [ and ], or their buttons', async () => {
    const { user, timecode } = await openStudio();
    expect(await screen.findAllByTestId('scene-cut')).toHaveLength(SCENE_CUTS.length);
    // The buttons wait for the media, as the browser says once it has loaded it.
    fireEvent.loadedMetadata(screen.getByTestId('review-video'));

    // The comment at 2 s, then the cuts at 5 s and 12 s; back to 5 s.
    await user.keyboard(']');
    expect(timecode).toHaveTextContent('01:00:02:00');
    await user.keyboard(']]');
    expect(timecode).toHaveTextContent('01:00:12:00');
    await user.keyboard('[[');
    expect(timecode).toHaveTextContent('01:00:05:00');
    await user.click(screen.getByRole('button', { name: 'Coupe ou commentaire suivant' }));
    expect(timecode).toHaveTextContent('01:00:12:00');
    await user.click(screen.getByRole('button', { name: 'Coupe ou commentaire précédent' }));
    expect(timecode).toHaveTextContent('01:00:05:00');

    // On a French keyboard ] is typed with AltGr, which Windows reports as Ctrl+Alt: it still jumps;
    // Ctrl+] alone is the browser's.
    await user.keyboard('{Control>}]{/Control}');
    expect(timecode).toHaveTextContent('01:00:05:00');
    await user.keyboard('{Control>}{Alt>}{AltGraph>}]{/AltGraph}{/Alt}{/Control}');
    expect(timecode).toHaveTextContent('01:00:12:00');

    // After the last cut there is nowhere further to go: the player stays.
    await user.keyboard('{End}]');
    expect(timecode).toHaveTextContent('01:01:59:24');
    await user.keyboard('[[');
    expect(timecode).toHaveTextContent('01:01:10:00');

    // The key is the user’s to change, as the others are.
    const help = screen.getByTestId('shortcuts-help');
    expect(within(help).getByTestId('shortcut-list')).toHaveTextContent(
      /\[\s*\]\s*Coupe ou commentaire précédent \/ suivant/,
    );
    const nextKey = within(help).getByLabelText('Coupe ou commentaire suivant');
    await user.type(nextKey, 'n');
    expect(nextKey).toHaveValue('N');
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Home}]');
    expect(timecode).toHaveTextContent('01:00:00:00');
    await user.keyboard('n');
    expect(timecode).toHaveTextContent('01:00:02:00');
  });
});
