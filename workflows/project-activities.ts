/** Activities of projectWorkflow, implemented in activities/project.ts. */
import type { ProjectStatus } from '../domain/enums';

export interface RecordProjectStatusInput {
  projectId: string;
  oldStatus: ProjectStatus | null;
  newStatus: ProjectStatus;
  comment?: string;
}

export interface ProjectActivities {
  /**
   * Writes one timeline row (status_history) and the project's status, once: a retry finds the
   * row it wrote and changes nothing. Idempotent on the (old, new) pair, which suits the one-way
   * steps; a transition that can repeat (revision rounds) will need its own key.
   */
  recordProjectStatus(input: RecordProjectStatusInput): Promise<{ recordedNow: boolean }>;
}
