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

const verify = (options: { now?: () => number } = {}) =>
  createTokenVerifier({ issuer: ISSUER, audience: 'rushflow-api', jwksUrl, ...options });

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

describe('verified tokens are remembered until they expire', () => {
  test('the same token is answered from memory: the very same, frozen user, not a new check', async () => {
    const token = await mint(trustedKey);
    const check = verify();
    const first = await check(token);
    const again = await Promise.all([check(token), check(token)]);
    expect(again[0]).toBe(first);
    expect(again[1]).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // Without memory every call checks the signature again and builds its own user.
    const forgetful = createTokenVerifier({ issuer: ISSUER, audience: 'rushflow-api', jwksUrl, cacheSize: 0 });
    const [one, two] = [await forgetful(token), await forgetful(token)];
    expect(one).toEqual(two);
    expect(one).not.toBe(two);
  });

  test('a remembered token is refused once it has expired', async () => {
    let clock = Date.now();
    const check = verify({ now: () => clock });
    const token = await mint(trustedKey, { exp: Math.floor(clock / 1000) + 60 });
    await expect(check(token)).resolves.toMatchObject({ email: 'camille@example.fr' });
    clock += 59_000;
    await expect(check(token)).resolves.toMatchObject({ email: 'camille@example.fr' });
    clock += 10_000; // past the expiry and the 5 s of allowed clock skew
    await expect(check(token)).rejects.toMatchObject({ status: 401 });
  });

  test('the same claims under another signature are not taken for the remembered token', async () => {
    const check = verify();
    const valid = await mint(trustedKey);
    await check(valid);
    const [header, payload] = valid.split('.');
    const forgedSignature = (await mint(otherKey)).split('.')[2];
    await expect(check(`${header}.${payload}.${forgedSignature}`)).rejects.toMatchObject({ status: 401 });
  });
});
