import { PROJECT_ACTIONS, projectStatusLabel, type ProjectAction, type ProjectParty } from './project-lifecycle';
import { PROJECT_ACTION_MESSAGES } from './project-notices';
import { REVIEW_ACTIONS, REVIEW_MESSAGES, type ReviewAction } from './review';
import type { ProjectStatus } from './enums';

/**
 * The project's rules, in one place: who may do what to a project, when, and why not. The
 * workflow refuses its updates with `refusalOf` (then `requestRefusal` for what the update
 * carries); the api and the pages offer the actions `refusalOf` accepts, so the page offers
 * exactly what the workflow accepts.
 */

/** The lifecycle's own refusals, in French (the workflow answers them, the page shows them). */
export const LIFECYCLE_MESSAGES = {
  revisionLimit: 'Le nombre maximal de révisions est atteint.',
  revisionWindowClosed: 'La période de révision de ce projet est terminée.',
  revisionAlreadyStarted: 'La révision est déjà commencée.',
  revisionNeedsNewVersion: 'Envoyez une nouvelle version avant de marquer la révision comme terminée.',
  noFinalFile: 'Ajoutez au moins un fichier final avant de marquer le projet comme terminé.',
  feedbackEmpty: 'Décrivez les modifications souhaitées.',
  questionEmpty: 'Posez votre question.',
  answerEmpty: 'Écrivez votre réponse.',
} as const;

/** The refusal of an action reserved to one part of the project. */
const ROLE_ONLY = {
  editor: 'Seul le monteur du projet peut faire cette action.',
  client: 'Seul le client du projet peut faire cette action.',
  admin: 'Accès administrateur requis',
} as const satisfies Record<ProjectParty, string>;

/**
 * An admin's changes of a running project (Admin › Projets), through the project's workflow:
 * another editor, another planned delivery date, more revisions. Where each applies, and the
 * workflow update that makes it.
 */
const ADMIN_PROJECT_CHANGES = {
  reassign: { update: 'reassignEditor', from: ['assigned', 'in_progress'] },
  deadline: { update: 'changeDeadline', from: ['brief_received', 'waiting_for_editor', 'assigned', 'in_progress'] },
  addRevisions: {
    update: 'addRevisions',
    from: ['brief_received', 'waiting_for_editor', 'assigned', 'in_progress', 'revision_requested', 'completed'],
  },
} as const satisfies Record<string, { update: string; from: readonly ProjectStatus[] }>;

export type AdminProjectChange = keyof typeof ADMIN_PROJECT_CHANGES;
/** The workflow updates of the admin's changes. */
export type AdminChangeAction = (typeof ADMIN_PROJECT_CHANGES)[AdminProjectChange]['update'];

export const ADMIN_CHANGE_MESSAGES = {
  reassignWrongStatus: 'Seul un projet assigné ou en cours de montage peut changer de monteur.',
  sameEditor: 'Ce monteur est déjà celui du projet : choisissez-en un autre.',
  deadlineWrongStatus: 'La date de livraison se change avant la livraison du projet.',
  deadlineNotFuture: 'Choisissez une date de livraison à partir de demain.',
  deadlineUnchanged: 'C’est déjà la date de livraison prévue.',
  revisionsWrongStatus: 'Ce projet est annulé : on n’y ajoute plus de révisions.',
} as const;

const ADMIN_CHANGE_WRONG_STATUS = {
  reassignEditor: ADMIN_CHANGE_MESSAGES.reassignWrongStatus,
  changeDeadline: ADMIN_CHANGE_MESSAGES.deadlineWrongStatus,
  addRevisions: ADMIN_CHANGE_MESSAGES.revisionsWrongStatus,
} as const satisfies Record<AdminChangeAction, string>;

/** The editor asks the client a blocking question while editing or revising. */
const QUESTION_STATUSES = ['assigned', 'in_progress', 'revision_requested'] as const;

