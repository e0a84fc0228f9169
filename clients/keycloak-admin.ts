/**
 * Small typed client for the Keycloak admin REST API, authenticated as the `rushflow-api` service
 * account (client-credentials grant). Used by the api and the worker's activities to look users
 * up, create accounts, manage realm roles and send invitation e-mails.
 */
import { keycloakRealmUrl } from '../domain/keycloak';

export interface KeycloakAdminOptions {
  /** Keycloak base URL, e.g. `http://localhost:8080` (no `/realms/...`). */
  url: string;
  realm: string;
  clientId: string;
  clientSecret: string;
  /** Seconds before expiry at which a cached token is renewed (default 30). */
  tokenRenewSeconds?: number;
  /** Per-request timeout in milliseconds (default 10 s). */
  timeoutMs?: number;
}

export interface KeycloakUser {
  id: string;
  username: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  emailVerified: boolean;
  enabled: boolean;
  createdTimestamp?: number;
  requiredActions?: string[];
}

export interface NewKeycloakUser {
  email: string;
  firstName: string;
  lastName: string;
  /** Permanent password; without one the user sets it through an actions e-mail. */
  password?: string;
  emailVerified: boolean;
}

/** Actions a user can be asked to perform from an e-mail link. */
export type KeycloakRequiredAction =
  'VERIFY_EMAIL' | 'UPDATE_PASSWORD' | 'UPDATE_PROFILE' | 'CONFIGURE_TOTP' | 'TERMS_AND_CONDITIONS';

export interface ActionsEmailOptions {
  /** Where the user lands after the actions; must match a redirect URI of `clientId`. */
  redirectUri: string;
  clientId: string;
  /** Link validity in seconds (Keycloak's default: the realm's admin action token lifespan). */
  lifespanSeconds?: number;
}

export interface RealmDiscovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  end_session_endpoint?: string;
}

interface RoleRepresentation {
  id: string;
  name: string;
  composite?: boolean;
  clientRole?: boolean;
  containerId?: string;
}

/** A failed call to Keycloak: `status` is the HTTP status, 0 when Keycloak could not be reached. */
export class KeycloakAdminError extends Error {
  readonly status: number;
  readonly body: string | undefined;

  constructor(message: string, status: number, body?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KeycloakAdminError';
    this.status = status;
    this.body = body;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  get isConflict(): boolean {
    return this.status === 409;
  }
}

interface CachedToken {
  value: string;
  expiresAt: number;
}

const PAGE_SIZE = 100;

/**
 * Keycloak matches `search` as a prefix of each field ("dupont" finds "dupont@…" but not
 * "marie.dupont@…"); wrapped in `*` it matches anywhere, as an admin typing part of an address expects.
 * Keycloak's own wildcards and quotes are not the admin's to type: they are dropped.
 */
function infixSearch(search: string): string {
  return `*${search.replace(/[*"]/g, '')}*`;
}

export class KeycloakAdminClient {
  readonly url: string;
  readonly realm: string;
  readonly clientId: string;
  private readonly clientSecret: string;
  private readonly renewMs: number;
  private readonly timeoutMs: number;
  private token: CachedToken | undefined;
  private pendingToken: Promise<string> | undefined;

