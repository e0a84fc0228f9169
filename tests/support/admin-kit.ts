import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { EditorProfile } from '../../db/entities';
import { initOrm } from '../../db/orm';
import type { CapturedEmail } from './mail-server';
import { waitUntil } from './mail-server';
import { testStack } from './stack-env';

export type Caller = 'anonymous' | 'client' | 'editor' | 'admin';

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown> & { error?: string; fields?: Record<string, string> };
}

/** Access tokens last 5 minutes (realm): a token older than this is fetched again. */
const TOKEN_REUSE_MS = 3 * 60_000;

/**
 * What the admin api suites share, against the running stack: the demo accounts' tokens (signed
 * in through Keycloak's real form), JSON calls to an api, Keycloak's own admin api to check its
 * state, the stack's database and mailbox; and the clean-up of the accounts a suite created.
 */
export function adminKit() {
  const { config, accounts, appUrl, signIn, keycloakAdmin } = testStack();
  const keycloak = keycloakAdmin();
  const tokens = new Map<string, { value: Promise<string>; at: number }>();
  const createdUserIds = new Set<string>();
  let orm: MikroORM | undefined;

  function tokenFor(email: string, password: string): Promise<string> {
    const cached = tokens.get(email);
    if (cached && Date.now() - cached.at < TOKEN_REUSE_MS) return cached.value;
    const value = signIn(email, password);
    tokens.set(email, { value, at: Date.now() });
    return value;
  }

  const token = (caller: Exclude<Caller, 'anonymous'>) => tokenFor(accounts[caller].email, accounts[caller].password);

  /** A JSON call as `caller` (a demo account or a token) to `base` (the stack's api unless a suite runs its own). */
  async function call(
    caller: Caller | { token: string },
    method: string,
    path: string,
    body?: unknown,
    base: string = appUrl,
  ): Promise<ApiAnswer> {
    const headers: Record<string, string> = {};
    if (typeof caller === 'object') headers.authorization = `Bearer ${caller.token}`;
    else if (caller !== 'anonymous') headers.authorization = `Bearer ${await token(caller)}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: ApiAnswer['body'] = {};
    try {
      parsed = text ? (JSON.parse(text) as ApiAnswer['body']) : {};
    } catch {
      parsed = { raw: text };
    }
    return { status: response.status, body: parsed };
  }

  /** The stack's mailbox (Keycloak's e-mails and the worker's). */
  async function mailTo(address: string): Promise<CapturedEmail[]> {
    const api = process.env.MAIL_API_URL;
    if (!api) throw new Error('MAIL_API_URL is not set: run the api tests through `npm test`.');
    const all = (await (await fetch(`${api}/email`)).json()) as CapturedEmail[];
    return all.filter((email) => email.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
  }

  async function waitForMail(address: string, what: string, matches: (email: CapturedEmail) => boolean = () => true) {
    let found: CapturedEmail | undefined;
    await waitUntil(
      async () => {
        found = (await mailTo(address)).find(matches);
        return found !== undefined;
      },
      60_000,
      what,
    );
    return found!;
  }

  /**
   * Follows the invitation e-mail's link as the invited person does: Keycloak's page lists the
   * actions, its link leads to the password form, which is sent with `password`.
   */
  async function acceptInvitation(link: string, password: string): Promise<string> {
    const jar = new Map<string, string>();
    const get = async (url: string) => {
      const response = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const header of response.headers.getSetCookie()) {
        const [pair] = header.split(';');
        jar.set(pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1));
      }
      return response;
    };
    const decode = (value: string) => value.replace(/&amp;/g, '&');
    let url = link;
    for (let step = 0; step < 5; step += 1) {
      const response = await get(url);
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url).toString();
        continue;
      }
      const html = await response.text();
      const form = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (form && html.includes('password-new')) {
        const sent = await fetch(decode(form), {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
          },
          body: new URLSearchParams({ 'password-new': password, 'password-confirm': password }).toString(),
        });
        return sent.text();
      }
      const next = /href="([^"]*login-actions\/action-token[^"]*)"/.exec(html)?.[1];
      if (!next) throw new Error(`no way forward on Keycloak's page (status ${response.status})`);
      url = decode(next);
    }
    throw new Error('the invitation link never reached the password form');
  }

  return {
    config,
    acceptInvitation,
    /** Signs in with an account's e-mail and password (the SPA's flow). */
    signIn: (email: string, password: string) => tokenFor(email, password),
    accounts,
    appUrl,
    keycloak,
    token,
    /** Signs `caller` in afresh at the next call: a token issued before a change of its roles is refused. */
    forgetToken: (caller: Exclude<Caller, 'anonymous'>) => tokens.delete(accounts[caller].email),
    call,
    mailTo,
    waitForMail,
    /** An address nobody uses, on a domain of the tests. */
    uniqueEmail: (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@admin-tests.example`,
    async db(): Promise<MikroORM> {
      orm ??= await initOrm(config.DATABASE_URL);
      return orm;
    },
    /** A Keycloak account of the test's own (removed by `cleanUp`). */
    async createAccount(email: string, names = { firstName: 'Compte', lastName: 'De test' }): Promise<string> {
      const id = await keycloak.createUser({ email, ...names, emailVerified: true });
      createdUserIds.add(id);
      return id;
    },
    /** An account the api created (an invitation): removed with its editor profile by `cleanUp`. */
    forget(userId: string) {
      createdUserIds.add(userId);
    },
    async productRoles(userId: string): Promise<string[]> {
      return (await keycloak.getRealmRoles(userId)).filter((role) => role === 'editor' || role === 'admin');
    },
    /** Deletes the suite's accounts and their editor profiles, then closes the database. */
    async cleanUp() {
      const ids = [...createdUserIds];
      for (const id of ids) await keycloak.deleteUser(id).catch(() => undefined);
      if (orm) {
        if (ids.length) await orm.em.fork().nativeDelete(EditorProfile, { userId: { $in: ids } });
        await orm.close(true);
      }
    },
  };
}
