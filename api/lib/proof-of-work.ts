import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Context } from 'koa';
import { z } from 'zod';
import { PROOF_OF_WORK_HEADER, PROOF_OF_WORK_MESSAGES, PROOF_OF_WORK_REQUIRED } from '../../domain/proof-of-work';
import { clientAddressKey } from './client-address';
import { HttpError } from './http-error';
import { createRateLimit, type RateLimitRule } from './rate-limit';

/**
 * A challenge's price to the browser: PBKDF2-SHA-256 at this many iterations per attempt, and the
 * answer somewhere between the two attempt counts (about a second or two on a phone, thousands of
 * times that for someone sending thousands of forms).
 */
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1_000;
const ATTEMPTS = { min: 5_000, max: 10_000 } as const;
/** Long enough to fill the form again after the challenge came; a used solution is remembered as long. */
const CHALLENGE_TTL_SECONDS = 10 * 60;

export interface ProofOfWork {
  /** A fresh challenge, signed by the api and valid for ten minutes. */
  challenge(): Promise<Challenge>;
  /** Whether `payload` solves a challenge the api signed, still valid and never redeemed before. */
  redeem(payload: string): Promise<boolean>;
}

/** The widget's payload: what must be there before the library reads it (anything else is refused). */
const PayloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({ algorithm: z.literal(ALGORITHM), nonce: z.string().min(1).max(200) }),
    signature: z.string().min(1).max(200),
  }),
  solution: z.looseObject({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(200) }),
});

function parsePayload(payload: string): Payload | undefined {
  try {
    const parsed = PayloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return parsed.success ? (parsed.data as unknown as Payload) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Self-hosted ALTCHA challenges (altcha-lib): HMAC-signed with a key derived from the deployment's
 * `secret`, and a solution redeemed once — its nonce is remembered in the rate limits' PostgreSQL
 * store until its challenge has expired, so every api instance refuses a replay.
 */
export function createProofOfWork(options: { knex: unknown; secret: string; keyPrefix?: string }): ProofOfWork {
  // A key of its own: a signed challenge never doubles as another secret's signature.
  const hmacSignatureSecret = createHmac('sha256', options.secret).update('proof-of-work').digest('hex');
  const redeemed = createRateLimit({
    knex: options.knex,
    keyPrefix: `${options.keyPrefix ?? 'proof-of-work'}:redeemed`,
    rules: { nonce: { points: 1, windowSeconds: CHALLENGE_TTL_SECONDS } },
  });
  return {
    challenge: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(ATTEMPTS.max, ATTEMPTS.min),
        deriveKey,
        hmacSignatureSecret,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
      }),
    async redeem(payload) {
      const parsed = parsePayload(payload);
      if (!parsed) return false;
      let verified: boolean;
      try {
        ({ verified } = await verifySolution({ ...parsed, deriveKey, hmacSignatureSecret }));
      } catch {
        return false;
      }
      if (!verified) return false;
      return (await redeemed.consume({ nonce: parsed.challenge.parameters.nonce })).allowed;
    },
  };
}

/** One form's soft threshold: below it a request needs no challenge. */
export interface ProofOfWorkGate {
  /**
   * Counts the request per client address (IPv6 by its /64); past the threshold, lets it through
   * only with a solved challenge in `X-Proof-Of-Work`, else answers 428 with the code the browser
   * reacts to by solving one.
   */
  enforce(ctx: Context): Promise<void>;
}

export function createProofOfWorkGate(
  knex: unknown,
  proofOfWork: ProofOfWork,
  keyPrefix: string,
  threshold: RateLimitRule,
): ProofOfWorkGate {
  const counted = createRateLimit({ knex, keyPrefix: `${keyPrefix}:proof-of-work`, rules: { address: threshold } });
  return {
    async enforce(ctx) {
      const verdict = await counted.consume({ address: clientAddressKey(ctx.ip) });
      if (verdict.allowed) return;
      const payload = ctx.get(PROOF_OF_WORK_HEADER);
      if (payload && (await proofOfWork.redeem(payload))) return;
      throw new HttpError(
        428,
        payload ? PROOF_OF_WORK_MESSAGES.rejected : PROOF_OF_WORK_MESSAGES.required,
        undefined,
        PROOF_OF_WORK_REQUIRED,
      );
    },
  };
}