/** Every action the rules decide: the lifecycle's, the review's, the admin's. */
export type ProjectRuleAction = ProjectAction | ReviewAction | 'assignEditor' | AdminChangeAction;

/**
 * What the rules read of a project. The workflow builds it from its own state (`workflowFacts`);
 * the api reads it from the read models (a `ProjectSummary` is one).
 */
export interface ProjectFacts {
  status: string;
  revisionCount: number;
  maxRevisions: number;
  /** End of the revision window (ISO, Date or ms); null before the first delivery. */
  revisionWindowEndsAt?: string | Date | number | null;
  /** The approved version: once there is one, the revisions are over. */
  approvedVersionNumber: number | null;
  /** The workflow closed the revisions by its own clock (its window timer fired). */
  closed?: boolean;
  /**
   * The project has a final file (« Marquer comme terminé » needs one). Left out by the workflow,
   * which does not see uploads: its activity checks it under the project's lock.
   */
  hasFinalFile?: boolean;
  /**
   * The revision being worked on (status `revision_requested`), null otherwise: whether the editor
   * started it, and whether a version was uploaded since it was requested. The workflow does not
   * see uploads: it leaves `newVersionUploaded` out and its activity decides, under the project's
   * lock, with the same answer the page reads.
   */
  openRevision: { started: boolean; newVersionUploaded?: boolean } | null;
  /** The editor's question waits for the client's answer. Left out by the lists, which offer no review action. */
  questionPending?: boolean;
}

/** What the admin's changes read of a project (the admin's list has no more). */
type AdminChangeFacts = Pick<ProjectFacts, 'status' | 'approvedVersionNumber' | 'revisionWindowEndsAt' | 'closed'>;

/**
 * Why an action is refused: `forbidden`, not the caller's part; `refused`, not in this state;
 * `invalid`, what the request carries is wrong; `pending`, the caller's next step once something is
 * done first (shown disabled, with the reason).
 */
export interface Refusal {
  kind: 'forbidden' | 'refused' | 'invalid' | 'pending';
  message: string;
}

const forbidden = (message: string): Refusal => ({ kind: 'forbidden', message });
const refused = (message: string): Refusal => ({ kind: 'refused', message });

/** Whether the revision window of a delivered project is over at `now` (the workflow then closes it). */
export function revisionWindowClosed(
  project: { revisionWindowEndsAt?: string | Date | number | null },
  now: Date = new Date(),
): boolean {
  if (project.revisionWindowEndsAt === null || project.revisionWindowEndsAt === undefined) return false;
  return now.getTime() >= new Date(project.revisionWindowEndsAt).getTime();
}

/** No more revisions, approvals or added revisions: a version is approved, or the window is over. */
const revisionsOver = (facts: AdminChangeFacts, now: Date) =>
  facts.approvedVersionNumber !== null || facts.closed === true || revisionWindowClosed(facts, now);

function lifecycleRefusal(
  action: ProjectAction,
  parties: readonly ProjectParty[],
  facts: ProjectFacts,
  now: Date,
): Refusal | null {
  const rule = PROJECT_ACTIONS[action];
  if (!parties.includes(rule.by)) return forbidden(ROLE_ONLY[rule.by]);
  if (!(rule.from as readonly string[]).includes(facts.status))
    return refused(`Action impossible : le projet est « ${projectStatusLabel(facts.status)} ».`);
  if (action === 'complete' && facts.hasFinalFile === false)
    return { kind: 'pending', message: LIFECYCLE_MESSAGES.noFinalFile };
  if (action === 'requestRevision') {
    if (revisionsOver(facts, now)) return refused(LIFECYCLE_MESSAGES.revisionWindowClosed);
    if (facts.revisionCount >= facts.maxRevisions) return refused(LIFECYCLE_MESSAGES.revisionLimit);
  }
  if (action === 'startRevision' && facts.openRevision?.started)
    return refused(LIFECYCLE_MESSAGES.revisionAlreadyStarted);
  if (action === 'completeRevision' && facts.openRevision?.newVersionUploaded === false)
    return { kind: 'pending', message: LIFECYCLE_MESSAGES.revisionNeedsNewVersion };
  return null;
}

