import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The counters of the api's rate limits (api/lib/rate-limit.ts), in the table layout
 * rate-limiter-flexible's PostgreSQL store reads and writes: every api instance shares them.
 */
export const RateLimit = defineEntity({
  name: 'RateLimit',
  tableName: 'rate_limits',
  properties: {
    key: p.string().length(255).primary(),
    points: p.integer().default(0),
    /** When the window ends (ms since epoch). */
    expire: p.bigint('number').nullable(),
  },
});
export type RateLimit = InferEntity<typeof RateLimit>;
