import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../api/app';
import { buildAppDeps, contactLimits } from '../../api/bootstrap';
import type { ApiConfig } from '../../api/config';
import { createRequestLimits, LIMITED_REQUESTS, type LimitedRequest } from '../../api/middleware/request-limits';
import { MESSAGES } from '../../domain/messages';
import { createScratchDatabase } from '../support/brief-scratch-db';
import { testStack } from '../support/stack-env';
import { ANONYMOUS_FORMS } from '../support/anonymous-forms';

/**
 * The rate limits as an attacker meets them: fresh source addresses (loopback's 127.x.y.z, bound
 * by the client), addresses of one IPv6 /64, and e-mail addresses typed at will. Each api here is
 * the suite's own, over a scratch database, with limits small enough to reach.
 */
const { config } = testStack();

let db: Awaited<ReturnType<typeof createScratchDatabase>>;
const servers: http.Server[] = [];

beforeAll(async () => {
  db = await createScratchDatabase('rushflow_rate_limits');
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await db?.drop();
});

/** An api whose limits allow `perCaller` requests per address and caller, and `ceiling` per form, an hour. */
async function startApi({
  perCaller,
  ceiling,
  trustProxy,
}: {
  perCaller: number;
  ceiling: number;
  trustProxy: boolean;
}) {
  const apiConfig: ApiConfig = { ...config, DATABASE_URL: db.url, TRUST_PROXY: trustProxy };
  const deps = buildAppDeps(apiConfig, db.orm);
  const hour = (points: number) => ({ points, windowSeconds: 3_600 });
  const prefix = `rate-limits-${randomUUID()}`;
  deps.contact.limits = contactLimits(apiConfig, db.orm, prefix, {
    address: hour(perCaller),
    email: hour(perCaller),
    ceiling: hour(ceiling),
  });
  deps.requestLimits = createRequestLimits(
    db.orm.em.getConnection().getKnex(),
    Object.fromEntries(LIMITED_REQUESTS.map((name) => [name, hour(perCaller)])) as Record<
      LimitedRequest,
      ReturnType<typeof hour>
    >,
    prefix,
    { briefs: hour(ceiling), applications: hour(ceiling) },
  );
  const server = await new Promise<http.Server>((resolve) => {
    const listening = createApp(deps).listen(0, '127.0.0.1', () => resolve(listening));
  });
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

interface Answer {
  status: number;
  retryAfter: string | undefined;
  error: string | undefined;
}

/** A JSON POST sent from `localAddress` (another loopback address is another client to the api). */
function post(
  port: number,
  path: string,
  body: unknown,
  { localAddress = '127.0.0.1', forwardedFor }: { localAddress?: string; forwardedFor?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const parsed = text ? (JSON.parse(text) as { error?: string }) : {};
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'],
            error: parsed.error,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

describe.each(ANONYMOUS_FORMS)('$name', ({ path, body, addressRefusal }) => {
  test('rotating loopback source addresses hits the form’s ceiling over every address', async () => {
    const port = await startApi({ perCaller: 1, ceiling: 3, trustProxy: false });
    const from = (localAddress: string) => post(port, path, body(), { localAddress });

    expect((await from('127.0.0.2')).status).not.toBe(429);
    // Its own limit refuses the same address again, and that refusal does not use up the ceiling.
    const again = await from('127.0.0.2');
    expect(again.status).toBe(429);
    expect(again.error).toBe(addressRefusal);
    expect((await from('127.0.0.3')).status).not.toBe(429);
    expect((await from('127.0.0.4')).status).not.toBe(429);

    // A fresh address is no way around the ceiling.
    for (const address of ['127.0.0.5', '127.0.1.6', '127.1.0.7']) {
      const refused = await from(address);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(refused.error).toBe(MESSAGES.tooManyRequests(60));
    }
  });

  test('the addresses of one IPv6 /64 share one counter; another /64 has its own', async () => {
    const port = await startApi({ perCaller: 1, ceiling: 1_000, trustProxy: true });
    const from = (forwardedFor: string) => post(port, path, body(), { forwardedFor });

    expect((await from('2001:db8:1:2::1')).status).not.toBe(429);
    const sameNetwork = await from('2001:db8:1:2:ffff:ffff:ffff:fffe');
    expect(sameNetwork.status).toBe(429);
    expect(sameNetwork.error).toBe(addressRefusal);
    expect((await from('2001:db8:1:3::1')).status).not.toBe(429);
    // An IPv4-mapped address is its IPv4 address, whichever way it is written.
    expect((await from('198.51.100.4')).status).not.toBe(429);
    expect((await from('::ffff:198.51.100.4')).status).toBe(429);
  });

  test('an e-mail of the caller’s choosing never escapes the limit of its address', async () => {
    const port = await startApi({ perCaller: 2, ceiling: 1_000, trustProxy: false });
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const answer = await post(
        port,
        path,
        { ...body(), email: `robot-${randomUUID()}@example.com` },
        {
          localAddress: '127.0.2.9',
        },
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 2)).not.toContain(429);
    expect(statuses[2]).toBe(429);
  });
});
