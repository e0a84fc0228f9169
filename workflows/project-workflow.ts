import { condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { ProjectStatus } from '../domain/enums';
import { projectStatusQuery, type ProjectWorkflowInput } from './contracts/project';
import type { ProjectActivities } from './project-activities';

const { recordProjectStatus } = proxyActivities<ProjectActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', nonRetryableErrorTypes: ['ProjectNotFound'] },
});

/**
 * Owns one paid project (`project-<projectId>`). This first version writes the `brief_received`
 * timeline entry and then waits: assignment, editing, delivery and revisions extend it.
 */
export async function projectWorkflow(input: ProjectWorkflowInput): Promise<void> {
  const state: { status: ProjectStatus } = { status: 'brief_received' };
  setHandler(projectStatusQuery, () => state.status);
  await recordProjectStatus({ projectId: input.projectId, oldStatus: null, newStatus: 'brief_received', comment: 'Paiement reçu' });
  // Nothing moves the project yet; the lifecycle steps will resolve this wait.
  await condition(() => state.status !== 'brief_received');
}
