import { ApplicationFailure } from '@temporalio/common';
import { condition, log, proxyActivities, upsertSearchAttributes, uuid4 } from '@temporalio/workflow';
import type { ProjectStatus } from '../domain/enums';
import type { ProjectAction } from '../domain/project-lifecycle';
import { CLIENT_QUESTION_REMINDERS, type ReviewAction } from '../domain/review';
import { revisionsLeft } from '../domain/revision-rule';
import {
  ACTION_REFUSED,
  CANCELLATION_NEEDS_ATTENTION,
  EDITOR_NOT_AVAILABLE,
  NO_FINAL_FILE,
  NO_NEW_VERSION,
  NO_OPEN_COMMENTS,
  PROJECT_ACTION_MESSAGES,
  PROJECT_NOT_FOUND,
  PROJECT_NOTICES,
  PROJECT_TIMELINE,
  refusalOf,
  RUSHFLOW_CLIENT_EMAIL,
  RUSHFLOW_EDITOR_ID,
  RUSHFLOW_STATUS,
  RUSHFLOW_VIDEO_TYPE,
  VERSION_NOT_FOUND,
  type AdminChangeUpdate,
  type ProjectActor,
  type ProjectWorkflowState,
  type RefusalInput,
} from './contracts/project';
import { durationMs } from './duration';
import type {
  AssignEditorResult,
  ProjectActivities,
  ProjectEmailInput,
  RecordTransitionInput,
} from './project-activities';

export const activities = proxyActivities<ProjectActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    nonRetryableErrorTypes: [PROJECT_NOT_FOUND, NO_FINAL_FILE, EDITOR_NOT_AVAILABLE, 'WorkerMisconfigured'],
  },
});

function actorName(actor: ProjectActor): string {
  return actor.name?.trim() || actor.email || 'Rushflow';
}

/** Activity failures that are refusals of the update (their messages are French and shown as they are). */
const REFUSING_FAILURES: readonly string[] = [
  NO_FINAL_FILE,
  EDITOR_NOT_AVAILABLE,
  VERSION_NOT_FOUND,
  NO_OPEN_COMMENTS,
  NO_NEW_VERSION,
];

/** Milliseconds from now until `at` (workflow time), at least 1. */
export const until = (at: number) => Math.max(1, at - Date.now());

/** An admin's action goes to the audit log with the change. */
function auditActor(actor: ProjectActor) {
  return actor.roles.includes('admin') ? { actorId: actor.id, actorEmail: actor.email } : undefined;
}

/** An activity's typed refusal (no final file, editor not available, …) becomes the update's refusal. */
export function asRefusal(error: unknown): never {
  let cause: unknown = error;
  while (cause && !(cause instanceof ApplicationFailure) && cause instanceof Error) cause = cause.cause;
  if (cause instanceof ApplicationFailure && cause.type && REFUSING_FAILURES.includes(cause.type)) {
    throw ApplicationFailure.create({ type: ACTION_REFUSED, message: cause.message, nonRetryable: true });
  }
  throw error;
}

/**
 * The project's state inside its workflow and every step that changes it: the helpers the
 * workflow's phases share (the lock, transitions, e-mails) and the body of each update. The
 * workflow function wires the updates to these bodies and runs the timed phases.
 */
export class ProjectSteps {
  /** One change at a time: updates and the timed steps take this lock, then check again. */
  private busy = false;
  /** E-mails go out after the update has answered; the workflow ends only once they are sent. */
  private emailsInFlight = 0;
  /** The client question's reminders wait beside the phases; the workflow ends only once they are done. */
  private remindersRunning = 0;
  /**
   * Counts the admin's reassignments and deadline changes: the deadline phase reminds the (new)
   * editor and escalates again after each one.
   */
  adminChanges = 0;

  constructor(
    readonly projectId: string,
    readonly state: ProjectWorkflowState,
    private readonly searchAttributes: boolean,
  ) {}

  /** Nothing is running: no lock held, no e-mail being sent. */
  get idle(): boolean {
    return this.emailsInFlight === 0 && this.remindersRunning === 0 && !this.busy;
  }

  /** A step holds the lock: the state may be about to change (an assignment the workflow has not applied yet). */
  get locked(): boolean {
    return this.busy;
  }

