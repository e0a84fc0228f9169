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
 * The rules (project-rules.ts) read this table for the workflow and for the pages' buttons.
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
