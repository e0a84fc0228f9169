import { MESSAGES } from '../../domain/messages';
import { testStack } from '../support/stack-env';

const { appUrl } = testStack();

test('an unknown api route → 404 JSON in French', async () => {
  const response = await fetch(`${appUrl}/api/nothing-here`);
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  expect(await response.json()).toEqual({ error: MESSAGES.routeNotFound });
});

test('malformed JSON → 400 with a French message', async () => {
  const response = await fetch(`${appUrl}/api/me`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"email": "camille@',
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: MESSAGES.malformedJson });
});

test('a body over the limit is refused before parsing', async () => {
  const response = await fetch(`${appUrl}/api/me`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }),
  });
  expect(response.status).toBe(413);
  expect(await response.json()).toEqual({ error: MESSAGES.payloadTooLarge });
});

test('an unknown page is served the single-page app, which shows its 404', async () => {
  const response = await fetch(`${appUrl}/cette-page-n-existe-pas`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/text\/html/);
  expect(await response.text()).toContain('<div id="root">');
});

test('the SPA gets its runtime configuration', async () => {
  const response = await fetch(`${appUrl}/api/config`);
  expect(await response.json()).toMatchObject({ keycloak: { realm: 'rushflow', clientId: 'rushflow-web' } });
});
