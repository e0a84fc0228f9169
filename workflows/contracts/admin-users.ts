import { ADMIN_MESSAGES, type ManagedRole } from '../../domain/admin';

/**
 * Contract of the workflows that change accounts in Keycloak for an admin (Admin › Utilisateurs
 * and Recrutement): one small workflow per operation, executed synchronously by the api so the
 * page gets its answer. Their activities (activities/admin-users.ts) are the only code that writes
 * to Keycloak; each writes the audit log and ends the user's live streams when their roles change.
 */
export const INVITE_EDITOR_WORKFLOW_TYPE = 'inviteEditorWorkflow';
export const CHANGE_ROLE_WORKFLOW_TYPE = 'changeRoleWorkflow';

/** The admin who acts, from the verified token. */
export interface AdminActor {
  id: string;
  email: string;
}

export interface InviteEditorInput {
  actor: AdminActor;
  /** Lower-cased. */
  email: string;
  firstName: string;
  lastName: string;
  /** The approved application the invitation comes from: the editor profile is filled from it. */
  applicationId?: string;
  /** Where Keycloak's e-mail link leads once the password is set (the SPA's editor space). */
  redirectUri: string;
  /** The SPA's client id, which `redirectUri` belongs to. */
  clientId: string;
}

export interface InviteEditorResult {
  userId: string;
  email: string;
  /** False when Keycloak could not send its e-mail: the account exists, the admin is warned. */
  emailSent: boolean;
}

export interface ChangeRoleInput {
  actor: AdminActor;
  email: string;
  role: ManagedRole;
  change: 'assign' | 'remove';
}

export interface ChangeRoleResult {
  userId: string;
  email: string;
  /** The product roles the account holds after the change. */
  roles: string[];
}

/** One invitation per address at a time: a second click joins the running one. */
export function inviteEditorWorkflowId(email: string): string {
  return `invite-editor-${email.toLowerCase()}`;
}

/** Role changes of one account run one at a time. */
export function changeRoleWorkflowId(email: string, role: ManagedRole, change: 'assign' | 'remove'): string {
  return `role-${change}-${role}-${email.toLowerCase()}`;
}

/** How long the api waits for the answer before telling the admin the operation is still under way. */
export const ADMIN_OPERATION_WAIT_MS = 45_000;

// ——— Refusals (typed failures; the api answers their status with the French message) ———

export const USER_NOT_FOUND = 'AdminUserNotFound';
export const ROLE_ALREADY_HELD = 'AdminRoleAlreadyHeld';
export const ROLE_NOT_HELD = 'AdminRoleNotHeld';
export const LAST_ADMIN = 'AdminLastAdmin';
export const ACCOUNT_EXISTS = 'AdminAccountExists';
export const APPLICATION_NOT_FOUND = 'AdminApplicationNotFound';
export const APPLICATION_NOT_APPROVED = 'AdminApplicationNotApproved';
export const APPLICATION_ALREADY_INVITED = 'AdminApplicationAlreadyInvited';

/** Each refusal's HTTP status and message. */
export const ADMIN_REFUSALS: Record<string, { status: number; message: string }> = {
  [USER_NOT_FOUND]: { status: 404, message: ADMIN_MESSAGES.userNotFound },
  [ROLE_ALREADY_HELD]: { status: 409, message: ADMIN_MESSAGES.roleAlreadyHeld },
  [ROLE_NOT_HELD]: { status: 409, message: ADMIN_MESSAGES.roleNotHeld },
  [LAST_ADMIN]: { status: 409, message: ADMIN_MESSAGES.lastAdmin },
  [ACCOUNT_EXISTS]: { status: 409, message: ADMIN_MESSAGES.accountExists },
  [APPLICATION_NOT_FOUND]: { status: 404, message: ADMIN_MESSAGES.applicationNotFound },
  [APPLICATION_NOT_APPROVED]: { status: 409, message: ADMIN_MESSAGES.applicationNotApproved },
  [APPLICATION_ALREADY_INVITED]: { status: 409, message: ADMIN_MESSAGES.applicationAlreadyInvited },
};
