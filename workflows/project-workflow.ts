import { ApplicationFailure, type Duration, type UpdateDefinition } from '@temporalio/common';
import { msToNumber } from '@temporalio/common/lib/time';
import {
  allHandlersFinished,
  condition,
  log,
  proxyActivities,
  setHandler,
  sleep,
  upsertSearchAttributes,
  uuid4,
} from '@temporalio/workflow';
import type { ProjectStatus } from '../domain/enums';
import type { ProjectAction } from '../domain/project-lifecycle';
import {
  ACTION_REFUSED,
  ASSIGNMENT_RETRY,
  assignEditorUpdate,
  cancelUpdate,
  completeRevisionUpdate,
  completeUpdate,
  DEADLINE_REMINDER_LEAD,
  EDITOR_NOT_AVAILABLE,
  FILE_RETENTION,
  NO_FINAL_FILE,
  PROJECT_ACTION_MESSAGES,
  PROJECT_NOT_FOUND,
  projectStateQuery,
  projectStatusQuery,
  refusalOf,
  requestRevisionUpdate,
  RETENTION_NOTICE_LEAD,
  RUSHFLOW_CLIENT_EMAIL,
  RUSHFLOW_EDITOR_ID,
  RUSHFLOW_STATUS,
  RUSHFLOW_VIDEO_TYPE,
  startRevisionUpdate,
  startUpdate,
  type ProjectActionInput,
  type ProjectActionResult,
  type ProjectActor,
  type ProjectWorkflowInput,
  type ProjectWorkflowState,
} from './contracts/project';
import type { AssignEditorResult, ProjectActivities, ProjectEmailInput, RecordTransitionInput } from './project-activities';

const activities = proxyActivities<ProjectActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    nonRetryableErrorTypes: [PROJECT_NOT_FOUND, NO_FINAL_FILE, EDITOR_NOT_AVAILABLE, 'WorkerMisconfigured'],
  },
});

const ms = (duration: Duration) => msToNumber(duration);

function actorName(actor: ProjectActor): string {
  return actor.name?.trim() || actor.email || 'Rushflow';
}

/** An activity's typed refusal (no final file, editor not available) becomes the update's refusal. */
function asRefusal(error: unknown): never {
  let cause: unknown = error;
  while (cause && !(cause instanceof ApplicationFailure) && cause instanceof Error) cause = cause.cause;
  if (cause instanceof ApplicationFailure && (cause.type === NO_FINAL_FILE || cause.type === EDITOR_NOT_AVAILABLE)) {
    throw ApplicationFailure.create({ type: ACTION_REFUSED, message: cause.message, nonRetryable: true });
  }
  throw error;
}

/**
 * Owns one paid project (`project-<projectId>`) from `brief_received` to the deletion of its files
 * (DESIGN.md ProjectWorkflow). The main flow runs the timed steps (assignment retries, deadline,
 * revision window, retention); people act through updates, validated against the lifecycle table
 * and run one at a time; every change is committed by an activity before the update answers.
 */
