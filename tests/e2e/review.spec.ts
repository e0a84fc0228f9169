import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { connectTemporal } from '../../api/temporal/connection';
import { initOrm } from '../../db/orm';
import { generateSoundOnly, generateTestVideo, makeTempDir } from '../support/media-fixtures';
import { editingProject, openStudio, playerReady, signedInContext, uploadVersion } from './support/review-studio';
import { toast } from './support/stack';

/**
 * The review studio on the running stack (real api, workflows, preview rendering, MinIO): the demo
 * editor and the demo client side by side on a project of their own. The editor uploads v1 (a test
 * pattern at 29.97, 30000/1001, whose own timecode starts at 00:00:59;28), its preview plays; the
 * editor asks the client a question, which pauses the planned delivery until the client answers on
 * the project page; the editor delivers; the client steps frame by frame across the minute
 * (drop-frame: ;28 ;29 then 00:01:00;02), comments with a drawing, which the editor sees live,
 * finds at its frame and exports as markers; the client requests the revision, the editor ticks
 * it off, uploads v2 where the comment is carried from v1, compares both, and completes the
 * revision; the client, who never had an original link before, approves v2 and downloads its
 * original. A second project's upload has sound and no picture: the editor reads why no preview
 * could be made and retries it; the client reads the reason where the player would be.
 *
 * With REVIEW_SCREENSHOTS=<folder>, the studio is also captured there (desktop and phone).
 */
const run = Date.now().toString(36).slice(-5);
const title = `Studio de révision ${run}`;
const failingTitle = `Aperçu impossible ${run}`;
const screenshots = process.env.REVIEW_SCREENSHOTS;
const VIEWPORT = { width: 1440, height: 960 };
let orm: MikroORM;
let temporal: Client;
let temp: ReturnType<typeof makeTempDir>;
let projectId = '';
let failingProjectId = '';
let v1 = '';
let v2 = '';
let soundOnly = '';

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  temporal = await connectTemporal(process.env.TEMPORAL_ADDRESS ?? '', process.env.TEMPORAL_NAMESPACE ?? 'default');
  temp = makeTempDir('rushflow-review-');
  // 29.97 fps test patterns with their own drop-frame start timecode (a `tmcd` track).
  const pattern = { size: '640x360', rate: '30000/1001', timecode: '00:00:59;28' };
  v1 = generateTestVideo(path.join(temp.dir, `montage-v1-${run}.mp4`), 4, { ...pattern, source: 'testsrc' });
  v2 = generateTestVideo(path.join(temp.dir, `montage-v2-${run}.mp4`), 4, { ...pattern, source: 'testsrc2' });
  soundOnly = generateSoundOnly(path.join(temp.dir, `son-seul-${run}.mp4`), 3);
  projectId = await editingProject(orm, temporal, title);
  failingProjectId = await editingProject(orm, temporal, failingTitle);
  if (screenshots) fs.mkdirSync(screenshots, { recursive: true });
});

test.afterAll(async () => {
  await temporal?.connection.close();
  await orm?.close();
  temp?.cleanup();
});

const openVersions = (page: Page, project = { id: projectId, title }) => openStudio(page, project);

/** The preview is rendered and the player has its media (the timecode is the file's own). */
async function playerShowsFirstFrame(page: Page, firstTimecode = '00:00:59;28') {
  await playerReady(page);
  await expect(page.getByTestId('player-timecode')).toHaveText(firstTimecode);
}

/** Drags the pointer across a part of an element, in fractions of its box. */
async function drag(page: Page, target: Locator, from: [number, number], to: [number, number]) {
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 8 });
  await page.mouse.up();
}

/** Keys go to the studio, not to the control that kept the focus. */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

/** With REVIEW_SCREENSHOTS: an element (or the viewport) as `<name>.png`. */
async function capture(page: Page, name: string, target?: Locator) {
  if (!screenshots) return;
  const file = path.join(screenshots, `${name}.png`);
  if (target) await target.screenshot({ path: file });
  else await page.screenshot({ path: file });
}

