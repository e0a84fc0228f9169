import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { connectTemporal } from '../../api/temporal/connection';
import { initOrm } from '../../db/orm';
import { makeTempDir } from '../support/media-fixtures';
import { expectAccessible } from './support/axe';
import {
  editingProject,
  generateVersionToAnalyse,
  openStudio,
  playerReady,
  signedInContext,
  uploadVersion,
} from './support/review-studio';
import { toast } from './support/stack';

/**
 * The delivery QC in the review studio, on the running stack (upload, worker's analysis, api,
 * live events): the editor uploads a version whose sound stops for 2.4 s at 4 s and whose picture
 * cuts at 3 s and 6 s. The editor reads the report, goes to the silence from its line, turns it
 * into a comment on its frames, and jumps to the next cut with `]` over the waveform. The client
 * reads that the editor reviews the report first, until the editor shows it; then the client's
 * studio shows it without a reload.
 *
 * With REVIEW_SCREENSHOTS=<folder>, the studio is captured there at 1280 px and 390 px.
 */
const run = Date.now().toString(36).slice(-5);
const title = `Contrôle qualité ${run}`;
const screenshots = process.env.REVIEW_SCREENSHOTS;
const NOT_SHARED = 'Le monteur relit le contrôle qualité avant de vous le montrer.';
let orm: MikroORM;
let temporal: Client;
let temp: ReturnType<typeof makeTempDir>;
let projectId = '';
let version = '';

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  temporal = await connectTemporal(process.env.TEMPORAL_ADDRESS ?? '', process.env.TEMPORAL_NAMESPACE ?? 'default');
  temp = makeTempDir('rushflow-review-qc-');
  version = generateVersionToAnalyse(path.join(temp.dir, `montage-qc-${run}.mp4`));
  projectId = await editingProject(orm, temporal, title);
  if (screenshots) fs.mkdirSync(screenshots, { recursive: true });
});

test.afterAll(async () => {
  await temporal?.connection.close();
  await orm?.close();
  temp?.cleanup();
});

const openVersions = (page: Page) => openStudio(page, { id: projectId, title });

/** Keys go to the studio, not to the control that kept the focus. */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

/** With REVIEW_SCREENSHOTS: an element (or the viewport) as `<name>.png`. */
async function capture(page: Page, name: string, target?: Locator) {
  if (!screenshots) return;
  const file = path.join(screenshots, `${name}.png`);
  if (target) await target.screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: true });
}

