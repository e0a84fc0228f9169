import path from 'node:path';
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { MESSAGES } from '../domain/messages';
import type { AdminLinks } from './admin/trace-links';
import type { HealthProbes } from './health/checks';
import { HttpError } from './lib/http-error';
import type { ReadCaches } from './projects/read-caches';
import { limitRequests, type RequestLimits } from './middleware/request-limits';
import { refuseNulCharacters } from './lib/validation';
import { authenticate, type TokenVerifier } from './middleware/auth';
import { errorHandler } from './middleware/errors';
import { logRequests } from './middleware/request-log';
import { traceRequests } from './middleware/trace-requests';
import { processLogger } from '../observability/logger';
import { apiCors, securityHeaders, SILENT_CHECK_SSO_PATH, type WebPolicy } from './middleware/security-headers';
import { serveFrontend } from './middleware/static-frontend';
import { serveSignedInPages, type SignedInPageDeps } from './pages/signed-in-pages';
import { accountRoutes } from './account/account-routes';
import { adminApplicationRoutes, type AdminApplicationRouteDeps } from './admin/admin-application-routes';
import { adminAuditRoutes } from './admin/admin-audit-routes';
import { adminBillingRoutes, type AdminBillingRouteDeps } from './admin/admin-billing-routes';
import { adminBriefRoutes } from './admin/admin-brief-routes';
import { adminProjectRoutes } from './admin/admin-project-routes';
import { adminSettingsRoutes } from './admin/admin-settings-routes';
import { adminSystemRoutes, type AdminSystemRouteDeps } from './admin/admin-system-routes';
import { adminUserRoutes, type AdminUserRouteDeps } from './admin/admin-user-routes';
import { briefRoutes, type BriefRouteDeps } from './briefs/brief-routes';
import { contactRoutes, type ContactRouteDeps } from './contact/contact-routes';
import { editorApplicationRoutes, type EditorApplicationRouteDeps } from './editors/editor-application-routes';
import { emailTestRoutes, type EmailTestRouteDeps } from './email-tests/email-test-routes';
import { paymentRoutes, STRIPE_WEBHOOK_PATH, type PaymentRouteDeps } from './payments/payment-routes';
import { pricingRoutes, type PricingRouteDeps } from './pricing/pricing-routes';
import { systemRoutes, type PublicConfig } from './system/system-routes';
import { uploadRoutes } from './uploads/upload-routes';
import { editorProfileRoutes, type EditorProfileRouteDeps } from './editors/editor-profile-routes';
import { eventRoutes, type EventRouteDeps } from './events/event-routes';
import { notificationRoutes, type NotificationRouteDeps } from './notifications/notification-routes';
import { accountDataRoutes, type AccountDataRouteDeps } from './account/account-data-routes';
import { projectFileRoutes, type ProjectFileRouteDeps } from './projects/project-file-routes';
import { projectRoutes, type ProjectRouteDeps } from './projects/project-routes';
import { projectActionRoutes, type ProjectActionRouteDeps } from './projects/project-action-routes';
import { projectReviewRoutes, type ProjectReviewRouteDeps } from './review/project-review-routes';
import { reviewMarkerRoutes } from './review/review-marker-routes';
import { sessionRoutes } from './account/session-routes';
import type { ProofOfWork } from './lib/proof-of-work';
import { proofOfWorkRoutes } from './proof-of-work/proof-of-work-routes';
import type { SessionRevocations } from './account/session-revocations';
import { backchannelLogoutRoutes, type BackchannelLogoutDeps } from './account/backchannel-logout';
import type { UploadService } from './uploads/upload-service';
import type { ApiMetrics } from './metrics/metrics-registry';
import { metricsRoutes } from './metrics/metrics-routes';
import { measureRequests } from './metrics/request-metrics';

export interface AppDeps {
  /** The instance's metrics, served at `GET /metrics` to the bearer of `metricsToken`. */
  metrics: ApiMetrics;
  metricsToken: string;
  /** The share of reads a server span is made for (every other request has one). */
  tracedReadsRatio: number;
  /** Security headers, CORS and whether to trust a proxy's forwarded headers. */
  web: WebPolicy;
  /** Rate limits of the costly public requests (a test may swap them: read at each request). */
  requestLimits: RequestLimits;
  /** The challenges the anonymous forms ask for past their soft threshold. */
  proofOfWork: ProofOfWork;
  verifyToken: TokenVerifier;
  /** Ended sessions and changed roles, refused on every request (the server starts and stops them). */
  revocations: SessionRevocations;
  healthProbes: HealthProbes;
  /** The administration (`/api/admin/*`). */
  admin: AdminDeps;
  publicConfig: PublicConfig;
  frontendDist: string;
  /** Keycloak's notices of the sessions it ended. */
  backchannelLogout: BackchannelLogoutDeps;
  /** Signed-in pages drawn on their first request, and the page session they are drawn with. */
  signedInPages: Omit<SignedInPageDeps, 'distDir'>;
  pricing: PricingRouteDeps;
  uploads: UploadService;
  briefs: BriefRouteDeps;
  payments: PaymentRouteDeps;
  projects: ProjectRouteDeps;
  projectFiles: Omit<ProjectFileRouteDeps, 'uploads'>;
  editorProfile: EditorProfileRouteDeps;
  notifications: NotificationRouteDeps;
  /** « Mes données »: the account's export and deletion, through its privacy workflow. */
  accountData: AccountDataRouteDeps;
  /** The hot reads kept in memory (`api/projects/read-caches.ts`); the server starts and stops them. */
  reads: ReadCaches;
  /** The live channel: streams the outbox's events to the signed-in browsers of this instance. */
  events: EventRouteDeps;
  /** Lifecycle actions through the project's workflow (absent: the routes are not mounted). */
  projectActions?: ProjectActionRouteDeps;
  /** The review studio: versions, previews, originals, comments (absent: the routes are not mounted). */
  review?: ProjectReviewRouteDeps;
  /** /recrutement: applications and the admins' photo links. */
  editorApplications: Omit<EditorApplicationRouteDeps, 'uploads'>;
  /** /contact: messages and call bookings, rate-limited. */
  contact: ContactRouteDeps;
  /** /email-test (admins). */
  emailTests: EmailTestRouteDeps;
  /** Closes the connection the areas' workflow clients share, if it was ever opened. */
  closeTemporal: () => Promise<void>;
}

