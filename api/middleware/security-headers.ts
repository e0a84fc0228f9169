import cors from '@koa/cors';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Context, Middleware, Next } from 'koa';
import helmet from 'koa-helmet';
import { PROOF_OF_WORK_HEADER } from '../../domain/proof-of-work';
import { TRACEPARENT_HEADER } from '../../domain/trace-context';

/** What the pages may reach besides their own origin, and whether they are served over HTTPS. */
export interface WebPolicy {
  /** The site's own address (`APP_URL`): HSTS is sent only when it is https. */
  appUrl: string;
  /** Keycloak: the sign-in redirect, the token calls and the silent check-sso frame. */
  keycloakUrl: string;
  /** Storage as the browser sees it: presigned uploads, previews, photos, downloads. */
  storageUrl?: string;
  /** Other origins whose pages may call the api from a browser (the Vite dev server…). */
  corsOrigins: string[];
  /** Whether `X-Forwarded-For` / `X-Forwarded-Proto` come from a proxy we run (`TRUST_PROXY`). */
  trustProxy: boolean;
}

const origin = (url: string) => new URL(url).origin;

/**
 * The page keycloak-js loads in a hidden frame (frontend/public): the only page we let be framed,
 * by ourselves, and the only one with an inline script (allowed by its hash): a script file of its
 * own would cost the sign-in check one more round trip.
 */
export const SILENT_CHECK_SSO_PATH = '/silent-check-sso.html';

/** `'sha256-…'` sources for the inline scripts of an HTML page, as a CSP names them. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    .map(([, content]) => content)
    .filter((content) => content.trim() !== '')
    .map((content) => `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
}

/** Browser features the product never uses; fullscreen stays for the video player. */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
  'fullscreen=(self)',
].join(', ');

/**
 * Security headers on every answer, pages and api alike: a Content-Security-Policy with no inline
 * script (the SPA's scripts are files of its own origin; `silentCheckSsoFile`, the built silent
 * check page, has the one inline script allowed, by its hash, on that page only), framing
 * refused, MIME sniffing off, a strict referrer policy, the browser features we do not use
 * switched off, HSTS over HTTPS.
 * Inline styles stay allowed: React and Radix position popovers and the player through `style`.
 */
export function securityHeaders(policy: WebPolicy, silentCheckSsoFile?: string): Middleware {
  const keycloak = origin(policy.keycloakUrl);
  const storage = policy.storageUrl ? [origin(policy.storageUrl)] : [];
  const https = new URL(policy.appUrl).protocol === 'https:';
  const headersFor = (framedBy: 'none' | 'self', scriptHashes: string[] = []) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'", ...scriptHashes],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...storage],
          mediaSrc: ["'self'", 'blob:', ...storage],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", keycloak, ...storage],
          frameSrc: ["'self'", keycloak],
          formAction: ["'self'", keycloak],
          frameAncestors: [`'${framedBy}'`],
          objectSrc: ["'none'"],
          workerSrc: ["'self'", 'blob:'],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      // Presigned storage links and Keycloak's pages are other origins the product opens on purpose.
      crossOriginResourcePolicy: { policy: 'same-site' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      frameguard: { action: framedBy === 'none' ? 'deny' : 'sameorigin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
  const everywhere = headersFor('none');
  // keycloak-js runs its silent check-sso in a hidden frame of our own pages. Its script's hash is
  // read from the file served (a new build may change it), so it always matches what is sent.
  const silentCheckSso = new Map<string, Middleware>();
  const silentCheckSsoHeaders = () => {
    let hashes: string[] = [];
    try {
      if (silentCheckSsoFile) hashes = inlineScriptHashes(fs.readFileSync(silentCheckSsoFile, 'utf8'));
    } catch {
      // Not built: the answer is a 503 or a 404, with no script to allow.
    }
    const key = hashes.join(' ');
    if (!silentCheckSso.has(key)) silentCheckSso.set(key, headersFor('self', hashes));
    return silentCheckSso.get(key) as Middleware;
  };
  return async (ctx: Context, next: Next) => {
    ctx.set('Permissions-Policy', PERMISSIONS_POLICY);
    await (ctx.path === SILENT_CHECK_SSO_PATH ? silentCheckSsoHeaders() : everywhere)(ctx, next);
  };
}

/**
 * CORS for the api: only the site's own origin and the configured ones get an
 * `Access-Control-Allow-Origin`; any other origin gets none, so its pages cannot read our answers.
 */
export function apiCors(policy: WebPolicy): Middleware {
  const allowed = new Set([origin(policy.appUrl), ...policy.corsOrigins.map(origin)]);
  const corsMiddleware = cors({
    origin: (ctx) => {
      const requested = ctx.get('Origin');
      return allowed.has(requested) ? requested : '';
    },
    allowHeaders: [
      'Authorization',
      'Content-Type',
      'Idempotency-Key',
      'Last-Event-ID',
      'X-Upload-Session',
      PROOF_OF_WORK_HEADER,
      // The page's trace context on each api call (domain/trace-context.ts).
      TRACEPARENT_HEADER,
    ],
    exposeHeaders: ['Retry-After', 'Content-Disposition'],
    maxAge: 600,
    keepHeadersOnError: true,
  });
  return async (ctx: Context, next: Next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return corsMiddleware(ctx, next);
    return next();
  };
}