export async function projectWorkflow(input: ProjectWorkflowInput): Promise<ProjectWorkflowState> {
  const { projectId } = input;
  const snapshot = await activities.loadProjectSnapshot(projectId);
  const state: ProjectWorkflowState = {
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
  };
  setHandler(projectStatusQuery, () => state.status);
  setHandler(projectStateQuery, () => ({ ...state }));

  // ——— Helpers ———

  /** Search attributes admins filter on (status, client e-mail, editor, video type). */
  const publish = () => {
    if (input.searchAttributes === false) return;
    upsertSearchAttributes([
      { key: RUSHFLOW_STATUS, value: state.status },
      { key: RUSHFLOW_CLIENT_EMAIL, value: state.clientEmail },
      { key: RUSHFLOW_VIDEO_TYPE, value: state.videoType ?? 'autre' },
      ...(state.editorId ? [{ key: RUSHFLOW_EDITOR_ID, value: state.editorId }] : []),
    ]);
  };

  /** One change at a time: updates and the timed steps take this lock, then check again. */
  let busy = false;
  async function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    await condition(() => !busy);
    busy = true;
    try {
      return await fn();
    } finally {
      busy = false;
    }
  }

  /** E-mails go out after the update has answered; the workflow ends only once they are sent. */
  let emailsInFlight = 0;
  function email(template: ProjectEmailInput['template'], to: ProjectEmailInput['to'], data?: ProjectEmailInput['data']) {
    emailsInFlight += 1;
    void activities
      .sendProjectEmail({ key: `${template}:${projectId}:${uuid4()}`, projectId, template, to, data })
      .catch((error: unknown) => log.warn('project e-mail not sent', { projectId, template, error: String(error) }))
      .finally(() => {
        emailsInFlight -= 1;
      });
  }

  async function transition(to: ProjectStatus, details: Omit<RecordTransitionInput, 'key' | 'projectId' | 'from' | 'to'>) {
    await activities.recordTransition({ key: uuid4(), projectId, from: state.status, to, ...details });
    state.status = to;
    publish();
  }

  function applyAssignment(result: Extract<AssignEditorResult, { assigned: true }>) {
    state.editorId = result.editorId;
    state.status = 'assigned';
    publish();
    email('project_assigned_client', 'client');
    email('project_assigned_editor', 'editor');
  }

  /** Reads the window of the settings and delivers: `completed`, window restarted. */
  async function deliver(from: 'in_progress' | 'revision_requested', actor: ProjectActor) {
    const window = await activities.readRevisionWindow();
    const now = Date.now();
    const endsAt = now + window.ms;
    const first = from === 'in_progress';
    await transition('completed', {
      actorId: actor.id,
      actorName: actorName(actor),
      comment: first ? 'Projet livré' : `Révision ${state.revisionCount} livrée`,
      requireFinalFile: first,
      releaseEditorSlot: first,
      countCompletion: first,
      set: { completedAt: now, actualDeliveryDate: now, revisionWindowEndsAt: endsAt },
      ...(first ? {} : { revision: { complete: true } }),
      notifications: [
        first
          ? { to: 'client', type: 'project_completed', title: 'Projet terminé', message: `Votre vidéo est prête. Vous pouvez demander une révision pendant ${window.days} jour${window.days > 1 ? 's' : ''}.` }
          : { to: 'client', type: 'project_completed', title: 'Révision terminée', message: `La révision ${state.revisionCount} est livrée.` },
      ],
    });
    state.deliveredAt = now;
    state.revisionWindowEndsAt = endsAt;
    state.revisionStarted = false;
    email(first ? 'project_completed' : 'revision_completed', 'client', { revisionWindowEndsAt: endsAt });
  }

  // ——— Updates: validated before anything changes, checked again under the lock ———

  function refuseIfNeeded(action: ProjectAction | 'assignEditor', actor: ProjectActor, feedback?: string) {
    const refusal = refusalOf(action, actor, state, feedback);
    if (refusal) throw ApplicationFailure.create({ type: refusal.type, message: refusal.message, nonRetryable: true });
  }

  function onAction<I extends { actor: ProjectActor; feedback?: string }>(
    action: ProjectAction | 'assignEditor',
    definition: UpdateDefinition<ProjectActionResult, [I]>,
    run: (input: I) => Promise<void>,
  ) {
    setHandler(
      definition,
      (update: I) =>
        exclusive(async () => {
          refuseIfNeeded(action, update.actor, update.feedback);
          await run(update).catch(asRefusal);
          return { status: state.status, revisionCount: state.revisionCount };
        }),
      { validator: (update: I) => refuseIfNeeded(action, update.actor, update.feedback) },
    );
  }

  onAction<ProjectActionInput>('start', startUpdate, async ({ actor }) => {
    await transition('in_progress', {
      actorId: actor.id,
      actorName: actorName(actor),
      comment: 'Montage commencé',
      notifications: [{ to: 'client', type: 'project_started', title: 'Montage commencé', message: 'Votre monteur a commencé le montage de votre vidéo.' }],
    });
    email('project_started', 'client');
  });

  onAction<ProjectActionInput>('complete', completeUpdate, ({ actor }) => deliver('in_progress', actor));

  onAction<ProjectActionInput>('requestRevision', requestRevisionUpdate, async ({ actor, feedback }) => {
    if (state.revisionWindowEndsAt !== null && Date.now() >= state.revisionWindowEndsAt) {
      throw ApplicationFailure.create({ type: ACTION_REFUSED, message: PROJECT_ACTION_MESSAGES.revisionWindowClosed, nonRetryable: true });
    }
    const text = (feedback ?? '').trim();
    const number = state.revisionCount + 1;
    await transition('revision_requested', {
      actorId: actor.id,
      actorName: actorName(actor),
      comment: `Révision ${number} demandée`,
      incrementRevisionCount: true,
      revision: { create: { feedback: text, requestedBy: actor.id } },
      notifications: [{ to: 'editor', type: 'revision_requested', title: 'Révision demandée', message: text }],
    });
    state.revisionCount = number;
    state.revisionStarted = false;
    email('revision_requested', 'editor', { feedback: text });
  });

  onAction<ProjectActionInput>('startRevision', startRevisionUpdate, async ({ actor }) => {
    await transition('revision_requested', {
      actorId: actor.id,
      actorName: actorName(actor),
      comment: `Révision ${state.revisionCount} commencée`,
      revision: { start: true },
      notifications: [{ to: 'client', type: 'revision_started', title: 'Révision commencée', message: 'Votre monteur travaille sur la révision demandée.' }],
    });
    state.revisionStarted = true;
  });

  onAction<ProjectActionInput>('completeRevision', completeRevisionUpdate, ({ actor }) => deliver('revision_requested', actor));

  onAction('cancel', cancelUpdate, async ({ actor, reason }: { actor: ProjectActor; reason?: string; feedback?: string }) => {
    const holdsSlot = state.status === 'assigned' || state.status === 'in_progress';
    const why = reason?.trim() || undefined;
    await transition('cancelled', {
      actorId: actor.id,
      actorName: actorName(actor),
      comment: why ? `Projet annulé : ${why}` : 'Projet annulé',
      releaseEditorSlot: holdsSlot,
      // The refund is the admin's decision (policy): the project says so until it is handled.
      set: { cancelledAt: Date.now(), needsAttention: 'Projet annulé : remboursement à traiter selon la politique d’annulation.' },
      notifications: [
        { to: 'client', type: 'project_cancelled', title: 'Projet annulé', message: why ? `Votre projet a été annulé : ${why}` : 'Votre projet a été annulé.' },
        ...(state.editorId ? [{ to: 'editor' as const, type: 'project_cancelled', title: 'Projet annulé', message: 'Ce projet a été annulé par l’équipe Rushflow.' }] : []),
      ],
    });
    email('project_cancelled', 'client', { reason: why });
  });

  onAction('assignEditor', assignEditorUpdate, async ({ actor, editorId }: { actor: ProjectActor; editorId: string; feedback?: string }) => {
    const result = await activities.assignEditor({ key: uuid4(), projectId, from: state.status, editorId, actorId: actor.id, actorName: actorName(actor) });
    if (!result.assigned) throw ApplicationFailure.create({ type: ACTION_REFUSED, message: PROJECT_ACTION_MESSAGES.editorNotAvailable, nonRetryable: true });
    applyAssignment(result);
  });

  // ——— 1. Brief received ———
  publish();
  if (state.status === 'brief_received') {
    await exclusive(() => activities.recordProjectStatus({ projectId, oldStatus: null, newStatus: 'brief_received', comment: 'Paiement reçu' }));
  }

  // ——— 2. Assignment: automatic, retried with backoff while nobody is free; an admin may assign ———
  const waiting = () => state.status === 'brief_received' || state.status === 'waiting_for_editor';
  for (let attempt = 0; waiting(); attempt += 1) {
    const result = await exclusive(async () => (waiting() ? activities.assignEditor({ key: uuid4(), projectId, from: state.status }) : undefined));
    if (!result) break;
    if (result.assigned) {
      applyAssignment(result);
      break;
    }
    if (state.status === 'brief_received') {
      await exclusive(async () => {
        if (state.status !== 'brief_received') return;
        await transition('waiting_for_editor', {
          comment: 'Aucun monteur disponible pour le moment',
          notifications: [{ to: 'admins', type: 'project_waiting_for_editor', title: 'Projet en attente de monteur', message: 'Aucun monteur disponible ne correspond à ce projet : assignez-en un.' }],
        });
        email('project_waiting_for_editor', 'admins');
      });
    }
    const delay = Math.min(ms(ASSIGNMENT_RETRY.initialInterval) * ASSIGNMENT_RETRY.backoffCoefficient ** attempt, ms(ASSIGNMENT_RETRY.maximumInterval));
    await condition(() => !waiting(), delay);
  }

  // ——— 3. Editing, with the deadline: reminder to the editor, escalation to admins ———
  const working = () => state.status === 'assigned' || state.status === 'in_progress';
  const until = (at: number) => Math.max(1, at - Date.now());
  if (working() && snapshot.deliveryDate !== null) {
    const deadline = snapshot.deliveryDate;
    if (!(await condition(() => !working(), until(deadline - ms(DEADLINE_REMINDER_LEAD))))) {
      await activities.notify({
        key: uuid4(),
        projectId,
        notifications: [{ to: 'editor', type: 'deadline_reminder', title: 'Livraison demain', message: 'La livraison de ce projet est prévue dans 24 heures.' }],
      });
      email('deadline_reminder', 'editor');
    }
    if (working() && !(await condition(() => !working(), until(deadline)))) {
      await activities.notify({
        key: uuid4(),
        projectId,
        notifications: [{ to: 'admins', type: 'deadline_overdue', title: 'Livraison en retard', message: 'La date de livraison prévue de ce projet est dépassée.' }],
      });
      email('deadline_overdue', 'admins');
    }
  }
  await condition(() => !working());

  // ——— 4. Delivered: revision window, revisions, then closing ———
  while (state.status === 'completed' && !state.closed) {
    const moved = await condition(() => state.status !== 'completed', until(state.revisionWindowEndsAt ?? Date.now()));
    if (moved) {
      await condition(() => state.status !== 'revision_requested');
      continue;
    }
    await exclusive(async () => {
      if (state.status !== 'completed') return;
      await transition('completed', {
        comment: 'Période de révision terminée : projet clôturé',
        notifications: [{ to: 'client', type: 'project_closed', title: 'Projet clôturé', message: 'La période de révision est terminée. Vos livrables restent téléchargeables pendant un an.' }],
      });
      state.closed = true;
    });
  }

  // ——— 5. Retention: notice 30 days before, files deleted 1 year after the last delivery ———
  if (state.closed && state.deliveredAt !== null) {
    const deletion = state.deliveredAt + ms(FILE_RETENTION);
    await sleep(until(deletion - ms(RETENTION_NOTICE_LEAD)));
    await activities.notify({
      key: uuid4(),
      projectId,
      notifications: [{ to: 'client', type: 'retention_notice', title: 'Suppression prochaine des fichiers', message: 'Les fichiers de ce projet seront supprimés dans 30 jours : téléchargez vos livrables.' }],
    });
    email('retention_notice', 'client', { deletionDate: deletion });
    await sleep(until(deletion));
    await activities.deleteProjectFiles(projectId);
    state.filesDeleted = true;
  }

  await condition(() => emailsInFlight === 0 && !busy && allHandlersFinished());
  return { ...state };
}
