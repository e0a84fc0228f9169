import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { connectTemporal } from '../../api/temporal/connection';
import { ProjectFile } from '../../db/entities';
import { CONTACT_SHEET_MESSAGES } from '../../domain/contact-sheet';
import { initOrm } from '../../db/orm';
import { generatePictureClip } from '../support/media-clips';
import { makeTempDir } from '../support/media-fixtures';
import { expectAccessible } from './support/axe';
import { editingProject, openProjectTab, signedInContext } from './support/review-studio';

/**
 * Rush contact sheets on the files tab, on the running stack (upload, the worker's pass, api,
 * live events): the client sends a rush of four shots; without a reload its row says the shots
 * are being found, then offers « Planche contact (4 plans) », which opens by keyboard into the
 * thumbnails with each shot's timecode and duration; the PDF and the CSV download. The editor
 * sees the same sheet, on a phone's width too; a sheet that failed runs again from its button.
 *
 * With CONTACT_SHEET_SCREENSHOTS=<folder>, the files tab is captured there at 1280 px and 390 px.
 */
const run = Date.now().toString(36).slice(-5);
const title = `Planche contact ${run}`;
const rushName = `interview-${run}.mp4`;
const screenshots = process.env.CONTACT_SHEET_SCREENSHOTS;
let orm: MikroORM;
let temporal: Client;
let temp: ReturnType<typeof makeTempDir>;
let projectId = '';
let rush = '';

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  temporal = await connectTemporal(process.env.TEMPORAL_ADDRESS ?? '', process.env.TEMPORAL_NAMESPACE ?? 'default');
  temp = makeTempDir('rushflow-contact-sheets-');
  rush = path.join(temp.dir, rushName);
  // Four shots of 2 s, 1.6 s, 2.4 s and 2 s: starting at 01:00:00:00, :02:00, :03:15 and :06:00.
  generatePictureClip(rush, [
    { frames: 50, source: 0 },
    { frames: 40, from: 'cut', source: 1 },
    { frames: 60, from: 'cut', source: 2 },
    { frames: 50, from: 'cut', source: 4 },
  ]);
  projectId = await editingProject(orm, temporal, title);
  if (screenshots) fs.mkdirSync(screenshots, { recursive: true });
});

test.afterAll(async () => {
  await temporal?.connection.close();
  await orm?.close();
  temp?.cleanup();
});

const openFiles = (page: Page) => openProjectTab(page, { id: projectId, title }, 'Fichiers');

async function capture(page: Page, name: string) {
  if (screenshots) await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

test('a rush’s contact sheet: found by the worker, opened by keyboard, downloaded as PDF and CSV', async ({
  browser,
}) => {
  test.setTimeout(400_000);
  const [clientContext, client] = await signedInContext(browser, 'client', { width: 1280, height: 900 });
  const [editorContext, editor] = await signedInContext(browser, 'editor', { width: 390, height: 844 });
  try {
    await openFiles(client);
    await client.locator('input[type="file"]').first().setInputFiles(rush);
    const row = client.getByTestId('project-file').filter({ hasText: rushName });
    // Pending for as long as the worker reads the rush (it may already be done at a first look).
    const open = row.getByRole('button', { name: 'Planche contact (4 plans)' });
    await expect(row.getByTestId('contact-sheet-pending').or(open)).toBeVisible({ timeout: 60_000 });
    await expect(open).toBeVisible({ timeout: 180_000 });
    await expect(open).toHaveAttribute('aria-expanded', 'false');

    // By keyboard: the button opens the grid.
    await open.focus();
    await client.keyboard.press('Enter');
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    const grid = row.getByTestId('contact-sheet-grid');
    const thumbnails = grid.getByRole('img');
    await expect(thumbnails).toHaveCount(4);
    await expect(thumbnails.nth(2)).toHaveAttribute('alt', 'Plan 3, début à 01:00:03:15');
    await expect(thumbnails.nth(2)).toHaveAttribute('loading', 'lazy');
    await expect(grid.getByRole('listitem').nth(2)).toContainText('01:00:03:15');
    await expect(grid.getByRole('listitem').nth(2)).toContainText('2,4 s');
    // Every thumbnail arrives (decoded, a picture's width).
    await expect
      .poll(() => thumbnails.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth)))
      .toEqual([320, 320, 320, 320]);
    await expectAccessible(client, 'the files tab with a contact sheet open');
    await capture(client, 'contact-sheet-1280');

    const pdf = client.waitForEvent('download');
    await row.getByRole('button', { name: 'Télécharger la planche (PDF)' }).click();
    const pdfFile = path.join(temp.dir, 'sheet.pdf');
    await (await pdf).saveAs(pdfFile);
    expect(fs.readFileSync(pdfFile).subarray(0, 5).toString()).toBe('%PDF-');

    const csv = client.waitForEvent('download');
    await row.getByRole('button', { name: 'Liste des plans (CSV)' }).click();
    const csvFile = path.join(temp.dir, 'shots.csv');
    await (await csv).saveAs(csvFile);
    const lines = fs
      .readFileSync(csvFile, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'plan;début;fin;durée (s);vignette',
      '1;01:00:00:00;01:00:01:24;2,0;shot-0001.jpg',
      '2;01:00:02:00;01:00:03:14;1,6;shot-0002.jpg',
      '3;01:00:03:15;01:00:05:24;2,4;shot-0003.jpg',
      '4;01:00:06:00;01:00:07:24;2,0;shot-0004.jpg',
    ]);

    // The editor, on a phone's width, sees the same sheet.
    await openFiles(editor);
    const editorRow = editor.getByTestId('project-file').filter({ hasText: rushName });
    await editorRow.getByRole('button', { name: 'Planche contact (4 plans)' }).click();
    await expect(editorRow.getByTestId('contact-sheet-grid').getByRole('img')).toHaveCount(4);
    const overflow = await editor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(editor, 'the files tab with a contact sheet open, at 390 px');
    await capture(editor, 'contact-sheet-390');

    // A sheet whose run failed says why, and « Relancer l’analyse » makes it again (live).
    const em = orm.em.fork();
    const stored = await em.findOneOrFail(ProjectFile, { project: projectId, filename: rushName });
    stored.contactSheet = { status: 'failed', error: CONTACT_SHEET_MESSAGES.failed };
    await em.flush();
    await openFiles(editor);
    const failedRow = editor.getByTestId('project-file').filter({ hasText: rushName });
    await expect(failedRow.getByText(CONTACT_SHEET_MESSAGES.failed)).toBeVisible();
    await capture(editor, 'contact-sheet-failed-390');
    await failedRow.getByRole('button', { name: 'Relancer l’analyse' }).click();
    await expect(failedRow.getByRole('button', { name: 'Planche contact (4 plans)' })).toBeVisible({
      timeout: 180_000,
    });
  } finally {
    await clientContext.close();
    await editorContext.close();
  }
});
