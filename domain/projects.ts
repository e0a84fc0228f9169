import type { Currency, ProjectFileType, ProjectStatus, RevisionStatus } from './enums';
import type { ContactSheetSummary } from './contact-sheet';
import type { ClientQuestionView, ReviewAction } from './review';
import type { ProjectAction, ProjectParty } from './project-lifecycle';

/**
 * What the project page, the client dashboard and the editor space read (000 §2, §7 reads): the
 * answers of the project routes, their limits and French messages. One source for api and browser.
 */

export const PROJECT_MESSAGES = {
  notFound: 'Projet introuvable',
  accessDenied: 'Accès refusé',
  loadProjectsFailed: 'Impossible de charger vos projets',
  loadEditorProjectsFailed: 'Impossible de charger les projets',
  loadProjectFailed: 'Impossible de charger le projet',
  loadRevisionsFailed: 'Impossible de charger les révisions',
  loadProfileFailed: 'Impossible de charger le profil',
  saveProfileFailed: 'Impossible de sauvegarder le profil',
  profileSaved: 'Profil enregistré',
  projectCompleted: 'Projet terminé',
  completeFailed: 'Impossible de marquer le projet comme terminé',
  revisionSubmitFailed: 'Impossible de soumettre la révision',
  revisionRequested: 'Demande de révision envoyée',
  editingStarted: 'Montage commencé',
  revisionStarted: 'Révision commencée',
  revisionCompleted: 'Révision terminée',
  actionFailed: 'Action impossible pour le moment',
  messageEmpty: 'Le message ne peut pas être vide.',
  messageTooLong: 'Le message est trop long (5 000 caractères maximum).',
  feedbackEmpty: 'Décrivez les modifications souhaitées.',
  editorRoleRequired: 'Seuls les monteurs ont un espace monteur.',
  sourceUploadClientOnly: 'Seul le client du projet peut envoyer des fichiers sources.',
  finalUploadEditorOnly: 'Seul le monteur du projet peut envoyer la vidéo finale.',
  finalUploadWrongStatus: 'La vidéo finale s’envoie pendant le montage ou une révision.',
  uploadsClosed: 'Ce projet n’accepte plus de fichiers.',
  fileNotFound: 'Fichier introuvable',
} as const;

/** The dashboards list at most 5 projects (000 §9); 'voir tout' shows the rest. */
export const DASHBOARD_PROJECT_LIMIT = 5;
/** Project page notifications: 5 fetched, 3 shown (000 §9). */
export const PROJECT_NOTIFICATIONS_FETCHED = 5;
export const PROJECT_NOTIFICATIONS_SHOWN = 3;

/**
 * The browser's query keys of the project page's two first reads: its queries hold them, and the
 * api names them when it draws the page with its data (api/pages/signed-in-pages.ts).
 */
export const projectPageQueryKeys = {
  detail: (projectId: string) => ['projects', projectId, 'detail'] as const,
  notifications: (projectId: string) => ['projects', projectId, 'notifications'] as const,
};
/** Chat messages returned at once (the newest; enough for a project's whole conversation). */
export const CHAT_HISTORY_LIMIT = 500;
export const CHAT_MESSAGE_MAX_LENGTH = 5000;
/** Download links are short-lived: long enough to start a download, too short to share. */
export const DOWNLOAD_URL_EXPIRY_SECONDS = 5 * 60;

interface MoneyView {
  cents: number;
  currency: Currency;
}

/** One row of a project list (dashboard, editor space). */
export interface ProjectSummary {
  id: string;
  title: string;
  /** `RF-2026-0042`, shown wherever the project is listed. */
  reference: string;
  status: ProjectStatus;
  videoType: string | null;
  totalPrice: MoneyView;
  createdAt: string;
  deliveryDate: string | null;
  editorName: string | null;
  revisionCount: number;
  maxRevisions: number;
  /** End of the current revision window (ISO), once delivered; past it, no revision may be asked. */
  revisionWindowEndsAt: string | null;
  /** The version the client approved (or the last one, approved when the revision window elapsed). */
  approvedVersionNumber: number | null;
  /** The editor uploaded at least one final file (« Marquer comme terminé » needs one). */
  hasFinalFile: boolean;
  /** The revision being worked on (status `revision_requested`): started, and a new version uploaded since. */
  openRevision: { started: boolean; newVersionUploaded: boolean } | null;
}

export interface ClientProjectCounters {
  total: number;
  active: number;
  completed: number;
  /** Paid amounts per currency (a client may have paid in EUR and USD). */
  spent: MoneyView[];
}

