import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { RetainedRecordKind } from '../../domain/retention';

/**
 * Contract of recordRetentionWorkflow (`record-retention-<kind>-<recordId>`): one per record that is
 * not an account (contact message, call booking, rejected application; invoices have billingDocumentWorkflow). It waits until the
 * record's period has run (a durable timer), then purges the record: its rows and its stored files.
 * The api starts it with signal-with-start (`extend`), so a second start only signals.
 */
export const RECORD_RETENTION_WORKFLOW_TYPE = 'recordRetentionWorkflow';

export const recordRetentionWorkflowId = (kind: RetainedRecordKind, recordId: string) =>
  `record-retention-${kind}-${recordId}`;

export interface RecordRetentionInput {
  kind: RetainedRecordKind;
  recordId: string;
  /** Epoch ms the record is kept until. */
  keepUntil: number;
}

/** A renewed contact postpones the purge to this epoch ms; an earlier date changes nothing. */
export const extendRetentionSignal = defineSignal<[keepUntil: number]>('extend');
/** The epoch ms the record is kept until now (for the admins in the Temporal UI, and the tests). */
export const keepUntilQuery = defineQuery<number>('keepUntil');

/**
 * What the purge did: removed the record, found it gone already, or kept it because it no longer
 * falls under this period (an application approved since its rejection).
 */
export type PurgeOutcome = 'purged' | 'absent' | 'kept';
