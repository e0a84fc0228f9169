import { proxyActivities, uuid4 } from '@temporalio/workflow';
import type { BriefActivities } from './brief-activities';
import { APPLICATION_NOT_FOUND, type EditorApplicationWorkflowInput } from './contracts/editor-application';
import type { EditorApplicationActivities } from './editor-application-activities';

const activities = proxyActivities<EditorApplicationActivities & Pick<BriefActivities, 'sendEmail'>>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    nonRetryableErrorTypes: [APPLICATION_NOT_FOUND, 'WorkerMisconfigured'],
  },
});

/**
 * An editor application just stored `pending` (000 §3): the applicant gets a French confirmation
 * by e-mail and every admin a notification in the app. Keys are made here, so a replay or a
 * retried activity sends and notifies once.
 */
export async function editorApplicationWorkflow(input: EditorApplicationWorkflowInput): Promise<void> {
  const confirmation = await activities.renderApplicationReceivedEmail(input.applicationId);
  await activities.sendEmail({
    ...confirmation,
    idempotencyKey: `editor-application:${input.applicationId}:${uuid4()}`,
  });
  await activities.notifyAdminsOfApplication({ key: uuid4(), applicationId: input.applicationId });
}
