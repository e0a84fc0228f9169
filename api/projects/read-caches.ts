import { NotificationListener } from '../../db/notification-listener';
import { parseReadChange, READS_CHANNEL } from '../../db/read-changes';
import { cachedReads, type CachedReads } from '../lib/cached-read';
import type { ProjectPageRow } from './project-reads';
import { processLogger } from '../../observability/logger';

export interface ReadCachesOptions {
  databaseUrl: string;
  /** How long an answer is kept at most; a change NOTIFYed by the database forgets it at once. */
  ttlMs?: number;
  /** Answers kept per kind of read. */
  maxEntries?: number;
}

/**
 * The hot reads every signed-in page makes, kept in memory by this api instance: the project
 * page's row (by project; the caller's access and actions are worked out from it at each request),
 * the project lists (by caller) and the bell (by user) as the JSON text they answer.
 *
 * Freshness: the triggers of `rushflow_reads` (`db/read-changes.ts`) tell every instance at each
 * commit which of them changed, whoever wrote them; and every write request this instance answers
 * forgets them all before its answer leaves, so its caller's next read sees its change even before
 * the notification arrives. Without a LISTEN connection (not yet started, or PostgreSQL restarting)
 * nothing is kept: every read goes to the database.
 */
export interface ReadCaches {
  projectPages: CachedReads<string, ProjectPageRow | undefined>;
  projectLists: CachedReads<string, string>;
  notificationLists: CachedReads<string, string>;
  forgetAll(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createReadCaches({ databaseUrl, ttlMs = 30_000, maxEntries = 10_000 }: ReadCachesOptions): ReadCaches {
  let listening = false;
  const kept = <K, T>(): CachedReads<K, T> => {
    const cache = cachedReads<K, T>({ ttlMs, maxEntries });
    return { ...cache, read: (key, load) => (listening ? cache.read(key, load) : load()) };
  };
  const caches = {
    projectPages: kept<string, ProjectPageRow | undefined>(),
    projectLists: kept<string, string>(),
    notificationLists: kept<string, string>(),
  };
  const forgetAll = () => Object.values(caches).forEach((cache) => cache.forgetAll());
  const listener = new NotificationListener({
    databaseUrl,
    channel: READS_CHANNEL,
    log: processLogger('api').child({ component: 'reads' }),
    onNotification(payload) {
      const change = parseReadChange(payload);
      if (change.kind === 'project') {
        caches.projectPages.forget(change.projectId);
        caches.projectLists.forgetAll();
      } else if (change.kind === 'page') caches.projectPages.forget(change.projectId);
      else if (change.kind === 'user') caches.notificationLists.forget(change.userId);
      else forgetAll();
    },
    onListening() {
      forgetAll();
      listening = true;
    },
    onLost() {
      listening = false;
      forgetAll();
    },
  });
  return {
    ...caches,
    forgetAll,
    start: () => listener.start(),
    async stop() {
      listening = false;
      forgetAll();
      await listener.stop();
    },
  };
}
