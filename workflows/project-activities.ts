/** Activities of projectWorkflow, implemented in activities/project/. */
import type { ProjectStatus } from '../domain/enums';
import type { ProjectNotice } from '../domain/project-notices';
import type { ProjectEmailTemplate } from './contracts/project';

interface RecordProjectStatusInput {
  projectId: string;
  oldStatus: ProjectStatus | null;
  newStatus: ProjectStatus;
  comment?: string;
}

/** What the workflow reads of its project when it starts. */
interface ProjectSnapshot {
  status: ProjectStatus;
  clientId: string | null;
  clientEmail: string;
  editorId: string | null;
  videoType: string | null;
  title: string;
  revisionCount: number;
  maxRevisions: number;
  /** Planned delivery, ms since epoch. */
  deliveryDate: number | null;
  /** The approved version's number (absent from the first workflows' recorded snapshots). */
  approvedVersion?: number | null;
}

/**
 * Who a notification goes to: the project's client, its editor, every admin, or one user by id
 * (the editor a reassignment took the project from).
 */
export type Audience = 'client' | 'editor' | 'admins' | { userId: string };

/** A notification for an audience: its kind and French text come from `PROJECT_NOTICES`. */
export interface NotificationSpec extends ProjectNotice {
  to: Audience;
}

interface RevisionChange {
  /**
   * requestRevision: a new `pending` revision numbered `revision_count + 1`. With `versionNumber`
   * it is a round: the version's open comments not yet sent (at least one, else NoOpenComments)
   * record the round's number, and an empty feedback becomes a summary of them.
   */
  create?: { feedback: string; requestedBy: string; versionNumber?: number };
  /** startRevision: the newest revision goes `in_progress`. */
  start?: boolean;
  /** completeRevision: the newest revision goes `completed`. */
  complete?: boolean;
}

/** The admin an action is recorded for in the audit log, written in the change's transaction. */
interface AuditActor {
  actorId: string;
  actorEmail: string;
}

/**
 * The input of `recordTransition`, the one activity every step used before the named transitions
 * (see `NAMED_TRANSITIONS_PATCH` in project-steps.ts); kept until the histories that call it close.
 */
export interface RecordTransitionInput {
  /**
   * Made by the workflow (`uuid4()`): becomes the status-history row's id, so a retried or
   * re-run activity finds its row and changes nothing more.
   */
  key: string;
  projectId: string;
  from: ProjectStatus | null;
  to: ProjectStatus;
  comment?: string;
  /** Keycloak id and display name of who acted; null/omitted when the system did. */
  actorId?: string | null;
  actorName?: string;
  notifications?: NotificationSpec[];
  /** complete: refuse (NoFinalFile) unless the project has at least one final file. */
  requireFinalFile?: boolean;
  /** completeRevision: refuse (NoNewVersion) unless a version was uploaded after the revision was requested. */
  requireNewVersion?: boolean;
  /**
   * approve: the client's version (VersionNotFound when missing); `latest`: the closing step
   * approves the newest version, if any and none is approved yet.
   */
  approveVersion?: { number: number; by: string } | 'latest';
  /** askClient / answerClient: the question's row, with the id the workflow made. */
  question?: {
    ask?: { id: string; question: string; askedAt: number };
    answer?: { id: string; answer: string; answeredAt: number; pausedMs: number };
  };
  /** complete / cancel: the editor's slot is freed (current count − 1) in the same transaction. */
  releaseEditorSlot?: boolean;
  /** complete: the editor's completed counter + 1 (first delivery only). */
  countCompletion?: boolean;
  /** Project columns set with the transition (ms since epoch for dates, null clears). */
  set?: {
    completedAt?: number | null;
    actualDeliveryDate?: number | null;
    revisionWindowEndsAt?: number | null;
    cancelledAt?: number | null;
    needsAttention?: string | null;
    /** The planned delivery, moved by a paused deadline or by an admin. */
    deliveryDate?: number | null;
    /** The revisions quota, raised by an admin. */
    maxRevisions?: number;
  };
  /** requestRevision increments `revision_count`. */
  incrementRevisionCount?: boolean;
  revision?: RevisionChange;
  /**
   * An admin's change, in the audit log (keyed like the transition): the cancellation with its
   * reason, the planned delivery date, the revisions quota, each with its value before and after.
   */
  audit?: AuditActor & { action: 'project.cancel' | 'project.deadline' | 'project.revisions'; reason?: string };
}