  constructor(options: KeycloakAdminOptions) {
    this.url = options.url.replace(/\/+$/, '');
    this.realm = options.realm;
    this.clientId = options.clientId;
    this.clientSecret = options.clientSecret;
    this.renewMs = (options.tokenRenewSeconds ?? 30) * 1000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** The realm URL, which is also the exact `iss` of its tokens when Keycloak's hostname is set. */
  get realmUrl(): string {
    return keycloakRealmUrl(this.url, this.realm);
  }

  private get adminUrl(): string {
    return `${this.url}/admin/realms/${encodeURIComponent(this.realm)}`;
  }

  /** A service-account access token, cached until shortly before it expires. */
  async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt - this.renewMs) return this.token.value;
    // Concurrent callers share one token request.
    this.pendingToken ??= this.requestToken().finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  private async requestToken(): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.clientId,
      client_secret: this.clientSecret,
    });
    const response = await this.send(`${this.realmUrl}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    if (!response.ok) {
      throw await this.errorFrom(response, 'service-account token request');
    }
    const json = (await response.json()) as { access_token: string; expires_in: number };
    this.token = { value: json.access_token, expiresAt: Date.now() + json.expires_in * 1000 };
    return json.access_token;
  }

  /** The realm's OIDC discovery document; used by health checks. */
  async ping(): Promise<RealmDiscovery> {
    const response = await this.send(`${this.realmUrl}/.well-known/openid-configuration`, { method: 'GET' });
    if (!response.ok) throw await this.errorFrom(response, 'OIDC discovery');
    return (await response.json()) as RealmDiscovery;
  }

  /** The account whose e-mail is exactly `email` (case-insensitive), or null. */
  async findUserByEmail(email: string): Promise<KeycloakUser | null> {
    const wanted = email.trim().toLowerCase();
    const users = await this.admin<KeycloakUser[]>(
      'GET',
      `/users?${new URLSearchParams({ email: wanted, exact: 'true', briefRepresentation: 'false' })}`,
    );
    return users.find((user) => user.email?.toLowerCase() === wanted) ?? null;
  }

  async getUser(userId: string): Promise<KeycloakUser> {
    return this.admin<KeycloakUser>('GET', `/users/${encodeURIComponent(userId)}`);
  }

  /**
   * Creates an enabled account whose username is its e-mail and returns its id. Throws a
   * `KeycloakAdminError` with status 409 when an account with that e-mail already exists.
   */
  async createUser(user: NewKeycloakUser): Promise<string> {
    const email = user.email.trim().toLowerCase();
    const response = await this.adminResponse('POST', '/users', {
      username: email,
      email,
      // An empty name is left out: Keycloak asks the person for it at their first sign-in.
      firstName: user.firstName || undefined,
      lastName: user.lastName || undefined,
      enabled: true,
      emailVerified: user.emailVerified,
      credentials: user.password ? [{ type: 'password', value: user.password, temporary: false }] : undefined,
    });
    const location = response.headers.get('location');
    const id = location?.split('/').pop();
    if (id) return id;
    const created = await this.findUserByEmail(email);
    if (!created) throw new KeycloakAdminError(`user ${email} was created but cannot be found`, 500);
    return created.id;
  }

  /** Deletes the account (its sessions end at once). */
  async deleteUser(userId: string): Promise<void> {
    await this.admin('DELETE', `/users/${encodeURIComponent(userId)}`);
  }

  /** Names of every realm role the user holds, directly or through composites (e.g. the default `user`). */
  async getRealmRoles(userId: string): Promise<string[]> {
    const roles = await this.admin<RoleRepresentation[]>(
      'GET',
      `/users/${encodeURIComponent(userId)}/role-mappings/realm/composite`,
    );
    return roles.map((role) => role.name).sort();
  }

  /** Grants a realm role; granting a role the user already has changes nothing. */
  async assignRealmRole(userId: string, role: string): Promise<void> {
    const representation = await this.realmRole(role);
    await this.admin('POST', `/users/${encodeURIComponent(userId)}/role-mappings/realm`, [representation]);
  }

  /**
   * Removes a directly granted realm role. A role the user only holds through the default roles
   * (`user` for everybody) stays effective.
   */
  async removeRealmRole(userId: string, role: string): Promise<void> {
    const representation = await this.realmRole(role);
    await this.admin('DELETE', `/users/${encodeURIComponent(userId)}/role-mappings/realm`, [representation]);
  }

  /** Users to whom the role was granted directly (all pages). */
  async listUsersWithRole(role: string): Promise<KeycloakUser[]> {
    const users: KeycloakUser[] = [];
    for (let first = 0; ; first += PAGE_SIZE) {
      const page = await this.admin<KeycloakUser[]>(
        'GET',
        `/roles/${encodeURIComponent(role)}/users?${new URLSearchParams({ first: String(first), max: String(PAGE_SIZE), briefRepresentation: 'false' })}`,
      );
      users.push(...page);
      if (page.length < PAGE_SIZE) return users;
    }
  }

  /**
   * One page of the realm's accounts, oldest first (Keycloak's order), whose username, e-mail or
   * name contains `search` when given; service accounts are not people and are left out.
   */
  async listUsers({ first, max, search }: { first: number; max: number; search?: string }): Promise<KeycloakUser[]> {
    const query = new URLSearchParams({ first: String(first), max: String(max), briefRepresentation: 'true' });
    if (search) query.set('search', infixSearch(search));
    const users = await this.admin<KeycloakUser[]>('GET', `/users?${query}`);
    return users.filter((user) => !user.username.startsWith('service-account-'));
  }

  /** How many accounts `listUsers` pages through (service accounts excluded by Keycloak's count). */
  async countUsers(search?: string): Promise<number> {
    const query = new URLSearchParams(search ? { search: infixSearch(search) } : {});
    return this.admin<number>('GET', `/users/count${search ? `?${query}` : ''}`);
  }

  /** E-mails the user a link to perform `actions` (e.g. invitation: verify e-mail + set password). */
  async sendActionsEmail(
    userId: string,
    actions: KeycloakRequiredAction[],
    options: ActionsEmailOptions,
  ): Promise<void> {
    const query = new URLSearchParams({ client_id: options.clientId, redirect_uri: options.redirectUri });
    if (options.lifespanSeconds !== undefined) query.set('lifespan', String(options.lifespanSeconds));
    await this.admin('PUT', `/users/${encodeURIComponent(userId)}/execute-actions-email?${query}`, actions);
  }

  private async realmRole(role: string): Promise<RoleRepresentation> {
    return this.admin<RoleRepresentation>('GET', `/roles/${encodeURIComponent(role)}`);
  }

  /** Calls the admin API and parses the JSON answer (undefined for empty answers). */
  private async admin<T = undefined>(method: string, pathAndQuery: string, body?: unknown): Promise<T> {
    const response = await this.adminResponse(method, pathAndQuery, body);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  private async adminResponse(method: string, pathAndQuery: string, body?: unknown): Promise<Response> {
    const call = async (): Promise<Response> =>
      this.send(`${this.adminUrl}${pathAndQuery}`, {
        method,
        headers: {
          authorization: `Bearer ${await this.accessToken()}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    let response = await call();
    if (response.status === 401) {
      // Token revoked or Keycloak restarted with a new key: fetch a fresh one once.
      this.token = undefined;
      response = await call();
    }
    if (!response.ok) throw await this.errorFrom(response, `${method} ${pathAndQuery.split('?')[0]}`);
    return response;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new KeycloakAdminError(`Keycloak unreachable at ${this.url}: ${(error as Error).message}`, 0, undefined, {
        cause: error,
      });
    }
  }

  private async errorFrom(response: Response, what: string): Promise<KeycloakAdminError> {
    const body = await response.text().catch(() => '');
    let detail = '';
    try {
      const json = JSON.parse(body) as { errorMessage?: string; error_description?: string; error?: string };
      detail = json.errorMessage ?? json.error_description ?? json.error ?? '';
    } catch {
      detail = body.slice(0, 200);
    }
    return new KeycloakAdminError(
      `Keycloak ${what} failed with ${response.status}${detail ? `: ${detail}` : ''}`,
      response.status,
      body,
    );
  }
}
