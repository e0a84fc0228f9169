import type { UpdateDefinition } from '@temporalio/common';
import { allHandlersFinished, condition, patched, setHandler, sleep, uuid4 } from '@temporalio/workflow';
import { PROJECT_NOTICES, PROJECT_TIMELINE } from '../domain/project-notices';
import type { ProjectRuleAction, RefusalInput } from '../domain/project-rules';
import {
  addRevisionsUpdate,
  answerClientUpdate,
  approveUpdate,
  askClientUpdate,
  ASSIGNMENT_RETRY,
  assignEditorUpdate,
  cancelUpdate,
  changeDeadlineUpdate,
  completeRevisionUpdate,
  completeUpdate,
  DEADLINE_REMINDER_LEAD,
  FILE_RETENTION,
  forgetClientSignal,
  projectStateQuery,
  projectStatusQuery,
  reassignEditorUpdate,
  requestRevisionUpdate,
  RETENTION_NOTICE_LEAD,
  startRevisionUpdate,
  startUpdate,
  type AddRevisionsInput,
  type AnswerClientInput,
  type ApproveVersionInput,
  type AskClientInput,
  type AssignEditorInput,
  type CancelProjectInput,
  type ChangeDeadlineInput,
  type ProjectActionInput,
  type ProjectActionResult,
  type ProjectActor,
  type ProjectWorkflowInput,
  type ProjectWorkflowState,
  type ReassignEditorInput,
} from './contracts/project';
import { durationMs } from './duration';
import { activities, asRefusal, localActivities, ProjectSteps, until } from './project-steps';

/**
 * Patch: the closing step (the revision window elapsed) approves the newest version, tells the
 * editor and e-mails them. Histories recorded before it replay the closing without the e-mail.
 */
const AUTO_APPROVAL_PATCH = 'review-auto-approval';

/**
 * Patch: an admin may reassign the project or move its planned delivery date; the deadline phase
 * then reminds the (new) editor and escalates again from the new date, and keeps waiting after an
 * escalation for such a change. Histories recorded before it replay the phase as it was.
 */
const ADMIN_CHANGES_PATCH = 'admin-project-changes';

/**
 * Patch: the project's load, its first timeline row and the automatic assignment's attempts run as
 * local activities (the same activities, see `localActivities`). Histories recorded before it
 * replay them as the activities they scheduled.
 */
const LOCAL_ASSIGNMENT_PATCH = 'local-assignment-activities';

/**
 * Owns one paid project (`project-<projectId>`) from `brief_received` to the deletion of its files
 * (DESIGN.md ProjectWorkflow), in five phases: brief received, assignment, editing with its
 * deadline, delivery with its revision window, retention. People act through updates, validated
 * against the lifecycle table and run one at a time (their bodies are in project-steps.ts); every
 * change is committed by an activity before the update answers.
 */
