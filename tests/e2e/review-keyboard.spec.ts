import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { connectTemporal } from '../../api/temporal/connection';
import { initOrm } from '../../db/orm';
import { generateTestVideo, makeTempDir } from '../support/media-fixtures';
import { expectAccessible } from './support/axe';
import { expectFocusOn, tabTo } from './support/keyboard';
import { editingProject, signedInContext, uploadVersion } from './support/review-studio';
import { toast } from './support/stack';

/**
 * The review studio for whoever uses the keyboard alone, or a screen reader: the editor puts two
 * versions on a project and delivers it (the set-up, with the pointer); the client then reviews it
 * without a single click: steps frames on the timeline slider (its position said in words), places
 * a mark on the picture with the crosshair (where it is said in words too), comments on that frame
 * and on a range, replies, resolves, opens the compare view, turns the single-key shortcuts off
 * then gives one another key, and approves. axe checks the studio in each state along the way.
 *
 * With REVIEW_SCREENSHOTS=<folder>, the studio is captured there at 1280 px, 390 px and 320 × 256
 * (a 1280 px window at 400 % zoom).
 */
const run = Date.now().toString(36).slice(-5);
const title = `Studio au clavier ${run}`;
const screenshots = process.env.REVIEW_SCREENSHOTS;
let orm: MikroORM;
let temporal: Client;
let temp: ReturnType<typeof makeTempDir>;
let projectId = '';
let v1 = '';
let v2 = '';

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  temporal = await connectTemporal(process.env.TEMPORAL_ADDRESS ?? '', process.env.TEMPORAL_NAMESPACE ?? 'default');
  temp = makeTempDir('rushflow-review-keyboard-');
  const pattern = { size: '640x360', rate: '30000/1001', timecode: '00:00:59;28' };
  v1 = generateTestVideo(path.join(temp.dir, `clavier-v1-${run}.mp4`), 4, { ...pattern, source: 'testsrc' });
  v2 = generateTestVideo(path.join(temp.dir, `clavier-v2-${run}.mp4`), 4, { ...pattern, source: 'testsrc2' });
  projectId = await editingProject(orm, temporal, title);
  if (screenshots) fs.mkdirSync(screenshots, { recursive: true });
});

test.afterAll(async () => {
  await temporal?.connection.close();
  await orm?.close();
  temp?.cleanup();
});

/** The editor's set-up: a final video uploaded from the studio, its preview made. */
async function sendVersion(page: Page, number: number, file: string) {
  await uploadVersion(page, number, `Montage v${number}`, file);
  await expect(page.getByTestId('version-chip').filter({ hasText: `v${number}` })).toHaveAttribute(
    'data-preview',
    'ready',
    { timeout: 180_000 },
  );
}

/** The tabs take the focus on the selected one, the arrows go to the others (and open them). */
async function openVersionsTab(page: Page) {
  await tabTo(page, page.getByRole('tab', { selected: true }));
  const versions = page.getByRole('tab', { name: 'Versions' });
  for (
    let presses = 0;
    presses < 10 && !(await versions.evaluate((tab) => tab === document.activeElement));
    presses += 1
  )
    await page.keyboard.press('ArrowRight');
  await expect(versions).toHaveAttribute('aria-selected', 'true');
}

async function capture(page: Page, name: string) {
  if (!screenshots) return;
  const sizes = [
    { label: '1280', width: 1280, height: 900 },
    { label: '390', width: 390, height: 844 },
    { label: '320x256', width: 320, height: 256 },
  ];
  const before = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.getByTestId('review-studio').screenshot({ path: path.join(screenshots, `${name}-${size.label}.png`) });
  }
  if (before) await page.setViewportSize(before);
}

