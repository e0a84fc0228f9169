import { Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { accountPrivacyWorkflow } from '../../workflows';
import type { AccountPrivacyActivities } from '../../workflows/account-privacy-activities';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import {
  ACCOUNT_INACTIVITY,
  ACCOUNT_INACTIVITY_WARNING,
  addPeriod,
  DATA_EXPORT_LINK,
  DELETION_GRACE,
} from '../../domain/retention';
import {
  ACCOUNT_ERASING,
  accountActiveSignal,
  daysMs,
  accountPrivacyStateQuery,
  cancelDeletionUpdate,
  requestDeletionUpdate,
  requestExportUpdate,
  type AccountPrivacyEmail,
} from '../../workflows/contracts/account-privacy';
import { createTimeSkippingEnv } from '../support/temporal-test-env';

/**
 * The account's privacy promises over years, on the time-skipping server: three years of silence
 * bring a warning 30 days before the erasure, any activity starts the count again, a requested
 * deletion waits 30 days and can be cancelled, an export's link is sent for 7 days.
 */
jest.setTimeout(120_000);

const DAY_MS = 24 * 60 * 60 * 1000;
/** Three calendar years after `at` (1,095 or 1,096 days). */
const threeYearsAfter = (at: number) => addPeriod(at, ACCOUNT_INACTIVITY);
const WARNING = daysMs(ACCOUNT_INACTIVITY_WARNING);
const GRACE = daysMs(DELETION_GRACE);

let env: TestWorkflowEnvironment;

beforeAll(async () => {
  env = await createTimeSkippingEnv();
});

afterAll(async () => {
  await env?.teardown();
});

/** What the account saw, each with the test server's time it happened at. */
interface Happening {
  what: 'email' | 'export' | 'erased' | 'identity-deleted';
  at: number;
  email?: AccountPrivacyEmail;
  reason?: string;
}

function account() {
  const happenings: Happening[] = [];
  const at = () => env.currentTimeMs();
  const activities: AccountPrivacyActivities = {
    async exportAccountData({ userId, exportId }) {
      happenings.push({ what: 'export', at: await at() });
      return { objectKey: `${userId}/${exportId}.zip` };
    },
    async sendAccountEmail({ email }) {
      happenings.push({ what: 'email', at: await at(), email });
    },
    async eraseAccountData() {
      happenings.push({ what: 'erased', at: await at() });
      return { rowsDeleted: 1, rowsPseudonymised: 1, objectsDeleted: 1 };
    },
    async finishAccountErasure({ reason }) {
      happenings.push({ what: 'identity-deleted', at: await at(), reason });
    },
  };
  return { activities, happenings };
}

/** Waits for something the worker does in this process (real time, a few milliseconds). */
async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function withWorker(activities: AccountPrivacyActivities, run: () => Promise<void>): Promise<void> {
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities,
  });
  await worker.runUntil(run);
}

const start = (workflowId: string, input: Partial<Parameters<typeof accountPrivacyWorkflow>[0]> = {}) =>
  env.client.workflow.start(accountPrivacyWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId,
    args: [{ userId: workflowId, ...input }],
  });

test('three years without activity: a warning 30 days before, then the account is erased', async () => {
  const { activities, happenings } = account();
  await withWorker(activities, async () => {
    const startedAt = await env.currentTimeMs();
    const handle = await start('account-inactive');
    await env.sleep(threeYearsAfter(startedAt) - WARNING - DAY_MS - startedAt);
    expect(happenings).toEqual([]);
    await handle.result();
    const [warning, erased, identity] = happenings;
    expect(warning.email?.template).toBe('account_inactivity_warning');
    expect(warning.at).toBeGreaterThanOrEqual(threeYearsAfter(startedAt) - WARNING);
    const erasureAt = Date.parse((warning.email as { erasureAt: string }).erasureAt);
    expect(erasureAt).toBeGreaterThanOrEqual(threeYearsAfter(startedAt));
    // Warned 30 days before the date it names, not a day later.
    expect(erasureAt - warning.at).toBeGreaterThan(WARNING - DAY_MS);
    expect(erased.what).toBe('erased');
    expect(erased.at).toBeGreaterThanOrEqual(erasureAt);
    expect(identity).toMatchObject({ what: 'identity-deleted', reason: 'inactivity' });
    expect(happenings).toHaveLength(3);
  });
});

test('activity starts the three years again, even after the warning', async () => {
  const { activities, happenings } = account();
  await withWorker(activities, async () => {
    const handle = await start('account-active');
    await env.sleep(2 * 365 * DAY_MS);
    const signalledAt = await env.currentTimeMs();
    await handle.signal(accountActiveSignal);
    await env.sleep(2 * 365 * DAY_MS);
    expect(happenings).toEqual([]);
    // Warned, then back before the date: nothing is erased.
    await env.sleep(threeYearsAfter(signalledAt) - WARNING + DAY_MS - (await env.currentTimeMs()));
    expect(happenings.map((happening) => happening.email?.template)).toEqual(['account_inactivity_warning']);
    const activeAgainAt = await env.currentTimeMs();
    await handle.signal(accountActiveSignal);
    await env.sleep(WARNING + DAY_MS);
    expect(happenings.map((happening) => happening.what)).toEqual(['email']);
    await handle.result();
    const erased = happenings.find((happening) => happening.what === 'erased')!;
    expect(erased.at).toBeGreaterThanOrEqual(threeYearsAfter(activeAgainAt));
  });
});