function reviewRefusal(
  action: ReviewAction,
  parties: readonly ProjectParty[],
  facts: ProjectFacts,
  now: Date,
): Refusal | null {
  if (action === 'approve') {
    if (!parties.includes('client')) return forbidden(REVIEW_MESSAGES.approveClientOnly);
    if (facts.approvedVersionNumber !== null) return refused(REVIEW_MESSAGES.alreadyApproved);
    if (revisionsOver(facts, now)) return refused(LIFECYCLE_MESSAGES.revisionWindowClosed);
    if (facts.status !== 'completed') return refused(REVIEW_MESSAGES.approveWrongStatus);
    return null;
  }
  if (action === 'askClient') {
    if (!parties.includes('editor')) return forbidden(ROLE_ONLY.editor);
    if (!(QUESTION_STATUSES as readonly string[]).includes(facts.status))
      return refused(REVIEW_MESSAGES.questionWrongStatus);
    if (facts.questionPending) return refused(REVIEW_MESSAGES.questionPending);
    return null;
  }
  if (!parties.includes('client')) return forbidden(ROLE_ONLY.client);
  if (!facts.questionPending) return refused(REVIEW_MESSAGES.noQuestion);
  return null;
}

const ADMIN_CHANGE_OF = Object.fromEntries(
  Object.entries(ADMIN_PROJECT_CHANGES).map(([change, { update }]) => [update, change]),
) as Record<AdminChangeAction, AdminProjectChange>;

function adminChangeRefusal(
  action: AdminChangeAction,
  parties: readonly ProjectParty[],
  facts: AdminChangeFacts,
  now: Date,
): Refusal | null {
  if (!parties.includes('admin')) return forbidden(ROLE_ONLY.admin);
  const change = ADMIN_PROJECT_CHANGES[ADMIN_CHANGE_OF[action]];
  if (!(change.from as readonly string[]).includes(facts.status)) return refused(ADMIN_CHANGE_WRONG_STATUS[action]);
  // More revisions mean nothing once the revisions are over (approved, or the window elapsed).
  if (action === 'addRevisions' && revisionsOver(facts, now)) return refused(LIFECYCLE_MESSAGES.revisionWindowClosed);
  return null;
}

const isReviewAction = (action: ProjectRuleAction): action is ReviewAction => Object.hasOwn(REVIEW_ACTIONS, action);
const isAdminChange = (action: ProjectRuleAction): action is AdminChangeAction =>
  Object.hasOwn(ADMIN_CHANGE_OF, action);

/** The one rule: why `parties` may not run `action` on a project with these facts now, or null. */
export function refusalOf(
  action: ProjectRuleAction,
  parties: readonly ProjectParty[],
  facts: ProjectFacts,
  now: Date = new Date(),
): Refusal | null {
  if (isAdminChange(action)) return adminChangeRefusal(action, parties, facts, now);
  if (isReviewAction(action)) return reviewRefusal(action, parties, facts, now);
  if (action === 'assignEditor') {
    if (!parties.includes('admin')) return forbidden(ROLE_ONLY.admin);
    if (facts.status !== 'brief_received' && facts.status !== 'waiting_for_editor')
      return refused(PROJECT_ACTION_MESSAGES.assignWrongStatus);
    return null;
  }
  return lifecycleRefusal(action, parties, facts, now);
}

/** What an update carries beside its actor, as the rules read it. */
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

/**
 * Why what an accepted action carries is refused (after `refusalOf`), or null. `current`: the
 * project's editor and planned delivery date (ms), which a change must differ from.
 */
