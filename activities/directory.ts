import { DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { KeycloakAdminError, type KeycloakAdminClient } from '../clients/keycloak-admin';
import type { DeleteObject, UserDirectory } from './project';

/**
 * Admins and editors' addresses from Keycloak's admin api (roles live in Keycloak only), read
 * with the api's service account; the admin list is cached for a minute.
 */
export function keycloakDirectory(keycloak: KeycloakAdminClient): UserDirectory {
  let admins: { at: number; list: Promise<{ id: string; email: string }[]> } | undefined;
  return {
    admins() {
      if (!admins || Date.now() - admins.at > 60_000) {
        const list = keycloak
          .listUsersWithRole('admin')
          .then((users) =>
            users.filter((user) => user.enabled).map((user) => ({ id: user.id, email: user.email ?? '' })),
          );
        admins = { at: Date.now(), list };
        list.catch(() => {
          admins = undefined;
        });
      }
      return admins.list;
    },
    async emailOf(userId) {
      try {
        return (await keycloak.getUser(userId)).email ?? null;
      } catch (error) {
        // An account deleted since (or a user id Keycloak never knew): nobody to write to.
        if (error instanceof KeycloakAdminError && error.isNotFound) return null;
        throw error;
      }
    },
    async nameOf(userId) {
      try {
        const user = await keycloak.getUser(userId);
        return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || null;
      } catch (error) {
        if (error instanceof KeycloakAdminError && error.isNotFound) return null;
        throw error;
      }
    },
  };
}

/** S3 object deletion (idempotent: deleting a missing key succeeds). */
export function s3DeleteObject(s3: S3Client): DeleteObject {
  return async (bucket, key) => {
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  };
}
