import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { ProjectStatus } from '../../domain/enums';
import {
  adminChangeRefusal,
  ADMIN_CHANGE_MESSAGES,
  LIFECYCLE_MESSAGES,
  lifecycleRefusal,
  projectPartiesOf,
  type ProjectAction,
} from '../../domain/project-lifecycle';
import { QUESTION_STATUSES, REVIEW_MESSAGES, type ReviewAction } from '../../domain/review';
import { revisionsLeftSentence, revisionWindowPhrase } from '../../domain/revision-rule';
import type { Role } from '../../domain/roles';

/**
 * Contract of ProjectWorkflow (`project-<projectId>`): started by the paid brief's workflow, owns
 * the project's whole lifecycle (DESIGN.md): assignment, editing, deadline, delivery, revisions,
 * the revision window, cancellation and file retention. The api and the tests reach it only here.
 */
export const PROJECT_WORKFLOW_TYPE = 'projectWorkflow';

export interface ProjectWorkflowInput {
  projectId: string;
  briefId: string;
  /**
   * Whether the workflow upserts the Rushflow search attributes at each status change. The dev
   * server and production register them; Temporal's time-skipping test server refuses custom
   * search attributes, so workflow tests pass false. Absent = true.
   */
  searchAttributes?: boolean;
}

export function projectWorkflowId(projectId: string): string {
  return `project-${projectId}`;
}

// ——— Durations (tests skip time over them; nothing in the flow is a literal) ———

/** The editor's reminder, this long before the planned delivery date. */
export const DEADLINE_REMINDER_LEAD = '24 hours';
/** Project files are deleted this long after the (last) delivery: legal pages, 000 §2. */
export const FILE_RETENTION = '365 days';
/** The client's notice e-mail, this long before the deletion. */
export const RETENTION_NOTICE_LEAD = '30 days';
/** Automatic assignment retries while no editor is free: 5 min, 10, 20, … capped at 1 h. */
export const ASSIGNMENT_RETRY = {
  initialInterval: '5 minutes',
  backoffCoefficient: 2,
  maximumInterval: '1 hour',
} as const;

// ——— Messages ———

/** Who acts: the caller of the api, taken from the verified token (never from a request body). */
export interface ProjectActor {
  id: string;
  email: string;
  emailVerified: boolean;
  roles: Role[];
  /** Shown in the timeline ("changer_name"). */
  name?: string;
}

export interface ProjectActionInput {
  actor: ProjectActor;
  /**
   * requestRevision: the version whose open comments make the round (the api always sends it).
   * Without it (the first workflows' requests) the feedback alone is the request.
   */
  versionNumber?: number;
  /** requestRevision: a general message beside the comments (required, non-empty, without a version). */
  feedback?: string;
}

/** approve: the client approves one of the delivered versions. */
export interface ApproveVersionInput {
  actor: ProjectActor;
  versionNumber: number;
}

/** askClient: the editor's blocking question (the delivery deadline pauses until the answer). */
export interface AskClientInput {
  actor: ProjectActor;
  question: string;
}

/** answerClient: the client's answer (the deadline resumes, the planned delivery date moves). */
export interface AnswerClientInput {
  actor: ProjectActor;
  answer: string;
}

export interface AssignEditorInput {
  actor: ProjectActor;
  /** Keycloak user id of the editor (the editor profile's key). */
  editorId: string;
}

/** reassignEditor: another editor takes an assigned or in-progress project. */
export interface ReassignEditorInput {
  actor: ProjectActor;
  /** Keycloak user id of the new editor. */
  editorId: string;
}

/** changeDeadline: the new planned delivery date, ms since epoch (noon UTC of the chosen day). */
export interface ChangeDeadlineInput {
  actor: ProjectActor;
  deliveryDate: number;
}

/** addRevisions: revisions added to the project's quota. */
export interface AddRevisionsInput {
  actor: ProjectActor;
  count: number;
}

export interface CancelProjectInput {
  actor: ProjectActor;
  reason?: string;
}

/** What every update answers once its change is committed to the read models. */
export interface ProjectActionResult {
  status: ProjectStatus;
  revisionCount: number;
}

