import { proxyActivities } from '@temporalio/workflow';
import { CONTACT_SHEET_MESSAGES } from '../domain/contact-sheet';
import {
  CONTACT_SHEET_HEARTBEAT_TIMEOUT,
  CONTACT_SHEET_RECORD_TIMEOUT,
  CONTACT_SHEET_TIMEOUT,
  type RushContactSheetInput,
  type RushContactSheetOutput,
} from './contracts/rush-contact-sheet';
import type { RushContactSheetActivities } from './rush-contact-sheet-activities';

const pass = proxyActivities<RushContactSheetActivities>({
  startToCloseTimeout: CONTACT_SHEET_TIMEOUT,
  heartbeatTimeout: CONTACT_SHEET_HEARTBEAT_TIMEOUT,
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 3,
    nonRetryableErrorTypes: ['WorkerMisconfigured'],
  },
});

const record = proxyActivities<RushContactSheetActivities>({
  startToCloseTimeout: CONTACT_SHEET_RECORD_TIMEOUT,
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10 },
});

/** One rush's contact sheet; a failure is recorded on the file (French reason) and the run ends normally. */
export async function rushContactSheetWorkflow({ fileId }: RushContactSheetInput): Promise<RushContactSheetOutput> {
  try {
    return await pass.makeContactSheet(fileId);
  } catch {
    // The pass failed its retries (storage or worker trouble: an unreadable file ends as `none`).
    await record.failContactSheet({ fileId, error: CONTACT_SHEET_MESSAGES.failed });
    return { status: 'failed' };
  }
}
