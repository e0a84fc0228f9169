/** Activities of recordRetentionWorkflow, implemented in activities/record-retention.ts. */
import type { RetainedRecordKind } from '../domain/retention';
import type { PurgeOutcome } from './contracts/record-retention';

export interface RecordRetentionActivities {
  /** Deletes the record's stored files, then its rows; run twice, one effect. */
  purgeRecord(kind: RetainedRecordKind, recordId: string): Promise<PurgeOutcome>;
}