/** Who acted: Keycloak id and display name, as the timeline records them. */
export interface StepActor {
  id: string;
  name: string;
}

/** What every named transition carries. */
export interface TransitionInput {
  /**
   * Made by the workflow (`uuid4()`): becomes the status-history row's id, so a retried or
   * re-run activity finds its row and changes nothing more.
   */
  key: string;
  projectId: string;
  /** The project's status before the step. */
  from: ProjectStatus;
}

interface ActedTransitionInput extends TransitionInput {
  actor: StepActor;
}

interface ReassignEditorActivityInput {
  /** Becomes the status-history row's id (see TransitionInput.key). */
  key: string;
  projectId: string;
  editorId: string;
  actorId: string;
  actorName: string;
  audit: AuditActor;
}

interface AssignEditorActivityInput {
  /** Becomes the status-history row's id (see TransitionInput.key). */
  key: string;
  projectId: string;
  from: ProjectStatus;
  /** Set by an admin's manual assignment; absent for the automatic one. */
  editorId?: string;
  actorId?: string | null;
  actorName?: string;
  /** An admin's manual assignment: its audit entry (keyed like the assignment). */
  audit?: AuditActor;
}

interface ReassignEditorResult {
  editorId: string;
  editorName: string;
  previousEditorId: string;
}

export type AssignEditorResult = { assigned: true; editorId: string; editorName: string } | { assigned: false };

export interface ProjectEmailInput {
  /** Made by the workflow; each recipient's e-mail is keyed `<key>:<address>`. */
  key: string;
  projectId: string;
  template: ProjectEmailTemplate;
  to: Audience;
  /** Template data: the revision feedback, the deletion date, the cancellation reason. */
  data?: {
    feedback?: string;
    deletionDate?: number;
    reason?: string;
    revisionWindowEndsAt?: number;
    versionNumber?: number;
    question?: string;
    answer?: string;
    deliveryDate?: number;
  };
}

export interface ProjectActivities {
  /**
   * Writes one timeline row (status_history) and the project's status, once. Idempotent on the
   * (old, new) pair; kept for the histories of the first project workflows.
   */
  recordProjectStatus(input: RecordProjectStatusInput): Promise<{ recordedNow: boolean }>;
  /** The project's parties, type, revision counters and planned delivery. */
  loadProjectSnapshot(projectId: string): Promise<ProjectSnapshot>;
  /**
   * Assigns an editor in one transaction: row locks on the candidate profiles (active, specialty
   * and level fit, a free slot), the least loaded one chosen, its counters incremented, the
   * project `assigned`, the timeline row, the notifications (client `project_assigned`, editor
   * `project_assigned_to_editor`) and a `pg_notify`. `{ assigned: false }` when nobody fits.
   * A manual assignment fails with EditorNotAvailable when the named editor cannot take it.
   */
  assignEditor(input: AssignEditorActivityInput): Promise<AssignEditorResult>;
  /**
   * Gives the project to another editor in one transaction: both profiles locked (in id order),
   * the previous editor's slot freed and the new one's taken, the timeline row, the notifications
   * (client, new editor, previous editor), the audit entry and a `pg_notify`. Fails with
   * EditorNotAvailable when the new editor cannot take it.
   */
  reassignEditor(input: ReassignEditorActivityInput): Promise<ReassignEditorResult>;
  // The named transitions, one per step. Each runs in one transaction under the project's row
  // lock: the status-history row (keyed: run twice, one effect), the step's own changes, the
  // notifications of its audience and the live event (`project.changed`).

