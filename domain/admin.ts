/**
 * The administration (000 §2 Admin dashboard, §5, §8): the answers the page reads, the audit
 * log's actions and the French messages of the screens. What the admin may send to `/api/admin/*`
 * is validated by `domain/schemas/admin.ts`. No zod here: the workflows import these messages.
 */
import { EDITOR_APPLICATION_STATUSES, EDITOR_PROFILE_STATUSES, type ProjectStatus } from './enums';
import type { AdminProjectChange } from './project-rules';

/** The five tabs of 000 §2, the invoices (Facturation) and the audit log's view. */
export const ADMIN_TABS = ['projects', 'users', 'recruitment', 'briefs', 'billing', 'settings', 'audit'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** Roles an admin gives or takes away (`user`, the client role, comes with every account). */
export const MANAGED_ROLES = ['editor', 'admin'] as const;
export type ManagedRole = (typeof MANAGED_ROLES)[number];

/** French messages of the administration (000 §5, §8; DESIGN.md for the role lookup). */
export const ADMIN_MESSAGES = {
  emailRequired: 'Veuillez saisir un email',
  emailInvalid: 'Adresse e-mail invalide.',
  emailTooLong: 'Adresse e-mail trop longue.',
  roleUnknown: 'Choisissez un rôle : éditeur ou administrateur.',
  userNotFound: 'Utilisateur introuvable. Aucun compte Rushflow n’utilise cet email.',
  roleAlreadyHeld: "L'utilisateur a déjà ce rôle",
  roleNotHeld: "L'utilisateur n'a pas ce rôle",
  lastAdmin: 'Impossible de retirer le rôle administrateur au dernier administrateur.',
  accountExists: 'Un compte avec cet email existe déjà',
  adminRequired: 'Accès administrateur requis',
  signInAsAdmin: "Vous devez être connecté en tant qu'administrateur",
  inviteFailed: "Erreur lors de l'invitation",
  inviteEmailNotSent:
    'Le compte a été créé, mais l’e-mail d’invitation n’a pas pu être envoyé : renvoyez-le depuis Keycloak.',
  applicationNotFound: 'Candidature introuvable.',
  applicationNotApproved: 'Seule une candidature approuvée peut être invitée comme éditeur.',
  applicationAlreadyInvited: 'Ce candidat a déjà été invité.',
  applicationUpdateEmpty: 'Indiquez un statut ou des notes.',
  operationPending:
    'L’opération est toujours en cours : elle se terminera dès que le service sera disponible. Rechargez la page dans un instant.',
  // Toasts of 000 §8
  loadApplicationsFailed: 'Impossible de charger les candidatures',
  statusUpdateFailed: 'Impossible de mettre à jour le statut',
  inviteToastFailed: "Impossible d'envoyer l'invitation",
  loadUsersFailed: 'Impossible de charger les utilisateurs',
  loadProjectsFailed: 'Impossible de charger les projets',
} as const;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

// ——— Projets ———
/** One row of the Projets tab. */
export interface AdminProjectRow {
  id: string;
  title: string;
  /** `RF-2026-0042`. */
  reference: string;
  status: ProjectStatus;
  videoType: string | null;
  clientEmail: string;
  editor: { id: string; name: string } | null;
  totalPrice: { cents: number; currency: string };
  createdAt: string;
  deliveryDate: string | null;
  overdue: boolean;
  needsAttention: string | null;
  revisionCount: number;
  maxRevisions: number;
  /** The project's workflow in the Temporal UI (null when no UI address is configured). */
  workflowUrl: string | null;
  /** The trace of the project's creation in the tracing UI (null without TRACE_URL_TEMPLATE or a recorded trace). */
  traceUrl: string | null;
  /** The changes the admin may make now (another editor, another date, more revisions). */
  changes: AdminProjectChange[];
}

/** An editor the admin may assign by hand: active, with a free slot; `matches` when the brief fits their profile. */
export interface EligibleEditor {
  id: string;
  name: string;
  specialties: string[];
  levels: string[];
  current: number;
  max: number;
  matches: boolean;
}

/** Projects that count as overdue: planned delivery passed while still in the editor's hands. */
export const OVERDUE_STATUSES: readonly ProjectStatus[] = ['assigned', 'in_progress', 'revision_requested'];
/** Projects waiting for an editor. */
export const WAITING_STATUSES: readonly ProjectStatus[] = ['brief_received', 'waiting_for_editor'];

export function isOverdue(status: ProjectStatus, deliveryDate: Date | string | null, now: number): boolean {
  return OVERDUE_STATUSES.includes(status) && deliveryDate !== null && new Date(deliveryDate).getTime() < now;
}

// ——— Utilisateurs ———
export interface AdminUserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  enabled: boolean;
  /** `user` for every account, plus the roles granted. */
  roles: ('user' | ManagedRole)[];
  createdAt: string | null;
}

export interface InviteResult {
  userId: string;
  email: string;
  message: string;
  /** Shown as an error toast (000 §8): the account exists but something did not go through. */
  warning?: string;
}

export interface RoleChangeResult {
  userId: string;
  email: string;
  roles: string[];
  message: string;
}

/**
 * The invite error mapping of 000 §8, on the api's answer: an existing account, a refused admin
 * access, a missing sign-in; anything else shows its message or 'Erreur lors de l'invitation'.
 */
export function inviteErrorMessage(status: number | undefined, message: string | undefined): string {
  const text = message ?? '';
  if (status === 409 || /already registered|déjà/i.test(text)) return ADMIN_MESSAGES.accountExists;
  if (status === 403 || /admin access required/i.test(text)) return ADMIN_MESSAGES.adminRequired;
  if (status === 401 || /unauthorized/i.test(text)) return ADMIN_MESSAGES.signInAsAdmin;
  return text || ADMIN_MESSAGES.inviteFailed;
}

