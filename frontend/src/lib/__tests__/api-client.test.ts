import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MESSAGES } from '@domain/messages';
import { parseTraceparent } from '@domain/trace-context';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';

/** Keycloak's adapter: the token it holds, and a fresh one when asked to refresh (set before the client loads). */
const tokens = { current: 'jeton-ancien', fresh: 'jeton-neuf' as string | null };
jest.mock('@/lib/auth-client', () => ({
  getToken: ({ forceRefresh = false }: { forceRefresh?: boolean } = {}) =>
    Promise.resolve(forceRefresh ? tokens.fresh : tokens.current),
}));

/** `/api/me` as the api answers after a change of roles: only a token issued since is accepted. */
const meAcceptingOnly = (accepted: string) =>
  http.get('/api/me', ({ request }) =>
    request.headers.get('authorization') === `Bearer ${accepted}`
      ? HttpResponse.json({ id: 'u1' })
      : HttpResponse.json({ error: MESSAGES.unauthenticated }, { status: 401 }),
  );

let client: typeof import('../api-client');
beforeAll(async () => {
  client = await import('../api-client');
});

describe('the api client after the api refuses a token', () => {
  it('tries once more with a fresh token, so a user whose roles changed stays signed in', async () => {
    tokens.fresh = 'jeton-neuf';
    server.use(meAcceptingOnly('jeton-neuf'));
    await expect(client.api.get('/me')).resolves.toEqual({ id: 'u1' });
  });

  it('gives the 401 in French when no fresh token comes (the session ended)', async () => {
    tokens.fresh = null;
    server.use(meAcceptingOnly('jeton-neuf'));
    const refused = client.api.get('/me');
    await expect(refused).rejects.toBeInstanceOf(client.ApiError);
    await expect(refused).rejects.toMatchObject({ status: 401, message: MESSAGES.unauthenticated });
  });
});

describe('the trace context of api calls', () => {
  it('sends each call with its own valid traceparent, so the api’s trace starts at the page', async () => {
    tokens.current = 'jeton-neuf';
    const received: (string | null)[] = [];
    server.use(
      http.get('/api/me', ({ request }) => {
        received.push(request.headers.get('traceparent'));
        return HttpResponse.json({ id: 'u1' });
      }),
    );
    await client.api.get('/me');
    await client.api.get('/me');
    const contexts = received.map((header) => parseTraceparent(header ?? ''));
    expect(contexts).toEqual([expect.objectContaining({ sampled: true }), expect.objectContaining({ sampled: true })]);
    expect(contexts[0]?.traceId).not.toBe(contexts[1]?.traceId);
    expect(contexts[0]?.spanId).not.toBe(contexts[1]?.spanId);
  });
});