/** Lifecycle actions of 000 §4 (the same names as `PROJECT_ACTIONS` and the api's `:action`). */
export const startUpdate = defineUpdate<ProjectActionResult, [ProjectActionInput]>('start');
export const completeUpdate = defineUpdate<ProjectActionResult, [ProjectActionInput]>('complete');
export const requestRevisionUpdate = defineUpdate<ProjectActionResult, [ProjectActionInput]>('requestRevision');
export const startRevisionUpdate = defineUpdate<ProjectActionResult, [ProjectActionInput]>('startRevision');
export const completeRevisionUpdate = defineUpdate<ProjectActionResult, [ProjectActionInput]>('completeRevision');
export const cancelUpdate = defineUpdate<ProjectActionResult, [CancelProjectInput]>('cancel');
/** Admin: assign an editor by hand while the project waits for one. */
export const assignEditorUpdate = defineUpdate<ProjectActionResult, [AssignEditorInput]>('assignEditor');
/** Admin: another editor, another planned delivery date, more revisions (`ADMIN_PROJECT_CHANGES`). */
export const reassignEditorUpdate = defineUpdate<ProjectActionResult, [ReassignEditorInput]>('reassignEditor');
export const changeDeadlineUpdate = defineUpdate<ProjectActionResult, [ChangeDeadlineInput]>('changeDeadline');
export const addRevisionsUpdate = defineUpdate<ProjectActionResult, [AddRevisionsInput]>('addRevisions');
/** Review actions (`REVIEW_ACTIONS`): approval, and the question that pauses the deadline. */
export const approveUpdate = defineUpdate<ProjectActionResult, [ApproveVersionInput]>('approve');
export const askClientUpdate = defineUpdate<ProjectActionResult, [AskClientInput]>('askClient');
export const answerClientUpdate = defineUpdate<ProjectActionResult, [AnswerClientInput]>('answerClient');

/** The update of each action of `PROJECT_ACTIONS` (the api's `POST …/actions/:action`). */
export const PROJECT_ACTION_UPDATES = {
  start: startUpdate,
  complete: completeUpdate,
  requestRevision: requestRevisionUpdate,
  startRevision: startRevisionUpdate,
  completeRevision: completeRevisionUpdate,
  cancel: cancelUpdate,
} as const satisfies Record<ProjectAction, unknown>;

/** What the workflow knows of its project. */
export interface ProjectWorkflowState {
  status: ProjectStatus;
  clientId: string | null;
  clientEmail: string;
  editorId: string | null;
  videoType: string | null;
  revisionCount: number;
  maxRevisions: number;
  /** The current revision has been started by the editor. */
  revisionStarted: boolean;
  /** ms since epoch; null before the first delivery. */
  deliveredAt: number | null;
  revisionWindowEndsAt: number | null;
  /** The revision window elapsed or the client approved a version: no more revisions, retention runs. */
  closed: boolean;
  filesDeleted: boolean;
  /** Planned delivery (ms since epoch), moved by each answered question before the first delivery. */
  deliveryDate: number | null;
  /** The approved version's number (by the client, or the last one when the window elapsed). */
  approvedVersion: number | null;
  /** The editor's question waiting for the client: the deadline is paused meanwhile. */
  question: { id: string; question: string; askedAt: number } | null;
  /** Total time the delivery deadline was paused (ms). */
  pausedMs: number;
}

export const projectStatusQuery = defineQuery<ProjectStatus>('projectStatus');
export const projectStateQuery = defineQuery<ProjectWorkflowState>('projectState');

// ——— Errors (the api maps their types to HTTP statuses; messages are shown as they are) ———

/** The caller plays no part allowed to do this (→ 403). */
export const ACTION_FORBIDDEN = 'ProjectActionForbidden';
/** Not possible in the project's current state (→ 409). */
export const ACTION_REFUSED = 'ProjectActionRefused';
/** Bad input, e.g. empty feedback (→ 400). */
export const ACTION_INVALID = 'ProjectActionInvalid';
/** Activity failures the workflow turns into refusals. */
export const NO_FINAL_FILE = 'NoFinalFile';
export const EDITOR_NOT_AVAILABLE = 'EditorNotAvailable';
export const PROJECT_NOT_FOUND = 'ProjectNotFound';
/** The round's or the approval's version does not exist. */
export const VERSION_NOT_FOUND = 'VersionNotFound';
/** A revision round needs at least one open comment on its version. */
export const NO_OPEN_COMMENTS = 'NoOpenComments';
/** 'Révision terminée' needs a version uploaded after the round was requested. */
export const NO_NEW_VERSION = 'NoNewVersion';

