import { ApplicationFailure, type LocalActivityOptions } from '@temporalio/common';
import {
  condition,
  log,
  patched,
  proxyActivities,
  proxyLocalActivities,
  upsertSearchAttributes,
  uuid4,
} from '@temporalio/workflow';
import type { ProjectStatus } from '../domain/enums';
import { projectPartiesOf } from '../domain/project-lifecycle';
import { PROJECT_ACTION_MESSAGES, PROJECT_NOTICES } from '../domain/project-notices';
import {
  refusalOf,
  requestRefusal,
  workflowFacts,
  type ProjectRuleAction,
  type RefusalInput,
} from '../domain/project-rules';
import { CLIENT_QUESTION_REMINDERS } from '../domain/review';
import {
  ACTION_REFUSED,
  EDITOR_NOT_AVAILABLE,
  NO_FINAL_FILE,
  NO_NEW_VERSION,
  NO_OPEN_COMMENTS,
  PROJECT_NOT_FOUND,
  REFUSAL_TYPES,
  RUSHFLOW_CLIENT_EMAIL,
  RUSHFLOW_EDITOR_ID,
  RUSHFLOW_STATUS,
  RUSHFLOW_VIDEO_TYPE,
  VERSION_NOT_FOUND,
  type ProjectActor,
  type ProjectWorkflowState,
} from './contracts/project';
import { durationMs } from './duration';
import type {
  AssignEditorResult,
  ProjectActivities,
  ProjectEmailInput,
  StepActor,
  TransitionInput,
} from './project-activities';

/**
 * Patch: each step records itself through its own activity (`recordStart`, `recordDelivery`, …)
 * instead of `recordTransition`'s flags, and the delivery reads the revision window in its own
 * transaction. `patched()` is true on every run that is not a replay, so the other path only
 * replays histories recorded before the patch: Temporal reads its activities' results from the
 * history and never runs them again. Sunset: once no workflow started before the patch is open,
 * remove that path with `recordTransition` and `readRevisionWindow` (and deprecate the patch).
 */
const NAMED_TRANSITIONS_PATCH = 'named-transitions';

const ACTIVITY_OPTIONS: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    nonRetryableErrorTypes: [PROJECT_NOT_FOUND, NO_FINAL_FILE, EDITOR_NOT_AVAILABLE, 'WorkerMisconfigured'],
  },
};

export const activities = proxyActivities<ProjectActivities>(ACTIVITY_OPTIONS);

/**
 * The same activities run as local activities: in the workflow task that calls them, recorded as
 * markers, without a task of their own for the server to queue and dispatch, nor a workflow task
 * to resume after each. Used where several short database steps follow each other (the project's
 * load, first timeline row and assignment): the server's work per workflow is what limits one
 * worker's throughput (`npm run bench:worker-throughput`).
 */
export const localActivities = proxyLocalActivities<ProjectActivities>(ACTIVITY_OPTIONS);

function actorName(actor: ProjectActor): string {
  return actor.name?.trim() || actor.email || 'Rushflow';
}

