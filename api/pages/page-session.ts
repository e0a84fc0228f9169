import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import type { PageSessionUser } from '../../domain/signed-in-pages';
import { productRoles, type Role } from '../../domain/roles';
import type { SessionRevocations } from '../account/session-revocations';
import type { AuthUser } from '../middleware/auth';

/** The cookie of the page session: what the api needs to draw a signed-in page on its first request. */
export const PAGE_SESSION_COOKIE = 'rushflow_page_session';

/** Who a page is drawn for, and the time zone its dates are written in. */
export interface PageSession {
  user: PageSessionUser;
  roles: Role[];
  timeZone: string;
}

interface SignedPayload extends PageSession {
  /** This page session's own id: signing out revokes it. */
  id: string;
  /** When its roles were issued (ms since epoch): the access token's `iat` it was set from. */
  issuedAt: number;
  /** The Keycloak session it belongs to (`sid`): ended by signing out or by Keycloak. */
  sessionId?: string;
  /** Ms since epoch. */
  expiresAt: number;
}

export interface PageSessionOptions {
  /** Signs the cookie (HMAC-SHA256): a cookie the api did not write is ignored. */
  secret: string;
  /**
   * How long a page session lasts after the browser last set it. The browser sets it again with
   * each new access token (every few minutes while a page is open), so it ends this long after
   * the last open page: Keycloak's own idle limit (30 min), past which the browser's session
   * check would fail anyway.
   */
  ttlSeconds: number;
  /** Sent over HTTPS only (`Secure`) when the site is. */
  secure: boolean;
  /** A page session is refused once its session ended or its user's roles changed. */
  revocations: Pick<SessionRevocations, 'refuses' | 'revoke'>;
  now?: () => number;
}

/**
 * The page session (domain/signed-in-pages.ts), in a cookie the api signs: HttpOnly (no script
 * reads it), SameSite=Lax (another site's page cannot send it with its own requests; a link from
 * an e-mail still opens the page drawn). It names who the page is for and nothing more: what they
 * may see is decided by the same reads as the api's, at each page.
 */
export function createPageSessions({ secret, ttlSeconds, secure, revocations, now = Date.now }: PageSessionOptions) {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  const cookie = (value: string, maxAge: number) =>
    `${PAGE_SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

  /** The cookie's content if the api wrote it (its signature holds), expired or not. */
  function signedPayload(ctx: Context): SignedPayload | null {
    const value = ctx.cookies.get(PAGE_SESSION_COOKIE);
    const [encoded, signature, ...rest] = value?.split('.') ?? [];
    if (!encoded || !signature || rest.length > 0) return null;
    const expected = Buffer.from(sign(encoded));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as SignedPayload;
      return typeof payload.id === 'string' && typeof payload.issuedAt === 'number' ? payload : null;
    } catch {
      return null;
    }
  }

  return {
    /** Sets the page session for the caller of a verified access token. */
    issue(ctx: Context, user: AuthUser, timeZone: string): void {
      const payload: SignedPayload = {
        id: randomUUID(),
        issuedAt: user.tokenIssuedAt ?? now(),
        sessionId: user.sessionId,
        user: {
          id: user.id,
          email: user.email,
          firstName: user.firstName ?? '',
          lastName: user.lastName ?? '',
          emailVerified: user.emailVerified,
        },
        roles: [...user.roles],
        timeZone,
        expiresAt: now() + ttlSeconds * 1000,
      };
      const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
      ctx.append('Set-Cookie', cookie(`${encoded}.${sign(encoded)}`, ttlSeconds));
    },

    /**
     * Ends it: the browser forgets the cookie, and its id and Keycloak session are revoked on every
     * instance, so a copy of the cookie (or a token of that session) no longer opens anything.
     */
    async end(ctx: Context): Promise<void> {
      const payload = signedPayload(ctx);
      if (payload) await revocations.revoke([payload.id, payload.sessionId]);
      ctx.append('Set-Cookie', cookie('', 0));
    },

    /**
     * The request's page session, or null: none, not ours (bad signature), unreadable, expired,
     * signed out, ended by Keycloak, or set before its user's roles changed.
     */
    read(ctx: Context): PageSession | null {
      const payload = signedPayload(ctx);
      if (!payload || typeof payload.expiresAt !== 'number' || payload.expiresAt <= now()) return null;
      const credential = {
        userId: payload.user.id,
        issuedAt: payload.issuedAt,
        sessionIds: [payload.id, payload.sessionId],
      };
      if (revocations.refuses(credential)) return null;
      return { user: payload.user, roles: productRoles(payload.roles), timeZone: payload.timeZone };
    },
  };
}

export type PageSessions = ReturnType<typeof createPageSessions>;

/** The caller as the api's reads know them (`AuthUser`), from a page session. */
export function pageSessionCaller({ user, roles }: PageSession): AuthUser {
  return { ...user, roles };
}