export const PROJECT_ACTION_MESSAGES = {
  noFinalFile: LIFECYCLE_MESSAGES.noFinalFile,
  feedbackEmpty: 'Décrivez les modifications souhaitées.',
  revisionLimit: LIFECYCLE_MESSAGES.revisionLimit,
  revisionWindowClosed: LIFECYCLE_MESSAGES.revisionWindowClosed,
  assignAdminOnly: 'Accès administrateur requis',
  assignWrongStatus: 'Un monteur est déjà assigné à ce projet.',
  editorNotAvailable: 'Ce monteur n’est pas disponible (profil inactif ou capacité maximale atteinte).',
  editorUnknown: 'Aucun profil monteur pour cet utilisateur.',
} as const;

/** A notification's kind (000 §3 types, or another the front end shows as default) and its French text. */
export interface ProjectNotice {
  type: string;
  title: string;
  message: string;
}

/** After a delivery: what the quota still allows (`revisionsLeft`) during the window; nothing when the window closes at once. */
const quotaAfterDelivery = (revisionsLeft: number, revisionWindowDays: number) =>
  revisionWindowDays > 0
    ? ` ${revisionsLeftSentence(revisionsLeft, `pendant ${revisionWindowPhrase(revisionWindowDays)}`)}`
    : '';

/** What each party reads in the app when the project moves (the e-mails have their own templates). */
export const PROJECT_NOTICES = {
  assignedToClient: (editorName: string, projectTitle: string): ProjectNotice => ({
    type: 'project_assigned',
    title: 'Monteur assigné',
    message: `${editorName} prend en charge votre projet « ${projectTitle} ».`,
  }),
  reassignedToClient: (editorName: string, projectTitle: string): ProjectNotice => ({
    type: 'project_assigned',
    title: 'Nouveau monteur',
    message: `${editorName} prend désormais en charge votre projet « ${projectTitle} ».`,
  }),
  reassignedAway: (projectTitle: string): ProjectNotice => ({
    type: 'project_reassigned',
    title: 'Projet confié à un autre monteur',
    message: `Le projet « ${projectTitle} » a été confié à un autre monteur : il n’est plus dans votre liste.`,
  }),
  deadlineChanged: (deliveryDate: number): ProjectNotice => ({
    type: 'deadline_changed',
    title: 'Date de livraison modifiée',
    message: `La livraison de ce projet est désormais prévue le ${frenchDate(deliveryDate)}.`,
  }),
  revisionsAdded: (count: number, maxRevisions: number): ProjectNotice => ({
    type: 'revisions_added',
    title: count > 1 ? 'Révisions ajoutées' : 'Révision ajoutée',
    message: `${count > 1 ? `${count} révisions ont été ajoutées` : 'Une révision a été ajoutée'} à votre projet : ${maxRevisions} au total.`,
  }),
  assignedToEditor: (projectTitle: string): ProjectNotice => ({
    type: 'project_assigned_to_editor',
    title: 'Nouveau projet assigné',
    message: `Le projet « ${projectTitle} » vous est assigné.`,
  }),
  waitingForEditor: {
    type: 'project_waiting_for_editor',
    title: 'Projet en attente de monteur',
    message: 'Aucun monteur disponible ne correspond à ce projet : assignez-en un.',
  },
  started: {
    type: 'project_started',
    title: 'Montage commencé',
    message: 'Votre monteur a commencé le montage de votre vidéo.',
  },
  delivered: (revisionsLeft: number, revisionWindowDays: number): ProjectNotice => ({
    type: 'project_completed',
    title: 'Projet terminé',
    message: `Votre vidéo est prête.${quotaAfterDelivery(revisionsLeft, revisionWindowDays)}`,
  }),
  revisionDelivered: (revisionNumber: number, revisionsLeft: number, revisionWindowDays: number): ProjectNotice => ({
    type: 'project_completed',
    title: 'Révision terminée',
    message: `La révision ${revisionNumber} est livrée.${quotaAfterDelivery(revisionsLeft, revisionWindowDays)}`,
  }),
  revisionRequested: (feedback: string): ProjectNotice => ({
    type: 'revision_requested',
    title: 'Révision demandée',
    message: feedback,
  }),
  revisionStarted: {
    type: 'revision_started',
    title: 'Révision commencée',
    message: 'Votre monteur travaille sur la révision demandée.',
  },
  cancelledForClient: (reason?: string): ProjectNotice => ({
    type: 'project_cancelled',
    title: 'Projet annulé',
    message: reason ? `Votre projet a été annulé : ${reason}` : 'Votre projet a été annulé.',
  }),
  cancelledForEditor: {
    type: 'project_cancelled',
    title: 'Projet annulé',
    message: 'Ce projet a été annulé par l’équipe Rushflow.',
  },
  deadlineReminder: {
    type: 'deadline_reminder',
    title: 'Livraison demain',
    message: 'La livraison de ce projet est prévue dans 24 heures.',
  },
  deadlineOverdue: {
    type: 'deadline_overdue',
    title: 'Livraison en retard',
    message: 'La date de livraison prévue de ce projet est dépassée.',
  },
  closed: {
    type: 'project_closed',
    title: 'Projet clôturé',
    message: 'La période de révision est terminée. Vos livrables restent téléchargeables pendant un an.',
  },
  revisionRound: (versionNumber: number, feedback: string): ProjectNotice => ({
    type: 'revision_requested',
    title: `Révision demandée sur la v${versionNumber}`,
    message: feedback
      ? `${feedback} (voir les commentaires de la v${versionNumber})`
      : `Les commentaires de la v${versionNumber} sont à traiter.`,
  }),
  versionApproved: (versionNumber: number): ProjectNotice => ({
    type: 'version_approved',
    title: 'Version approuvée',
    message: `Le client a approuvé la v${versionNumber} : les livrables lui sont ouverts.`,
  }),
  versionApprovedAutomatically: {
    type: 'version_approved',
    title: 'Dernière version approuvée',
    message: 'La période de révision est terminée : la dernière version est approuvée.',
  },
  clientQuestion: (question: string): ProjectNotice => ({
    type: 'client_question',
    title: 'Votre monteur a une question',
    message: question,
  }),
  clientQuestionReminder: (question: string): ProjectNotice => ({
    type: 'client_question_reminder',
    title: 'Votre monteur attend votre réponse',
    message: question,
  }),
  clientAnswered: (answer: string): ProjectNotice => ({
    type: 'client_answered',
    title: 'Le client a répondu',
    message: answer,
  }),
  retentionNotice: {
    type: 'retention_notice',
    title: 'Suppression prochaine des fichiers',
    message: 'Les fichiers de ce projet seront supprimés dans 30 jours : téléchargez vos livrables.',
  },
} as const satisfies Record<string, ProjectNotice | ((...args: never[]) => ProjectNotice)>;