export interface MyProjectsAnswer {
  projects: ProjectSummary[];
  counters: ClientProjectCounters;
}

interface EditorLoad {
  current: number;
  max: number;
}

export interface EditorProjectsAnswer {
  projects: ProjectSummary[];
  load: EditorLoad | null;
}

/** A billing document of the project, as its page lists it (`/api/projects/{id}/invoice.pdf`, `…/credit-note.pdf`). */
export interface ProjectBillingDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
}

export interface ProjectDetail extends ProjectSummary {
  description: string | null;
  clientEmail: string;
  editor: { firstName: string; lastName: string } | null;
  finalDurationMinutes: number | null;
  durationMinutes: number | null;
  urgencyLevel: string;
  completedAt: string | null;
  briefData: Record<string, unknown>;
  /** The brief's own video type, typed by the client beside « autre ». */
  videoTypeCustom: string | null;
  /** Full price and offer price of the brief, when known (summary card, invoice). */
  briefPrice: { priceCents: number | null; offerPriceCents: number | null; launchOfferApplied: boolean } | null;
  /** The caller's part on the project. */
  viewer: { parties: ProjectParty[] };
  /** What the caller may do now (`availableActions` of project-rules.ts, the workflow's own rule). */
  actions: ProjectAction[];
  /** The caller's next actions that wait on something first (shown disabled, with the French reason). */
  pendingActions: { action: ProjectAction; reason: string }[];
  /** Which upload areas the caller may use now. */
  uploads: ProjectFileType[];
  finalFileCount: number;
  /** The review actions (approve, askClient, answerClient) the caller may take now. */
  reviewActions: ReviewAction[];
  /** The editor's question waiting for the client's answer: the delivery deadline is paused meanwhile. */
  clientQuestion: ClientQuestionView | null;
  /** The invoice and the credit note the caller may download (client and admin only). */
  billingDocuments: ProjectBillingDocument[];
  /**
   * The live channel's last event when this was read (the outbox's ids grow in commit order): the
   * page already shows every event up to it, so such a `project.changed` needs no new read.
   */
  lastEventId: number;
}

export interface ProjectNotificationView {
  id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

export interface ProjectMessageView {
  id: string;
  senderId: string;
  senderName: string | null;
  content: string;
  messageType: string;
  createdAt: string;
  /** True for the caller's own messages. */
  mine: boolean;
}

export interface ProjectRevisionView {
  id: string;
  revisionNumber: number;
  feedback: string;
  status: RevisionStatus;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
}

export interface StatusHistoryView {
  id: string;
  oldStatus: ProjectStatus | null;
  newStatus: ProjectStatus;
  comment: string | null;
  changerName: string | null;
  createdAt: string;
}

export interface ProjectFileView {
  id: string;
  filename: string;
  fileType: ProjectFileType;
  mimeType: string | null;
  fileSize: number;
  uploadedBy: string;
  createdAt: string;
  /**
   * Presigned GET, valid `DOWNLOAD_URL_EXPIRY_SECONDS`; null for the client's view of a final file
   * until a version is approved (the client reviews watermarked previews until then).
   */
  downloadUrl: string | null;
  /** A source video's contact sheet (its shots come from the worker); null for other files. */
  contactSheet: ContactSheetSummary | null;
}

/** The editor space's tabs (000 §2): waiting to start, being worked on, finished. */
export type EditorProjectGroup = 'pending' | 'active' | 'done';

export function editorProjectGroup(status: string): EditorProjectGroup {
  if (status === 'in_progress' || status === 'revision_requested') return 'active';
  if (status === 'completed' || status === 'cancelled') return 'done';
  return 'pending';
}

/**
 * Who may upload what, when (000 §2 Files tab, §6): the client sends sources until the project is
 * cancelled; the editor sends the final video while editing or revising.
 */
export function projectUploadRefusal(
  fileType: ProjectFileType,
  parties: readonly ProjectParty[],
  status: string,
): string | null {
  if (status === 'cancelled') return PROJECT_MESSAGES.uploadsClosed;
  if (fileType === 'source') return parties.includes('client') ? null : PROJECT_MESSAGES.sourceUploadClientOnly;
  if (!parties.includes('editor')) return PROJECT_MESSAGES.finalUploadEditorOnly;
  return status === 'in_progress' || status === 'revision_requested' ? null : PROJECT_MESSAGES.finalUploadWrongStatus;
}
