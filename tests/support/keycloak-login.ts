import { createHash, randomBytes } from 'node:crypto';
import { keycloakRealmUrl } from '../../domain/keycloak';

/** Cookies Keycloak sets during the login flow, sent back on each step. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function base64url(buffer: Buffer): string {
  return buffer.toString('base64url');
}

function decodeHtml(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&#x3D;/g, '=')
    .replace(/&quot;/g, '"');
}

export interface LoginOptions {
  keycloakUrl: string;
  realm: string;
  clientId: string;
  redirectUri: string;
  email: string;
  password: string;
}

/**
 * Signs in through Keycloak's real login form with the SPA's flow (authorization code + PKCE S256)
 * and returns the access token, as the browser would get it.
 */
export async function loginWithPassword(options: LoginOptions): Promise<string> {
  const jar = new CookieJar();
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const base = `${keycloakRealmUrl(options.keycloakUrl, options.realm)}/protocol/openid-connect`;
  const authUrl = new URL(`${base}/auth`);
  authUrl.search = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'code',
    scope: 'openid',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: base64url(randomBytes(8)),
  }).toString();

  const loginPage = await fetch(authUrl, { redirect: 'manual' });
  jar.store(loginPage);
  const html = await loginPage.text();
  const action =
    /<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"/.exec(html)?.[1] ??
    /action="([^"]*login-actions\/authenticate[^"]*)"/.exec(html)?.[1];
  if (!action) throw new Error(`no login form (status ${loginPage.status})`);

  const submitted = await fetch(decodeHtml(action), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
    body: new URLSearchParams({ username: options.email, password: options.password, credentialId: '' }).toString(),
  });
  const location = submitted.headers.get('location');
  if (!location) throw new Error(`sign-in refused for ${options.email} (status ${submitted.status})`);
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`no authorization code in ${location}`);

  const tokenResponse = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: options.clientId,
      code,
      redirect_uri: options.redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await tokenResponse.json()) as { access_token?: string; error_description?: string };
  if (!body.access_token) throw new Error(`token exchange failed: ${body.error_description ?? tokenResponse.status}`);
  return body.access_token;
}
