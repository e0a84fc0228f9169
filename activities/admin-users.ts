import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/common';
import { editorProfileFromApplication, type InvitedEditorProfile } from '../domain/editor-invitation';
import { EDITOR_PROFILE_DEFAULTS } from '../domain/editor-profile';
import { productRoles } from '../domain/roles';
import { recordAudit } from '../db/audit';
import { AuditLogEntry, EditorProfile } from '../db/entities';
import { EditorApplication } from '../db/entities/editor-application';
import { KeycloakAdminError, type KeycloakAdminClient } from '../clients/keycloak-admin';
import { revokeStreams } from '../db/outbox';
import type { AdminUserActivities } from '../workflows/admin-users-activities';
import {
  ACCOUNT_EXISTS,
  ADMIN_REFUSALS,
  APPLICATION_ALREADY_INVITED,
  APPLICATION_NOT_APPROVED,
  APPLICATION_NOT_FOUND,
  LAST_ADMIN,
} from '../workflows/contracts/admin-users';
import { sendOnce } from './mail/send-email';

export interface AdminUserActivityDeps {
  orm: MikroORM;
  keycloak: KeycloakAdminClient;
}

/** Held (transaction-scoped) while an admin role is removed: two removals never both see another admin. */
const ADMIN_ROLE_LOCK = 0x4144_4d4e; // "ADMN"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keycloak's links let the invited editor verify the address and choose a password. */
const INVITATION_ACTIONS = ['VERIFY_EMAIL', 'UPDATE_PASSWORD'] as const;

function refuse(type: string): never {
  throw ApplicationFailure.nonRetryable(ADMIN_REFUSALS[type].message, type);
}

/** The profile a plain invitation writes: the editor fills it in at /editor before any project can match. */
function emptyProfile(firstName: string, lastName: string): InvitedEditorProfile {
  return {
    firstName,
    lastName,
    specialties: [],
    visualComplexityLevels: [],
    languages: [],
    timezone: EDITOR_PROFILE_DEFAULTS.timezone,
    hourlyRate: EDITOR_PROFILE_DEFAULTS.hourlyRate,
    maxConcurrentProjects: EDITOR_PROFILE_DEFAULTS.maxConcurrentProjects,
    availabilityStart: EDITOR_PROFILE_DEFAULTS.availabilityStart,
    availabilityEnd: EDITOR_PROFILE_DEFAULTS.availabilityEnd,
    status: 'active',
    bio: null,
    portfolioLinks: [],
  };
}

async function alreadyRecorded(em: EntityManager, key: string): Promise<boolean> {
  return (await em.count(AuditLogEntry, { id: key })) > 0;
}