export async function projectWorkflow(input: ProjectWorkflowInput): Promise<ProjectWorkflowState> {
  const { projectId } = input;

  // ——— Updates: validated before anything changes, checked again under the lock ———
  // Registered before the project is loaded: an action sent in the workflow's first moments (an
  // admin cancelling a project just paid for) waits for the load instead of finding no handler.

  const ready: { steps?: ProjectSteps } = {};

  function onAction<I extends { actor: ProjectActor } & RefusalInput>(
    action: ProjectRuleAction,
    definition: UpdateDefinition<ProjectActionResult, [I]>,
    run: (steps: ProjectSteps, input: I) => Promise<void>,
  ) {
    const handle = (steps: ProjectSteps, update: I) =>
      steps.exclusive(async () => {
        steps.refuseIfNeeded(action, update.actor, update);
        await run(steps, update).catch(asRefusal);
        return { status: steps.state.status, revisionCount: steps.state.revisionCount };
      });
    setHandler(
      definition,
      (update: I) =>
        ready.steps
          ? handle(ready.steps, update)
          : condition(() => ready.steps !== undefined).then(() => handle(ready.steps!, update)),
      {
        // While a step holds the lock the state is about to change (an editor just assigned, say):
        // the handler decides once it holds the lock itself, rather than refusing on a stale state.
        validator: (update: I) => {
          const steps = ready.steps;
          if (steps && !steps.locked) steps.refuseIfNeeded(action, update.actor, update);
        },
      },
    );
  }

  onAction<ProjectActionInput>('start', startUpdate, (steps, { actor }) => steps.start(actor));
  onAction<ProjectActionInput>('complete', completeUpdate, (steps, { actor }) => steps.deliver('in_progress', actor));
  onAction<ProjectActionInput>('requestRevision', requestRevisionUpdate, (steps, { actor, feedback, versionNumber }) =>
    steps.requestRevision(actor, feedback, versionNumber),
  );
  onAction<ProjectActionInput>('startRevision', startRevisionUpdate, (steps, { actor }) => steps.startRevision(actor));
  onAction<ProjectActionInput>('completeRevision', completeRevisionUpdate, (steps, { actor }) =>
    steps.deliver('revision_requested', actor),
  );
  onAction<CancelProjectInput>('cancel', cancelUpdate, (steps, { actor, reason }) => steps.cancel(actor, reason));
  onAction<AssignEditorInput>('assignEditor', assignEditorUpdate, (steps, { actor, editorId }) =>
    steps.assignEditor(actor, editorId),
  );
  onAction<ReassignEditorInput>('reassignEditor', reassignEditorUpdate, (steps, { actor, editorId }) =>
    steps.reassignEditor(actor, editorId),
  );
  onAction<ChangeDeadlineInput>('changeDeadline', changeDeadlineUpdate, (steps, { actor, deliveryDate }) =>
    steps.changeDeadline(actor, deliveryDate),
  );
  onAction<AddRevisionsInput>('addRevisions', addRevisionsUpdate, (steps, { actor, count }) =>
    steps.addRevisions(actor, count),
  );
  onAction<ApproveVersionInput>('approve', approveUpdate, (steps, { actor, versionNumber }) =>
    steps.approve(actor, versionNumber),
  );
  onAction<AskClientInput>('askClient', askClientUpdate, (steps, { actor, question }) =>
    steps.askClient(actor, question),
  );
  onAction<AnswerClientInput>('answerClient', answerClientUpdate, (steps, { actor, answer }) =>
    steps.answerClient(actor, answer),
  );

  const assignmentSteps = patched(LOCAL_ASSIGNMENT_PATCH) ? localActivities : activities;
  const snapshot = await assignmentSteps.loadProjectSnapshot(projectId);
  const steps = new ProjectSteps(
    projectId,
    {
      status: snapshot.status,
      clientId: snapshot.clientId,
      clientEmail: snapshot.clientEmail,
      editorId: snapshot.editorId,
      videoType: snapshot.videoType,
      revisionCount: snapshot.revisionCount,
      maxRevisions: snapshot.maxRevisions,
      revisionStarted: false,
      deliveredAt: null,
      revisionWindowEndsAt: null,
      closed: false,
      filesDeleted: false,
      deliveryDate: snapshot.deliveryDate,
      approvedVersion: snapshot.approvedVersion ?? null,
      question: null,
      pausedMs: 0,
    },
    input.searchAttributes !== false,
  );
  ready.steps = steps;
  const { state } = steps;
  setHandler(projectStatusQuery, () => state.status);
  setHandler(projectStateQuery, () => ({ ...state }));
  setHandler(forgetClientSignal, () => steps.forgetClient());

  // ——— 1. Brief received ———
  steps.publish();
  if (state.status === 'brief_received') {
    await steps.exclusive(() =>
      assignmentSteps.recordProjectStatus({
        projectId,
        oldStatus: null,
        newStatus: 'brief_received',
        comment: PROJECT_TIMELINE.paymentReceived,
      }),
    );
  }

  // ——— 2. Assignment: automatic, retried with backoff while nobody is free; an admin may assign ———
  const waiting = () => state.status === 'brief_received' || state.status === 'waiting_for_editor';
  for (let attempt = 0; waiting(); attempt += 1) {
    const result = await steps.exclusive(async () =>
      waiting() ? assignmentSteps.assignEditor({ key: uuid4(), projectId, from: state.status }) : undefined,
    );
    if (!result) break;
    if (result.assigned) {
      steps.applyAssignment(result);
      break;
    }
    if (state.status === 'brief_received') {
      await steps.exclusive(async () => {
        if (state.status !== 'brief_received') return;
        await steps.waitForEditor(assignmentSteps);
      });
    }
    const delay = Math.min(
      durationMs(ASSIGNMENT_RETRY.initialInterval) * ASSIGNMENT_RETRY.backoffCoefficient ** attempt,
      durationMs(ASSIGNMENT_RETRY.maximumInterval),
    );
    await condition(() => !waiting(), delay);
  }

  // ——— 3. Editing, with the deadline: reminder to the editor, escalation to admins ———
  // The deadline counts only unpaused time: while a question waits for the client the timers are
  // dropped, and they start again from the planned delivery date the answer moved.
  const working = () => state.status === 'assigned' || state.status === 'in_progress';
  const paused = () => state.question !== null;
  if (working() && state.deliveryDate !== null) {
    const followAdminChanges = patched(ADMIN_CHANGES_PATCH);
    let reminded = false;
    let escalated = false;
    let seenChanges = steps.adminChanges;
    while (working() && (followAdminChanges || !escalated)) {
      if (paused()) {
        await condition(() => !working() || !paused());
        continue;
      }
      if (followAdminChanges && steps.adminChanges !== seenChanges) {
        // Another editor or another date: the reminder and the escalation are due again.
        seenChanges = steps.adminChanges;
        reminded = false;
        escalated = false;
      }
      const deadline = state.deliveryDate!;
      const interrupted = () =>
        !working() ||
        paused() ||
        state.deliveryDate !== deadline ||
        (followAdminChanges && steps.adminChanges !== seenChanges);
      if (!reminded) {
        if (!(await condition(interrupted, until(deadline - durationMs(DEADLINE_REMINDER_LEAD))))) {
          reminded = true;
          await activities.notify({
            key: uuid4(),
            projectId,
            notifications: [{ to: 'editor', ...PROJECT_NOTICES.deadlineReminder }],
          });
          steps.email('deadline_reminder', 'editor');
        }
        continue;
      }
      if (escalated) {
        // Overdue and escalated: only an admin's change (or the end of the editing) moves it on.
        await condition(interrupted);
        continue;
      }
      if (!(await condition(interrupted, until(deadline)))) {
        escalated = true;
        await activities.notify({
          key: uuid4(),
          projectId,
          notifications: [{ to: 'admins', ...PROJECT_NOTICES.deadlineOverdue }],
        });
        steps.email('deadline_overdue', 'admins');
      }
    }
  }
  await condition(() => !working());

  // ——— 4. Delivered: revision window, revisions, then closing (or the client's approval) ———
  while (state.status === 'completed' && !state.closed) {
    const moved = await condition(
      () => state.status !== 'completed' || state.closed,
      until(state.revisionWindowEndsAt ?? Date.now()),
    );
    if (moved) {
      await condition(() => state.status !== 'revision_requested');
      continue;
    }
    await steps.exclusive(async () => {
      if (state.status !== 'completed' || state.closed) return;
      // Without the client's approval, the window elapsing approves the newest version.
      await steps.closeWindow(patched(AUTO_APPROVAL_PATCH));
    });
  }

  // ——— 5. Retention: notice 30 days before, files deleted 1 year after the last delivery ———
  if (state.closed && state.deliveredAt !== null) {
    const deletion = state.deliveredAt + durationMs(FILE_RETENTION);
    await sleep(until(deletion - durationMs(RETENTION_NOTICE_LEAD)));
    await activities.notify({
      key: uuid4(),
      projectId,
      notifications: [{ to: 'client', ...PROJECT_NOTICES.retentionNotice }],
    });
    steps.email('retention_notice', 'client', { deletionDate: deletion });
    await sleep(until(deletion));
    await activities.deleteProjectFiles(projectId);
    state.filesDeleted = true;
  }

  await condition(() => steps.idle && allHandlersFinished());
  return { ...state };
}