  /** Nobody can take the project: `waiting_for_editor`, the admins told. */
  recordWaitingForEditor(input: TransitionInput): Promise<void>;
  /** The editor starts editing: `in_progress`, the client told. */
  recordStart(input: ActedTransitionInput): Promise<void>;
  /**
   * A delivery, first (`from` in_progress: needs a final file, frees the editor's slot, counts the
   * completion) or a revision's (needs a new version, completes the revision): `completed`, the
   * revision window of the settings restarted at `at`. Answers the window's end (ms).
   */
  recordDelivery(input: ActedTransitionInput & { at: number }): Promise<{ revisionWindowEndsAt: number }>;
  /**
   * The client asks a revision: `revision_requested`, `revision_count + 1` and its revision. With
   * `versionNumber` it is a round: the version's open comments not yet sent (at least one, else
   * NoOpenComments) record the round's number, and an empty feedback becomes a summary of them.
   */
  recordRevisionRequest(input: ActedTransitionInput & { feedback: string; versionNumber?: number }): Promise<void>;
  /** The editor starts the revision: the newest revision goes `in_progress`, the client told. */
  recordRevisionStart(input: ActedTransitionInput): Promise<void>;
  /**
   * The client approves a version (VersionNotFound when missing): the open comments settled, the
   * revision window closed at `at`, the editor and the admins told.
   */
  recordApproval(input: ActedTransitionInput & { versionNumber: number; at: number }): Promise<void>;
  /**
   * The revision window elapsed: the client told, and with `approveLatest` the newest version
   * approved (if any and none is yet), the editor told. Answers the version approved now.
   */
  recordWindowClosed(input: TransitionInput & { approveLatest: boolean }): Promise<{ approvedVersion: number | null }>;
  /** The editor's question to the client (its row, with the id the workflow made). */
  recordQuestion(
    input: ActedTransitionInput & { question: { id: string; question: string; askedAt: number } },
  ): Promise<void>;
  /**
   * The client's answer; with `shift`, the planned delivery moves by the paused time (before the
   * first delivery).
   */
  recordAnswer(
    input: ActedTransitionInput & {
      answer: { id: string; answer: string; answeredAt: number; pausedMs: number };
      shift?: { ms: number; deliveryDate: number };
    },
  ): Promise<void>;
  /**
   * The project is cancelled at `at`: the editor's slot freed while they held it, the refund to
   * handle, the client and editor told; an admin's cancellation goes to the audit log.
   */
  recordCancellation(input: ActedTransitionInput & { at: number; reason?: string; audit?: AuditActor }): Promise<void>;
  /** An admin moves the planned delivery date (audited): the editor and the client told. */
  recordDeadlineChange(input: ActedTransitionInput & { deliveryDate: number; audit: AuditActor }): Promise<void>;
  /** An admin raises the revisions quota to `maxRevisions` (audited): the client told. */
  recordRevisionsAdded(
    input: ActedTransitionInput & { count: number; maxRevisions: number; audit: AuditActor },
  ): Promise<void>;
  /**
   * Before the named transitions: one transition in one transaction, by flags. Kept, with
   * `readRevisionWindow`, for the histories recorded before `NAMED_TRANSITIONS_PATCH`, until they close.
   */
  recordTransition(input: RecordTransitionInput): Promise<{ recordedNow: boolean; approvedVersion?: number | null }>;
  /** Before the named transitions: the revision window of the settings (`revision_window_days`), in ms. */
  readRevisionWindow(): Promise<{ ms: number; days: number }>;
  /** Notifications without a status change (deadline reminder, closing, retention), keyed. */
  notify(input: { key: string; projectId: string; notifications: NotificationSpec[] }): Promise<void>;
  /** Renders the French mjml e-mail and sends it once per recipient (`sent_emails`). */
  sendProjectEmail(input: ProjectEmailInput): Promise<{ sent: number }>;
  /**
   * Deletes the project's files and the versions' previews from storage, then their rows (versions
   * and comments go with their files), and stamps `files_purged_at`.
   */
  deleteProjectFiles(projectId: string): Promise<{ deleted: number }>;
}