/** Activities of the admin's account workflows: the only code that changes accounts in Keycloak. */
export function createAdminUserActivities(deps: AdminUserActivityDeps): AdminUserActivities {
  // `deps.keycloak` is read at each call: a worker without Keycloak fails only these activities.
  const rolesOf = async (userId: string) => productRoles(await deps.keycloak.getRealmRoles(userId));

  return {
    async findAccount(email) {
      const user = await deps.keycloak.findUserByEmail(email);
      if (!user) return null;
      return {
        userId: user.id,
        email: user.email ?? email,
        firstName: user.firstName ?? '',
        lastName: user.lastName ?? '',
        roles: await rolesOf(user.id),
      };
    },

    async loadApplicationForInvite(applicationId) {
      const application = UUID.test(applicationId)
        ? await deps.orm.em.fork().findOne(EditorApplication, { id: applicationId })
        : null;
      if (!application) refuse(APPLICATION_NOT_FOUND);
      if (application.invitedAt) refuse(APPLICATION_ALREADY_INVITED);
      if (application.status !== 'approved') refuse(APPLICATION_NOT_APPROVED);
      return {
        id: application.id,
        email: application.email,
        firstName: application.firstName,
        lastName: application.lastName,
      };
    },

    async createAccount({ email, firstName, lastName, createdSince }) {
      try {
        const userId = await deps.keycloak.createUser({ email, firstName, lastName, emailVerified: false });
        return { userId };
      } catch (error) {
        if (!(error instanceof KeycloakAdminError && error.isConflict)) throw error;
        // Our own earlier attempt whose answer was lost, or somebody else's account.
        const existing = await deps.keycloak.findUserByEmail(email);
        const ours =
          existing && !existing.emailVerified && (existing.createdTimestamp ?? 0) >= createdSince ? existing : null;
        if (!ours) refuse(ACCOUNT_EXISTS);
        return { userId: ours.id };
      }
    },

    async setUpInvitedEditor({ key, actor, userId, email, firstName, lastName, applicationId }) {
      await deps.keycloak.assignRealmRole(userId, 'editor');
      await deps.orm.em.fork().transactional(async (em) => {
        if (await alreadyRecorded(em, key)) return;
        let values = emptyProfile(firstName, lastName);
        let before: unknown = null;
        if (applicationId) {
          const application = await em.findOne(
            EditorApplication,
            { id: applicationId },
            { lockMode: LockMode.PESSIMISTIC_WRITE },
          );
          if (!application) refuse(APPLICATION_NOT_FOUND);
          if (application.invitedAt) refuse(APPLICATION_ALREADY_INVITED);
          if (application.status !== 'approved') refuse(APPLICATION_NOT_APPROVED);
          values = editorProfileFromApplication(application);
          before = { status: application.status, invitedAt: null };
          application.invitedAt = new Date();
        }
        const columns = {
          ...values,
          hourlyRate: values.hourlyRate.toFixed(2),
          availabilityStart: `${values.availabilityStart}:00`,
          availabilityEnd: `${values.availabilityEnd}:00`,
        };
        const existing = await em.findOne(EditorProfile, { userId });
        if (existing) em.assign(existing, columns);
        else em.create(EditorProfile, { userId, ...columns });
        await recordAudit(em, {
          id: key,
          actorId: actor.id,
          actorEmail: actor.email,
          action: applicationId ? 'application.invite' : 'user.invite',
          targetType: applicationId ? 'application' : 'user',
          targetId: applicationId ?? userId,
          targetLabel: email,
          before,
          after: { userId, email, roles: ['user', 'editor'], profile: values },
        });
        await revokeStreams(em, userId);
      });
    },

    async sendInvitationEmail({ key, userId, email, redirectUri, clientId }) {
      const idempotencyKey = `editor-invitation:${key}`;
      // Keycloak sends it: claimed and locked around its call, sent once per key.
      const { sentNow } = await sendOnce(
        deps.orm,
        { idempotencyKey, template: 'editor_invitation', recipient: email, subject: 'Invitation à rejoindre Rushflow' },
        async () => {
          await deps.keycloak.sendActionsEmail(userId, [...INVITATION_ACTIONS], { redirectUri, clientId });
          return null;
        },
      );
      return { sentNow };
    },

    async deleteAccount(userId) {
      try {
        await deps.keycloak.deleteUser(userId);
      } catch (error) {
        if (!(error instanceof KeycloakAdminError && error.isNotFound)) throw error;
      }
    },

    async changeRealmRole({ key, actor, userId, email, role, change, rolesBefore }) {
      return deps.orm.em.fork().transactional(async (em) => {
        if (await alreadyRecorded(em, key)) return { roles: await rolesOf(userId) };
        if (change === 'remove' && role === 'admin') {
          await em.execute('select pg_advisory_xact_lock(?)', [ADMIN_ROLE_LOCK]);
          const admins = await deps.keycloak.listUsersWithRole('admin');
          if (!admins.some((admin) => admin.enabled && admin.id !== userId)) refuse(LAST_ADMIN);
        }
        if (change === 'assign') await deps.keycloak.assignRealmRole(userId, role);
        else await deps.keycloak.removeRealmRole(userId, role);

        // A former editor keeps their profile (and their projects) but gets no new assignment.
        let profile: { before: string; after: string } | undefined;
        if (change === 'remove' && role === 'editor') {
          const row = await em.findOne(EditorProfile, { userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
          if (row && row.status !== 'inactive') {
            profile = { before: row.status, after: 'inactive' };
            row.status = 'inactive';
          }
        }
        const roles = await rolesOf(userId);
        await recordAudit(em, {
          id: key,
          actorId: actor.id,
          actorEmail: actor.email,
          action: change === 'assign' ? 'role.assign' : 'role.remove',
          targetType: 'user',
          targetId: userId,
          targetLabel: email,
          before: { roles: rolesBefore, ...(profile ? { editorProfileStatus: profile.before } : {}) },
          after: { roles, ...(profile ? { editorProfileStatus: profile.after } : {}) },
        });
        await revokeStreams(em, userId);
        return { roles };
      });
    },
  };
}
