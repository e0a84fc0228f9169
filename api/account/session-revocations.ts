import type { EntityManager } from '@mikro-orm/postgresql';
import { AccessRevocation, SessionRevocation } from '../../db/entities';
import { processLogger } from '../../observability/logger';

const log = processLogger('api').child({ component: 'sessions' });

/**
 * A revocation is remembered longer than anything it refuses may still be presented: a Keycloak
 * session lasts at most 10 h (the realm), a page session or access token far less.
 */
const SESSION_REVOCATION_KEPT_MS = 24 * 3_600_000;
/** Each read goes back this far before the newest row seen, for rows written by instances whose clock lags. */
const CLOCK_MARGIN_MS = 10_000;

/** What a revocation is judged on: an access token's caller, or a page session's. */
export interface SessionCredential {
  userId: string;
  /** When the roles it carries were issued (ms since epoch): its access token's `iat`. */
  issuedAt?: number;
  /** The Keycloak session (`sid`) and, for a page session, its own id. */
  sessionIds: (string | undefined)[];
}

export interface SessionRevocationOptions {
  em: () => EntityManager;
  /** How often the revocations written by any instance (or the worker) are read again. */
  refreshMs?: number;
}

/**
 * Which sessions and roles no longer hold, for every request of this instance without a query:
 * the users whose roles changed (`access_revocations`, written by the worker) and the sessions
 * that ended (`session_revocations`), read again from PostgreSQL every second, so a revocation
 * written anywhere holds on every instance within about a second. One written here holds here at once.
 */
export function createSessionRevocations({ em, refreshMs = 1_000 }: SessionRevocationOptions) {
  const revokedBefore = new Map<string, number>();
  const revokedSessions = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;

  /** Only rows newer than the last read (less a margin) are read again: each read stays small. */
  let readSince = 0;

  async function refresh(): Promise<void> {
    const startedAt = Date.now();
    const since = new Date(Math.max(readSince - CLOCK_MARGIN_MS, startedAt - SESSION_REVOCATION_KEPT_MS));
    const [users, sessions] = await Promise.all([
      em().find(AccessRevocation, { revokedBefore: { $gt: since } }),
      em().find(SessionRevocation, { revokedAt: { $gt: since } }),
    ]);
    for (const row of users) revokedBefore.set(row.userId, row.revokedBefore.getTime());
    for (const row of sessions) revokedSessions.set(row.sessionId, row.revokedAt.getTime());
    const forgottenBefore = startedAt - SESSION_REVOCATION_KEPT_MS;
    for (const [id, at] of revokedSessions) if (at < forgottenBefore) revokedSessions.delete(id);
    for (const [id, at] of revokedBefore) if (at < forgottenBefore) revokedBefore.delete(id);
    readSince = startedAt;
  }

  return {
    /** Reads the revocations, then again every `refreshMs` (a failed read keeps the last ones). */
    async start(): Promise<void> {
      if (timer) return;
      await refresh();
      timer = setInterval(() => {
        refresh().catch((error: unknown) => log.warn({ err: error }, 'revocations could not be read'));
      }, refreshMs);
      timer.unref();
    },

    stop(): void {
      clearInterval(timer);
      timer = undefined;
    },

    /** Whether a credential is refused: its session ended, or its roles were issued before a change. */
    refuses({ userId, issuedAt, sessionIds }: SessionCredential): boolean {
      if (sessionIds.some((id) => id !== undefined && revokedSessions.has(id))) return true;
      const before = revokedBefore.get(userId);
      return before !== undefined && (issuedAt ?? 0) < before;
    },

    /** Ends these sessions on every instance: their page sessions and access tokens are refused. */
    async revoke(sessionIds: (string | undefined)[]): Promise<void> {
      const ids = [...new Set(sessionIds.filter((id): id is string => !!id))];
      if (ids.length === 0) return;
      const now = new Date();
      const writer = em();
      await writer.upsertMany(
        SessionRevocation,
        ids.map((sessionId) => ({ sessionId, revokedAt: now })),
      );
      // The table holds only what may still be presented: older rows go with each new one.
      await writer.nativeDelete(SessionRevocation, {
        revokedAt: { $lt: new Date(now.getTime() - SESSION_REVOCATION_KEPT_MS) },
      });
      for (const id of ids) revokedSessions.set(id, now.getTime());
    },
  };
}

export type SessionRevocations = ReturnType<typeof createSessionRevocations>;
