import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import type { PageSessionUser } from '../../domain/signed-in-pages';
import { productRoles, type Role } from '../../domain/roles';
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
  now?: () => number;
}

/**
 * The page session (domain/signed-in-pages.ts), in a cookie the api signs: HttpOnly (no script
 * reads it), SameSite=Lax (another site's page cannot send it with its own requests; a link from
 * an e-mail still opens the page drawn). It names who the page is for and nothing more: what they
 * may see is decided by the same reads as the api's, at each page.
 */
export function createPageSessions({ secret, ttlSeconds, secure, now = Date.now }: PageSessionOptions) {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  const cookie = (value: string, maxAge: number) =>
    `${PAGE_SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

  return {
    /** Sets the page session for the caller of a verified access token. */
    issue(ctx: Context, user: AuthUser, timeZone: string): void {
      const payload: SignedPayload = {
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

    /** Ends it: the browser forgets the cookie. */
    end(ctx: Context): void {
      ctx.append('Set-Cookie', cookie('', 0));
    },

    /** The request's page session, or null: none, not ours (bad signature), unreadable or expired. */
    read(ctx: Context): PageSession | null {
      const value = ctx.cookies.get(PAGE_SESSION_COOKIE);
      const [encoded, signature, ...rest] = value?.split('.') ?? [];
      if (!encoded || !signature || rest.length > 0) return null;
      const expected = Buffer.from(sign(encoded));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as SignedPayload;
        if (typeof payload.expiresAt !== 'number' || payload.expiresAt <= now()) return null;
        return { user: payload.user, roles: productRoles(payload.roles), timeZone: payload.timeZone };
      } catch {
        return null;
      }
    },
  };
}

export type PageSessions = ReturnType<typeof createPageSessions>;

/** The caller as the api's reads know them (`AuthUser`), from a page session. */
export function pageSessionCaller({ user, roles }: PageSession): AuthUser {
  return { ...user, roles };
}