test('the review studio with the keyboard alone: frames, a placed mark, a range, a reply, resolve, compare, shortcuts, approval', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const [editorContext, editor] = await signedInContext(browser, 'editor');
  const [clientContext, client] = await signedInContext(browser, 'client');
  try {
    // ——— Set-up: the editor uploads v1 and v2, and delivers ———
    await editor.goto(`/project/${projectId}`);
    await editor.getByRole('tab', { name: 'Versions' }).click();
    await sendVersion(editor, 1, v1);
    await sendVersion(editor, 2, v2);
    await editor.getByRole('tab', { name: 'Aperçu' }).click();
    await editor.getByTestId('action-complete').click();
    await expect(toast(editor, 'Projet terminé')).toBeVisible();

    // ——— The client, keyboard only from here ———
    await client.goto(`/project/${projectId}`);
    await expect(client.getByTestId('project-title')).toHaveText(title);
    await openVersionsTab(client);
    await expect(client.getByTestId('review-video')).toBeVisible({ timeout: 60_000 });
    await expect(client.getByRole('button', { name: 'Lecture' })).toBeEnabled({ timeout: 60_000 });
    const timecode = client.getByTestId('player-timecode');
    await expect(timecode).toHaveText('00:00:59;28');
    await expect(client.getByTestId('version-details')).toContainText('Version v2');

    // The timeline is a slider: its arrows step frames, its position is said in words.
    const timeline = client.getByRole('slider', { name: 'Position dans la vidéo' });
    await tabTo(client, timeline);
    await expectFocusOn(client, timeline);
    await expect(timeline).toHaveAttribute('aria-valuetext', '59 secondes, image 28');
    await client.keyboard.press('ArrowRight');
    await client.keyboard.press('ArrowRight');
    await expect(timecode).toHaveText('00:01:00;02');
    await expect(timeline).toHaveAttribute('aria-valuetext', '1 minute 0 seconde, image 2');

    // ——— A comment on this frame with a mark placed by the keyboard ———
    await tabTo(client, client.getByRole('button', { name: 'Dessiner sur l’image' }));
    await client.keyboard.press('Enter');
    await expect(client.getByRole('radio', { name: 'Flèche' })).toBeFocused();
    await client.keyboard.press('Tab');
    await expect(client.getByRole('radio', { name: 'Rectangle' })).toBeFocused();
    await client.keyboard.press('Enter');
    await expect(client.getByRole('radio', { name: 'Rectangle' })).toHaveAttribute('aria-checked', 'true');
    const placeByKeyboard = client.getByRole('button', { name: 'Placer des repères au clavier' });
    await tabTo(client, placeByKeyboard);
    await client.keyboard.press('Enter');
    const canvas = client.getByTestId('drawing-canvas');
    await expect(canvas).toBeFocused();
    await expect(client.getByTestId('drawing-crosshair')).toBeVisible();
    await expect(client.getByTestId('drawing-aim')).toHaveText('Viseur au centre');
    await expectAccessible(client, 'studio de révision, outil de dessin actif (viseur au clavier)');
    await capture(client, 'review-keyboard-drawing');
    for (let step = 0; step < 8; step += 1) {
      await client.keyboard.press('ArrowLeft');
      await client.keyboard.press('ArrowUp');
    }
    await expect(client.getByTestId('drawing-aim')).toHaveText('Viseur en haut à gauche');
    await client.keyboard.press('Enter');
    await expect(client.getByText('1 forme, jointe au commentaire.')).toBeVisible();
    await expect(canvas).toHaveAccessibleName(/1 forme\s: en haut à gauche$/);
    await client.keyboard.press('Escape');
    await expect(placeByKeyboard).toBeFocused();
    await expect(client.getByTestId('drawing-crosshair')).toHaveCount(0);

    const remark = `Le titre est coupé en haut à gauche ${run}`;
    await tabTo(client, client.getByLabel('Votre commentaire'));
    await client.keyboard.type(remark);
    await client.keyboard.press('Control+Enter');
    await expect(toast(client, 'Commentaire ajouté')).toBeVisible();
    const onFrame = client.getByTestId('comment').filter({ hasText: remark });
    await expect(onFrame.getByTestId('comment-timecode')).toHaveText('00:01:00;02');
    await expect(onFrame).toContainText('Dessin en haut à gauche');
    await expect(client.getByTestId('drawing-overlay')).toHaveAccessibleName(
      /^Dessin sur cette image\s: en haut à gauche$/,
    );
    const marker = client.getByRole('button', {
      name: new RegExp(`^Commentaire de .+ à 1 minute 0 seconde, image 2$`),
    });
    await expect(marker).toHaveCount(1);

    // ——— A comment on a range: its start and end set with the buttons, the frames on the slider ———
    await tabTo(client, client.getByTestId('range-in'));
    await client.keyboard.press('Enter');
    await tabTo(client, timeline, { backwards: true });
    await client.keyboard.press('ArrowRight');
    await client.keyboard.press('ArrowRight');
    await client.keyboard.press('ArrowRight');
    await tabTo(client, client.getByTestId('range-out'));
    await client.keyboard.press('Enter');
    await expect(client.getByTestId('comment-anchor')).toHaveText('00:01:00;02 → 00:01:00;05');
    const rangeRemark = `Transition trop lente ${run}`;
    await tabTo(client, client.getByLabel('Votre commentaire'));
    await client.keyboard.type(rangeRemark);
    await tabTo(client, client.getByTestId('comment-submit'));
    await client.keyboard.press('Enter');
    const onRange = client.getByTestId('comment').filter({ hasText: rangeRemark });
    await expect(onRange.getByTestId('comment-timecode')).toHaveText('00:01:00;02 → 00:01:00;05');
    // Both start on the same frame: one marker names them both, rather than two targets stacked.
    await expect(client.getByTestId('timeline-marker')).toHaveCount(1);
    const markers = client.getByRole('button', { name: /^2 commentaires à 1 minute 0 seconde, image 2\s: / });
    await expect(markers).toBeVisible();
    await expectAccessible(client, 'studio de révision avec des commentaires');
    await capture(client, 'review-keyboard-comments');

    // A marker takes the picture back to its comment's frame.
    await tabTo(client, markers, { backwards: true });
    await client.keyboard.press('Enter');
    await expect(timecode).toHaveText('00:01:00;02');

    // ——— A reply, whose field opens focused; the focus comes back to « Répondre » ———
    const replyButton = onFrame.getByRole('button', { name: /^Répondre à/ });
    await tabTo(client, replyButton);
    await client.keyboard.press('Enter');
    await expect(client.getByTestId('reply-input')).toBeFocused();
    await client.keyboard.type('Précision : le titre déborde aussi sur la v1.');
    await tabTo(client, onFrame.getByTestId('reply-submit'));
    await client.keyboard.press('Enter');
    await expect(onFrame.getByTestId('comment-reply')).toContainText('le titre déborde aussi');
    await expect(replyButton).toBeFocused();

    // ——— Resolve, with the button that stays focused as « Rouvrir » ———
    await client.keyboard.press('Tab');
    await expect(onFrame.getByTestId('comment-resolve')).toBeFocused();
    await client.keyboard.press('Enter');
    await expect(onFrame).toHaveAttribute('data-status', 'resolved');
    await expect(onFrame.getByTestId('comment-reopen')).toBeFocused();

    // ——— The compare view: opened, its layout changed and flipped from the keyboard ———
    const compareToggle = client.getByTestId('compare-toggle');
    await tabTo(client, compareToggle, { backwards: true });
    await client.keyboard.press('Enter');
    const compare = client.getByTestId('compare-view');
    await expect(compare.getByTestId('compare-video-b')).toBeVisible();
    await expectAccessible(client, 'studio de révision, comparaison côte à côte');
    await tabTo(client, compare.getByRole('radio', { name: 'Bascule A/B' }));
    await client.keyboard.press('Enter');
    await expect(compare.getByTestId('compare-video-b')).toBeHidden();
    await client.keyboard.press('b');
    await expect(compare.getByTestId('compare-video-b')).toBeVisible();
    await expectAccessible(client, 'studio de révision, comparaison en bascule A/B');
    await capture(client, 'review-keyboard-compare');
    await tabTo(client, compareToggle, { backwards: true });
    await client.keyboard.press('Enter');
    await expect(compare).toHaveCount(0);

    // ——— The shortcuts help: opened with ?, it takes the focus and gives it back on Escape ———
    await expect(compareToggle).toBeFocused();
    await client.keyboard.press('?');
    const help = client.getByTestId('shortcuts-help');
    await expect(help).toBeVisible();
    await expect(help).toBeFocused();
    await expectAccessible(client, 'studio de révision, aide des raccourcis ouverte');
    await capture(client, 'review-keyboard-shortcuts');
    await client.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await expect(compareToggle).toBeFocused();

    // Turned off: the page takes no key — not ? nor the arrows nor L.
    await client.keyboard.press('?');
    await client.keyboard.press('Tab');
    const enabled = help.getByRole('checkbox', { name: 'Activer les raccourcis clavier' });
    await tabTo(client, enabled);
    await client.keyboard.press('Space');
    await expect(enabled).not.toBeChecked();
    await expect(help.getByTestId('shortcut-list')).toContainText('Les raccourcis clavier sont désactivés.');
    await client.keyboard.press('Escape');
    await expect(compareToggle).toBeFocused();
    await client.keyboard.press('ArrowRight');
    await client.keyboard.press('l');
    await client.keyboard.press('?');
    await expect(help).toBeHidden();
    // The player came back from the compare view on its first frame, and stayed there.
    await expect(timecode).toHaveText('00:00:59;28');
    await expect(client.getByRole('button', { name: 'Lecture' })).toBeVisible();

    // Back on, with the help on H instead of ?: the list says so, and it holds after a reload.
    const helpButton = client.getByTestId('shortcuts-button');
    await tabTo(client, helpButton);
    await client.keyboard.press('Enter');
    await expect(help).toBeFocused();
    await tabTo(client, enabled);
    await client.keyboard.press('Space');
    await expect(enabled).toBeChecked();
    const helpKey = help.getByRole('textbox', { name: 'Cette aide' });
    await tabTo(client, helpKey);
    await client.keyboard.press('j');
    await expect(help.getByRole('alert')).toContainText('La touche J sert déjà');
    await client.keyboard.press('h');
    await expect(helpKey).toHaveValue('H');
    await expect(help.getByRole('alert')).toHaveCount(0);
    await expect(help.getByTestId('shortcut-list')).toContainText('HAfficher cette aide');
    await client.keyboard.press('Escape');
    await expect(helpButton).toBeFocused();
    await client.reload();
    await openVersionsTab(client);
    await expect(client.getByRole('button', { name: 'Lecture' })).toBeEnabled({ timeout: 60_000 });
    await tabTo(client, timeline);
    await client.keyboard.press('?');
    await expect(help).toBeHidden();
    await client.keyboard.press('h');
    await expect(help).toBeVisible();
    await client.keyboard.press('Escape');

    // ——— Approval, through its dialog; the focus comes back to the page ———
    const approve = client.getByTestId('action-approve');
    await tabTo(client, approve);
    await client.keyboard.press('Enter');
    const dialog = client.getByRole('dialog', { name: 'Approuver la v2 ?' });
    await expect(dialog).toBeVisible();
    await tabTo(client, dialog.getByTestId('approve-confirm'));
    await client.keyboard.press('Enter');
    await expect(toast(client, 'Version approuvée')).toBeVisible();
    await expect(client.getByTestId('deliverables-card')).toContainText('Version v2 approuvée');
    await expectAccessible(client, 'studio de révision, version approuvée');
  } finally {
    await clientContext.close();
    await editorContext.close();
  }
});
