import { KeycloakAdminClient } from '../../clients/keycloak-admin';
import { keycloakRealmUrl } from '../../domain/keycloak';

// The api compares each token's `iss` with this address exactly: a slash too many and every
// sign-in is refused.
test('the realm address has one slash whatever the base ends with', () => {
  expect(keycloakRealmUrl('http://localhost:8080', 'rushflow')).toBe('http://localhost:8080/realms/rushflow');
  expect(keycloakRealmUrl('http://localhost:8080/', 'rushflow')).toBe('http://localhost:8080/realms/rushflow');
  expect(keycloakRealmUrl('https://site.example/auth//', 'rushflow')).toBe('https://site.example/auth/realms/rushflow');
});

test('a realm name is escaped in the address', () => {
  expect(keycloakRealmUrl('http://localhost:8080', 'mon royaume/2')).toBe(
    'http://localhost:8080/realms/mon%20royaume%2F2',
  );
});

test('the admin client names the same realm address', () => {
  const client = new KeycloakAdminClient({
    url: 'http://localhost:8080/',
    realm: 'rushflow',
    clientId: 'rushflow-api',
    clientSecret: 'unused',
  });
  expect(client.realmUrl).toBe(keycloakRealmUrl('http://localhost:8080', 'rushflow'));
});