  /** Search attributes admins filter on (status, client e-mail, editor, video type). */
  publish(): void {
    if (!this.searchAttributes) return;
    const { state } = this;
    upsertSearchAttributes([
      { key: RUSHFLOW_STATUS, value: state.status },
      { key: RUSHFLOW_CLIENT_EMAIL, value: state.clientEmail },
      { key: RUSHFLOW_VIDEO_TYPE, value: state.videoType ?? 'autre' },
      ...(state.editorId ? [{ key: RUSHFLOW_EDITOR_ID, value: state.editorId }] : []),
    ]);
  }

  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    await condition(() => !this.busy);
    this.busy = true;
    try {
      return await fn();
    } finally {
      this.busy = false;
    }
  }

  email(template: ProjectEmailInput['template'], to: ProjectEmailInput['to'], data?: ProjectEmailInput['data']): void {
    const { projectId } = this;
    this.emailsInFlight += 1;
    void activities
      .sendProjectEmail({ key: `${template}:${projectId}:${uuid4()}`, projectId, template, to, data })
      .catch((error: unknown) => log.warn('project e-mail not sent', { projectId, template, error: String(error) }))
      .finally(() => {
        this.emailsInFlight -= 1;
      });
  }

  async transition(
    to: ProjectStatus,
    details: Omit<RecordTransitionInput, 'key' | 'projectId' | 'from' | 'to'>,
  ): Promise<{ approvedVersion?: number | null }> {
    const result = await activities.recordTransition({
      key: uuid4(),
      projectId: this.projectId,
      from: this.state.status,
      to,
      ...details,
    });
    this.state.status = to;
    this.publish();
    return result;
  }

  applyAssignment(result: Extract<AssignEditorResult, { assigned: true }>): void {
    this.state.editorId = result.editorId;
    this.state.status = 'assigned';
    this.publish();
    this.email('project_assigned_client', 'client');
    this.email('project_assigned_editor', 'editor');
  }

  /** Throws the update's typed refusal when `actor` may not run `action` now. */
  refuseIfNeeded(
    action: ProjectAction | ReviewAction | 'assignEditor' | AdminChangeUpdate,
    actor: ProjectActor,
    input: RefusalInput,
  ): void {
    const refusal = refusalOf(action, actor, this.state, input);
    if (refusal) throw ApplicationFailure.create({ type: refusal.type, message: refusal.message, nonRetryable: true });
  }

  private refuseOutsideWindow(): void {
    const { revisionWindowEndsAt } = this.state;
    if (revisionWindowEndsAt !== null && Date.now() >= revisionWindowEndsAt) {
      throw ApplicationFailure.create({
        type: ACTION_REFUSED,
        message: PROJECT_ACTION_MESSAGES.revisionWindowClosed,
        nonRetryable: true,
      });
    }
  }

  // ——— Update bodies (run under the lock, after `refuseIfNeeded`) ———

  async start(actor: ProjectActor): Promise<void> {
    await this.transition('in_progress', {
      actorId: actor.id,
      actorName: actorName(actor),
      comment: PROJECT_TIMELINE.started,
      notifications: [{ to: 'client', ...PROJECT_NOTICES.started }],
    });
    this.email('project_started', 'client');
  }

  /** First delivery (`in_progress`) or a revision's: `completed`, the revision window (from the settings) restarted. */
  async deliver(from: 'in_progress' | 'revision_requested', actor: ProjectActor): Promise<void> {
    const { state } = this;
    const window = await activities.readRevisionWindow();
    const now = Date.now();
    const endsAt = now + window.ms;
    const first = from === 'in_progress';
    await this.transition('completed', {
      actorId: actor.id,
      actorName: actorName(actor),
      comment: first ? PROJECT_TIMELINE.delivered : PROJECT_TIMELINE.revisionDelivered(state.revisionCount),
      requireFinalFile: first,
      ...(first ? {} : { requireNewVersion: true }),
      releaseEditorSlot: first,
      countCompletion: first,
      set: { completedAt: now, actualDeliveryDate: now, revisionWindowEndsAt: endsAt },
      ...(first ? {} : { revision: { complete: true } }),
      notifications: [
        {
          to: 'client',
          ...(first
            ? PROJECT_NOTICES.delivered(revisionsLeft(state), window.days)
            : PROJECT_NOTICES.revisionDelivered(state.revisionCount, revisionsLeft(state), window.days)),
        },
      ],
    });
    state.deliveredAt = now;
    state.revisionWindowEndsAt = endsAt;
    state.revisionStarted = false;
    this.email(first ? 'project_completed' : 'revision_completed', 'client', { revisionWindowEndsAt: endsAt });
  }

  /**
   * A revision round: the version's open comments (however many) go to the editor as one revision,
   * counted once against the quota. The first workflows' requests carried feedback only.
   */
  async requestRevision(actor: ProjectActor, feedback: string | undefined, versionNumber?: number): Promise<void> {
    const { state } = this;
    this.refuseOutsideWindow();
    const text = (feedback ?? '').trim();
    const number = state.revisionCount + 1;
    const round = versionNumber !== undefined;
    await this.transition('revision_requested', {
      actorId: actor.id,
      actorName: actorName(actor),
      comment: PROJECT_TIMELINE.revisionRequested(number),
      incrementRevisionCount: true,
      revision: { create: { feedback: text, requestedBy: actor.id, ...(round ? { versionNumber } : {}) } },
      notifications: [
        {
          to: 'editor',
          ...(round ? PROJECT_NOTICES.revisionRound(versionNumber, text) : PROJECT_NOTICES.revisionRequested(text)),
        },
      ],
    });
    state.revisionCount = number;
    state.revisionStarted = false;
    this.email('revision_requested', 'editor', {
      feedback: round ? PROJECT_NOTICES.revisionRound(versionNumber, text).message : text,
      ...(round ? { versionNumber } : {}),
    });
  }

  /** The client approves a delivered version: originals unlocked, the revision window closed now. */
  async approve(actor: ProjectActor, versionNumber: number): Promise<void> {
    const { state } = this;
    this.refuseOutsideWindow();
    const now = Date.now();
    await this.transition('completed', {
      actorId: actor.id,
      actorName: actorName(actor),
      comment: PROJECT_TIMELINE.approved(versionNumber),
      approveVersion: { number: versionNumber, by: actor.id },
      set: { revisionWindowEndsAt: now },
      notifications: [
        { to: 'editor', ...PROJECT_NOTICES.versionApproved(versionNumber) },
        { to: 'admins', ...PROJECT_NOTICES.versionApproved(versionNumber) },
      ],
    });
    state.approvedVersion = versionNumber;
    state.revisionWindowEndsAt = now;
    state.closed = true;
    this.email('version_approved', 'editor', { versionNumber });
    this.email('version_approved', 'admins', { versionNumber });
  }

  /** The window elapsed without approval: the newest version is approved (closing step). */
  async closeWindow(approveLatest: boolean): Promise<void> {
    const { state } = this;
    const result = await this.transition('completed', {
      comment: PROJECT_TIMELINE.closed,
      notifications: [
        { to: 'client', ...PROJECT_NOTICES.closed },
        ...(approveLatest ? [{ to: 'editor' as const, ...PROJECT_NOTICES.versionApprovedAutomatically }] : []),
      ],
      ...(approveLatest ? { approveVersion: 'latest' as const } : {}),
    });
    state.closed = true;
    if (approveLatest && typeof result.approvedVersion === 'number') {
      state.approvedVersion = result.approvedVersion;
      this.email('version_approved_automatically', 'editor', { versionNumber: result.approvedVersion });
    }
  }

  /**
   * 'En attente du client': the editor's question pauses the delivery deadline (the workflow's
   * deadline timers wait) until the client answers; the client is reminded at 24 h and 72 h.
   */
  async askClient(actor: ProjectActor, question: string): Promise<void> {
    const { state } = this;
    const id = uuid4();
    const askedAt = Date.now();
    const text = question.trim();
    await this.transition(state.status, {
      actorId: actor.id,
      actorName: actorName(actor),
      comment: PROJECT_TIMELINE.questionAsked(text),
      question: { ask: { id, question: text, askedAt } },
      notifications: [{ to: 'client', ...PROJECT_NOTICES.clientQuestion(text) }],
    });
    state.question = { id, question: text, askedAt };
    this.email('client_question', 'client', { question: text });
    this.remindClient(id, askedAt, text);
  }

  /**
   * The client's answer: the deadline resumes. Before the first delivery, the planned delivery
   * date moves by exactly the paused time.
   */
  async answerClient(actor: ProjectActor, answer: string): Promise<void> {
    const { state } = this;
    const question = state.question!;
    const answeredAt = Date.now();
    const pausedMs = answeredAt - question.askedAt;
    const shift = state.deliveredAt === null && state.deliveryDate !== null ? pausedMs : 0;
    const deliveryDate = state.deliveryDate !== null ? state.deliveryDate + shift : null;
    const text = answer.trim();
    await this.transition(state.status, {
      actorId: actor.id,
      actorName: actorName(actor),
      comment: PROJECT_TIMELINE.questionAnswered(shift),
      question: { answer: { id: question.id, answer: text, answeredAt, pausedMs } },
      ...(shift > 0 ? { set: { deliveryDate } } : {}),
      notifications: [{ to: 'editor', ...PROJECT_NOTICES.clientAnswered(text) }],
    });
    state.question = null;
    state.pausedMs += shift;
    state.deliveryDate = deliveryDate;
    this.email('client_answered', 'editor', {
      answer: text,
      ...(shift > 0 && deliveryDate !== null ? { deliveryDate } : {}),
    });
  }

  /** Reminds the client of an unanswered question at each of `CLIENT_QUESTION_REMINDERS` after it was asked. */
  private remindClient(questionId: string, askedAt: number, question: string): void {
    const { state } = this;
    const settled = () => state.question?.id !== questionId || state.status === 'cancelled';
    this.remindersRunning += 1;
    void (async () => {
      for (const after of CLIENT_QUESTION_REMINDERS) {
        if (await condition(settled, until(askedAt + durationMs(after)))) return;
        await activities.notify({
          key: uuid4(),
          projectId: this.projectId,
          notifications: [{ to: 'client', ...PROJECT_NOTICES.clientQuestionReminder(question) }],
        });
        this.email('client_question_reminder', 'client', { question });
      }
    })()
      .catch((error: unknown) => log.warn('client question reminder failed', { questionId, error: String(error) }))
      .finally(() => {
        this.remindersRunning -= 1;
      });
  }

  async startRevision(actor: ProjectActor): Promise<void> {
    await this.transition('revision_requested', {
      actorId: actor.id,
      actorName: actorName(actor),
      comment: PROJECT_TIMELINE.revisionStarted(this.state.revisionCount),
      revision: { start: true },
      notifications: [{ to: 'client', ...PROJECT_NOTICES.revisionStarted }],
    });
    this.state.revisionStarted = true;
  }

  async cancel(actor: ProjectActor, reason: string | undefined): Promise<void> {
    const { state } = this;
    const holdsSlot = state.status === 'assigned' || state.status === 'in_progress';
    const why = reason?.trim() || undefined;
    const audit = auditActor(actor);
    await this.transition('cancelled', {
      ...(audit ? { audit: { ...audit, action: 'project.cancel' as const, reason: why } } : {}),
      actorId: actor.id,
      actorName: actorName(actor),
      comment: PROJECT_TIMELINE.cancelled(why),
      releaseEditorSlot: holdsSlot,
      // The refund is the admin's decision (policy): the project says so until it is handled.
      set: { cancelledAt: Date.now(), needsAttention: CANCELLATION_NEEDS_ATTENTION },
      notifications: [
        { to: 'client', ...PROJECT_NOTICES.cancelledForClient(why) },
        ...(state.editorId ? [{ to: 'editor' as const, ...PROJECT_NOTICES.cancelledForEditor }] : []),
      ],
    });
    this.email('project_cancelled', 'client', { reason: why });
  }

  async assignEditor(actor: ProjectActor, editorId: string): Promise<void> {
    const result = await activities.assignEditor({
      key: uuid4(),
      projectId: this.projectId,
      from: this.state.status,
      editorId,
      actorId: actor.id,
      actorName: actorName(actor),
      audit: auditActor(actor),
    });
    if (!result.assigned) {
      throw ApplicationFailure.create({
        type: ACTION_REFUSED,
        message: PROJECT_ACTION_MESSAGES.editorNotAvailable,
        nonRetryable: true,
      });
    }
    this.applyAssignment(result);
  }

  /** An admin gives the project to another editor: both editors' loads change, both are told. */
  async reassignEditor(actor: ProjectActor, editorId: string): Promise<void> {
    const audit = auditActor(actor)!;
    const result = await activities.reassignEditor({
      key: uuid4(),
      projectId: this.projectId,
      editorId,
      actorId: actor.id,
      actorName: actorName(actor),
      audit,
    });
    this.state.editorId = result.editorId;
    this.adminChanges += 1;
    this.publish();
    this.email('project_assigned_editor', 'editor');
    this.email('project_reassigned_editor', { userId: result.previousEditorId });
    this.email('project_assigned_client', 'client');
  }

  /** An admin moves the planned delivery date: the deadline's reminder and escalation follow it. */
  async changeDeadline(actor: ProjectActor, deliveryDate: number): Promise<void> {
    const { state } = this;
    await this.transition(state.status, {
      actorId: actor.id,
      actorName: actorName(actor),
      comment: PROJECT_TIMELINE.deadlineChanged(deliveryDate),
      set: { deliveryDate },
      audit: { ...auditActor(actor)!, action: 'project.deadline' },
      notifications: [
        ...(state.editorId ? [{ to: 'editor' as const, ...PROJECT_NOTICES.deadlineChanged(deliveryDate) }] : []),
        { to: 'client', ...PROJECT_NOTICES.deadlineChanged(deliveryDate) },
      ],
    });
    state.deliveryDate = deliveryDate;
    this.adminChanges += 1;
  }

  /** An admin adds revisions to the project's quota (whatever the quota it was created with). */
  async addRevisions(actor: ProjectActor, count: number): Promise<void> {
    const { state } = this;
    const maxRevisions = state.maxRevisions + count;
    await this.transition(state.status, {
      actorId: actor.id,
      actorName: actorName(actor),
      comment: PROJECT_TIMELINE.revisionsAdded(count, maxRevisions),
      set: { maxRevisions },
      audit: { ...auditActor(actor)!, action: 'project.revisions' },
      notifications: [{ to: 'client', ...PROJECT_NOTICES.revisionsAdded(count, maxRevisions) }],
    });
    state.maxRevisions = maxRevisions;
  }
}
