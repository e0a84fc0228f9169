import { CancellationScope, ParentClosePolicy, proxyActivities, sleep, startChild, uuid4 } from '@temporalio/workflow';
import type { SystemTestReading, SystemTestResult } from '../domain/admin';
import { PROJECT_WORKFLOW_TYPE, projectWorkflowId, type ProjectWorkflowInput } from './contracts/project';
import { SYSTEM_TEST_ASSIGNMENT_WAIT, type SystemTestInput } from './contracts/system-test';
import type { ProjectActivities } from './project-activities';
import type { SystemTestActivities } from './system-test-activities';

const activities = proxyActivities<SystemTestActivities & Pick<ProjectActivities, 'assignEditor'>>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 5, nonRetryableErrorTypes: ['WorkerMisconfigured'] },
});

/** Why the reading is not the expected assignment, in French; null when it is. */
function problemOf(reading: SystemTestReading, editorId: string): string | null {
  if (!reading.project) return 'Le projet de test est introuvable.';
  if (reading.project.status !== 'assigned')
    return `Le projet de test est « ${reading.project.status} » au lieu d’être assigné.`;
  if (reading.project.editorId !== editorId) return 'Le projet de test n’a pas été assigné au monteur de test.';
  const types = new Set(reading.notifications.map((notification) => notification.type));
  for (const type of ['project_assigned', 'project_assigned_to_editor']) {
    if (!types.has(type)) return `La notification « ${type} » n’a pas été créée.`;
  }
  return null;
}

function messageOf(error: unknown): string {
  let cause: unknown = error;
  while (cause instanceof Error && cause.cause) cause = cause.cause;
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * /test (000 §2): `assignment` runs the assignment activity on the run's project; `workflow` starts
 * the project's real workflow, which assigns it on its own. Either way the project is read back
 * with its editor and notifications, then everything the run created is removed (also on failure).
 */
export async function systemTestWorkflow(input: SystemTestInput): Promise<SystemTestResult> {
  const started = Date.now();
  const result: SystemTestResult = {
    kind: input.kind,
    success: false,
    runId: input.runId,
    project: null,
    assignedEditor: null,
    notifications: [],
    statuses: [],
    error: null,
    cleanedUp: false,
    durationMs: 0,
  };
  try {
    const rows = await activities.createSystemTestRows(input.runId);
    let reading: SystemTestReading;
    if (input.kind === 'assignment') {
      await activities.assignEditor({ key: uuid4(), projectId: rows.projectId, from: 'brief_received' });
      reading = await activities.readSystemTestRun(input.runId);
    } else {
      // The project's workflow lives in this scope: cancelled once read, and waited for before the clean-up.
      const scope = new CancellationScope();
      const args: [ProjectWorkflowInput] = [
        { projectId: rows.projectId, briefId: rows.briefId, searchAttributes: input.searchAttributes },
      ];
      const child = await scope.run(() =>
        startChild(PROJECT_WORKFLOW_TYPE, {
          workflowId: projectWorkflowId(rows.projectId),
          args,
          parentClosePolicy: ParentClosePolicy.TERMINATE,
        }),
      );
      reading = await activities.readSystemTestRun(input.runId);
      for (let poll = 0; poll < SYSTEM_TEST_ASSIGNMENT_WAIT.polls; poll += 1) {
        const status = reading.project?.status;
        if (status !== 'brief_received') break;
        await sleep(SYSTEM_TEST_ASSIGNMENT_WAIT.every);
        reading = await activities.readSystemTestRun(input.runId);
      }
      scope.cancel();
      await child.result().catch(() => undefined);
    }
    result.project = reading.project;
    result.assignedEditor = reading.editor;
    result.notifications = reading.notifications;
    result.statuses = reading.statuses;
    result.error = problemOf(reading, rows.editorId);
    result.success = result.error === null;
  } catch (error) {
    result.error = messageOf(error);
  } finally {
    await CancellationScope.nonCancellable(async () => {
      await activities.cleanUpSystemTestRun(input.runId);
      result.cleanedUp = true;
    }).catch((error: unknown) => {
      result.error ??= `Nettoyage incomplet : ${messageOf(error)}`;
    });
  }
  result.durationMs = Date.now() - started;
  return result;
}
