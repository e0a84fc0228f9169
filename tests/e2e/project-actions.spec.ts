import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { connectTemporal } from '../../api/temporal/connection';
import { initOrm } from '../../db/orm';
import { ProjectFile, ProjectVersion, VersionComment } from '../../db/entities';
import { BUCKETS } from '../../clients/storage';
import { PROJECT_ACTIONS, type ProjectAction } from '../../domain/project-lifecycle';
import { LIFECYCLE_MESSAGES } from '../../domain/project-rules';
import type { VersionView } from '../../domain/review';
import { readyVersion, seedProject, startSeededProjectWorkflow } from '../support/project-seed';
import { testStack } from '../support/stack-env';
import { demoAccounts, signIn, toast } from './support/stack';

/**
 * The project page offers exactly what the workflow accepts. One project of the demo client and
 * the demo editor walks through every state (assigned, editing without then with a final file,
 * delivered, a revision asked, started, answered by a new version, delivered again, approved) and
 * a second one is cancelled. In each state, for the editor, the client and an admin: the page's
 * buttons are the expected ones, each offered action is clicked and accepted (its success toast,
 * never an error toast), a waiting one is shown disabled with its French reason, and every action
 * not offered is refused by the api. The uploads are written as the api records them (their
 * own specs are uploads.spec.ts and review.spec.ts). With ACTIONS_SCREENSHOTS=<folder>, the
 * editor's waiting « Révision terminée » is captured there (desktop and phone).
 */
const accounts = demoAccounts();
const stack = testStack();
const run = Date.now().toString(36).slice(-5);
const ACTIONS = Object.keys(PROJECT_ACTIONS) as ProjectAction[];
type Role = 'client' | 'editor' | 'admin';
let orm: MikroORM;
let temporal: Client;
const tokens = {} as Record<Role, string>;
const screenshots = process.env.ACTIONS_SCREENSHOTS;

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  temporal = await connectTemporal(process.env.TEMPORAL_ADDRESS ?? '', process.env.TEMPORAL_NAMESPACE ?? 'default');
  for (const role of ['client', 'editor', 'admin'] as const)
    tokens[role] = await stack.signIn(accounts[role].email, accounts[role].password);
});
test.afterAll(async () => {
  await temporal?.connection.close();
  await orm?.close();
});

/** A paid project of the demo client, assigned to the demo editor, with its workflow running. */
async function assignedProject(title: string): Promise<string> {
  const id = await seedProject(orm.em.fork(), {
    client: { id: accounts.client.id, email: accounts.client.email },
    editorId: accounts.editor.id,
    status: 'assigned',
    title,
    deliveryDate: new Date(Date.now() + 10 * 86_400_000),
    history: [
      { oldStatus: null, newStatus: 'brief_received', comment: 'Paiement reçu' },
      { oldStatus: 'brief_received', newStatus: 'assigned' },
    ],
  });
  await startSeededProjectWorkflow(temporal, id);
  return id;
}

/** A final upload, as the api records it: the file and its version, its preview ready. */
async function uploadVersion(projectId: string, number: number): Promise<void> {
  const em = orm.em.fork();
  const file = em.create(ProjectFile, {
    project: projectId,
    filename: `montage-v${number}-${run}.mp4`,
    fileType: 'final',
    storageBucket: BUCKETS.videoUploads,
    storageKey: `${projectId}/final/v${number}.mp4`,
    mimeType: 'video/mp4',
    fileSize: 2048,
    uploadedBy: accounts.editor.id,
  });
  const version = readyVersion(em, projectId, file, accounts.editor.id);
  version.number = number;
  version.previewKey = `${projectId}/preview/v${number}.mp4`;
  await em.flush();
}

/** The client's comment on a version, as the studio posts it. */
async function comment(projectId: string, versionNumber: number, body: string): Promise<void> {
  const answer = await api('client', `/api/projects/${projectId}/versions/${versionNumber}/comments`, {
    body,
    frameIn: 50,
  });
  expect(answer.status).toBe(201);
}

/** What the new version's preview run does: the open comments of the version before go on with it. */
async function carryOpenComments(projectId: string, from: number, to: number): Promise<void> {
  const em = orm.em.fork();
  const target = await em.findOneOrFail(ProjectVersion, { project: projectId, number: to });
  const open = await em.find(VersionComment, {
    project: projectId,
    version: { number: from },
    parentId: null,
    status: 'open',
  });
  for (const original of open) {
    em.create(VersionComment, {
      project: projectId,
      version: target,
      authorId: original.authorId,
      authorName: original.authorName,
      authorRole: original.authorRole,
      body: original.body,
      frameIn: original.frameIn,
      rateNum: original.rateNum,
      rateDen: original.rateDen,
      carriedFromId: original.id,
      carriedFromVersionNumber: from,
    });
  }
  await em.flush();
}

