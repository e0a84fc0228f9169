import type Keycloak from 'keycloak-js';
import type { KeycloakTokenParsed } from 'keycloak-js';
import { keycloakRealmUrl } from '@domain/keycloak';
import { productRoles, type Role } from '@domain/roles';
import type { PageSessionInput } from '@domain/schemas/page-session';
import { PAGE_SESSION_PATH, type SignedInPageState } from '@domain/signed-in-pages';
import { loadRuntimeConfig, type RuntimeConfig } from '@/lib/runtime-config';

/**
 * The single keycloak-js instance and a tiny external store of the session, so that React
 * (through `AuthProvider`) and plain modules (the api client) read the same state.
 *
 * keycloak-js (and `/api/config`, and Keycloak's silent check iframe) load only when a session
 * may exist: Keycloak's answer is in the address, this browser was signed in last time (a flag in
 * localStorage), or a page needs the session (signed-in pages, sign-in and e-mail confirmation
 * pages, a sign-in click). A first-time visitor's pages never wait for, nor download, any of it.
 */

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
}

export interface AuthSnapshot {
  status: AuthStatus;
  user: AuthUser | null;
  roles: Role[];
  /** False when `/api/config` or Keycloak could not be reached: the site runs signed out. */
  available: boolean;
}

export interface AuthRedirectOptions {
  /** In-app path Keycloak returns to (defaults to the current path). */
  redirectPath?: string;
  /** Language of Keycloak's pages (`ui_locales`). */
  locale?: string;
}

/** Thrown by `login`/`register` when the identity service cannot be reached. */
export class AuthUnavailableError extends Error {
  constructor() {
    super('Authentication service unavailable');
    this.name = 'AuthUnavailableError';
  }
}

const INIT_TIMEOUT_MS = 12_000;
/** Set while this browser holds a session, so that the next visit checks it at start-up. */
const SESSION_FLAG_KEY = 'rushflow.session';
const REFRESH_INTERVAL_MS = 30_000;
const REFRESH_MIN_VALIDITY_S = 60;

interface RushflowTokenParsed extends KeycloakTokenParsed {
  email?: string;
  given_name?: string;
  family_name?: string;
  email_verified?: boolean;
}

const ANONYMOUS: AuthSnapshot = { status: 'anonymous', user: null, roles: [], available: true };
const UNAVAILABLE: AuthSnapshot = { status: 'anonymous', user: null, roles: [], available: false };

const LOADING: AuthSnapshot = { status: 'loading', user: null, roles: [], available: false };

function readSessionFlag(): boolean {
  try {
    return window.localStorage.getItem(SESSION_FLAG_KEY) !== null;
  } catch {
    return false; // storage blocked: the session is checked when a page needs it
  }
}

function writeSessionFlag(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SESSION_FLAG_KEY, '1');
    else window.localStorage.removeItem(SESSION_FLAG_KEY);
  } catch {
    // private mode: the next visit checks the session only when a page needs it
  }
}

/** Keycloak's answer (`state` with `code` or `error`, in the fragment keycloak-js asks for). */
function isKeycloakCallback(): boolean {
  if (typeof window === 'undefined') return false; // the build's render of the public pages
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  return fragment.has('state') && (fragment.has('code') || fragment.has('error'));
}

let keycloak: Keycloak | null = null;
// Until checked, a visitor without any sign of a session is anonymous (nothing to wait for).
let snapshot: AuthSnapshot = isKeycloakCallback() || readSessionFlag() ? LOADING : ANONYMOUS;
let initPromise: Promise<void> | null = null;
/** True once a check ended (signed in, anonymous or unreachable). */
let checked = false;
/** True while the session shown is the one the server drew the page with, not yet confirmed by Keycloak. */
let fromPage = false;
let refreshTimer: number | null = null;
const listeners = new Set<() => void>();

