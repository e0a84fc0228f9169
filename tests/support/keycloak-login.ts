import { createHash, randomBytes } from 'node:crypto';
import { keycloakRealmUrl } from '../../domain/keycloak';

/** Cookies Keycloak sets during the login flow, sent back on each step (its session, after it). */
export class CookieJar {
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

/** Where a sign-in attempt ended, before any token exchange. */
export interface Authorization {
  /** Keycloak's redirect to the client (`code`, or `error`), or null when it answered with a page. */
  location: URL | null;
  status: number;
  /** The page Keycloak answered instead of a redirect (its error page, say). */
  page: string;
  /** The PKCE verifier of this attempt, for the token exchange. */
  verifier: string;
}

/**
 * Runs the authorization code flow (PKCE S256) as a browser would: opens the authorization
 * endpoint and, when Keycloak shows its login form, fills it in. With `cookies` from an earlier
 * sign-in, Keycloak may answer at once from its session, without a form.
 */
export async function authorize(options: LoginOptions, cookies = new CookieJar()): Promise<Authorization> {
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const authUrl = new URL(`${endpoints(options)}/auth`);
  authUrl.search = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'code',
    scope: 'openid',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: base64url(randomBytes(8)),
  }).toString();

  let response = await fetch(authUrl, { redirect: 'manual', headers: { cookie: cookies.header() } });
  cookies.store(response);
  let page = response.headers.has('location') ? '' : await response.text();
  const action =
    /<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"/.exec(page)?.[1] ??
    /action="([^"]*login-actions\/authenticate[^"]*)"/.exec(page)?.[1];
  if (action) {
    response = await fetch(decodeHtml(action), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.header() },
      body: new URLSearchParams({ username: options.email, password: options.password, credentialId: '' }).toString(),
    });
    cookies.store(response);
    page = response.headers.has('location') ? '' : await response.text();
  }
  const location = response.headers.get('location');
  return { location: location ? new URL(location) : null, status: response.status, page, verifier };
}

/**
 * Signs in through Keycloak's real login form with the SPA's flow (authorization code + PKCE S256)
 * and returns the access token, as the browser would get it.
 */
export async function loginWithPassword(options: LoginOptions): Promise<string> {
  const { location, status, verifier } = await authorize(options);
  if (!location) throw new Error(`sign-in refused for ${options.email} (status ${status})`);
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no authorization code in ${location.href}`);

  const tokenResponse = await fetch(`${endpoints(options)}/token`, {
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

function endpoints(options: LoginOptions): string {
  return `${keycloakRealmUrl(options.keycloakUrl, options.realm)}/protocol/openid-connect`;
}