async function api(role: Role, path: string, body: unknown = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${stack.appUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[role]}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => ({})) };
}

async function projectStatus(projectId: string): Promise<string> {
  const response = await fetch(`${stack.appUrl}/api/projects/${projectId}`, {
    headers: { authorization: `Bearer ${tokens.admin}` },
  });
  return ((await response.json()) as { project: { status: string } }).project.status;
}

async function versionsOf(projectId: string): Promise<VersionView[]> {
  const response = await fetch(`${stack.appUrl}/api/projects/${projectId}/versions`, {
    headers: { authorization: `Bearer ${tokens.client}` },
  });
  return ((await response.json()) as { versions: VersionView[] }).versions;
}

interface Walk {
  pages: Record<Role, Page>;
  projectId: string;
}

/** The Aperçu tab's lifecycle buttons: those offered (enabled), and those waiting (disabled). */
async function buttonsOn(page: Page, projectId: string) {
  await page.goto(`/project/${projectId}`);
  const card = page.getByTestId('project-actions');
  await expect(card).toBeVisible();
  const offered: string[] = [];
  const waiting: string[] = [];
  for (const button of await card.locator('[data-testid^="action-"]').all()) {
    const name = (await button.getAttribute('data-testid'))!.replace('action-', '');
    // The review's own buttons (the question to the client…) are the studio's specs' to check.
    if (!(ACTIONS as string[]).includes(name)) continue;
    ((await button.isEnabled()) ? offered : waiting).push(name);
  }
  return { offered: offered.sort(), waiting: waiting.sort() };
}

/**
 * One state of the walk: each role's page offers `expected` (and shows `waiting` disabled, with
 * its reason), and the api refuses every other action without changing the project.
 */
async function checkState(
  walk: Walk,
  status: string,
  expected: Partial<Record<Role, ProjectAction[]>>,
  waiting: Partial<Record<Role, ProjectAction[]>> = {},
) {
  expect(await projectStatus(walk.projectId)).toBe(status);
  for (const role of ['editor', 'client', 'admin'] as const) {
    const buttons = await buttonsOn(walk.pages[role], walk.projectId);
    expect({ status, role, ...buttons }).toEqual({
      status,
      role,
      offered: [...(expected[role] ?? [])].sort(),
      waiting: [...(waiting[role] ?? [])].sort(),
    });
    for (const action of ACTIONS.filter((name) => !(expected[role] ?? []).includes(name))) {
      const answer = await api(role, `/api/projects/${walk.projectId}/actions/${action}`, { versionNumber: 1 });
      expect({ status, role, action, refused: answer.status >= 400 && answer.status < 500 }).toEqual({
        status,
        role,
        action,
        refused: true,
      });
    }
    expect(await projectStatus(walk.projectId)).toBe(status);
  }
}

/** Clicks an offered button on the Aperçu tab and waits for its success toast (never an error). */
async function click(page: Page, projectId: string, action: ProjectAction, success: string) {
  await page.goto(`/project/${projectId}`);
  await page.getByTestId('project-actions').getByTestId(`action-${action}`).click();
  if (action === 'requestRevision') {
    const dialog = page.getByRole('dialog', { name: 'Demander une révision' });
    await dialog.getByLabel('Modifications souhaitées').fill('Raccourcir l’introduction.');
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
  }
  await expect(toast(page, success)).toBeVisible();
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
}

async function signedInPages(browser: Browser): Promise<Record<Role, Page>> {
  const pages = {} as Record<Role, Page>;
  const landing = { client: /\/dashboard$/, editor: /\/editor$/, admin: /\/admin$/ } as const;
  for (const role of ['editor', 'client', 'admin'] as const) {
    pages[role] = await (await browser.newContext()).newPage();
    await signIn(pages[role], accounts[role].email, accounts[role].password, landing[role]);
  }
  return pages;
}

