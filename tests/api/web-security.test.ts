import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../api/app';
import { buildAppDeps, contactLimits } from '../../api/bootstrap';
import { createRequestLimits } from '../../api/middleware/request-limits';
import type { ApiConfig } from '../../api/config';
import { CONTACT_MESSAGES, HONEYPOT_FIELD } from '../../domain/contact';
import { MESSAGES } from '../../domain/messages';
import { createScratchDatabase } from '../support/brief-scratch-db';
import { testStack } from '../support/stack-env';

/**
 * Security headers, CORS and the trust of forwarded addresses, on the running stack's api (pages
 * and api answers alike) and on apps of this suite's own for the settings a stack does not use.
 */
const { config, appUrl } = testStack();

const CROSS_SITE = 'https://attaquant.example';

function expectSecurityHeaders(headers: Headers, framedBy: 'none' | 'self' = 'none') {
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
  expect(directives.get('default-src')).toEqual(["'self'"]);
  // Inline scripts: none, but the silent check-sso page's own, by its hash (tested below).
  expect(directives.get('script-src')?.[0]).toBe("'self'");
  if (framedBy === 'none') expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors')).toEqual([`'${framedBy}'`]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  // The sign-in: keycloak-js calls the token endpoint and runs its check-sso in a frame.
  const keycloak = new URL(config.KEYCLOAK_URL).origin;
  expect(directives.get('connect-src')).toContain(keycloak);
  expect(directives.get('frame-src')).toContain(keycloak);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options')).toBe(framedBy === 'none' ? 'DENY' : 'SAMEORIGIN');
  expect(headers.get('permissions-policy')).toContain('camera=()');
  // The stack is served over plain http on loopback: no HSTS there.
  expect(headers.get('strict-transport-security')).toBeNull();
}

test('every page and api answer carries the security headers, and the SPA has no inline script', async () => {
  for (const path of ['/', '/pricing', '/brief', '/project/1', '/api/health', '/api/pricing/settings', '/api/me']) {
    const response = await fetch(`${appUrl}${path}`);
    expectSecurityHeaders(response.headers);
    const body = await response.text();
    if (response.headers.get('content-type')?.startsWith('text/html')) {
      // Every <script> names a file of our own origin: nothing inline for the CSP to refuse.
      const scripts = [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, content] of scripts) {
        expect(attributes).toMatch(/\bsrc="\//);
        expect(content.trim()).toBe('');
      }
    }
  }
});

