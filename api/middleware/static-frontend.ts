import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { SSR_DIR } from '../../domain/page-shell';

/**
 * The HTML the build wrote for a public page (frontend/prerender-pages.ts): `prerendered/index.html`
 * for `/`, `prerendered/pricing.html` for `/pricing`; null for an address that cannot have one.
 */
const prerenderedPage = (requestPath: string) =>
  /^\/[a-z-]*$/.test(requestPath) ? `prerendered/${requestPath === '/' ? 'index' : requestPath.slice(1)}.html` : null;

/**
 * Serves the built SPA: real files as they are (hashed assets cached for a year), but for the server's
 * own render (`ssr/`) and source maps (404); a public page the
 * build wrote as HTML gets that HTML, any other GET outside /api gets index.html, the empty shell
 * (neither ever cached), so that the client router shows the page or its 404.
 * The build writes brotli and gzip copies beside each file; koa-send picks the one the browser
 * accepts and names it in `Content-Encoding`, so caches must keep one answer per encoding.
 */
export function serveFrontend(distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path === '/api' || ctx.path.startsWith('/api/'))
      return next();
    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = "Le front end n'est pas construit : lancez `npm run build`.";
      return;
    }
    // Source maps are never public, whatever a build leaves in dist/ (ours emits none).
    if (ctx.path.endsWith('.map')) {
      ctx.status = 404;
      return;
    }
    ctx.vary('Accept-Encoding');
    const relative = decodeURIComponent(ctx.path).replace(/^\/+/, '');
    const candidate = path.join(distDir, relative);
    // The render the api runs for signed-in pages (api/pages) is the server's, not a file to serve.
    const served = relative && candidate.startsWith(distDir) && !candidate.startsWith(path.join(distDir, SSR_DIR, '/'));
    if (served && fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) {
      const immutable = relative.startsWith('assets/');
      await send(ctx, relative, { root: distDir, maxage: immutable ? 31_536_000_000 : 0, immutable });
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    const page = prerenderedPage(ctx.path);
    const hasPage = page !== null && fs.existsSync(path.join(distDir, page));
    await send(ctx, hasPage ? page : 'index.html', { root: distDir });
  };
}
