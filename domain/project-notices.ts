import { revisionsLeftSentence, revisionWindowPhrase } from './revision-rule';

/**
 * What a project's people read when it moves: the notifications of each step and the timeline's
 * comments, in French (the e-mails have their own templates). The workflow and its activities
 * write them; the rules' refusals are in project-rules.ts.
 */

/** The assignment's refusals (the lifecycle's own are `LIFECYCLE_MESSAGES` in project-rules.ts). */
export const PROJECT_ACTION_MESSAGES = {
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
