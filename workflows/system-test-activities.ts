/** Activities of systemTestWorkflow, implemented in activities/system-test.ts. */

interface SystemTestRows {
  projectId: string;
  briefId: string;
  editorId: string;
}

/** The run's project as read back, with its editor, the notifications and the timeline. */
export interface SystemTestReading {
  project: { id: string; status: string; editorId: string | null } | null;
  editor: {
    userId: string;
    firstName: string;
    lastName: string;
    specialties: string[];
    visualComplexityLevels: string[];
    currentProjectsCount: number;
    maxConcurrentProjects: number;
  } | null;
  notifications: { type: string; title: string; message: string; audience: string }[];
  statuses: string[];
}

export interface SystemTestActivities {
  /** The test editor profile (000 §2) and a paid `brief_received` youtube project, marked with the run id; idempotent. */
  createSystemTestRows(runId: string): Promise<SystemTestRows>;
  readSystemTestRun(runId: string): Promise<SystemTestReading>;
  /** Deletes every row marked with the run id (project, its notifications and timeline, brief, editor profile). */
  cleanUpSystemTestRun(runId: string): Promise<{ deleted: number }>;
}
