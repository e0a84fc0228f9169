import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { koaBody } from 'koa-body';
import { MESSAGES } from '../../domain/messages';
import { BackchannelLogoutInputSchema } from '../../domain/schemas/backchannel-logout';
import { revokeStreams } from '../../db/outbox';
import { HttpError } from '../lib/http-error';
import { parseInput } from '../lib/validation';
import type { SessionRevocations } from './session-revocations';
import { processLogger } from '../../observability/logger';

const log = processLogger('api').child({ component: 'sessions' });

/** Where Keycloak posts its logout tokens (the realm's `backchannel.logout.url` of the SPA's client). */
export const BACKCHANNEL_LOGOUT_PATH = '/api/keycloak/backchannel-logout';

/** The event a logout token must carry (OpenID Connect Back-Channel Logout 1.0, §2.4). */
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** A logout token older than this is refused: Keycloak posts it as the session ends. */
const LOGOUT_TOKEN_MAX_AGE = '2 minutes';

export interface BackchannelLogoutDeps {
  /** The realm: its issuer and signing keys. */
  issuer: string;
  /** The client the logout tokens are addressed to (the SPA's). */
  audience: string;
  /** JWKS endpoint; defaults to Keycloak's `<issuer>/protocol/openid-connect/certs`. */
  jwksUrl?: string;
  revocations: Pick<SessionRevocations, 'revoke'>;
  em: () => EntityManager;
}

interface LogoutClaims extends JWTPayload {
  sid?: string;
  events?: Record<string, unknown>;
  nonce?: unknown;
}

/**
 * Keycloak's notice that a session ended (signed out through Keycloak, or by its admin): the
 * token is checked as the specification asks (signature by the realm's keys, issuer, audience,
 * recent `iat`, the logout event, no `nonce`), then its `sid` is revoked on every instance, or,
 * without one, every session of its user (as a change of roles does). Anything else is a 400.
 */
export function backchannelLogoutRoutes(deps: BackchannelLogoutDeps): Router {
  const jwks = createRemoteJWKSet(new URL(deps.jwksUrl ?? `${deps.issuer}/protocol/openid-connect/certs`), {
    cooldownDuration: 30_000,
  });
  const router = new Router();
  router.post(
    BACKCHANNEL_LOGOUT_PATH,
    koaBody({ json: false, urlencoded: true, text: false, multipart: false, formLimit: '16kb' }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      const { logout_token: token } = parseInput(BackchannelLogoutInputSchema, ctx.request.body);
      const ended = await endedSession(token, jwks, deps);
      if ('sid' in ended) await deps.revocations.revoke([ended.sid]);
      else await deps.em().transactional((em) => revokeStreams(em, ended.sub, { thisSecondToo: true }));
      ctx.status = 200;
    },
  );
  return router;
}

/** The session (or, without one, the user) a valid logout token ends. */
async function endedSession(
  token: string,
  jwks: ReturnType<typeof createRemoteJWKSet>,
  { issuer, audience }: Pick<BackchannelLogoutDeps, 'issuer' | 'audience'>,
): Promise<{ sid: string } | { sub: string }> {
  let claims: LogoutClaims;
  try {
    ({ payload: claims } = await jwtVerify<LogoutClaims>(token, jwks, {
      issuer,
      audience,
      maxTokenAge: LOGOUT_TOKEN_MAX_AGE,
      clockTolerance: 5,
    }));
  } catch (error) {
    if (!(error instanceof joseErrors.JOSEError)) log.warn({ err: error }, 'logout token check failed');
    throw new HttpError(400, MESSAGES.invalidLogoutToken);
  }
  const isLogout =
    typeof claims.events === 'object' && claims.events !== null && BACKCHANNEL_LOGOUT_EVENT in claims.events;
  if (!isLogout || claims.nonce !== undefined) throw new HttpError(400, MESSAGES.invalidLogoutToken);
  if (typeof claims.sid === 'string' && claims.sid) return { sid: claims.sid };
  if (typeof claims.sub === 'string' && claims.sub) return { sub: claims.sub };
  throw new HttpError(400, MESSAGES.invalidLogoutToken);
}