function setSnapshot(next: AuthSnapshot): void {
  snapshot = next;
  if (next.status === 'authenticated') writeSessionFlag(true);
  else if (next.status === 'anonymous' && next.available) writeSessionFlag(false);
  listeners.forEach((listener) => listener());
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAuthSnapshot(): AuthSnapshot {
  return snapshot;
}

/**
 * The session the pages the build writes as HTML were drawn with (signed out): the browser's
 * first render of that HTML uses it too, then switches to the real one.
 */
export function getPrerenderAuthSnapshot(): AuthSnapshot {
  return ANONYMOUS;
}

/** The session a signed-in page was drawn with by the server (api/pages/signed-in-pages.ts). */
export function pageSessionSnapshot({ user, roles }: SignedInPageState): AuthSnapshot {
  return { status: 'authenticated', available: true, roles, user };
}

/**
 * The browser starts from the session the server drew the page with, so that it takes that HTML
 * over as it is; Keycloak's check goes on behind it (`resumeSession`) and replaces it: the same
 * user, or `/auth` when their session has ended meanwhile. Calls to the api wait for that check.
 */
export function adoptPageSession(state: SignedInPageState): void {
  if (snapshot.status === 'authenticated') return;
  fromPage = true;
  setSnapshot(pageSessionSnapshot(state));
}

/** The token the page session was last set from; null once ended; undefined before the first check's answer. */
let pageSessionToken: string | null | undefined;

/**
 * Keeps the api's page session (`POST /api/session`, a cookie of its own) in step with this one:
 * set from each new access token, so that the server can draw a signed-in page on its next load;
 * ended when nobody is signed in any more. Best effort: without it, pages are drawn in the browser.
 */
async function syncPageSession(kc: Keycloak): Promise<void> {
  const token = kc.authenticated ? (kc.token ?? null) : null;
  if (token === pageSessionToken) return;
  pageSessionToken = token;
  const body: PageSessionInput = { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  await fetch(
    PAGE_SESSION_PATH,
    token
      ? {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }
      : { method: 'DELETE' },
  ).catch(() => undefined);
}

function snapshotFrom(kc: Keycloak): AuthSnapshot {
  const parsed = kc.tokenParsed as RushflowTokenParsed | undefined;
  if (!kc.authenticated || !parsed?.sub) return ANONYMOUS;
  return {
    status: 'authenticated',
    available: true,
    roles: productRoles(parsed.realm_access?.roles),
    user: {
      id: parsed.sub,
      email: parsed.email ?? '',
      firstName: parsed.given_name ?? '',
      lastName: parsed.family_name ?? '',
      emailVerified: parsed.email_verified === true,
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(`Timeout after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function startRefreshLoop(kc: Keycloak): void {
  if (refreshTimer !== null) window.clearInterval(refreshTimer);
  refreshTimer = window.setInterval(() => {
    if (!kc.authenticated) return;
    kc.updateToken(REFRESH_MIN_VALIDITY_S).catch(() => {
      // The session ended on the server (expired, revoked, signed out elsewhere).
      kc.clearToken();
    });
  }, REFRESH_INTERVAL_MS);
}

/**
 * Keycloak's endpoints, given to keycloak-js as those of an OpenID provider: in that mode it skips
 * its third-party cookie check, two frames loaded one after the other before every session check
 * (about 0.5 s on a slow phone). Keycloak is served on the site's own domain (its cookies are
 * first-party to our pages), so the silent check frame sees its session without that check.
 */
function keycloakEndpoints({ url, realm }: RuntimeConfig['keycloak']) {
  const base = `${keycloakRealmUrl(url, realm)}/protocol/openid-connect`;
  return {
    authorization_endpoint: `${base}/auth`,
    token_endpoint: `${base}/token`,
    end_session_endpoint: `${base}/logout`,
    userinfo_endpoint: `${base}/userinfo`,
  };
}

async function connect(): Promise<Keycloak> {
  const [config, { default: Keycloak }] = await Promise.all([loadRuntimeConfig(), import('keycloak-js')]);
  const kc = new Keycloak({ clientId: config.keycloak.clientId, oidcProvider: keycloakEndpoints(config.keycloak) });
  const sync = () => {
    if (keycloak !== kc) return;
    setSnapshot(snapshotFrom(kc));
    void syncPageSession(kc);
  };
  kc.onAuthSuccess = sync;
  kc.onAuthRefreshSuccess = sync;
  kc.onAuthLogout = sync;
  kc.onTokenExpired = () => {
    kc.updateToken(REFRESH_MIN_VALIDITY_S).catch(() => kc.clearToken());
  };
  await withTimeout(
    kc.init({
      onLoad: 'check-sso',
      pkceMethod: 'S256',
      silentCheckSsoRedirectUri: `${window.location.origin}/silent-check-sso.html`,
      checkLoginIframe: false,
    }),
    INIT_TIMEOUT_MS,
  );
  return kc;
}

async function initialise(): Promise<void> {
  try {
    const kc = await connect();
    keycloak = kc;
    const drawnFor = fromPage ? snapshot.user?.id : undefined;
    const confirmed = snapshotFrom(kc);
    if (drawnFor && confirmed.user && confirmed.user.id !== drawnFor) {
      // Another account signed in meanwhile (another tab): its page session first, then its own page.
      await syncPageSession(kc);
      window.location.reload();
      return;
    }
    setSnapshot(confirmed);
    void syncPageSession(kc);
    startRefreshLoop(kc);
  } catch (error) {
    console.warn('[auth] service d’authentification indisponible, navigation hors connexion', error);
    keycloak = null;
    initPromise = null; // a later sign-in attempt tries again
    // A session only drawn by the server cannot call the api: signed out until Keycloak answers.
    if (fromPage || snapshot.status !== 'authenticated') setSnapshot(UNAVAILABLE);
  } finally {
    fromPage = false;
    checked = true;
  }
}

/** Starts the session check once (idempotent); resolves when the status is known. */
function initAuth(): Promise<void> {
  if (!initPromise) {
    if (snapshot.status !== 'authenticated') setSnapshot(LOADING);
    initPromise = initialise();
  }
  return initPromise;
}

/**
 * At start-up: checks the session at once when one may exist (so that Keycloak reads its answer
 * before anything changes the address); otherwise leaves keycloak-js unloaded.
 */
export function resumeSession(): void {
  if (snapshot.status === 'loading' || fromPage) void initAuth();
}

/**
 * For the pages that need to know the session: checks it once, resolves when the status is known.
 * A failed check is not started again here (a sign-in click tries again).
 */
export function checkSession(): Promise<void> {
  return checked ? Promise.resolve() : initAuth();
}

async function ready(): Promise<Keycloak> {
  await initAuth();
  if (!keycloak) throw new AuthUnavailableError();
  return keycloak;
}

function redirectUri(path: string | undefined): string {
  const target = path ?? `${window.location.pathname}${window.location.search}`;
  return new URL(target, window.location.origin).toString();
}

/** Opens Keycloak's sign-in page. Rejects with `AuthUnavailableError` when it cannot be reached. */
export async function login(options: AuthRedirectOptions = {}): Promise<void> {
  const kc = await ready();
  await kc.login({ redirectUri: redirectUri(options.redirectPath), locale: options.locale });
}

/**
 * Opens Keycloak's sign-up page (the sign-in request with `prompt=create`, OpenID's way to ask for
 * it). Rejects with `AuthUnavailableError` when it cannot be reached.
 */
export async function register(options: AuthRedirectOptions = {}): Promise<void> {
  const kc = await ready();
  // keycloak-js's types do not list `create` among the prompts: its sign-in address, with it.
  const signUp = new URL(
    await kc.createLoginUrl({ redirectUri: redirectUri(options.redirectPath), locale: options.locale }),
  );
  signUp.searchParams.set('prompt', 'create');
  window.location.assign(signUp);
}

/** Ends the Keycloak session and comes back to the home page. */
export async function logout(): Promise<void> {
  writeSessionFlag(false);
  // The server must not draw this user's pages any more, whatever Keycloak answers.
  pageSessionToken = null;
  await fetch(PAGE_SESSION_PATH, { method: 'DELETE' }).catch(() => undefined);
  if (!keycloak) {
    setSnapshot(snapshot.available ? ANONYMOUS : UNAVAILABLE);
    return;
  }
  await keycloak.logout({ redirectUri: `${window.location.origin}/` });
}

/**
 * A fresh access token (refreshed when it expires within 30 s), or null when signed out.
 * `forceRefresh` asks Keycloak for a new one even when the current one is still valid: after the
 * api refused it (401) or ended the live stream because the user's access changed.
 */
export async function getToken({ forceRefresh = false }: { forceRefresh?: boolean } = {}): Promise<string | null> {
  // A page drawn by the server shows before Keycloak has answered: its calls wait for the check.
  if (fromPage && initPromise) await initPromise;
  const kc = keycloak;
  if (!kc?.authenticated) return null;
  try {
    await kc.updateToken(forceRefresh ? -1 : 30);
  } catch {
    kc.clearToken();
    return null;
  }
  return kc.token ?? null;
}