/** The timeline's comment for each step (status history, "comment"). */
export const PROJECT_TIMELINE = {
  paymentReceived: 'Paiement reçu',
  noEditorAvailable: 'Aucun monteur disponible pour le moment',
  assigned: (editorName: string) => `Assigné à ${editorName}`,
  assignedByAdmin: (editorName: string) => `Assigné à ${editorName} par un administrateur`,
  reassigned: (from: string, to: string) => `Réassigné de ${from} à ${to} par un administrateur`,
  deadlineChanged: (deliveryDate: number) =>
    `Date de livraison prévue changée au ${frenchDate(deliveryDate)} par un administrateur`,
  revisionsAdded: (count: number, maxRevisions: number) =>
    `${count > 1 ? `${count} révisions ajoutées` : '1 révision ajoutée'} par un administrateur (${maxRevisions} au total)`,
  started: 'Montage commencé',
  delivered: 'Projet livré',
  revisionRequested: (revisionNumber: number) => `Révision ${revisionNumber} demandée`,
  revisionStarted: (revisionNumber: number) => `Révision ${revisionNumber} commencée`,
  revisionDelivered: (revisionNumber: number) => `Révision ${revisionNumber} livrée`,
  cancelled: (reason?: string) => (reason ? `Projet annulé : ${reason}` : 'Projet annulé'),
  closed: 'Période de révision terminée : projet clôturé',
  approved: (versionNumber: number) => `Version v${versionNumber} approuvée par le client : période de révision close`,
  questionAsked: (question: string) => `En attente du client : « ${question} »`,
  questionAnswered: (pausedMs: number) =>
    pausedMs > 0
      ? `Réponse du client reçue : livraison prévue décalée de ${frenchDuration(pausedMs)}`
      : 'Réponse du client reçue',
} as const;