test('a requested deletion waits its 30 days, can be cancelled, and happens when not', async () => {
  const { activities, happenings } = account();
  await withWorker(activities, async () => {
    const handle = await start('account-deletion');
    const requestedAt = await env.currentTimeMs();
    const state = await handle.executeUpdate(requestDeletionUpdate);
    expect(Date.parse(state.deletionDueAt!) - requestedAt).toBeGreaterThanOrEqual(GRACE);
    expect(happenings.map((happening) => happening.email)).toEqual([
      { template: 'account_deletion_requested', deletionDueAt: state.deletionDueAt },
    ]);
    await env.sleep(GRACE - DAY_MS);
    expect((await handle.executeUpdate(cancelDeletionUpdate)).deletionDueAt).toBeNull();
    await env.sleep(2 * DAY_MS);
    expect(happenings.filter((happening) => happening.what === 'erased')).toEqual([]);
    expect((await handle.query(accountPrivacyStateQuery)).deletionDueAt).toBeNull();

    const again = await handle.executeUpdate(requestDeletionUpdate);
    // A second request while one is pending changes nothing.
    expect((await handle.executeUpdate(requestDeletionUpdate)).deletionDueAt).toBe(again.deletionDueAt);
    await handle.result();
    const erased = happenings.find((happening) => happening.what === 'erased')!;
    expect(erased.at).toBeGreaterThanOrEqual(Date.parse(again.deletionDueAt!));
    expect(happenings.at(-1)).toMatchObject({ what: 'identity-deleted', reason: 'request' });
    expect(happenings.filter((happening) => happening.email?.template === 'account_deletion_requested')).toHaveLength(
      2,
    );
  });
});

test('an export is built in the background and its link e-mailed for 7 days', async () => {
  const { activities, happenings } = account();
  await withWorker(activities, async () => {
    const handle = await start('account-export');
    expect((await handle.executeUpdate(requestExportUpdate)).exportRunning).toBe(true);
    await env.sleep(60_000);
    const state = await handle.query(accountPrivacyStateQuery);
    expect(state.exportRunning).toBe(false);
    const sent = happenings.find((happening) => happening.email?.template === 'account_export_ready')!;
    expect(sent.email).toMatchObject({ objectKey: expect.stringMatching(/^account-export\/.+\.zip$/) });
    expect(Date.parse(state.lastExport!.expiresAt) - Date.parse(state.lastExport!.createdAt)).toBe(
      daysMs(DATA_EXPORT_LINK),
    );
    await handle.terminate();
  });
});

test('a long life continues as new with what it knew', async () => {
  const { activities, happenings } = account();
  await withWorker(activities, async () => {
    const handle = await start('account-long-life', { historyLimit: 40 });
    const firstRun = (await handle.describe()).runId;
    await handle.executeUpdate(requestExportUpdate);
    await env.sleep(60_000);
    let lastSignalAt = 0;
    for (let day = 0; day < 20; day += 1) {
      lastSignalAt = await env.currentTimeMs();
      await handle.signal(accountActiveSignal);
      await env.sleep(DAY_MS);
    }
    const latest = env.client.workflow.getHandle('account-long-life');
    expect((await latest.describe()).runId).not.toBe(firstRun);
    const state = await latest.query(accountPrivacyStateQuery);
    expect(state.lastExport).not.toBeNull();
    expect(Date.parse(state.lastActiveAt)).toBeGreaterThanOrEqual(lastSignalAt);
    expect(happenings.filter((happening) => happening.what === 'erased')).toEqual([]);
    await latest.terminate();
  });
});

test('once the erasure has begun, it can no longer be cancelled', async () => {
  const { activities, happenings } = account();
  let release = () => {};
  const erasing = new Promise<void>((resolve) => {
    release = resolve;
  });
  let erasureStarted = false;
  await withWorker(
    {
      ...activities,
      async eraseAccountData(userId) {
        erasureStarted = true;
        await erasing;
        return activities.eraseAccountData(userId);
      },
    },
    async () => {
      const handle = await start('account-erasing', { deletionGrace: '1 hour' });
      await handle.executeUpdate(requestDeletionUpdate);
      // The test server stops skipping time while an activity runs: the erasure is waited for in real time.
      const skipped = env.sleep('2 hours');
      await waitFor(() => erasureStarted);
      await expect(handle.executeUpdate(cancelDeletionUpdate)).rejects.toMatchObject({
        cause: { type: ACCOUNT_ERASING },
      });
      release();
      await skipped;
      await handle.result();
      expect(happenings.at(-1)).toMatchObject({ what: 'identity-deleted', reason: 'request' });
    },
  );
});
