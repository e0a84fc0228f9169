import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type KeyLike } from 'jose';
import { createTokenVerifier } from '../../api/middleware/auth';

// A JWKS endpoint of our own, so tokens with a valid signature but a wrong issuer, audience or
// expiry can be minted: Keycloak's own tokens can only be checked for signature tampering.
const ISSUER = 'http://localhost:1/realms/rushflow';
let server: http.Server;
let jwksUrl: string;
let trustedKey: KeyLike;
let otherKey: KeyLike;

beforeAll(async () => {
  const trusted = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  trustedKey = trusted.privateKey;
  otherKey = other.privateKey;
  const jwk = { ...(await exportJWK(trusted.publicKey)), kid: 'trusted', alg: 'RS256', use: 'sig' };
  server = http.createServer((_, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

function mint(key: KeyLike, claims: { iss?: string; aud?: string; exp?: number; sub?: string } = {}) {
  return new SignJWT({
    email: 'camille@example.fr',
    email_verified: true,
    realm_access: { roles: ['user', 'offline_access'] },
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'trusted' })
    .setIssuer(claims.iss ?? ISSUER)
    .setAudience(claims.aud ?? 'rushflow-api')
    .setSubject(claims.sub ?? '3f1c5a52-0000-4000-8000-000000000001')
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 300)
    .sign(key);
}

const verify = () => createTokenVerifier({ issuer: ISSUER, audience: 'rushflow-api', jwksUrl });

test('a valid token gives the user and only the product roles', async () => {
  const user = await verify()(await mint(trustedKey));
  expect(user).toMatchObject({ email: 'camille@example.fr', roles: ['user'], emailVerified: true });
});

test.each([
  ['forged signature', () => mint(otherKey)],
  ['wrong issuer', () => mint(trustedKey, { iss: 'http://localhost:1/realms/other' })],
  ['wrong audience', () => mint(trustedKey, { aud: 'someone-else' })],
  ['expired', () => mint(trustedKey, { exp: Math.floor(Date.now() / 1000) - 60 })],
])('%s → 401', async (_, make) => {
  await expect(verify()(await make())).rejects.toMatchObject({ status: 401 });
});

test('an unsigned token (alg none) → 401', async () => {
  const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ iss: ISSUER, aud: 'rushflow-api', sub: 'x', exp: 9999999999 })).toString(
    'base64url',
  );
  await expect(verify()(`${header}.${payload}.`)).rejects.toMatchObject({ status: 401 });
});
