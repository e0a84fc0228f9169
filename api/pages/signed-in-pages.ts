import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context, Next } from 'koa';
import { fillPageShell, SSR_DIR, SSR_MANIFEST_FILE, type SignedInPagesManifest } from '../../domain/page-shell';
import { PROJECT_NOTIFICATIONS_FETCHED, projectPageQueryKeys } from '../../domain/projects';
import { PROJECT_PAGE_PATTERN, SIGNED_IN_PAGE_STATE_ID, type SignedInPageState } from '../../domain/signed-in-pages';
import { HttpError } from '../lib/http-error';
import { loadProjectPageRow, projectDetailOf, projectIdOf, readProjectNotifications } from '../projects/project-reads';
import type { ReadCaches } from '../projects/read-caches';
import type { PageRenderer } from './page-renderer';
import { pageSessionCaller, type PageSession, type PageSessions } from './page-session';
import { processLogger } from '../../observability/logger';

const log = processLogger('api').child({ component: 'pages' });

export interface SignedInPageDeps {
  sessions: PageSessions;
  renderer: PageRenderer;
  em: () => EntityManager;
  /** The project page's row, kept as the api's own read keeps it. */
  reads: Pick<ReadCaches, 'projectPages'>;
  /** The built front end: its shell (`index.html`) and what `ssr/manifest.json` says each page preloads. */
  distDir: string;
}

/** `PROJECT_PAGE_PATTERN` as a regular expression: the project's id is its one group. */
const PROJECT_PAGE = new RegExp(`^${PROJECT_PAGE_PATTERN.replace(':projectId', '([^/]+)')}$`);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The page compressed as the browser accepts it, like the build's files: a few kilobytes instead of
 * tens on a slow phone line. Brotli at a middle quality: a millisecond or two for a page.
 */
async function compressed(ctx: Context, html: string): Promise<string | Buffer> {
  ctx.vary('Accept-Encoding');
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br') {
    ctx.set('Content-Encoding', 'br');
    return brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (encoding === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    return gzip(html, { level: 6 });
  }
  return html;
}

/**
 * The project page's data as the browser's queries hold them, for the caller of a page session;
 * null when they may not see it (the api's own rules: 404, 403) or it cannot be read now.
 */
async function projectPageState(
  deps: SignedInPageDeps,
  session: PageSession,
  rawId: string,
): Promise<SignedInPageState | null> {
  const caller = pageSessionCaller(session);
  try {
    const projectId = projectIdOf(rawId);
    const row = await deps.reads.projectPages.read(projectId, () => loadProjectPageRow(deps.em(), projectId));
    const project = projectDetailOf(row, caller);
    const notifications = await readProjectNotifications(
      deps.em(),
      project.id,
      caller.id,
      PROJECT_NOTIFICATIONS_FETCHED,
    );
    return {
      ...session,
      readAt: Date.now(),
      queries: [
        { key: projectPageQueryKeys.detail(projectId), data: project },
        { key: projectPageQueryKeys.notifications(projectId), data: notifications },
      ],
    };
  } catch (error) {
    if (!(error instanceof HttpError)) log.error({ err: error }, 'project page could not be read');
    return null;
  }
}

/**
 * What the build says the page preloads, and its shell; null when the build has none. Read at each
 * page: the api serves the build on disk, which a new build replaces under it.
 */
async function builtShell(distDir: string): Promise<{ preloads: string[]; template: string } | null> {
  try {
    const [manifest, template] = await Promise.all([
      fs.promises.readFile(path.join(distDir, SSR_DIR, SSR_MANIFEST_FILE), 'utf8'),
      fs.promises.readFile(path.join(distDir, 'index.html'), 'utf8'),
    ]);
    const preloads = (JSON.parse(manifest) as SignedInPagesManifest).pages[PROJECT_PAGE_PATTERN]?.preloads;
    return preloads ? { preloads, template } : null;
  } catch {
    return null;
  }
}

/**
 * Signed-in pages drawn on their first request (domain/signed-in-pages.ts): with a page session,
 * `/project/{id}` is answered with the page as its user sees it and the data it was drawn with,
 * so that it shows before any script has run. Without one, or when they may not see the project,
 * or when anything fails, the request goes on to the empty shell and the browser draws the page
 * (its own reads then say 403 or 404). Never kept by a cache: it is one user's page.
 */
export function serveSignedInPages(deps: SignedInPageDeps) {
  return async (ctx: Context, next: Next) => {
    const match = ctx.method === 'GET' || ctx.method === 'HEAD' ? PROJECT_PAGE.exec(ctx.path) : null;
    if (!match) return next();
    // The answer depends on the cookie: whoever keeps it must not give one user's page to another.
    ctx.vary('Cookie');
    const session = deps.sessions.read(ctx);
    const state = session ? await projectPageState(deps, session, match[1]) : null;
    const shell = state ? await builtShell(deps.distDir) : null;
    const rendered = state && shell ? await deps.renderer.render(ctx.path, state) : null;
    if (!state || !shell || !rendered) return next();
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = 'html';
    ctx.body = await compressed(
      ctx,
      fillPageShell(shell.template, {
        rendered,
        preloads: shell.preloads,
        state: { id: SIGNED_IN_PAGE_STATE_ID, value: state },
      }),
    );
  };
}
