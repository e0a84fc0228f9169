import { ApplicationFailure, type ActivityOptions } from '@temporalio/common';
import { proxyActivities, uuid4 } from '@temporalio/workflow';
import type { AdminUserActivities } from './admin-users-activities';
import {
  ACCOUNT_EXISTS,
  ADMIN_REFUSALS,
  APPLICATION_ALREADY_INVITED,
  APPLICATION_NOT_APPROVED,
  APPLICATION_NOT_FOUND,
  LAST_ADMIN,
  ROLE_ALREADY_HELD,
  ROLE_NOT_HELD,
  USER_NOT_FOUND,
  type ChangeRoleInput,
  type ChangeRoleResult,
  type InviteEditorInput,
  type InviteEditorResult,
} from './contracts/admin-users';

const REFUSALS = [
  ACCOUNT_EXISTS,
  APPLICATION_ALREADY_INVITED,
  APPLICATION_NOT_APPROVED,
  APPLICATION_NOT_FOUND,
  LAST_ADMIN,
  ROLE_ALREADY_HELD,
  ROLE_NOT_HELD,
  USER_NOT_FOUND,
];

/** Keycloak or the database unreachable: retried until they answer (the api tells the admin it is under way). */
const writes: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    nonRetryableErrorTypes: [...REFUSALS, 'WorkerMisconfigured'],
  },
};

const activities = proxyActivities<AdminUserActivities>(writes);
/** Keycloak's e-mail: a few attempts, then the admin is warned (the account stays). */
const mail = proxyActivities<AdminUserActivities>({ ...writes, retry: { ...writes.retry, maximumAttempts: 3 } });

function refuse(type: string): never {
  throw ApplicationFailure.create({ type, message: ADMIN_REFUSALS[type].message, nonRetryable: true });
}

/**
 * Invites an editor (`invite-editor-<email>`): a new Keycloak account with the `editor` role, its
 * editor profile (empty, or filled from the approved application) and Keycloak's e-mail to verify
 * the address and set a password. Nothing half-written: if the set-up fails for good, the account
 * it created is removed.
 */
export async function inviteEditorWorkflow(input: InviteEditorInput): Promise<InviteEditorResult> {
  const key = uuid4();
  let { firstName, lastName } = input;
  if (input.applicationId) {
    const application = await activities.loadApplicationForInvite(input.applicationId);
    firstName = application.firstName;
    lastName = application.lastName;
  }
  if (await activities.findAccount(input.email)) refuse(ACCOUNT_EXISTS);
  const { userId } = await activities.createAccount({
    email: input.email,
    firstName,
    lastName,
    createdSince: Date.now() - 60_000,
  });
  try {
    await activities.setUpInvitedEditor({
      key,
      actor: input.actor,
      userId,
      email: input.email,
      firstName,
      lastName,
      applicationId: input.applicationId,
    });
  } catch (error) {
    await activities.deleteAccount(userId);
    throw error;
  }
  let emailSent = true;
  try {
    await mail.sendInvitationEmail({
      key,
      userId,
      email: input.email,
      redirectUri: input.redirectUri,
      clientId: input.clientId,
    });
  } catch {
    emailSent = false;
  }
  return { userId, email: input.email, emailSent };
}

/**
 * Gives or removes a role (`role-<change>-<role>-<email>`): the real Keycloak account found by
 * its e-mail (DESIGN.md), refused when it does not exist, already holds the role (or does not),
 * or is the last admin.
 */
export async function changeRoleWorkflow(input: ChangeRoleInput): Promise<ChangeRoleResult> {
  const account = await activities.findAccount(input.email);
  if (!account) refuse(USER_NOT_FOUND);
  const holds = account.roles.includes(input.role);
  if (input.change === 'assign' && holds) refuse(ROLE_ALREADY_HELD);
  if (input.change === 'remove' && !holds) refuse(ROLE_NOT_HELD);
  const { roles } = await activities.changeRealmRole({
    key: uuid4(),
    actor: input.actor,
    userId: account.userId,
    email: account.email,
    role: input.role,
    change: input.change,
    rolesBefore: account.roles,
  });
  return { userId: account.userId, email: account.email, roles };
}