export function requestRefusal(
  action: ProjectRuleAction,
  input: RefusalInput,
  current: { editorId: string | null; deliveryDate: number | null },
  now: Date = new Date(),
): Refusal | null {
  const invalid = (message: string): Refusal => ({ kind: 'invalid', message });
  if (action === 'askClient' && !input.question?.trim()) return invalid(LIFECYCLE_MESSAGES.questionEmpty);
  if (action === 'answerClient' && !input.answer?.trim()) return invalid(LIFECYCLE_MESSAGES.answerEmpty);
  if (action === 'reassignEditor' && input.editorId === current.editorId)
    return refused(ADMIN_CHANGE_MESSAGES.sameEditor);
  if (action === 'changeDeadline' && input.deliveryDate !== undefined) {
    if (input.deliveryDate <= now.getTime()) return invalid(ADMIN_CHANGE_MESSAGES.deadlineNotFuture);
    if (input.deliveryDate === current.deliveryDate) return refused(ADMIN_CHANGE_MESSAGES.deadlineUnchanged);
  }
  // A round is made of the version's open comments (checked by the activity); the first
  // workflows' requests carried the feedback alone.
  if (action === 'requestRevision' && input.versionNumber === undefined && !input.feedback?.trim())
    return invalid(LIFECYCLE_MESSAGES.feedbackEmpty);
  return null;
}

/** What the workflow knows of its project, as the rules read it (the fields of its state they need). */
interface WorkflowProjectState {
  status: string;
  revisionCount: number;
  maxRevisions: number;
  revisionStarted: boolean;
  revisionWindowEndsAt: number | null;
  approvedVersion: number | null;
  closed: boolean;
  question: unknown;
}

/** The facts of the workflow's own state (it sees no uploads: its activities check those). */
export function workflowFacts(state: WorkflowProjectState): ProjectFacts {
  return {
    status: state.status,
    revisionCount: state.revisionCount,
    maxRevisions: state.maxRevisions,
    revisionWindowEndsAt: state.revisionWindowEndsAt,
    approvedVersionNumber: state.approvedVersion,
    closed: state.closed,
    openRevision: state.status === 'revision_requested' ? { started: state.revisionStarted } : null,
    questionPending: state.question !== null,
  };
}

const LIFECYCLE_ACTIONS = Object.keys(PROJECT_ACTIONS) as ProjectAction[];

/** The lifecycle actions `parties` may take now: those the rule accepts. */
export function availableActions(
  parties: readonly ProjectParty[],
  facts: ProjectFacts,
  now: Date = new Date(),
): ProjectAction[] {
  return LIFECYCLE_ACTIONS.filter((action) => refusalOf(action, parties, facts, now) === null);
}

/** The caller's next actions that wait on something first, with the reason to show beside them. */
export function pendingActions(
  parties: readonly ProjectParty[],
  facts: ProjectFacts,
  now: Date = new Date(),
): { action: ProjectAction; reason: string }[] {
  return LIFECYCLE_ACTIONS.flatMap((action) => {
    const refusal = refusalOf(action, parties, facts, now);
    return refusal?.kind === 'pending' ? [{ action, reason: refusal.message }] : [];
  });
}

/** The review actions `parties` may take now. */
export function availableReviewActions(
  parties: readonly ProjectParty[],
  facts: ProjectFacts,
  now: Date = new Date(),
): ReviewAction[] {
  return (Object.keys(REVIEW_ACTIONS) as ReviewAction[]).filter(
    (action) => refusalOf(action, parties, facts, now) === null,
  );
}

/** The changes an admin may make on a project now. */
export function availableAdminChanges(facts: AdminChangeFacts, now: Date = new Date()): AdminProjectChange[] {
  return (Object.keys(ADMIN_PROJECT_CHANGES) as AdminProjectChange[]).filter(
    (change) => adminChangeRefusal(ADMIN_PROJECT_CHANGES[change].update, ['admin'], facts, now) === null,
  );
}
