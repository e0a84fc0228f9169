import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { createApp } from '../../api/app';
import { buildAppDeps, contactLimits } from '../../api/bootstrap';
import { createProofOfWorkGate } from '../../api/lib/proof-of-work';
import { createRequestLimits, LIMITED_REQUESTS, type LimitedRequest } from '../../api/middleware/request-limits';
import { initOrm } from '../../db/orm';
import {
  PROOF_OF_WORK_CHALLENGE_PATH,
  PROOF_OF_WORK_HEADER,
  PROOF_OF_WORK_MESSAGES,
  PROOF_OF_WORK_REQUIRED,
} from '../../domain/proof-of-work';
import { testStack } from '../support/stack-env';
import { ANONYMOUS_FORMS } from '../support/anonymous-forms';

/**
 * The anonymous forms past their soft threshold, as a robot meets them: refused without a solved
 * challenge, accepted with one, refused when it replays a solution or forges a challenge. Each
 * form's api here is the suite's own over the stack's database, with a threshold of two requests.
 */
const { config } = testStack();
const THRESHOLD = 2;

let orm: MikroORM;
const servers: http.Server[] = [];

beforeAll(async () => {
  orm = await initOrm(config.DATABASE_URL);
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await orm?.close(true);
});

/** An api whose forms need a solved challenge past `THRESHOLD` requests an hour per address, with fresh counters. */
async function startApi(): Promise<number> {
  const deps = buildAppDeps(config, orm);
  const hour = (points: number) => ({ points, windowSeconds: 3_600 });
  const prefix = `proof-of-work-${randomUUID()}`;
  const knex = orm.em.getConnection().getKnex();
  deps.contact.limits = contactLimits(
    config,
    orm,
    prefix,
    { address: hour(100), email: hour(100), ceiling: hour(1_000), proofOfWork: hour(THRESHOLD) },
    deps.proofOfWork,
  );
  deps.requestLimits = createRequestLimits(
    knex,
    Object.fromEntries(LIMITED_REQUESTS.map((name) => [name, hour(100)])) as Record<
      LimitedRequest,
      ReturnType<typeof hour>
    >,
    prefix,
    { briefs: hour(1_000), applications: hour(1_000) },
    {
      briefs: createProofOfWorkGate(knex, deps.proofOfWork, `${prefix}:briefs`, hour(THRESHOLD)),
      applications: createProofOfWorkGate(knex, deps.proofOfWork, `${prefix}:applications`, hour(THRESHOLD)),
    },
  );
  const server = await new Promise<http.Server>((resolve) => {
    const listening = createApp(deps).listen(0, '127.0.0.1', () => resolve(listening));
  });
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

interface Answer {
  status: number;
  body: { error?: string; code?: string } & Record<string, unknown>;
  cacheControl: string | undefined;
}

function request(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  { body, proofOfWork }: { body?: unknown; proofOfWork?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent: false,
        headers: {
          'content-type': 'application/json',
          ...(proofOfWork ? { [PROOF_OF_WORK_HEADER]: proofOfWork } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Answer['body']) : {},
            cacheControl: response.headers['cache-control'],
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** What the ALTCHA widget sends once it solved `challenge`: base64 of `{ challenge, solution }`. */
async function solve(challenge: Challenge, tamper: (counter: number) => number = (counter) => counter) {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge could not be solved');
  const sent = { ...solution, counter: tamper(solution.counter) };
  return Buffer.from(JSON.stringify({ challenge, solution: sent })).toString('base64');
}

async function fetchChallenge(port: number): Promise<Challenge> {
  const answer = await request(port, 'GET', PROOF_OF_WORK_CHALLENGE_PATH);
  expect(answer.status).toBe(200);
  expect(answer.cacheControl).toBe('no-store');
  return answer.body as unknown as Challenge;
}

/** Each anonymous form, a body that gets past the gate to the form's own answer, and that answer. */

describe.each(ANONYMOUS_FORMS)('$name', ({ path, body, accepted }) => {
  test('below the threshold no challenge; past it refused without one, accepted with one, refused replayed or forged', async () => {
    const port = await startApi();
    const send = (proofOfWork?: string) => request(port, 'POST', path, { body: body(), proofOfWork });

    for (let index = 0; index < THRESHOLD; index += 1) expect((await send()).status).toBe(accepted);

    const bare = await send();
    expect(bare.status).toBe(428);
    expect(bare.body).toEqual({ error: PROOF_OF_WORK_MESSAGES.required, code: PROOF_OF_WORK_REQUIRED });

    const solved = await solve(await fetchChallenge(port));
    expect((await send(solved)).status).toBe(accepted);

    // The same solution again: already redeemed.
    const replayed = await send(solved);
    expect(replayed.status).toBe(428);
    expect(replayed.body).toEqual({ error: PROOF_OF_WORK_MESSAGES.rejected, code: PROOF_OF_WORK_REQUIRED });

    // A cheap challenge the robot signed itself, solved honestly.
    const selfSigned = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      counter: 1,
      deriveKey,
      hmacSignatureSecret: 'a key of the robot’s own choosing',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await send(await solve(selfSigned))).status).toBe(428);
    // Our challenge, with a counter it did not find.
    expect((await send(await solve(await fetchChallenge(port), (counter) => counter + 1))).status).toBe(428);
    // Not a payload at all.
    expect((await send('bm90IGpzb24=')).status).toBe(428);
  });
});
