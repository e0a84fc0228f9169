/** Activities of the admin's account workflows, implemented in activities/admin-users.ts. */
import type { ManagedRole } from '../domain/admin';
import type { AdminActor } from './contracts/admin-users';

/** A Keycloak account as the workflows read it. */
interface AccountSnapshot {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Product roles held (`user`, `editor`, `admin`). */
  roles: string[];
}

/** The application an invitation comes from, once checked (exists, approved, not yet invited). */
interface ApplicationForInvite {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

interface CreateAccountInput {
  email: string;
  firstName: string;
  lastName: string;
  /** ms since epoch: an account with this e-mail created since then is this invitation's own (a retried call). */
  createdSince: number;
}

interface SetUpEditorInput {
  /** Made by the workflow: the audit entry's id, so a retried activity writes it once. */
  key: string;
  actor: AdminActor;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Invitation from an application: the profile is filled from it and `invited_at` stamped. */
  applicationId?: string;
}

interface InvitationEmailInput {
  key: string;
  userId: string;
  email: string;
  redirectUri: string;
  clientId: string;
}

interface ChangeRealmRoleInput {
  key: string;
  actor: AdminActor;
  userId: string;
  email: string;
  role: ManagedRole;
  change: 'assign' | 'remove';
  /** The roles read before the change (the audit log's "before"). */
  rolesBefore: string[];
}

export interface AdminUserActivities {
  /** The account with this e-mail (case-insensitive), or null. */
  findAccount(email: string): Promise<AccountSnapshot | null>;
  /** Checks the application may be invited; fails with a typed refusal otherwise. */
  loadApplicationForInvite(applicationId: string): Promise<ApplicationForInvite>;
  /** Creates the enabled account (e-mail not verified, no password); AccountExists for another's account. */
  createAccount(input: CreateAccountInput): Promise<{ userId: string }>;
  /**
   * Grants `editor` in Keycloak, then in one transaction: the editor profile (empty, or filled
   * from the application and active), the application's `invited_at`, the audit entry and the
   * end of the user's live streams.
   */
  setUpInvitedEditor(input: SetUpEditorInput): Promise<void>;
  /** Keycloak's e-mail to verify the address and set a password (execute-actions-email), sent once per key. */
  sendInvitationEmail(input: InvitationEmailInput): Promise<{ sentNow: boolean }>;
  /** Compensation: removes an account the invitation created (a missing one is fine). */
  deleteAccount(userId: string): Promise<void>;
  /**
   * Grants or removes the role in Keycloak and, in one transaction, writes the audit entry, ends
   * the user's live streams and (editor role removed) sets their editor profile inactive. Removing
   * `admin` holds a lock so two admins never remove each other: LastAdmin for the last one.
   */
  changeRealmRole(input: ChangeRealmRoleInput): Promise<{ roles: string[] }>;
}
