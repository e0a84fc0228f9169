import type { ProjectStatus } from './enums';
import type { Role } from './roles';

/** French labels of the project statuses (000 §4); an unknown value is shown as is. */
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  brief_received: 'Brief reçu',
  waiting_for_editor: 'En attente de monteur',
  assigned: 'Assigné au monteur',
  in_progress: 'En cours de montage',
  revision_requested: 'Révision demandée',
  completed: 'Terminé',
  cancelled: 'Annulé',
};

export function projectStatusLabel(status: string): string {
  return (PROJECT_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/** Active = neither completed nor cancelled (000 §4). */
export function isActiveStatus(status: string): boolean {
  return status !== 'completed' && status !== 'cancelled';
}

/**
 * What a person may do to a project, by the project's status (000 §4, DESIGN.md ProjectWorkflow).
 * The workflow validates every update against this table; the pages use it to show the buttons.
 */
export const PROJECT_ACTIONS = {
  start: { by: 'editor', from: ['assigned'], to: 'in_progress', label: 'Commencer le montage' },
  complete: { by: 'editor', from: ['in_progress'], to: 'completed', label: 'Marquer comme terminé' },
  requestRevision: { by: 'client', from: ['completed'], to: 'revision_requested', label: 'Demander une révision' },
  startRevision: { by: 'editor', from: ['revision_requested'], to: 'revision_requested', label: 'Commencer' },
  completeRevision: { by: 'editor', from: ['revision_requested'], to: 'completed', label: 'Révision terminée' },
  cancel: {
    by: 'admin',
    from: ['brief_received', 'waiting_for_editor', 'assigned', 'in_progress', 'revision_requested'],
    to: 'cancelled',
    label: 'Annuler le projet',
  },
} as const satisfies Record<
  string,
  { by: 'editor' | 'client' | 'admin'; from: readonly ProjectStatus[]; to: ProjectStatus; label: string }
>;

export type ProjectAction = keyof typeof PROJECT_ACTIONS;

/** The part a user plays on one project: its client, its editor, or an admin (or none). */
export type ProjectParty = 'client' | 'editor' | 'admin';

/** A client matches by account id, or by a verified e-mail equal to the brief's (000 §6). */
export function projectPartiesOf(
  user: { id: string; email: string; emailVerified: boolean; roles: readonly Role[] },
  project: { clientId: string | null; clientEmail: string; editorId: string | null },
): ProjectParty[] {
  const parties: ProjectParty[] = [];
  if (user.roles.includes('admin')) parties.push('admin');
  if (project.editorId && project.editorId === user.id) parties.push('editor');
  const sameEmail =
    user.emailVerified && Boolean(user.email) && project.clientEmail.toLowerCase() === user.email.toLowerCase();
  if ((project.clientId && project.clientId === user.id) || sameEmail) parties.push('client');
  return parties;
}

/** The lifecycle's own refusals, in French (the workflow answers them, the page shows them). */
export const LIFECYCLE_MESSAGES = {
  revisionLimit: 'Le nombre maximal de révisions est atteint.',
  revisionWindowClosed: 'La période de révision de ce projet est terminée.',
  revisionAlreadyStarted: 'La révision est déjà commencée.',
  revisionNeedsNewVersion: 'Envoyez une nouvelle version avant de marquer la révision comme terminée.',
  noFinalFile: 'Ajoutez au moins un fichier final avant de marquer le projet comme terminé.',
} as const;

/**
 * What the action rule reads of a project. The workflow builds it from its own state, the api
 * from the read models, so the page offers exactly what the workflow accepts.
 */
export interface LifecycleFacts {
  status: string;
  revisionCount: number;
  maxRevisions: number;
  /** End of the revision window (ISO, Date or ms); null before the first delivery. */
  revisionWindowEndsAt?: string | Date | number | null;
  /**
   * The project has a final file (« Marquer comme terminé » needs one). Left out by the workflow,
   * which does not see uploads: its activity checks it under the project's lock.
   */
  hasFinalFile?: boolean;
  /** The approved version: once there is one, the revisions are over. */
  approvedVersionNumber: number | null;
  /**
   * The revision being worked on (status `revision_requested`), null otherwise: whether the editor
   * started it, and whether a version was uploaded since it was requested. The workflow does not
   * see uploads: it leaves `newVersionUploaded` out and its activity decides, under the project's
   * lock, with the same answer the page reads.
   */
  openRevision: { started: boolean; newVersionUploaded?: boolean } | null;
}

/**
 * Why an action is refused: `forbidden`, not the caller's part; `refused`, not in this state;
 * `pending`, the caller's next step once something is done first (shown disabled, with the reason).
 */
export interface ActionRefusal {
  kind: 'forbidden' | 'refused' | 'pending';
  message: string;
}

/** Whether the revision window of a delivered project is over at `now` (the workflow then closes it). */
export function revisionWindowClosed(
  project: { revisionWindowEndsAt?: string | Date | number | null },
  now: Date = new Date(),
): boolean {
  if (project.revisionWindowEndsAt === null || project.revisionWindowEndsAt === undefined) return false;
  return now.getTime() >= new Date(project.revisionWindowEndsAt).getTime();
}

/** The one rule of the lifecycle's actions: why `parties` may not run `action` now, or null. */
export function lifecycleRefusal(
  action: ProjectAction,
  parties: readonly ProjectParty[],
  facts: LifecycleFacts,
  now: Date = new Date(),
): ActionRefusal | null {
  const rule = PROJECT_ACTIONS[action];
  if (!parties.includes(rule.by)) {
    return {
      kind: 'forbidden',
      message:
        rule.by === 'editor'
          ? 'Seul le monteur du projet peut faire cette action.'
          : rule.by === 'client'
            ? 'Seul le client du projet peut faire cette action.'
            : 'Accès administrateur requis',
    };
  }
  if (!(rule.from as readonly string[]).includes(facts.status)) {
    return { kind: 'refused', message: `Action impossible : le projet est « ${projectStatusLabel(facts.status)} ».` };
  }
  if (action === 'complete' && facts.hasFinalFile === false)
    return { kind: 'pending', message: LIFECYCLE_MESSAGES.noFinalFile };
  if (action === 'requestRevision') {
    if (facts.approvedVersionNumber !== null || revisionWindowClosed(facts, now))
      return { kind: 'refused', message: LIFECYCLE_MESSAGES.revisionWindowClosed };
    if (facts.revisionCount >= facts.maxRevisions)
      return { kind: 'refused', message: LIFECYCLE_MESSAGES.revisionLimit };
  }
  if (action === 'startRevision' && facts.openRevision?.started)
    return { kind: 'refused', message: LIFECYCLE_MESSAGES.revisionAlreadyStarted };
  if (action === 'completeRevision' && facts.openRevision?.newVersionUploaded === false)
    return { kind: 'pending', message: LIFECYCLE_MESSAGES.revisionNeedsNewVersion };
  return null;
}

/** The actions `parties` may take now: those the rule accepts. */
export function availableActions(
  parties: readonly ProjectParty[],
  facts: LifecycleFacts,
  now: Date = new Date(),
): ProjectAction[] {
  return (Object.keys(PROJECT_ACTIONS) as ProjectAction[]).filter(
    (action) => lifecycleRefusal(action, parties, facts, now) === null,
  );
}

/** The caller's next actions that wait on something first, with the reason to show beside them. */
export function pendingActions(
  parties: readonly ProjectParty[],
  facts: LifecycleFacts,
  now: Date = new Date(),
): { action: ProjectAction; reason: string }[] {
  return (Object.keys(PROJECT_ACTIONS) as ProjectAction[]).flatMap((action) => {
    const refusal = lifecycleRefusal(action, parties, facts, now);
    return refusal?.kind === 'pending' ? [{ action, reason: refusal.message }] : [];
  });
}

/**
 * An admin's changes of a running project (Admin › Projets), through the project's workflow:
 * another editor, another planned delivery date, more revisions. Where each applies.
 */
const ADMIN_PROJECT_CHANGES = {
  reassign: { from: ['assigned', 'in_progress'] },
  deadline: { from: ['brief_received', 'waiting_for_editor', 'assigned', 'in_progress'] },
  addRevisions: {
    from: ['brief_received', 'waiting_for_editor', 'assigned', 'in_progress', 'revision_requested', 'completed'],
  },
} as const satisfies Record<string, { from: readonly ProjectStatus[] }>;

export type AdminProjectChange = keyof typeof ADMIN_PROJECT_CHANGES;

export const ADMIN_CHANGE_MESSAGES = {
  reassignWrongStatus: 'Seul un projet assigné ou en cours de montage peut changer de monteur.',
  sameEditor: 'Ce monteur est déjà celui du projet : choisissez-en un autre.',
  deadlineWrongStatus: 'La date de livraison se change avant la livraison du projet.',
  deadlineNotFuture: 'Choisissez une date de livraison à partir de demain.',
  deadlineUnchanged: 'C’est déjà la date de livraison prévue.',
  revisionsWrongStatus: 'Ce projet est annulé : on n’y ajoute plus de révisions.',
} as const;

/** Why an admin may not make `change` on a project now (the workflow says the same), or null. */
export function adminChangeRefusal(
  change: AdminProjectChange,
  facts: Pick<LifecycleFacts, 'status' | 'approvedVersionNumber' | 'revisionWindowEndsAt'>,
  now: Date = new Date(),
): string | null {
  if (!(ADMIN_PROJECT_CHANGES[change].from as readonly string[]).includes(facts.status)) {
    if (change === 'reassign') return ADMIN_CHANGE_MESSAGES.reassignWrongStatus;
    if (change === 'deadline') return ADMIN_CHANGE_MESSAGES.deadlineWrongStatus;
    return ADMIN_CHANGE_MESSAGES.revisionsWrongStatus;
  }
  // More revisions mean nothing once the revisions are over (approved, or the window elapsed).
  if (change === 'addRevisions' && (facts.approvedVersionNumber !== null || revisionWindowClosed(facts, now)))
    return LIFECYCLE_MESSAGES.revisionWindowClosed;
  return null;
}

/** The changes an admin may make on a project now. */
export function availableAdminChanges(
  facts: Pick<LifecycleFacts, 'status' | 'approvedVersionNumber' | 'revisionWindowEndsAt'>,
  now: Date = new Date(),
): AdminProjectChange[] {
  return (Object.keys(ADMIN_PROJECT_CHANGES) as AdminProjectChange[]).filter(
    (change) => adminChangeRefusal(change, facts, now) === null,
  );
}
