import type { Context, Middleware, Next } from 'koa';
import { MESSAGES } from '../../domain/messages';
import { requiredEmail } from '../../domain/schemas/fields';
import type { AuthState } from './auth';
import { clientAddressKey } from '../lib/client-address';
import type { ProofOfWorkGate } from '../lib/proof-of-work';
import {
  countingRefusal,
  createCeiling,
  createRateLimit,
  enforceCeiling,
  enforceRateLimit,
  type Ceiling,
  type RateLimit,
  type RateLimitRule,
  type RefusalCounter,
} from '../lib/rate-limit';

/** The requests that cost us something (a workflow, a Stripe session, storage) and are limited. */
export const LIMITED_REQUESTS = ['briefs', 'checkouts', 'uploadSessions', 'applications', 'accountData'] as const;
export type LimitedRequest = (typeof LIMITED_REQUESTS)[number];

/**
 * A kind of request's limit per client address and per caller, the soft threshold past which an
 * anonymous caller must solve a proof-of-work challenge, and its ceiling over every anonymous caller.
 */
export type RequestLimits = Record<
  LimitedRequest,
  { perCaller: RateLimit<'address' | 'caller'>; proofOfWork?: ProofOfWorkGate; ceiling?: Ceiling }
>;

/**
 * One limit per kind of request, each counting per client address and per caller; the kinds named
 * in `ceilings` (the anonymous forms) also count every anonymous caller together, and those named
 * in `proofOfWork` ask an anonymous caller past its threshold for a solved challenge.
 */
export function createRequestLimits(
  knex: unknown,
  rules: Record<LimitedRequest, RateLimitRule>,
  keyPrefix = 'requests',
  ceilings: Partial<Record<LimitedRequest, RateLimitRule>> = {},
  proofOfWork: Partial<Record<LimitedRequest, ProofOfWorkGate>> = {},
): RequestLimits {
  return Object.fromEntries(
    LIMITED_REQUESTS.map((name) => {
      const ceiling = ceilings[name];
      const perCaller = createRateLimit({
        knex,
        keyPrefix: `${keyPrefix}:${name}`,
        rules: { address: rules[name], caller: rules[name] },
      });
      return [
        name,
        {
          perCaller,
          proofOfWork: proofOfWork[name],
          ceiling: ceiling && createCeiling(knex, `${keyPrefix}:${name}`, ceiling),
        },
      ];
    }),
  ) as RequestLimits;
}

/** The limited routes: a new costly public route is added here. */
const LIMITED_ROUTES: readonly { method: string; path: RegExp; name: LimitedRequest }[] = [
  { method: 'POST', path: /^\/api\/briefs\/?$/, name: 'briefs' },
  { method: 'POST', path: /^\/api\/briefs\/[^/]+\/checkout\/?$/, name: 'checkouts' },
  { method: 'POST', path: /^\/api\/uploads\/sessions\/?$/, name: 'uploadSessions' },
  { method: 'POST', path: /^\/api\/editor-applications\/?$/, name: 'applications' },
  { method: 'POST', path: /^\/api\/account\/data\/(export|deletion)\/?$/, name: 'accountData' },
  { method: 'DELETE', path: /^\/api\/account\/data\/deletion\/?$/, name: 'accountData' },
];

/**
 * The e-mail address a body names, when it is one: anything else (a 100 000-character text…) is
 * not a counter's key, and such a caller counts by address.
 */
const EMAIL = requiredEmail('');
function emailOf(body: unknown): string {
  const parsed = EMAIL.safeParse((body as { email?: unknown } | undefined)?.email);
  return parsed.success ? parsed.data : '';
}

/**
 * Counts a limited request before anything else is read or written: the signed-in account, or the
 * e-mail the body names, is the caller; anonymous callers count by address twice. The address
 * (IPv6 by its /64) always counts, so an e-mail of the caller's choosing never lends a fresh
 * counter. An anonymous request the caller's limits let through then counts on its form's soft
 * threshold (past it: 428 without a solved challenge), then on the route's ceiling, so a caller
 * refused for its own excess never uses the ceiling up. Past a limit: 429, `Retry-After` and a
 * French message; each refusal is counted under its rule (`briefs`, `briefs:proofOfWork`,
 * `briefs:ceiling`…).
 */
export function limitRequests(limits: () => RequestLimits, countRefusal: RefusalCounter): Middleware {
  return async (ctx: Context, next: Next) => {
    const route = LIMITED_ROUTES.find((entry) => entry.method === ctx.method && entry.path.test(ctx.path));
    if (route) {
      const { perCaller, proofOfWork, ceiling } = limits()[route.name];
      const user = (ctx.state as AuthState).user;
      const email = emailOf(ctx.request.body);
      const address = clientAddressKey(ctx.ip);
      const caller = user ? `account:${user.id}` : email ? `email:${email}` : `address:${address}`;
      await countingRefusal(countRefusal, route.name, () =>
        enforceRateLimit(ctx, perCaller, { address, caller }, MESSAGES.tooManyRequests),
      );
      if (!user && proofOfWork)
        await countingRefusal(countRefusal, `${route.name}:proofOfWork`, () => proofOfWork.enforce(ctx));
      if (!user && ceiling)
        await countingRefusal(countRefusal, `${route.name}:ceiling`, () => enforceCeiling(ctx, ceiling));
    }
    await next();
  };
}
