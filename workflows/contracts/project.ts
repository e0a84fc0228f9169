import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { ProjectStatus } from '../../domain/enums';
import type { ProjectAction } from '../../domain/project-lifecycle';
import type { Refusal } from '../../domain/project-rules';
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
/**
 * The client's account was erased (« Mes données »): the workflow forgets their e-mail and id,
 * and stops showing the e-mail to the admins' filters (its search attribute is removed).
 */
export const forgetClientSignal = defineSignal('forgetClient');
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

/** The error type each kind of the rules' refusal (domain/project-rules.ts) is answered with. */
export const REFUSAL_TYPES = {
  forbidden: ACTION_FORBIDDEN,
  refused: ACTION_REFUSED,
  pending: ACTION_REFUSED,
  invalid: ACTION_INVALID,
} as const satisfies Record<Refusal['kind'], string>;

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