/** Who acted, as the timeline records it. */
const stepActor = (actor: ProjectActor): StepActor => ({ id: actor.id, name: actorName(actor) });

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

  /** The client's account was erased: nothing of them stays in the workflow's state or its search attributes. */
  forgetClient(): void {
    this.state.clientEmail = '';
    this.state.clientId = null;
    this.publish();
  }

  /** A step holds the lock: the state may be about to change (an assignment the workflow has not applied yet). */
  get locked(): boolean {
    return this.busy;
  }

  /** Search attributes admins filter on (status, client e-mail, editor, video type); an erased client's e-mail is removed. */
  publish(): void {
    if (!this.searchAttributes) return;
    const { state } = this;
    upsertSearchAttributes([
      { key: RUSHFLOW_STATUS, value: state.status },
      { key: RUSHFLOW_CLIENT_EMAIL, value: state.clientEmail || null },
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

  /** What every step's activity carries: its key, the project and the status it moves from. */
  private transitionInput(): TransitionInput {
    return { key: uuid4(), projectId: this.projectId, from: this.state.status };
  }

  /** The project moved to `to`: the state and the search attributes follow. */
  private moved(to: ProjectStatus): void {
    this.state.status = to;
    this.publish();
  }

  /**
   * Records one step to `to` through its own activity; a history recorded before the patch
   * replays `recordTransition` there instead (its input is never run again, see the patch).
   */
  private async record(to: ProjectStatus, step: (input: TransitionInput) => Promise<unknown>): Promise<void> {
    const input = this.transitionInput();
    await (patched(NAMED_TRANSITIONS_PATCH) ? step(input) : activities.recordTransition({ ...input, to }));
    this.moved(to);
  }

  applyAssignment(result: Extract<AssignEditorResult, { assigned: true }>): void {
    this.state.editorId = result.editorId;
    this.state.status = 'assigned';
    this.publish();
    this.email('project_assigned_client', 'client');
    this.email('project_assigned_editor', 'editor');
  }

  /** Throws the update's typed refusal when `actor` may not run `action` now (domain/project-rules.ts). */
  refuseIfNeeded(action: ProjectRuleAction, actor: ProjectActor, input: RefusalInput): void {
    const { state } = this;
    const refusal =
      refusalOf(action, projectPartiesOf(actor, state), workflowFacts(state)) ?? requestRefusal(action, input, state);
    if (refusal)
      throw ApplicationFailure.create({
        type: REFUSAL_TYPES[refusal.kind],
        message: refusal.message,
        nonRetryable: true,
      });
  }

  /** Nobody can take the project yet: the admins are told, the assignment keeps trying. */
  async waitForEditor(via: ProjectActivities): Promise<void> {
    await this.record('waiting_for_editor', (input) => via.recordWaitingForEditor(input));
    this.email('project_waiting_for_editor', 'admins');
  }

  // ——— Update bodies (run under the lock, after `refuseIfNeeded`) ———

  async start(actor: ProjectActor): Promise<void> {
    await this.record('in_progress', (input) => activities.recordStart({ ...input, actor: stepActor(actor) }));
    this.email('project_started', 'client');
  }

  /** First delivery (`in_progress`) or a revision's: `completed`, the revision window (from the settings) restarted. */
  async deliver(from: 'in_progress' | 'revision_requested', actor: ProjectActor): Promise<void> {
    const { state } = this;
    const input = this.transitionInput();
    let at = Date.now();
    let endsAt: number;
    if (patched(NAMED_TRANSITIONS_PATCH)) {
      ({ revisionWindowEndsAt: endsAt } = await activities.recordDelivery({ ...input, actor: stepActor(actor), at }));
    } else {
      const window = await activities.readRevisionWindow();
      at = Date.now();
      endsAt = at + window.ms;
      await activities.recordTransition({ ...input, to: 'completed' });
    }
    this.moved('completed');
    state.deliveredAt = at;
    state.revisionWindowEndsAt = endsAt;
    state.revisionStarted = false;
    this.email(from === 'in_progress' ? 'project_completed' : 'revision_completed', 'client', {
      revisionWindowEndsAt: endsAt,
    });
  }

  /**
   * A revision round: the version's open comments (however many) go to the editor as one revision,
   * counted once against the quota. The first workflows' requests carried feedback only.
   */
  async requestRevision(actor: ProjectActor, feedback: string | undefined, versionNumber?: number): Promise<void> {
    const { state } = this;
    const text = (feedback ?? '').trim();
    const round = versionNumber !== undefined;
    await this.record('revision_requested', (input) =>
      activities.recordRevisionRequest({
        ...input,
        actor: stepActor(actor),
        feedback: text,
        ...(round ? { versionNumber } : {}),
      }),
    );
    state.revisionCount += 1;
    state.revisionStarted = false;
    this.email('revision_requested', 'editor', {
      feedback: round ? PROJECT_NOTICES.revisionRound(versionNumber, text).message : text,
      ...(round ? { versionNumber } : {}),
    });
  }

  /** The client approves a delivered version: originals unlocked, the revision window closed now. */
  async approve(actor: ProjectActor, versionNumber: number): Promise<void> {
    const { state } = this;
    const now = Date.now();
    await this.record('completed', (input) =>
      activities.recordApproval({ ...input, actor: stepActor(actor), versionNumber, at: now }),
    );
    state.approvedVersion = versionNumber;
    state.revisionWindowEndsAt = now;
    state.closed = true;
    this.email('version_approved', 'editor', { versionNumber });
    this.email('version_approved', 'admins', { versionNumber });
  }

  /** The window elapsed without approval: the newest version is approved (closing step). */
  async closeWindow(approveLatest: boolean): Promise<void> {
    const { state } = this;
    const input = this.transitionInput();
    const { approvedVersion } = patched(NAMED_TRANSITIONS_PATCH)
      ? await activities.recordWindowClosed({ ...input, approveLatest })
      : await activities.recordTransition({ ...input, to: 'completed' });
    this.moved('completed');
    state.closed = true;
    if (approveLatest && typeof approvedVersion === 'number') {
      state.approvedVersion = approvedVersion;
      this.email('version_approved_automatically', 'editor', { versionNumber: approvedVersion });
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
    await this.record(state.status, (input) =>
      activities.recordQuestion({ ...input, actor: stepActor(actor), question: { id, question: text, askedAt } }),
    );
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
    await this.record(state.status, (input) =>
      activities.recordAnswer({
        ...input,
        actor: stepActor(actor),
        answer: { id: question.id, answer: text, answeredAt, pausedMs },
        ...(shift > 0 && deliveryDate !== null ? { shift: { ms: shift, deliveryDate } } : {}),
      }),
    );
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
    await this.record('revision_requested', (input) =>
      activities.recordRevisionStart({ ...input, actor: stepActor(actor) }),
    );
    this.state.revisionStarted = true;
  }

  async cancel(actor: ProjectActor, reason: string | undefined): Promise<void> {
    const why = reason?.trim() || undefined;
    const audit = auditActor(actor);
    await this.record('cancelled', (input) =>
      activities.recordCancellation({
        ...input,
        actor: stepActor(actor),
        at: Date.now(),
        ...(why ? { reason: why } : {}),
        ...(audit ? { audit } : {}),
      }),
    );
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
    await this.record(state.status, (input) =>
      activities.recordDeadlineChange({ ...input, actor: stepActor(actor), deliveryDate, audit: auditActor(actor)! }),
    );
    state.deliveryDate = deliveryDate;
    this.adminChanges += 1;
  }

  /** An admin adds revisions to the project's quota (whatever the quota it was created with). */
  async addRevisions(actor: ProjectActor, count: number): Promise<void> {
    const { state } = this;
    const maxRevisions = state.maxRevisions + count;
    await this.record(state.status, (input) =>
      activities.recordRevisionsAdded({
        ...input,
        actor: stepActor(actor),
        count,
        maxRevisions,
        audit: auditActor(actor)!,
      }),
    );
    state.maxRevisions = maxRevisions;
  }
}