interface AdminDeps {
  em: () => EntityManager;
  users: AdminUserRouteDeps;
  photos: AdminApplicationRouteDeps['photos'];
  retention: AdminApplicationRouteDeps['retention'];
  links: AdminLinks;
  system: Omit<AdminSystemRouteDeps, 'links'>;
  billing: Omit<AdminBillingRouteDeps, 'em'>;
}

/**
 * A write request's changes are committed before its answer leaves: the kept reads are forgotten
 * then, so the caller's next read sees them even before the database's notification arrives.
 */
function forgetKeptReadsAfterWrites(reads: ReadCaches) {
  return async (ctx: Koa.Context, next: Koa.Next) => {
    try {
      await next();
    } finally {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.method !== 'OPTIONS') reads.forgetAll();
    }
  };
}

/** Bodies larger than this are refused before parsing. */
const JSON_BODY_LIMIT = '1mb';

export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  app.proxy = deps.web.trustProxy;
  // Only the nearest proxy's entry counts: earlier ones are whatever the client chose to send.
  app.maxIpsCount = 1;
  // One router for the whole api, each area's routes mounted in it: a request is matched once
  // against every route, instead of passing through a router and its allowed-methods check per area.
  const api = new Router();
  // First: the line is written once every other middleware, the error handler included, has answered.
  app.use(logRequests(processLogger('api'), api));
  app.use(measureRequests(deps.metrics, api));
  app.use(traceRequests(api, deps.tracedReadsRatio));
  app.use(securityHeaders(deps.web, path.join(deps.frontendDist, SILENT_CHECK_SSO_PATH)));
  app.use(errorHandler);
  // Before the pages (GET /metrics is no page) and the sign-in (its token is not a Keycloak one).
  app.use(metricsRoutes({ metrics: deps.metrics, token: deps.metricsToken }).routes());
  app.use(apiCors(deps.web));
  app.use(serveSignedInPages({ ...deps.signedInPages, distDir: deps.frontendDist }));
  app.use(serveFrontend(deps.frontendDist));
  app.use(
    koaBody({
      json: true,
      multipart: false,
      urlencoded: false,
      text: false,
      jsonLimit: JSON_BODY_LIMIT,
      jsonStrict: true,
      includeUnparsed: true,
      onError: (error) => {
        throw error;
      },
    }),
  );
  app.use(refuseNulCharacters([STRIPE_WEBHOOK_PATH]));
  app.use(forgetKeptReadsAfterWrites(deps.reads));
  app.use(authenticate(deps.verifyToken, deps.revocations));
  app.use(
    limitRequests(
      () => deps.requestLimits,
      (limit) => deps.metrics.rateLimitRefusals.inc({ limit }),
    ),
  );

  for (const area of [
    systemRoutes(deps.healthProbes, deps.publicConfig),
    accountRoutes(),
    sessionRoutes(deps.signedInPages.sessions, deps.accountData.activity),
    accountDataRoutes(deps.accountData),
    backchannelLogoutRoutes(deps.backchannelLogout),
    adminUserRoutes(deps.admin.users),
    adminProjectRoutes({ em: deps.admin.em, links: deps.admin.links }),
    adminApplicationRoutes({
      em: deps.admin.em,
      photos: deps.admin.photos,
      users: deps.admin.users,
      retention: deps.admin.retention,
    }),
    adminBriefRoutes({ em: deps.admin.em, links: deps.admin.links }),
    adminSettingsRoutes({ em: deps.admin.em, publicSettings: deps.pricing.settings }),
    adminAuditRoutes({ em: deps.admin.em }),
    adminBillingRoutes({ em: deps.admin.em, ...deps.admin.billing }),
    adminSystemRoutes({ ...deps.admin.system, links: deps.admin.links }),
    pricingRoutes(deps.pricing),
    uploadRoutes(deps.uploads),
    briefRoutes(deps.briefs),
    paymentRoutes(deps.payments),
    projectRoutes(deps.projects),
    projectFileRoutes({ ...deps.projectFiles, uploads: deps.uploads }),
    editorProfileRoutes(deps.editorProfile),
    notificationRoutes(deps.notifications),
    eventRoutes(deps.events),
    reviewMarkerRoutes({ em: deps.projects.em }),
    editorApplicationRoutes({ ...deps.editorApplications, uploads: deps.uploads }),
    contactRoutes(deps.contact),
    proofOfWorkRoutes(deps.proofOfWork),
    emailTestRoutes(deps.emailTests),
    ...(deps.projectActions ? [projectActionRoutes(deps.projectActions)] : []),
    ...(deps.review ? [projectReviewRoutes(deps.review)] : []),
  ])
    api.use(area.routes());
  app.use(api.routes());
  app.use(api.allowedMethods({ throw: false }));

  app.use((ctx) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) throw new HttpError(404, MESSAGES.routeNotFound);
  });
  return app;
}
