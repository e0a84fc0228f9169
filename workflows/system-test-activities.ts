import type { SystemTestReading } from '../domain/admin';

/** Activities of systemTestWorkflow, implemented in activities/system-test.ts. */

interface SystemTestRows {
  projectId: string;
  briefId: string;
  editorId: string;
}

export interface SystemTestActivities {
  /** The test editor profile (000 §2) and a paid `brief_received` youtube project, marked with the run id; idempotent. */
  createSystemTestRows(runId: string): Promise<SystemTestRows>;
  readSystemTestRun(runId: string): Promise<SystemTestReading>;
  /** Deletes every row marked with the run id (project, its notifications and timeline, brief, editor profile). */
  cleanUpSystemTestRun(runId: string): Promise<{ deleted: number }>;
}