/** Uploads a final video with its version note from the studio. */

test('the review studio: frame-accurate comments with a drawing, a revision round, v2, compare, approval', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const [editorContext, editor] = await signedInContext(browser, 'editor', VIEWPORT);
  const [clientContext, client] = await signedInContext(browser, 'client', VIEWPORT);
  try {
    // ——— The editor uploads v1 with its note; its preview is made, with live progress, and plays ———
    await openVersions(editor);
    await expect(editor.getByText('Aucune version pour le moment')).toBeVisible();
    await uploadVersion(editor, 1, 'Premier montage : intro et générique', v1);
    await expect(editor.getByTestId('version-chip')).toHaveCount(1);
    await expect(editor.getByTestId('version-chip').first()).toContainText('v1');
    await playerShowsFirstFrame(editor);
    await expect(editor.getByTestId('version-note')).toHaveText(/Premier montage : intro et générique/);
    await expect(editor.getByTestId('version-media')).toContainText('29,97');
    await expect(editor.getByTestId('download-original')).toBeVisible();
    await editor.getByRole('button', { name: 'Lecture' }).click();
    await expect(editor.getByTestId('player-timecode')).not.toHaveText('00:00:59;28');
    await editor.getByRole('button', { name: 'Pause' }).click();
    await expect(editor.getByRole('button', { name: 'Lecture' })).toBeVisible();
    // The keyboard: Space plays, K stops, L twice plays at double speed; Home goes back to the first frame.
    await blur(editor);
    await editor.keyboard.press(' ');
    await expect(editor.getByRole('button', { name: 'Pause' })).toBeVisible();
    await editor.keyboard.press('k');
    await expect(editor.getByRole('button', { name: 'Lecture' })).toBeVisible();
    await editor.keyboard.press('Home');
    await editor.keyboard.press('l');
    await editor.keyboard.press('l');
    // The clip lasts 4 s: the speed badge may be gone already, the element's rate says what played.
    await expect
      .poll(() => editor.getByTestId('review-video').evaluate((video: HTMLVideoElement) => video.playbackRate))
      .toBe(2);
    await editor.keyboard.press('k');
    await expect(editor.getByRole('button', { name: 'Lecture' })).toBeVisible();
    await editor.keyboard.press('Home');
    await expect(editor.getByTestId('player-timecode')).toHaveText('00:00:59;28');
    // ——— En attente du client: before the delivery, the editor's question pauses the deadline ———
    await editor.getByRole('tab', { name: 'Aperçu' }).click();
    await editor.getByTestId('action-askClient').click();
    const ask = editor.getByRole('dialog', { name: 'Poser une question au client' });
    await ask.getByLabel('Votre question').fill('Quelle version du logo préférez-vous, claire ou sombre ?');
    await ask.getByRole('button', { name: 'Envoyer la question' }).click();
    await expect(toast(editor, 'Question envoyée au client')).toBeVisible();
    await expect(editor.getByTestId('client-question')).toContainText('En attente du client');
    await expect(editor.getByTestId('project-delivery-paused')).toBeVisible();
    await openVersions(client);
    const card = client.getByTestId('client-question');
    await expect(card).toContainText('Votre monteur a une question');
    await expect(card).toContainText('Quelle version du logo préférez-vous, claire ou sombre ?');
    await expect(card).toContainText('Le délai de livraison est en pause');
    // The planned delivery shown moves on with the wait, and says so.
    await expect(client.getByTestId('project-delivery-paused')).toContainText('en pause');
    await capture(client, 'question-card-desktop', card);
    await client.setViewportSize({ width: 390, height: 844 });
    await capture(client, 'question-card-phone', card);
    await capture(client, 'question-page-phone');
    await client.setViewportSize({ width: 1440, height: 960 });
    await card.getByLabel('Votre réponse').fill('La version sombre, merci.');
    await card.getByRole('button', { name: 'Répondre au monteur' }).click();
    await expect(toast(client, 'Réponse envoyée')).toBeVisible();
    await expect(client.getByTestId('client-question')).toHaveCount(0);
    await expect(client.getByTestId('project-delivery-paused')).toHaveCount(0);
    await expect(editor.getByTestId('client-question')).toHaveCount(0);
    await expect(editor.getByTestId('project-delivery-paused')).toHaveCount(0);
    await client.getByRole('tab', { name: 'Historique' }).click();
    await expect(client.getByTestId('timeline-entry').filter({ hasText: 'En attente du client' })).toHaveCount(1);
    await expect(client.getByTestId('timeline-entry').filter({ hasText: 'Réponse du client reçue' })).toHaveCount(1);

    // ——— The editor delivers ———
    await editor.getByTestId('action-complete').click();
    await expect(toast(editor, 'Projet terminé')).toBeVisible();
    await editor.getByRole('tab', { name: 'Versions' }).click();
    await playerShowsFirstFrame(editor);

    // ——— The client: no original link before approval; steps across the minute in drop-frame ———
    await client.getByRole('tab', { name: 'Versions' }).click();
    await playerShowsFirstFrame(client);
    await expect(client.getByTestId('download-original')).toHaveCount(0);
    await expect(client.getByTestId('player-frame')).toHaveText(/^Image 1 \/ 1[12]\d$/);
    await client.getByRole('button', { name: 'Image suivante' }).click();
    await expect(client.getByTestId('player-timecode')).toHaveText('00:00:59;29');
    await blur(client);
    await client.keyboard.press('ArrowRight');
    // Frame numbers 00 and 01 do not exist at minute 1 in drop-frame.
    await expect(client.getByTestId('player-timecode')).toHaveText('00:01:00;02');
    await client.keyboard.press('ArrowRight');
    await client.keyboard.press('ArrowLeft');
    await expect(client.getByTestId('player-timecode')).toHaveText('00:01:00;02');
    await expect(client.getByTestId('player-frame')).toHaveText(/^Image 3 \/ 1[12]\d$/);
    // The picture on screen is that frame: the element's clock is in the middle of frame 2.
    const seconds = await client.getByTestId('review-video').evaluate((video: HTMLVideoElement) => video.currentTime);
    expect(Math.floor((seconds * 30_000) / 1001)).toBe(2);

    // An in/out range with the buttons (I and O on the keyboard), then back to one frame.
    await client.getByTestId('range-in').click();
    await blur(client);
    await client.keyboard.press('ArrowRight');
    await client.keyboard.press('ArrowRight');
    await client.getByTestId('range-out').click();
    await expect(client.getByTestId('comment-anchor')).toHaveText('00:01:00;02 → 00:01:00;04');
    await expect(client.getByTestId('timeline-selection')).toBeVisible();
    await client.getByRole('button', { name: 'Effacer la plage' }).click();
    await blur(client);
    await client.keyboard.press('ArrowLeft');
    await client.keyboard.press('ArrowLeft');
    await expect(client.getByTestId('comment-anchor')).toHaveText('00:01:00;02');

    // ——— A comment with a drawing (a rectangle and an arrow) on that frame ———
    await client.getByRole('button', { name: 'Dessiner sur l’image' }).click();
    await client.getByRole('radio', { name: 'Rectangle' }).click();
    await client.getByRole('radio', { name: 'Bleu' }).click();
    const canvas = client.getByTestId('drawing-canvas');
    await drag(client, canvas, [0.3, 0.3], [0.6, 0.7]);
    await client.getByRole('radio', { name: 'Flèche' }).click();
    await drag(client, canvas, [0.85, 0.15], [0.62, 0.45]);
    await expect(client.getByText('2 formes, jointes au commentaire.')).toBeVisible();
    const remark = `Le logo est trop petit ici ${run}`;
    await client.getByLabel('Votre commentaire').fill(remark);
    await expect(client.getByTestId('comment-anchor')).toHaveText('00:01:00;02');
    await client.getByTestId('comment-submit').click();
    await expect(toast(client, 'Commentaire ajouté')).toBeVisible();
    const clientComment = client.getByTestId('comment').filter({ hasText: remark });
    await expect(clientComment).toBeVisible();
    await expect(clientComment.getByTestId('comment-timecode')).toHaveText('00:01:00;02');
    await expect(clientComment).toContainText('Dessin');
    await expect(clientComment.getByTestId('comment-author')).not.toHaveText('');
    await expect(client.getByTestId('drawing-overlay').getByTestId('drawing')).toHaveCount(1);
    await expect(client.getByTestId('timeline-marker')).toHaveCount(1);
    await capture(client, 'studio-desktop-client-comment', client.getByTestId('review-studio'));

    // ——— The editor sees it live, with the client's name and role, and its drawing at its frame ———
    const editorComment = editor.getByTestId('comment').filter({ hasText: remark });
    await expect(editorComment).toBeVisible({ timeout: 20_000 });
    await expect(editorComment).toContainText('Client');
    await expect(editor.getByTestId('drawing-overlay').getByTestId('drawing')).toHaveCount(0);
    await editorComment.getByTestId('comment-timecode').click();
    await expect(editor.getByTestId('player-timecode')).toHaveText('00:01:00;02');
    await expect(editor.getByTestId('drawing-overlay').getByTestId('drawing')).toHaveCount(1);
    await expect(editor.getByTestId('drawing-overlay').locator('rect')).toHaveCount(2);
    // A reply, which the client sees live under the comment.
    await editorComment.getByRole('button', { name: /^Répondre à/ }).click();
    await editor.getByTestId('reply-input').fill('Bien vu, je l’agrandis.');
    await editor.getByTestId('reply-submit').click();
    await expect(clientComment.getByTestId('comment-reply')).toContainText('Bien vu, je l’agrandis.');

    // ——— The comments as markers for the editing software (here the spreadsheet) ———
    await editor.getByTestId('marker-menu').click();
    const markers = editor.waitForEvent('download');
    await editor.getByRole('menuitem', { name: 'Tableur (CSV)' }).click();
    const sheet = await markers;
    expect(sheet.suggestedFilename()).toMatch(/\.csv$/);
    const rows = fs.readFileSync(await sheet.path(), 'utf8');
    expect(rows).toContain('00:01:00;02');
    expect(rows).toContain(remark);

    // ——— The phone: the player full width, the comments below ———
    await client.setViewportSize({ width: 390, height: 844 });
    await blur(client);
    await client.keyboard.press('Home');
    await client.keyboard.press('ArrowRight');
    await client.keyboard.press('ArrowRight');
    await expect(client.getByTestId('drawing-overlay').getByTestId('drawing')).toHaveCount(1);
    const playerBox = (await client.getByTestId('review-player').boundingBox())!;
    expect(playerBox.width).toBeGreaterThan(330);
    const commentsBox = (await client.getByTestId('comment-list').boundingBox())!;
    expect(commentsBox.y).toBeGreaterThan(playerBox.y + playerBox.height);
    await capture(client, 'studio-phone-client', client.getByTestId('review-studio'));
    await client.setViewportSize({ width: 1440, height: 960 });

    // ——— The client requests the revision: the version's open comments make the round ———
    const request = client.getByTestId('request-revision');
    await expect(request).toContainText('Il vous reste 3 révisions sur 3');
    await expect(request).toContainText('Le commentaire ouvert de la v1 sera envoyé au monteur.');
    await request.getByRole('button', { name: 'Demander une révision' }).click();
    const dialog = client.getByRole('dialog', { name: 'Demander une révision de la v1' });
    await dialog.getByLabel('Message général (facultatif)').fill('Dans l’ensemble, très bien.');
    await dialog.getByRole('button', { name: 'Envoyer la révision' }).click();
    await expect(toast(client, 'Demande de révision envoyée')).toBeVisible();
    await expect(client.getByTestId('project-status').first()).toHaveText('Révision demandée');
    await expect(client.getByTestId('project-revisions-count')).toHaveText('1/3');

    // ——— The editor: the round's checklist; 'Révision terminée' waits for a new version ———
    await expect(editor.getByTestId('project-status').first()).toHaveText('Révision demandée');
    const checklist = editor.getByTestId('revision-checklist');
    await expect(checklist.getByTestId('checklist-item')).toHaveCount(1);
    await expect(checklist).toContainText(remark);
    await expect(checklist.getByTestId('action-completeRevision')).toBeDisabled();
    await expect(checklist).toContainText('Envoyez une nouvelle version avant de marquer la révision comme terminée.');
    await capture(editor, 'revision-checklist', checklist);

    // ——— The editor ticks the comment off, uploads v2: the comment is carried there ———
    await editor.getByTestId('revision-checklist').getByRole('checkbox').check();
    await expect(editor.getByTestId('checklist-progress')).toHaveText('1 / 1 traités');
    await editor.getByTestId('revision-checklist').getByRole('checkbox').uncheck();
    await expect(editor.getByTestId('checklist-progress')).toHaveText('0 / 1 traités');
    await uploadVersion(editor, 2, 'Logo agrandi, version sombre', v2);
    await expect(editor.getByTestId('version-chip')).toHaveCount(2);
    await playerShowsFirstFrame(editor);
    await expect(editor.getByTestId('version-details')).toContainText('Version v2');
    const carried = editor.getByTestId('comment').filter({ hasText: remark });
    await expect(carried.getByTestId('comment-carried')).toHaveText('Reporté de la v1', { timeout: 60_000 });
    await expect(carried.getByTestId('comment-timecode')).toHaveText('00:01:00;02');

    // ——— Compare v1 and v2: side by side in sync, then the A/B flip with B ———
    await editor.getByTestId('compare-toggle').click();
    const compare = editor.getByTestId('compare-view');
    await expect(compare.getByTestId('compare-video-a')).toBeVisible();
    await expect(compare.getByTestId('compare-video-b')).toBeVisible();
    await expect(editor.getByTestId('player-timecode')).toHaveText('00:00:59;28', { timeout: 30_000 });
    await blur(editor);
    await editor.keyboard.press('ArrowRight');
    await editor.keyboard.press('ArrowRight');
    await expect(editor.getByTestId('player-timecode')).toHaveText('00:01:00;02');
    await expect
      .poll(() =>
        compare
          .getByTestId('compare-video-b')
          .evaluate((video: HTMLVideoElement) => Math.floor((video.currentTime * 30_000) / 1001)),
      )
      .toBe(2);
    await capture(editor, 'compare-side-by-side', compare);
    await compare.getByRole('radio', { name: 'Bascule A/B' }).click();
    await expect(compare.getByTestId('compare-video-b')).toBeHidden();
    await blur(editor);
    await editor.keyboard.press('b');
    await expect(compare.getByTestId('compare-video-b')).toBeVisible();
    await expect(compare.getByTestId('compare-video-a')).toBeHidden();
    await capture(editor, 'compare-flip', compare);
    await editor.getByTestId('compare-toggle').click();

    // ——— The help lists the shortcuts ———
    await blur(editor);
    await editor.keyboard.press('?');
    await expect(editor.getByTestId('shortcuts-help')).toBeVisible();
    await expect(editor.getByTestId('shortcuts-help')).toContainText('Image précédente / suivante');
    await editor.keyboard.press('Escape');
    await expect(editor.getByTestId('shortcuts-help')).toBeHidden();

    // ——— Révision terminée, now that v2 exists ———
    await editor.getByTestId('action-completeRevision').click();
    await expect(toast(editor, 'Révision terminée')).toBeVisible();
    await expect(editor.getByTestId('project-status').first()).toHaveText('Terminé');

    // ——— The client approves v2, then downloads its original through a short-lived link ———
    await client.getByRole('tab', { name: 'Versions' }).click();
    await playerShowsFirstFrame(client);
    await expect(client.getByTestId('version-details')).toContainText('Version v2');
    await expect(
      client.getByTestId('comment').filter({ hasText: remark }).getByTestId('comment-carried'),
    ).toBeVisible();
    await expect(client.getByTestId('download-original')).toHaveCount(0);
    await client.getByRole('tab', { name: 'Fichiers' }).click();
    await expect(client.getByTestId('file-locked').first()).toHaveText('Après approbation');
    await expect(client.getByRole('link', { name: /^Télécharger montage-v/ })).toHaveCount(0);
    await client.getByRole('tab', { name: 'Versions' }).click();
    await client.getByTestId('action-approve').click();
    await client.getByRole('dialog', { name: 'Approuver la v2 ?' }).getByTestId('approve-confirm').click();
    await expect(toast(client, 'Version approuvée')).toBeVisible();
    const deliverables = client.getByTestId('deliverables-card');
    await expect(deliverables).toContainText('Version v2 approuvée');
    await expect(deliverables).toContainText('La période de révision est close.');
    await expect(client.getByTestId('request-revision')).toHaveCount(0);
    await capture(client, 'studio-desktop-approved', client.getByTestId('review-studio'));
    await client.setViewportSize({ width: 390, height: 844 });
    await capture(client, 'deliverables-phone', deliverables);
    await client.setViewportSize({ width: 1440, height: 960 });
    const download = client.waitForEvent('download');
    await deliverables.getByRole('button', { name: 'Télécharger les livrables' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(path.basename(v2));
    expect(fs.statSync(await file.path()).size).toBe(fs.statSync(v2).size);
  } finally {
    await clientContext.close();
    await editorContext.close();
  }
});

test('a version whose preview cannot be made: the reason, a retry for the editor, the reason for the client', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const failing = { id: failingProjectId, title: failingTitle };
  const [editorContext, editor] = await signedInContext(browser, 'editor', VIEWPORT);
  const [clientContext, client] = await signedInContext(browser, 'client', VIEWPORT);
  try {
    await openVersions(editor, failing);
    await uploadVersion(editor, 1, 'Bande son seule', soundOnly);
    const failure = editor.getByTestId('preview-failed');
    await expect(failure).toContainText('Ce fichier n’est pas une vidéo lisible', { timeout: 180_000 });
    await expect(editor.getByTestId('version-chip').first()).toHaveAttribute('data-preview', 'failed');
    await expect(editor.getByTestId('preview-pending')).toContainText('Ce fichier n’est pas une vidéo lisible');
    await capture(editor, 'preview-failed-editor', editor.getByTestId('review-studio'));

    // The retry starts a new run, which fails the same way and says so again.
    const retried = editor.waitForResponse(
      (response) => response.url().endsWith('/versions/1/preview/retry') && response.request().method() === 'POST',
    );
    await failure.getByRole('button', { name: 'Relancer l’aperçu' }).click();
    expect((await retried).status()).toBe(202);
    await expect(editor.getByTestId('preview-failed')).toContainText('Ce fichier n’est pas une vidéo lisible', {
      timeout: 180_000,
    });
    await expect(toast(editor, 'L’aperçu n’a pas pu être relancé')).toHaveCount(0);

    // The client reads the reason where the player would be, without a retry.
    await openVersions(client, failing);
    await expect(client.getByTestId('preview-pending')).toContainText('Ce fichier n’est pas une vidéo lisible');
    await expect(client.getByRole('button', { name: 'Relancer l’aperçu' })).toHaveCount(0);
    await expect(client.getByTestId('review-video')).toHaveCount(0);
  } finally {
    await clientContext.close();
    await editorContext.close();
  }
});
