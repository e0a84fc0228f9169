import type { Duration } from '@temporalio/common';
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { AccountDataState } from '../../domain/account-data';
import type { RetentionPeriod } from '../../domain/retention';

/**
 * Contract of accountPrivacyWorkflow (`account-privacy-<userId>`): one long-running workflow per
 * client or editor account, started by the api with signal- or update-with-start. It keeps the
 * privacy page's promises for the account: erasure after three years without activity (warned 30
 * days before), erasure on request after a 30-day grace period, and the export of the person's data.
 */
export const ACCOUNT_PRIVACY_WORKFLOW_TYPE = 'accountPrivacyWorkflow';

export function accountPrivacyWorkflowId(userId: string): string {
  return `account-privacy-${userId}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A period counted in days (the warning, the grace, the export's link; domain/retention.ts, whose
 * periods the privacy page lists) in milliseconds.
 */
export function daysMs(period: RetentionPeriod): number {
  return (period.days ?? 0) * DAY_MS;
}
/** Events after which the workflow continues as new, so its history stays small over years of activity. */
export const ACCOUNT_HISTORY_LIMIT = 2000;

/**
 * Tests shorten the periods with these durations; production leaves them unset, and the workflow
 * counts the privacy page's periods (domain/retention.ts: 3 calendar years, 30 days…).
 */
export interface AccountPrivacyInput {
  userId: string;
  inactivityLimit?: Duration;
  inactivityWarningBefore?: Duration;
  deletionGrace?: Duration;
  historyLimit?: number;
  /** Carried over by continue-as-new: what the previous run knew. */
  carried?: AccountPrivacyState;
}

/** What the account's « Mes données » page shows, and when the account was last used (ISO). */
export interface AccountPrivacyState extends AccountDataState {
  lastActiveAt: string;
}

/** The account was used (sign-in or the day's first request): the inactivity count starts again. */
export const accountActiveSignal = defineSignal('accountActive');
/** Starts the 30-day grace period (no effect when one is already running). */
export const requestDeletionUpdate = defineUpdate<AccountPrivacyState>('requestDeletion');
/** Cancels a requested deletion during its grace period. */
export const cancelDeletionUpdate = defineUpdate<AccountPrivacyState>('cancelDeletion');
/** Builds an export in the background and e-mails its link (no effect while one is running). */
export const requestExportUpdate = defineUpdate<AccountPrivacyState>('requestExport');
export const accountPrivacyStateQuery = defineQuery<AccountPrivacyState>('accountPrivacyState');

/** Why an account is erased: its owner asked, or it went unused for three years. */
export type ErasureReason = 'request' | 'inactivity';

/** The e-mails the workflow sends (recorded with each sent e-mail). */
export type AccountPrivacyEmail =
  | { template: 'account_deletion_requested'; deletionDueAt: string }
  | { template: 'account_inactivity_warning'; erasureAt: string }
  | { template: 'account_export_ready'; objectKey: string; expiresAt: string };

/** Typed refusal of an update: the account's erasure has begun. */
export const ACCOUNT_ERASING = 'AccountErasing';

/** Typed failure: no such account (never retried). */
export const ACCOUNT_NOT_FOUND = 'AccountNotFound';
