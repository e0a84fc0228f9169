import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '../../domain/messages';
import { AccessRevocation } from '../../db/entities';
import type { EventHub } from '../events/event-hub';
import { HttpError } from '../lib/http-error';
import { currentUser, requireAuth } from '../middleware/auth';

export interface EventRouteDeps {
  em: () => EntityManager;
  hub: EventHub;
}

/**
 * `GET /api/events`: the signed-in user's live stream (Server-Sent Events). The access token comes
 * in `Authorization: Bearer …` (the browser's fetch-based client sends it; never in the URL). A
 * missing, expired or forged token is a 401 before any stream starts, and so is a token issued
 * before the user's access changed (db/outbox.ts `revokeStreams`). A new stream ends the account's
 * oldest past `LIVE_STREAMS_PER_ACCOUNT`; past `LIVE_STREAMS_MAX` on the instance it is a 503.
 */
export function eventRoutes({ em, hub }: EventRouteDeps): Router {
  const router = new Router();
  router.get('/api/events', requireAuth, async (ctx) => {
    const user = currentUser(ctx);
    // A token issued before the user's access changed carries stale roles: it opens no stream.
    const revocation = await em().findOne(AccessRevocation, { userId: user.id });
    if (revocation && (user.tokenIssuedAt ?? 0) < revocation.revokedBefore.getTime()) {
      throw new HttpError(401, MESSAGES.unauthenticated);
    }
    await hub.start();
    // Checked with no await before the stream is counted, so the ceiling holds exactly.
    if (hub.full) throw new HttpError(503, MESSAGES.serviceUnavailable);
    ctx.respond = false;
    await hub.connect(ctx.req, ctx.res, user, ctx.get('last-event-id') || undefined);
  });
  return router;
}