/** `12 mars 2026`: a planned delivery date (noon UTC) as the notices say it, in Paris. */
function frenchDate(at: number): string {
  return new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  }).format(new Date(at));
}

/** `2 j 3 h 5 min`, `45 s`: a pause as the timeline says it. */
function frenchDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes === 0) return `${Math.max(1, Math.round(ms / 1000))} s`;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return [days && `${days} j`, hours && `${hours} h`, rest && `${rest} min`].filter(Boolean).join(' ');
}

/** What a cancelled project shows admins until the refund is handled (policy). */
export const CANCELLATION_NEEDS_ATTENTION = 'Projet annulé : remboursement à traiter selon la politique d’annulation.';

export interface Refusal {
  type: typeof ACTION_FORBIDDEN | typeof ACTION_REFUSED | typeof ACTION_INVALID;
  message: string;
}

/** What an update carries beside its actor, as the refusal rules read it. */
export interface RefusalInput {
  feedback?: string;
  /** reassignEditor: the new editor. */
  editorId?: string;
  /** changeDeadline: the new planned delivery date (ms). */
  deliveryDate?: number;
  versionNumber?: number;
  question?: string;
  answer?: string;
}

const ROLE_ONLY = {
  editor: 'Seul le monteur du projet peut faire cette action.',
  client: 'Seul le client du projet peut faire cette action.',
} as const;

/** The review actions' rules (approval, the client question). */
function reviewRefusal(
  action: ReviewAction,
  parties: readonly string[],
  state: ProjectWorkflowState,
  input: RefusalInput,
): Refusal | null {
  if (action === 'approve') {
    if (!parties.includes('client')) return { type: ACTION_FORBIDDEN, message: REVIEW_MESSAGES.approveClientOnly };
    if (state.approvedVersion !== null) return { type: ACTION_REFUSED, message: REVIEW_MESSAGES.alreadyApproved };
    if (state.closed) return { type: ACTION_REFUSED, message: PROJECT_ACTION_MESSAGES.revisionWindowClosed };
    if (state.status !== 'completed') return { type: ACTION_REFUSED, message: REVIEW_MESSAGES.approveWrongStatus };
    return null;
  }
  if (action === 'askClient') {
    if (!parties.includes('editor')) return { type: ACTION_FORBIDDEN, message: ROLE_ONLY.editor };
    if (!(QUESTION_STATUSES as readonly string[]).includes(state.status))
      return { type: ACTION_REFUSED, message: REVIEW_MESSAGES.questionWrongStatus };
    if (state.question) return { type: ACTION_REFUSED, message: REVIEW_MESSAGES.questionPending };
    if (!input.question?.trim()) return { type: ACTION_INVALID, message: 'Posez votre question.' };
    return null;
  }
  if (!parties.includes('client')) return { type: ACTION_FORBIDDEN, message: ROLE_ONLY.client };
  if (!state.question) return { type: ACTION_REFUSED, message: REVIEW_MESSAGES.noQuestion };
  if (!input.answer?.trim()) return { type: ACTION_INVALID, message: 'Écrivez votre réponse.' };
  return null;
}

/**
 * Why `actor` may not run `action` on a project in `state`, or null. The workflow's validators
 * call it (before anything changes) and call it again once they hold the project's lock.
 */
/** The admin's changes of a running project (`ADMIN_PROJECT_CHANGES`). */
export type AdminChangeUpdate = 'reassignEditor' | 'changeDeadline' | 'addRevisions';
const ADMIN_CHANGE_OF = {
  reassignEditor: 'reassign',
  changeDeadline: 'deadline',
  addRevisions: 'addRevisions',
} as const;

