import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';

/**
 * Serves the built SPA: real files as they are (hashed assets cached for a year), any other GET
 * outside /api gets index.html (never cached) so the client router can show the page or its 404.
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
    ctx.vary('Accept-Encoding');
    const relative = decodeURIComponent(ctx.path).replace(/^\/+/, '');
    const candidate = path.join(distDir, relative);
    if (relative && candidate.startsWith(distDir) && fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) {
      const immutable = relative.startsWith('assets/');
      await send(ctx, relative, { root: distDir, maxage: immutable ? 31_536_000_000 : 0, immutable });
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root: distDir });
  };
}