test('every state offers exactly the actions the workflow accepts, and each offered one is accepted', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const pages = await signedInPages(browser);
  const walk: Walk = { pages, projectId: await assignedProject(`Parcours des actions ${run}`) };
  const { editor, client } = pages;
  const id = walk.projectId;

  await checkState(walk, 'assigned', { editor: ['start'], admin: ['cancel'] });
  await click(editor, id, 'start', 'Montage commencé');

  // Editing, nothing uploaded yet: « Marquer comme terminé » waits for a final file, and says so.
  await checkState(walk, 'in_progress', { admin: ['cancel'] }, { editor: ['complete'] });
  await expect(editor.getByText(LIFECYCLE_MESSAGES.noFinalFile)).toBeVisible();
  await uploadVersion(id, 1);
  await checkState(walk, 'in_progress', { editor: ['complete'], admin: ['cancel'] });
  await click(editor, id, 'complete', 'Projet terminé');

  await checkState(walk, 'completed', { client: ['requestRevision'] });
  await comment(id, 1, 'Le titre arrive trop tard.');
  await click(client, id, 'requestRevision', 'Demande de révision envoyée');

  // The revision: « Commencer » alone, then nothing until a new version, then « Révision terminée ».
  await checkState(
    walk,
    'revision_requested',
    { editor: ['startRevision'], admin: ['cancel'] },
    { editor: ['completeRevision'] },
  );
  await click(editor, id, 'startRevision', 'Révision commencée');
  await checkState(walk, 'revision_requested', { admin: ['cancel'] }, { editor: ['completeRevision'] });
  await expect(editor.getByText(LIFECYCLE_MESSAGES.revisionNeedsNewVersion)).toBeVisible();
  if (screenshots) {
    fs.mkdirSync(screenshots, { recursive: true });
    for (const width of [1280, 390]) {
      await editor.setViewportSize({ width, height: 900 });
      await editor.getByTestId('project-actions').scrollIntoViewIfNeeded();
      await editor.screenshot({ path: path.join(screenshots, `revision-waiting-${width}.png`) });
    }
  }
  await uploadVersion(id, 2);
  await carryOpenComments(id, 1, 2);
  await checkState(walk, 'revision_requested', { editor: ['completeRevision'], admin: ['cancel'] });
  await click(editor, id, 'completeRevision', 'Révision terminée');

  // Delivered again; the client approves v2: no revision is offered any more, nothing counts as open.
  await checkState(walk, 'completed', { client: ['requestRevision'] });
  // The remark carried from v1 is open once, on v2 (where it is now), not on both versions.
  expect((await versionsOf(id)).map((version) => [version.number, version.comments.open])).toEqual([
    [2, 1],
    [1, 0],
  ]);
  expect((await api('client', `/api/projects/${id}/actions/approve`, { versionNumber: 2 })).status).toBe(200);
  await checkState(walk, 'completed', {});
  expect((await versionsOf(id)).map((version) => [version.number, version.comments.open])).toEqual([
    [2, 0],
    [1, 0],
  ]);

  // A second project: the admin's « Annuler le projet » is accepted, then nothing is offered.
  const cancelled: Walk = { pages, projectId: await assignedProject(`Parcours annulé ${run}`) };
  await click(pages.admin, cancelled.projectId, 'cancel', 'Projet annulé');
  await checkState(cancelled, 'cancelled', {});
});

test('an action’s answer is the page’s project: neither the action nor its live event reads it again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const id = await assignedProject(`Réponse d’action ${run}`);
  const editor = await (await browser.newContext()).newPage();
  await signIn(editor, accounts.editor.email, accounts.editor.password, /\/editor$/);
  await editor.goto(`/project/${id}`);
  // Once the live channel is open, what the page read at its first connection is read again first.
  await expect(editor.getByTestId('connection-status')).toHaveAttribute('data-stream', 'open', { timeout: 20_000 });
  const actions = editor.getByTestId('project-actions');
  await expect(actions.getByTestId('action-start')).toBeEnabled();

  const projectReads: string[] = [];
  editor.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/projects/${id}`)
      projectReads.push(request.url());
  });
  await actions.getByTestId('action-start').click();
  await expect(toast(editor, 'Montage commencé')).toBeVisible();
  // The answer's state at once: editing, « Marquer comme terminé » waiting for a final file.
  await expect(actions.getByTestId('action-complete')).toBeDisabled();
  await expect(actions.getByTestId('action-start')).toHaveCount(0);

  // An admin's change afterwards is read (its live event comes after the action's own, in order).
  expect((await api('admin', `/api/admin/projects/${id}/revisions`, { count: 1 })).status).toBe(200);
  await expect(editor.getByTestId('project-revisions-count')).toHaveText('0/4');
  expect(projectReads).toHaveLength(1);
});