test('the silent check-sso page may be framed by the site only, and its inline script runs by its hash alone', async () => {
  const response = await fetch(`${appUrl}/silent-check-sso.html`);
  expect(response.status).toBe(200);
  // keycloak-js loads it in a frame of ours: framed by us only.
  expectSecurityHeaders(response.headers, 'self');
  const body = await response.text();
  const scripts = [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  const [[, attributes, content]] = scripts;
  expect(attributes.trim()).toBe('');
  expect(content).toContain('postMessage');
  const hash = `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
  expect(scriptSrc?.split(/\s+/)).toEqual(["'self'", hash]);
});

test('CORS: only the site’s own origin may read the api from a browser, sending its trace context', async () => {
  const preflight = (origin: string) =>
    fetch(`${appUrl}/api/projects/mine`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization,traceparent',
      },
    });
  const own = new URL(appUrl).origin;
  const allowed = await preflight(own);
  expect(allowed.headers.get('access-control-allow-origin')).toBe(own);
  const allowedHeaders = allowed.headers
    .get('access-control-allow-headers')
    ?.toLowerCase()
    .split(/\s*,\s*/);
  expect(allowedHeaders).toEqual(expect.arrayContaining(['authorization', 'traceparent']));

  const refused = await preflight(CROSS_SITE);
  expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  const read = await fetch(`${appUrl}/api/pricing/settings`, { headers: { Origin: CROSS_SITE } });
  expect(read.headers.get('access-control-allow-origin')).toBeNull();
});

describe('client addresses behind a proxy', () => {
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  const servers: http.Server[] = [];

  beforeAll(async () => {
    db = await createScratchDatabase('rushflow_web_security');
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await db?.drop();
  });

  /** An api of its own; the contact limit counts per address only (e-mails differ at each call). */
  async function startApi(overrides: Partial<ApiConfig>): Promise<string> {
    const apiConfig = { ...config, DATABASE_URL: db.url, ...overrides };
    const deps = buildAppDeps(apiConfig, db.orm);
    deps.contact.limits = contactLimits(apiConfig, db.orm, `web-security-${randomUUID()}`, {
      email: { points: 1_000, windowSeconds: 900 },
    });
    const server = await new Promise<http.Server>((resolve) => {
      const listening = createApp(deps).listen(0, '127.0.0.1', () => resolve(listening));
    });
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** Six contact messages, each claiming another address; the honeypot keeps them from being sent. */
  async function sixSpoofedMessages(baseUrl: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let index = 1; index <= 6; index++) {
      const response = await fetch(`${baseUrl}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${index}` },
        body: JSON.stringify({
          firstName: 'Robot',
          lastName: 'Rapide',
          email: `robot-${randomUUID()}@example.com`,
          message: 'Bonjour',
          [HONEYPOT_FIELD]: 'https://spam.example',
        }),
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(((await response.json()) as { error: string }).error).toBe(CONTACT_MESSAGES.rateLimited(15));
      }
    }
    return statuses;
  }

  test('without TRUST_PROXY a forged X-Forwarded-For does not get past the rate limit', async () => {
    const baseUrl = await startApi({ TRUST_PROXY: false });
    expect(await sixSpoofedMessages(baseUrl)).toEqual([201, 201, 201, 201, 201, 429]);
  });

  test('with TRUST_PROXY the address the proxy forwards is the one counted', async () => {
    const baseUrl = await startApi({ TRUST_PROXY: true });
    expect(await sixSpoofedMessages(baseUrl)).toEqual([201, 201, 201, 201, 201, 201]);
  });

  test('briefs, checkouts, upload sessions and applications are limited per address: 429, Retry-After, French', async () => {
    const baseUrl = await startApi({});
    const rule = { points: 2, windowSeconds: 3_600 };
    const deps = buildAppDeps({ ...config, DATABASE_URL: db.url }, db.orm);
    const limited = createRequestLimits(
      db.orm.em.getConnection().getKnex(),
      { briefs: rule, checkouts: rule, uploadSessions: rule, applications: rule, accountData: rule },
      `web-security-${randomUUID()}`,
    );
    const server = await new Promise<http.Server>((resolve) => {
      const listening = createApp({ ...deps, requestLimits: limited }).listen(0, '127.0.0.1', () => resolve(listening));
    });
    servers.push(server);
    const limitedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const routes = [
      '/api/briefs',
      `/api/briefs/${randomUUID()}/checkout`,
      '/api/uploads/sessions',
      '/api/editor-applications',
    ];
    for (const route of routes) {
      // Empty bodies (refused by validation, or a default upload session) count too: a flood of garbage is cut off.
      const post = (url: string) =>
        fetch(`${url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      const statuses = [await post(limitedUrl), await post(limitedUrl)].map((answer) => answer.status);
      expect(statuses).not.toContain(429);
      const third = await post(limitedUrl);
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await third.json()) as { error: string }).error).toBe(MESSAGES.tooManyRequests(60));
      // The configured limits of an api of its own are not this one's: the same route still answers.
      expect((await post(baseUrl)).status).not.toBe(429);
    }
  });

  test('HSTS is sent when the site is served over HTTPS', async () => {
    const baseUrl = await startApi({ APP_URL: 'https://app.rushflow.example' });
    const response = await fetch(`${baseUrl}/api/pricing/settings`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});
