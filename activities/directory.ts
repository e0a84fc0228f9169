import { DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DeleteObject, UserDirectory } from './project';

export interface KeycloakDirectoryOptions {
  /** Keycloak base URL (no `/realms/…`). */
  url: string;
  realm: string;
  /** The api's confidential client; its service account holds `view-users` / `query-users`. */
  clientId: string;
  clientSecret: string;
}

interface KeycloakUserRow {
  id: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  enabled: boolean;
}

/**
 * Admins and editors' addresses from Keycloak's admin api (roles live in Keycloak only), read
 * with the api's service account; the admin list is cached for a minute.
 */
export function keycloakDirectory(options: KeycloakDirectoryOptions): UserDirectory {
  const base = options.url.replace(/\/$/, '');
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 30_000) return token.value;
    const response = await fetch(`${base}/realms/${encodeURIComponent(options.realm)}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`Keycloak token request failed (${response.status})`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return token.value;
  }

  async function admin<T>(pathAndQuery: string): Promise<T> {
    const response = await fetch(`${base}/admin/realms/${encodeURIComponent(options.realm)}${pathAndQuery}`, {
      headers: { authorization: `Bearer ${await accessToken()}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`Keycloak admin request ${pathAndQuery} failed (${response.status})`);
    return (await response.json()) as T;
  }

  let admins: { at: number; list: Promise<{ id: string; email: string }[]> } | undefined;
  return {
    admins() {
      if (!admins || Date.now() - admins.at > 60_000) {
        const list = (async () => {
          const users: KeycloakUserRow[] = [];
          for (let first = 0; ; first += 100) {
            const page = await admin<KeycloakUserRow[]>(
              `/roles/admin/users?first=${first}&max=100&briefRepresentation=true`,
            );
            users.push(...page);
            if (page.length < 100) break;
          }
          return users.filter((user) => user.enabled).map((user) => ({ id: user.id, email: user.email ?? '' }));
        })();
        admins = { at: Date.now(), list };
        list.catch(() => {
          admins = undefined;
        });
      }
      return admins.list;
    },
    async emailOf(userId) {
      return (await admin<KeycloakUserRow>(`/users/${encodeURIComponent(userId)}`)).email ?? null;
    },
    async nameOf(userId) {
      const user = await admin<KeycloakUserRow>(`/users/${encodeURIComponent(userId)}`);
      return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || null;
    },
  };
}

/** S3 object deletion (idempotent: deleting a missing key succeeds). */
export function s3DeleteObject(s3: S3Client): DeleteObject {
  return async (bucket, key) => {
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  };
}
