import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { seedProject, startSeededProjectWorkflow } from '../../support/project-seed';
import { demoAccounts, signIn } from './stack';

/** What the review studio's browser tests share: a project being edited, the two parties signed in, an upload. */
const accounts = demoAccounts();

/** A paid project the demo editor is editing, with its workflow started in its editing phase. */
export async function editingProject(orm: MikroORM, temporal: Client, title: string): Promise<string> {
  const id = await seedProject(orm.em.fork(), {
    client: { id: accounts.client.id, email: accounts.client.email },
    editorId: accounts.editor.id,
    status: 'in_progress',
    title,
    videoType: 'youtube',
    createdAt: new Date(Date.now() - 3_600_000),
    deliveryDate: new Date(Date.now() + 10 * 86_400_000),
    history: [
      { oldStatus: null, newStatus: 'brief_received', comment: 'Paiement reçu' },
      { oldStatus: 'brief_received', newStatus: 'assigned' },
      { oldStatus: 'assigned', newStatus: 'in_progress' },
    ],
  });
  await startSeededProjectWorkflow(temporal, id);
  return id;
}

/** A browser context of its own, signed in through Keycloak as the demo client or editor. */
export async function signedInContext(
  browser: Browser,
  who: 'client' | 'editor',
  viewport = { width: 1280, height: 900 },
): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const account = accounts[who];
  await signIn(page, account.email, account.password, who === 'client' ? /\/dashboard$/ : /\/editor$/);
  return [context, page];
}

/** The editor sends version `number` from the studio, with its note, and waits for the upload to end. */
export async function uploadVersion(page: Page, number: number, note: string, file: string): Promise<void> {
  const studio = page.getByTestId('review-studio');
  await expect(studio.getByRole('heading', { name: `Envoyer la version v${number}` })).toBeVisible();
  await studio.getByLabel(`Note de la version v${number}`).fill(note);
  await studio.locator('input[type="file"]').setInputFiles(file);
  await expect(studio.getByTestId('rush-file').filter({ hasText: path.basename(file) })).toHaveAttribute(
    'data-status',
    'completed',
    { timeout: 60_000 },
  );
}

/**
 * An 8 s version to analyse (25 i/s, 640 × 360): three different test pictures joined by hard cuts
 * at 3 s and 6 s, under a 440 Hz tone that stops for 2.4 s from 4 s (frames 100 to 159).
 */
export function generateVersionToAnalyse(file: string): string {
  const source = (graph: string) => ['-f', 'lavfi', '-i', graph];
  const shot = (pattern: string, seconds: number) => source(`${pattern}=size=640x360:rate=25:duration=${seconds}`);
  const toneWithSilence = "sine=frequency=440:sample_rate=48000:duration=8,volume=enable='between(t,4,6.4)':volume=0";
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...shot('testsrc2', 3),
    ...shot('smptebars', 3),
    ...shot('rgbtestsrc', 2),
    ...source(toneWithSilence),
    ...['-filter_complex', '[0:v][1:v][2:v]concat=n=3:v=1:a=0,format=yuv420p[picture]'],
    ...['-map', '[picture]', '-map', '3:a', '-r', '25'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '192k'],
    file,
  ]);
  return file;
}

/** Opens the project's page, waits for its live channel, then opens its tab `tab` (« Versions », « Fichiers »…). */
export async function openProjectTab(page: Page, project: { id: string; title: string }, tab: string): Promise<void> {
  await page.goto(`/project/${project.id}`);
  await expect(page.getByTestId('project-title')).toHaveText(project.title);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-stream', 'open', { timeout: 20_000 });
  await page.getByRole('tab', { name: tab }).click();
}

/** Opens the project's « Versions » tab: the review studio. */
export async function openStudio(page: Page, project: { id: string; title: string }): Promise<void> {
  await openProjectTab(page, project, 'Versions');
  await expect(page.getByTestId('review-studio')).toBeVisible();
}

/** The version's preview is rendered and the player has its media. */
export async function playerReady(page: Page): Promise<void> {
  await expect(page.getByTestId('review-video')).toBeVisible({ timeout: 180_000 });
  await expect(page.getByRole('button', { name: 'Lecture' })).toBeEnabled({ timeout: 60_000 });
}