// ——— Recrutement ———
export const APPLICATION_NOTES_MAX = 5000;

/** An application as the Recrutement tab shows it: every answer (values; the page writes the labels). */
export interface AdminApplicationView {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string | null;
  /** A short-lived link to the photo (presigned when it is in our storage), or null. */
  photoUrl: string | null;
  paymentMethod: string | null;
  complexityLevels: string[];
  specialtyDomains: string[];
  videoSpecialties: string[];
  technicalCompetencies: string[];
  softwareMastered: string[];
  otherSoftware: string | null;
  languages: string[];
  timezone: string;
  availabilityDays: string[];
  availabilityStartTime: string | null;
  availabilityEndTime: string | null;
  unavailablePeriods: string[];
  availabilityHoursPerWeek: number | null;
  experienceYears: number | null;
  experienceDescription: string | null;
  hourlyRate: number | null;
  motivation: string | null;
  technicalSkills: string | null;
  equipmentDescription: string | null;
  portfolioLinks: string[];
  preferredClientTypes: string[];
  preferredVideoGenres: string[];
  acceptsTerms: boolean;
  acceptsPrivacy: boolean;
  acceptsContract: boolean;
  authorizesPortfolioUse: boolean;
  status: (typeof EDITOR_APPLICATION_STATUSES)[number];
  adminNotes: string | null;
  reviewedBy: string | null;
  /** The reviewer's name (or e-mail) as the tab shows it. */
  reviewedByName: string | null;
  reviewedAt: string | null;
  invitedAt: string | null;
}

// ——— Briefs ———
export interface AdminBriefRow {
  id: string;
  createdAt: string;
  email: string;
  funnel: 'wizard' | 'full';
  /** The brief's name (`briefTitle`): its project's when paid. */
  title: string;
  videoType: string | null;
  status: 'pending_payment' | 'paid' | 'expired' | 'cancelled';
  /** Full price and launch-offer price, cents of `currency`. */
  priceCents: number | null;
  offerPriceCents: number | null;
  launchOfferApplied: boolean;
  amountPaidCents: number | null;
  currency: string;
  paidAt: string | null;
  expiresAt: string | null;
  /** Payment reminders sent (24 h, 72 h). */
  remindersSent: number;
  projectId: string | null;
  /** The reference of its project, once paid. */
  projectReference: string | null;
  /** Checkouts of this brief that need an admin (e.g. paid after expiry). */
  attention: { checkoutId: string; message: string; status: string }[];
  workflowUrl: string | null;
}

// ——— Audit log ———

/** Every admin action the audit log records. */
export const AUDIT_ACTIONS = [
  'project.assign',
  'project.cancel',
  'project.reassign',
  'project.deadline',
  'project.revisions',
  'user.invite',
  'role.assign',
  'role.remove',
  'application.update',
  'application.invite',
  'settings.update',
  'payment.refund',
  'settings.seller',
  'invoice.credit_note',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = ['project', 'user', 'application', 'settings', 'brief'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export interface AuditEntryView {
  id: string;
  createdAt: string;
  actorId: string;
  actorEmail: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  targetLabel: string | null;
  before: unknown;
  after: unknown;
}

// ——— /test ———

/** The two checks of 000 §2 /test: the assignment alone, and a project's whole workflow. */
export const SYSTEM_TEST_KINDS = ['assignment', 'workflow'] as const;
export type SystemTestKind = (typeof SYSTEM_TEST_KINDS)[number];

/** The test editor profile of 000 §2 /test. */
export const SYSTEM_TEST_EDITOR = {
  firstName: 'Monteur',
  lastName: 'de test',
  specialties: ['youtube', 'tiktok', 'corporate'],
  visualComplexityLevels: ['simple', 'moderate', 'complex'],
  status: 'active' as (typeof EDITOR_PROFILE_STATUSES)[number],
  maxConcurrentProjects: 4,
} as const;

export const SYSTEM_TEST_MESSAGES = {
  assignmentPassed: { title: 'Test réussi', text: "L'assignation automatique fonctionne correctement" },
  assignmentFailed: { title: 'Test échoué', text: "Erreur dans l'assignation automatique" },
  assignmentError: { title: 'Erreur de test', text: "Impossible d'exécuter le test" },
  workflowPassed: { title: 'Workflow testé', text: 'Le workflow complet fonctionne correctement' },
  workflowFailed: { title: 'Workflow échoué', text: 'Erreur dans le workflow complet' },
  workflowError: { title: 'Erreur de workflow', text: "Impossible d'exécuter le test du workflow" },
} as const;

/** What a /test run reads back before its clean-up: the project with its editor, the notifications, the timeline. */
export interface SystemTestReading {
  project: { id: string; status: string; editorId: string | null } | null;
  editor: {
    userId: string;
    firstName: string;
    lastName: string;
    specialties: string[];
    visualComplexityLevels: string[];
    currentProjectsCount: number;
    maxConcurrentProjects: number;
  } | null;
  notifications: { type: string; title: string; message: string; audience: string }[];
  statuses: string[];
}

/** What a /test run answers: the assigned editor as read back, the notifications the run created. */
export interface SystemTestResult {
  kind: SystemTestKind;
  success: boolean;
  runId: string;
  /** The project as read back with its editor (status, editor), before the clean-up. */
  project: SystemTestReading['project'];
  assignedEditor: SystemTestReading['editor'];
  notifications: SystemTestReading['notifications'];
  /** The statuses the project went through (workflow test). */
  statuses: string[];
  error: string | null;
  cleanedUp: boolean;
  durationMs: number;
}