function adminChangeRefusalOf(
  update: AdminChangeUpdate,
  parties: readonly string[],
  state: ProjectWorkflowState,
  input: RefusalInput,
): Refusal | null {
  if (!parties.includes('admin')) return { type: ACTION_FORBIDDEN, message: PROJECT_ACTION_MESSAGES.assignAdminOnly };
  const now = new Date();
  const message = adminChangeRefusal(
    ADMIN_CHANGE_OF[update],
    {
      status: state.status,
      approvedVersionNumber: state.approvedVersion,
      revisionWindowEndsAt: state.revisionWindowEndsAt,
    },
    now,
  );
  if (message) return { type: ACTION_REFUSED, message };
  // Closed by the workflow's own clock (the window's timer fired): no more revisions either.
  if (update === 'addRevisions' && state.closed)
    return { type: ACTION_REFUSED, message: PROJECT_ACTION_MESSAGES.revisionWindowClosed };
  if (update === 'reassignEditor' && input.editorId === state.editorId)
    return { type: ACTION_REFUSED, message: ADMIN_CHANGE_MESSAGES.sameEditor };
  if (update === 'changeDeadline' && input.deliveryDate !== undefined) {
    if (input.deliveryDate <= now.getTime())
      return { type: ACTION_INVALID, message: ADMIN_CHANGE_MESSAGES.deadlineNotFuture };
    if (input.deliveryDate === state.deliveryDate)
      return { type: ACTION_REFUSED, message: ADMIN_CHANGE_MESSAGES.deadlineUnchanged };
  }
  return null;
}

export function refusalOf(
  action: ProjectAction | ReviewAction | 'assignEditor' | AdminChangeUpdate,
  actor: ProjectActor,
  state: ProjectWorkflowState,
  input: RefusalInput = {},
): Refusal | null {
  const parties = projectPartiesOf(actor, state);
  if (action === 'reassignEditor' || action === 'changeDeadline' || action === 'addRevisions')
    return adminChangeRefusalOf(action, parties, state, input);
  if (action === 'approve' || action === 'askClient' || action === 'answerClient')
    return reviewRefusal(action, parties, state, input);
  if (action === 'assignEditor') {
    if (!parties.includes('admin')) return { type: ACTION_FORBIDDEN, message: PROJECT_ACTION_MESSAGES.assignAdminOnly };
    if (state.status !== 'brief_received' && state.status !== 'waiting_for_editor')
      return { type: ACTION_REFUSED, message: PROJECT_ACTION_MESSAGES.assignWrongStatus };
    return null;
  }
  const refusal = lifecycleRefusal(
    action,
    parties,
    {
      status: state.status,
      revisionCount: state.revisionCount,
      maxRevisions: state.maxRevisions,
      revisionWindowEndsAt: state.revisionWindowEndsAt,
      approvedVersionNumber: state.approvedVersion,
      openRevision: state.status === 'revision_requested' ? { started: state.revisionStarted } : null,
    },
    new Date(),
  );
  if (refusal)
    return { type: refusal.kind === 'forbidden' ? ACTION_FORBIDDEN : ACTION_REFUSED, message: refusal.message };
  // A round is made of the version's open comments (checked by the activity); the first
  // workflows' requests carried the feedback alone.
  if (
    action === 'requestRevision' &&
    input.versionNumber === undefined &&
    (!input.feedback || input.feedback.trim() === '')
  )
    return { type: ACTION_INVALID, message: PROJECT_ACTION_MESSAGES.feedbackEmpty };
  return null;
}

/**
 * Search attributes admins filter on in the Temporal UI; the dev server registers them
 * (scripts/lib/services.mjs). Keyword values: the status, the client's e-mail, the editor's user
 * id, the video type.
 */
export const RUSHFLOW_STATUS = defineSearchAttributeKey('RushflowStatus', SearchAttributeType.KEYWORD);
export const RUSHFLOW_CLIENT_EMAIL = defineSearchAttributeKey('RushflowClientEmail', SearchAttributeType.KEYWORD);
export const RUSHFLOW_EDITOR_ID = defineSearchAttributeKey('RushflowEditorId', SearchAttributeType.KEYWORD);
export const RUSHFLOW_VIDEO_TYPE = defineSearchAttributeKey('RushflowVideoType', SearchAttributeType.KEYWORD);

// ——— E-mail templates (recorded with each sent e-mail) ———

export type ProjectEmailTemplate =
  | 'project_assigned_client'
  | 'project_assigned_editor'
  | 'project_reassigned_editor'
  | 'project_waiting_for_editor'
  | 'project_started'
  | 'project_completed'
  | 'revision_requested'
  | 'revision_completed'
  | 'deadline_reminder'
  | 'deadline_overdue'
  | 'project_cancelled'
  | 'retention_notice'
  | 'version_approved'
  | 'version_approved_automatically'
  | 'client_question'
  | 'client_question_reminder'
  | 'client_answered';
