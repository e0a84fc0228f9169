/**
 * The realm file the repository ships for production (keycloak/realm/rushflow-realm.json): no
 * development origin and no secret in it; both come from the environment when it is imported.
 */
import fs from 'node:fs';
import path from 'node:path';

const file = path.join(__dirname, '..', '..', 'keycloak', 'realm', 'rushflow-realm.json');
const text = fs.readFileSync(file, 'utf8');
const PLACEHOLDER = /^\$\{[A-Z][A-Z0-9_]*\}$/;

/** Every value under a key that names a secret, at any depth, with where it is. */
function secretValues(node: unknown, at = ''): [string, unknown][] {
  if (Array.isArray(node)) return node.flatMap((item, index) => secretValues(item, `${at}[${index}]`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => [
    ...(/secret/i.test(key) ? [[`${at}.${key}`, value] as [string, unknown]] : []),
    ...secretValues(value, `${at}.${key}`),
  ]);
}

test('names no development origin: no localhost, no Vite port', () => {
  expect(text).not.toMatch(/localhost|127\.0\.0\.1|5173/);
});

test('gives each confidential client its secret as a placeholder', () => {
  const clients = (JSON.parse(text) as { clients: { clientId: string; publicClient: boolean; secret?: string }[] })
    .clients;
  expect(clients.filter((client) => !client.publicClient).map(({ clientId, secret }) => [clientId, secret])).toEqual([
    ['rushflow-api', '${KEYCLOAK_API_CLIENT_SECRET}'],
    ['rushflow-temporal-ui', '${TEMPORAL_UI_CLIENT_SECRET}'],
    ['rushflow-grafana', '${GRAFANA_CLIENT_SECRET}'],
  ]);
});

test('holds no other secret: no password, no placeholder with a default', () => {
  for (const [at, value] of secretValues(JSON.parse(text))) {
    expect([at, value]).toEqual([at, expect.stringMatching(PLACEHOLDER)]);
  }
  expect(text).not.toContain('"credentials"');
  expect(text).not.toMatch(/\$\{[A-Z][A-Z0-9_]*:/);
});