test('the delivery QC: the report, a finding to its frame and into a comment, cuts, the client once shown', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const [editorContext, editor] = await signedInContext(browser, 'editor', { width: 1280, height: 900 });
  const [clientContext, client] = await signedInContext(browser, 'client', { width: 1280, height: 900 });
  try {
    // ——— The editor uploads the version; the preview plays and the analysis reports ———
    await openVersions(editor);
    await uploadVersion(editor, 1, 'Premier montage', version);
    await playerReady(editor);
    const report = editor.getByRole('region', { name: 'Contrôle qualité' });
    await expect(report.getByTestId('qc-summary')).toHaveText(/\d+ avertissements?/, { timeout: 180_000 });
    await expect(report.getByTestId('qc-target')).toHaveText('Cible : −14 LUFS (plateformes en ligne)');

    // The silence, found to within a frame of 4 s, is a warning with its place.
    const silenceName = /^Silence de 2,4 s à 01:00:04:0[01]$/;
    const silence = report.getByRole('button', { name: silenceName });
    await expect(silence).toBeVisible();
    const silenceLine = report
      .getByTestId('qc-finding')
      .filter({ has: editor.getByRole('button', { name: silenceName }) });
    await expect(silenceLine).toHaveAttribute('data-status', 'warning');
    await expect(silenceLine).toContainText('À vérifier');
    const sentence = (await silence.textContent())!;
    const at = sentence.slice(-'01:00:04:00'.length);

    // ——— A finding seeks the player to its frame ———
    await silence.click();
    await expect(editor.getByTestId('player-timecode')).toHaveText(at);

    // ——— « Commenter »: the comment form holds the sentence on the silence's frames, and posts it ———
    // French puts a no-break space before the colon.
    await report.getByRole('button', { name: new RegExp(`^Commenter\\s:\\s${sentence}$`) }).click();
    const field = editor.getByLabel('Votre commentaire');
    await expect(field).toBeFocused();
    await expect(field).toHaveValue(sentence);
    const anchor = editor.getByTestId('comment-anchor');
    await expect(anchor).toHaveText(new RegExp(`^${at} → 01:00:06:\\d\\d$`));
    const range = (await anchor.textContent())!;
    await field.press('End');
    await field.pressSequentially(' — relancer la musique.');
    await editor.getByTestId('comment-submit').click();
    await expect(toast(editor, 'Commentaire ajouté')).toBeVisible();
    const threads = editor.getByRole('list', { name: 'Commentaires de la version' });
    await expect(threads.getByText(`${sentence} — relancer la musique.`)).toBeVisible();
    await expect(threads.getByRole('button', { name: `Aller à ${range}` })).toBeVisible();

    // ——— The waveform and the cuts under the timeline; ] and [ go from cut to comment ———
    const strip = editor.getByTestId('waveform-strip');
    await expect(strip).toBeVisible();
    await expect(strip.locator('canvas').first()).toBeAttached();
    await expect(editor.getByTestId('scene-cut')).toHaveCount(2);
    await blur(editor);
    await editor.keyboard.press('Home');
    await expect(editor.getByTestId('player-timecode')).toHaveText('01:00:00:00');
    await editor.keyboard.press(']');
    await expect(editor.getByTestId('player-timecode')).toHaveText('01:00:03:00');
    await editor.keyboard.press(']');
    await expect(editor.getByTestId('player-timecode')).toHaveText(at);
    await editor.keyboard.press(']');
    await expect(editor.getByTestId('player-timecode')).toHaveText('01:00:06:00');
    await editor.getByRole('button', { name: 'Coupe ou commentaire précédent' }).click();
    await expect(editor.getByTestId('player-timecode')).toHaveText(at);
    // A press on the waveform seeks there.
    const box = (await strip.boundingBox())!;
    await editor.mouse.click(box.x + box.width * 0.9, box.y + box.height / 2);
    await expect(editor.getByTestId('player-timecode')).toHaveText(/^01:00:07:\d\d$/);

    await expectAccessible(editor, 'studio de révision, rapport de contrôle du monteur');
    await capture(editor, 'review-qc-editor-1280');
    await editor.setViewportSize({ width: 390, height: 844 });
    await expect(report).toBeVisible();
    await expectAccessible(editor, 'studio de révision sur téléphone, rapport de contrôle du monteur');
    await capture(editor, 'review-qc-editor-390');
    await editor.setViewportSize({ width: 1280, height: 900 });

    // ——— The client: the report waits for the editor ———
    await openVersions(client);
    await playerReady(client);
    const clientReport = client.getByRole('region', { name: 'Contrôle qualité' });
    await expect(clientReport).toContainText(NOT_SHARED);
    await expect(clientReport.getByTestId('qc-findings')).toHaveCount(0);
    await expect(clientReport.getByRole('button')).toHaveCount(0);
    // The waveform and the cuts are the studio's, not the report's: the client has them.
    await expect(client.getByTestId('scene-cut')).toHaveCount(2);
    await expectAccessible(client, 'studio de révision du client, rapport pas encore montré');

    // ——— The editor shows it; the client's studio follows live ———
    await report.getByRole('button', { name: 'Montrer le rapport au client' }).click();
    await expect(toast(editor, 'Rapport de contrôle montré au client.')).toBeVisible();
    await expect(report.getByTestId('qc-shared')).toHaveText('Visible par le client');
    await expect(clientReport.getByRole('button', { name: sentence, exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(clientReport).not.toContainText(NOT_SHARED);
    await expect(clientReport.getByRole('button', { name: 'Montrer le rapport au client' })).toHaveCount(0);
    await capture(client, 'review-qc-client-1280');
    await client.setViewportSize({ width: 390, height: 844 });
    await capture(client, 'review-qc-client-390');
  } finally {
    await editorContext.close();
    await clientContext.close();
  }
});
