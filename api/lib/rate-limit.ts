import type { Context } from 'koa';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES } from '../../domain/messages';
import { HttpError } from './http-error';
import { processLogger } from '../../observability/logger';

const log = processLogger('api').child({ component: 'rate-limit' });

/** At most `points` requests per key in a fixed window of `windowSeconds`. */
export interface RateLimitRule {
  points: number;
  windowSeconds: number;
}

export interface RateLimitOptions<Dimension extends string> {
  /**
   * The ORM's query builder connection (`orm.em.getConnection().getKnex()`): counters live in
   * PostgreSQL table `rate_limits` (created by the migrations), so every api instance shares them.
   */
  knex: unknown;
  /** Names this limit's counters (`contact`, `booking`…); tests give each case its own. */
  keyPrefix: string;
  /** One rule per dimension the requests are counted by (client address, e-mail address…). */
  rules: Record<Dimension, RateLimitRule>;
}

export interface RateLimit<Dimension extends string> {
  /**
   * Counts one request against every dimension's key. Allowed when no counter went past its rule;
   * otherwise refused with the longest wait before a counter's window ends.
   */
  consume(keys: Record<Dimension, string>): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

/**
 * A rate limit over several dimensions at once, on rate-limiter-flexible's PostgreSQL store (fixed
 * windows: the first request of a key opens its window). A request refused on one dimension still
 * counts on the others: someone hammering the form keeps being refused until the windows end.
 */
export function createRateLimit<Dimension extends string>(options: RateLimitOptions<Dimension>): RateLimit<Dimension> {
  const dimensions = Object.keys(options.rules) as Dimension[];
  const limiters = new Map(
    dimensions.map((dimension, index) => {
      const rule = options.rules[dimension];
      const limiter = new RateLimiterPostgres({
        storeClient: options.knex,
        storeType: 'knex',
        tableName: 'rate_limits',
        tableCreated: true,
        // One sweeper per limit is enough: it deletes every counter whose window ended an hour ago.
        clearExpiredByTimeout: index === 0,
        keyPrefix: `${options.keyPrefix}:${dimension}`,
        points: rule.points,
        duration: rule.windowSeconds,
      });
      return [dimension, limiter] as const;
    }),
  );

  return {
    async consume(keys) {
      const outcomes = await Promise.allSettled(
        dimensions.map((dimension) => limiters.get(dimension)!.consume(keys[dimension].toLowerCase())),
      );
      let waitMs = 0;
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') continue;
        if (!(outcome.reason instanceof RateLimiterRes)) {
          log.error({ err: outcome.reason }, 'counter store failed');
          throw new HttpError(503, MESSAGES.serviceUnavailable);
        }
        waitMs = Math.max(waitMs, outcome.reason.msBeforeNext);
      }
      return waitMs > 0 || outcomes.some((outcome) => outcome.status === 'rejected')
        ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }
        : { allowed: true };
    },
  };
}

/** A route's ceiling: the requests of every caller together, counted under one key. */
export type Ceiling = RateLimit<'everyone'>;

export function createCeiling(knex: unknown, keyPrefix: string, rule: RateLimitRule): Ceiling {
  return createRateLimit({ knex, keyPrefix: `${keyPrefix}:ceiling`, rules: { everyone: rule } });
}

/**
 * Counts the request against its route's ceiling. Called once the caller's own limits let it
 * through, so that an address refused by its own limit does not use the ceiling up for everyone;
 * past it: 429, `Retry-After` and the general French message (no address is at fault).
 */
export function enforceCeiling(ctx: Context, ceiling: Ceiling): Promise<void> {
  return enforceRateLimit(ctx, ceiling, { everyone: 'all' }, MESSAGES.tooManyRequests);
}

/**
 * Counts the request; past the limit, answers 429 with `Retry-After` (seconds) and the French
 * message built from the wait in minutes.
 */
export async function enforceRateLimit<Dimension extends string>(
  ctx: Context,
  limit: RateLimit<Dimension>,
  keys: Record<Dimension, string>,
  message: (minutes: number) => string,
): Promise<void> {
  const verdict = await limit.consume(keys);
  if (verdict.allowed) return;
  ctx.set('Retry-After', String(verdict.retryAfterSeconds));
  throw new HttpError(429, message(Math.ceil(verdict.retryAfterSeconds / 60)));
}

/** Counts a refusal under the name of the rule that refused (the api's metrics). */
export type RefusalCounter = (limit: string) => void;

/**
 * Runs one rule's check; when the rule refuses (429, or 428 asking for a proof of work), the
 * refusal is counted under `limit` before it is answered.
 */
export async function countingRefusal(
  countRefusal: RefusalCounter,
  limit: string,
  check: () => Promise<void>,
): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof HttpError && (error.status === 429 || error.status === 428)) countRefusal(limit);
    throw error;
  }
}
