import { ApplicationFailure } from '@temporalio/common';
import {
  allHandlersFinished,
  condition,
  continueAsNew,
  proxyActivities,
  setHandler,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { AccountPrivacyActivities } from './account-privacy-activities';
import {
  ACCOUNT_INACTIVITY,
  ACCOUNT_INACTIVITY_WARNING,
  addPeriod,
  DATA_EXPORT_LINK,
  DELETION_GRACE,
} from '../domain/retention';
import {
  ACCOUNT_HISTORY_LIMIT,
  ACCOUNT_ERASING,
  ACCOUNT_NOT_FOUND,
  accountActiveSignal,
  daysMs,
  accountPrivacyStateQuery,
  cancelDeletionUpdate,
  requestDeletionUpdate,
  requestExportUpdate,
  type AccountPrivacyInput,
  type AccountPrivacyState,
  type ErasureReason,
} from './contracts/account-privacy';
import { durationMs } from './duration';

/** `condition` with a timeout, where a moment already past is no wait at all (a timer needs a positive duration). */
async function conditionWithin(fn: () => boolean, timeoutMs: number): Promise<boolean> {
  return timeoutMs > 0 ? condition(fn, timeoutMs) : fn();
}

const activities = proxyActivities<AccountPrivacyActivities>({
  startToCloseTimeout: '10 minutes',
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '10 minutes',
    nonRetryableErrorTypes: [ACCOUNT_NOT_FOUND, 'WorkerMisconfigured'],
  },
});

/**
 * The privacy promises of one client or editor account (« Mes données »): erased after three
 * years without activity (warned 30 days before), erased 30 days after its owner asks unless they
 * cancel, and exported on request as a ZIP whose link is e-mailed. Continues as new when its
 * history grows, carrying what it knows.
 */
export async function accountPrivacyWorkflow(input: AccountPrivacyInput): Promise<void> {
  const { userId } = input;
  const erasureDateAfter = (lastActive: number) =>
    input.inactivityLimit === undefined
      ? addPeriod(lastActive, ACCOUNT_INACTIVITY)
      : lastActive + durationMs(input.inactivityLimit);
  const warningBefore =
    input.inactivityWarningBefore === undefined
      ? daysMs(ACCOUNT_INACTIVITY_WARNING)
      : durationMs(input.inactivityWarningBefore);
  const grace = input.deletionGrace === undefined ? daysMs(DELETION_GRACE) : durationMs(input.deletionGrace);
  const historyLimit = input.historyLimit ?? ACCOUNT_HISTORY_LIMIT;
  const state: AccountPrivacyState = input.carried ?? {
    lastActiveAt: new Date(Date.now()).toISOString(),
    deletionDueAt: null,
    exportRunning: false,
    lastExport: null,
  };
  let exportRun: Promise<void> | null = null;
  let erasing = false;
  // Once the erasure has begun, nothing may be exported, requested or cancelled any more.
  const notErasing = {
    validator: () => {
      if (erasing) throw ApplicationFailure.nonRetryable('The account is being erased', ACCOUNT_ERASING);
    },
  };

  async function runExport(): Promise<void> {
    try {
      const { objectKey } = await activities.exportAccountData({ userId, exportId: uuid4() });
      const createdAt = new Date(Date.now());
      const expiresAt = new Date(createdAt.getTime() + daysMs(DATA_EXPORT_LINK)).toISOString();
      await activities.sendAccountEmail({
        userId,
        key: `account-export:${uuid4()}`,
        email: { template: 'account_export_ready', objectKey, expiresAt },
      });
      state.lastExport = { createdAt: createdAt.toISOString(), expiresAt };
    } finally {
      state.exportRunning = false;
      exportRun = null;
    }
  }

  setHandler(accountActiveSignal, () => {
    state.lastActiveAt = new Date(Date.now()).toISOString();
  });
  setHandler(accountPrivacyStateQuery, () => state);
  setHandler(
    requestExportUpdate,
    () => {
      if (!exportRun) {
        state.exportRunning = true;
        exportRun = runExport();
      }
      return state;
    },
    notErasing,
  );
  setHandler(
    requestDeletionUpdate,
    async () => {
      if (state.deletionDueAt === null) {
        const deletionDueAt = new Date(Date.now() + grace).toISOString();
        state.deletionDueAt = deletionDueAt;
        await activities.sendAccountEmail({
          userId,
          key: `account-deletion-requested:${uuid4()}`,
          email: { template: 'account_deletion_requested', deletionDueAt },
        });
      }
      return state;
    },
    notErasing,
  );
  setHandler(
    cancelDeletionUpdate,
    () => {
      state.deletionDueAt = null;
      return state;
    },
    notErasing,
  );

  async function erase(reason: ErasureReason): Promise<void> {
    erasing = true;
    // An export under way finishes first: erasing under it would leave a file behind.
    await exportRun?.catch(() => undefined);
    await activities.eraseAccountData(userId);
    await activities.finishAccountErasure({ userId, key: `account-erased:${uuid4()}`, reason });
  }

  const lastActive = () => Date.parse(state.lastActiveAt);
  const historyFull = () => workflowInfo().historyLength >= historyLimit || workflowInfo().continueAsNewSuggested;

  for (;;) {
    if (historyFull()) {
      await condition(() => !exportRun && allHandlersFinished());
      return continueAsNew<typeof accountPrivacyWorkflow>({ ...input, carried: { ...state } });
    }
    if (state.deletionDueAt !== null) {
      const dueAt = state.deletionDueAt;
      const changed = await conditionWithin(() => state.deletionDueAt !== dueAt, Date.parse(dueAt) - Date.now());
      if (!changed) return erase('request');
      continue;
    }
    const seen = state.lastActiveAt;
    const erasureAt = erasureDateAfter(lastActive());
    const warnIn = erasureAt - warningBefore - Date.now();
    const interrupted = await conditionWithin(
      () => state.lastActiveAt !== seen || state.deletionDueAt !== null || historyFull(),
      warnIn,
    );
    if (interrupted) continue;
    await activities.sendAccountEmail({
      userId,
      key: `account-inactivity-warning:${uuid4()}`,
      email: { template: 'account_inactivity_warning', erasureAt: new Date(erasureAt).toISOString() },
    });
    const activeAgain = await conditionWithin(
      () => state.lastActiveAt !== seen || state.deletionDueAt !== null,
      erasureAt - Date.now(),
    );
    if (!activeAgain) return erase('inactivity');
  }
}
