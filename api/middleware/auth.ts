import type { Context, Next } from 'koa';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { MESSAGES } from '../../domain/messages';
import { projectPartiesOf, type ProjectParty } from '../../domain/project-lifecycle';
import { PROJECT_MESSAGES } from '../../domain/projects';
import { productRoles, type Role } from '../../domain/roles';
import type { SessionCredential, SessionRevocations } from '../account/session-revocations';
import { HttpError } from '../lib/http-error';
import { processLogger } from '../../observability/logger';

const log = processLogger('api').child({ component: 'auth' });

export interface AuthUser {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  emailVerified: boolean;
  roles: Role[];
  /** When the access token was issued and expires (ms since epoch): a live stream ends at expiry. */
  tokenIssuedAt?: number;
  tokenExpiresAt?: number;
  /** The Keycloak session the token belongs to (`sid`): signing out or Keycloak ending it revokes it. */
  sessionId?: string;
}

export interface AuthState {
  user?: AuthUser;
}

interface KeycloakClaims extends JWTPayload {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  realm_access?: { roles?: string[] };
  sid?: string;
}

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** JWKS endpoint; defaults to Keycloak's `<issuer>/protocol/openid-connect/certs`. */
  jwksUrl?: string;
  /** How many verified tokens are remembered (the oldest is forgotten first); 0 remembers none. */
  cacheSize?: number;
  /** The clock (ms since epoch) expiry is judged by; tests move it. */
  now?: () => number;
}

/** Seconds of clock skew allowed between Keycloak and the api. */
const CLOCK_TOLERANCE_S = 5;

/**
 * Verifies Keycloak access tokens: signature through the realm's JWKS, exact issuer, audience
 * (the api), expiry. Any failure is a 401 with one French message; details stay in the logs.
 *
 * A browser sends the same token on every call for its whole life (5 minutes): a token already
 * verified is taken from memory until it expires, so only its first call pays for the signature
 * check. Remembered by the whole token string, signature included, and never when refused.
 */
export function createTokenVerifier({
  issuer,
  audience,
  jwksUrl,
  cacheSize = 10_000,
  now = Date.now,
}: TokenVerifierOptions) {
  const jwks = createRemoteJWKSet(new URL(jwksUrl ?? `${issuer}/protocol/openid-connect/certs`), {
    cooldownDuration: 30_000,
  });
  const verified = new Map<string, { user: AuthUser; validUntil: number }>();

  function remember(token: string, user: AuthUser) {
    if (cacheSize <= 0 || user.tokenExpiresAt === undefined) return;
    if (verified.size >= cacheSize) verified.delete(verified.keys().next().value!);
    // One object now serves every request of the token: nobody may change it.
    Object.freeze(user.roles);
    Object.freeze(user);
    verified.set(token, { user, validUntil: user.tokenExpiresAt + CLOCK_TOLERANCE_S * 1000 });
  }

  return async function verify(token: string): Promise<AuthUser> {
    const known = verified.get(token);
    if (known) {
      if (now() < known.validUntil) return known.user;
      verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify<KeycloakClaims>(token, jwks, {
        issuer,
        audience,
        clockTolerance: CLOCK_TOLERANCE_S,
        currentDate: new Date(now()),
      });
      if (!payload.sub) throw new HttpError(401, MESSAGES.unauthenticated);
      const user: AuthUser = {
        id: payload.sub,
        email: payload.email ?? '',
        firstName: payload.given_name,
        lastName: payload.family_name,
        emailVerified: payload.email_verified === true,
        roles: productRoles(payload.realm_access?.roles),
        tokenIssuedAt: payload.iat ? payload.iat * 1000 : undefined,
        tokenExpiresAt: payload.exp ? payload.exp * 1000 : undefined,
        sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
      };
      remember(token, user);
      return user;
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (!(error instanceof joseErrors.JOSEError)) log.warn({ err: error }, 'token check failed');
      throw new HttpError(401, MESSAGES.unauthenticated);
    }
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('authorization');
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new HttpError(401, MESSAGES.unauthenticated);
  return match[1];
}

/**
 * Reads the caller when a token is present; a present but bad token is always a 401, and so is a
 * token whose session ended or whose roles changed since it was issued (checked on every request,
 * a remembered token included): the browser then gets a fresh token, with the current roles.
 */
export function authenticate(verify: TokenVerifier, revocations: Pick<SessionRevocations, 'refuses'>) {
  return async (ctx: Context, next: Next) => {
    const token = bearerToken(ctx);
    if (token) {
      const user = await verify(token);
      if (revocations.refuses(tokenCredential(user))) throw new HttpError(401, MESSAGES.unauthenticated);
      (ctx.state as AuthState).user = user;
    }
    await next();
  };
}

/** What the revocations judge an access token's caller on. */
function tokenCredential(user: AuthUser): SessionCredential {
  return { userId: user.id, issuedAt: user.tokenIssuedAt, sessionIds: [user.sessionId] };
}

/** The name other people see for the caller: first and last name, else the e-mail. */
export function displayName(user: AuthUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

export function currentUser(ctx: Context): AuthUser {
  const user = (ctx.state as AuthState).user;
  if (!user) throw new HttpError(401, MESSAGES.unauthenticated);
  return user;
}

export async function requireAuth(ctx: Context, next: Next): Promise<void> {
  currentUser(ctx);
  await next();
}

/** 401 without a user, 403 when the user holds none of `roles`. */
export function requireRole(...roles: Role[]) {
  return async (ctx: Context, next: Next) => {
    const user = currentUser(ctx);
    if (!roles.some((role) => user.roles.includes(role))) throw new HttpError(403, MESSAGES.forbidden);
    await next();
  };
}

export interface ProjectParties {
  clientId: string | null;
  clientEmail: string;
  editorId: string | null;
}

/**
 * Project page access (000 §6): an admin, the project's client (by id or verified e-mail) or its
 * editor. The caller's parts on the project, or 403 when none.
 */
export function projectPartiesOrRefuse(user: AuthUser, project: ProjectParties): ProjectParty[] {
  const parties = projectPartiesOf(user, project);
  if (parties.length === 0) throw new HttpError(403, PROJECT_MESSAGES.accessDenied);
  return parties;
}

/** Guards a `:projectId` route; `loadParties` returns null when the project does not exist (404). */
export function requireProjectAccess(loadParties: (projectId: string) => Promise<ProjectParties | null>) {
  return async (ctx: Context, next: Next) => {
    const user = currentUser(ctx);
    const projectId = (ctx.params as Record<string, string> | undefined)?.projectId;
    const parties = projectId ? await loadParties(projectId) : null;
    if (!parties) throw new HttpError(404, PROJECT_MESSAGES.notFound);
    projectPartiesOrRefuse(user, parties);
    await next();
  };
}
