import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppDeps } from './app';
import type { ApiConfig } from './config';
import { EventHub } from './events/event-hub';
import { createHealthProbes } from './health/probes';
import { KeycloakAdminClient } from '../clients/keycloak-admin';
import { createMailTransport } from '../clients/mail';
import { createStripeClient } from '../clients/stripe-client';
import { createCeiling, createRateLimit, type RateLimitRule } from './lib/rate-limit';
import { createProofOfWork, createProofOfWorkGate, type ProofOfWork } from './lib/proof-of-work';
import { createReadCaches } from './projects/read-caches';
import { SSR_DIR, SSR_ENTRY_FILE } from '../domain/page-shell';
import { createPageRenderer } from './pages/page-renderer';
import { createPageSessions } from './pages/page-session';
import { createSessionRevocations } from './account/session-revocations';
import { createAccountActivity } from './account/account-activity';
import { createAccountDataWorkflowClient } from './account/account-data-workflow-client';
import { createRequestLimits } from './middleware/request-limits';
import { createS3Client } from '../clients/storage';
import { createTokenVerifier } from './middleware/auth';
import { createCheckoutService } from './payments/checkout-service';
import { createStripeWebhookHandler, type StripeWebhookDeps } from './payments/webhook';
import { createLaunchOfferHoldClient, type LaunchOfferHoldClient } from './payments/launch-offer-hold-client';
import { createBillingDocumentClient, type BillingDocumentClient } from './billing/billing-document-client';
import type { ContactLimit } from './contact/contact-routes';
import { cachedPublicPricingSettings } from './pricing/pricing-settings';
import { smtpHostOf } from './email-tests/smtp-host';
import { closeTemporal, lazyTemporal } from './temporal/connection';
import { createPreviewWorkflowClient } from './review/preview-workflow-client';
import { createContactSheetWorkflowClient } from './projects/contact-sheet-workflow-client';
import { createAdminWorkflowClient } from './admin/admin-workflow-client';
import { createBriefWorkflowClient, type BriefWorkflowClient } from './briefs/brief-workflow-client';
import { createContactWorkflowClient } from './contact/contact-workflow-client';
import { createRecordRetentionClient } from './privacy/record-retention-client';
import { createEditorApplicationWorkflowClient } from './editors/editor-application-workflow-client';
import { createEmailTestWorkflowClient } from './email-tests/email-test-workflow-client';
import { createProjectWorkflowClient } from './projects/project-workflow-client';
import { createRushAnalysisWorkflowClient } from './uploads/rush-analysis-workflow-client';
import { createUploadService } from './uploads/upload-service';
import { createApiMetrics, type ApiMetrics } from './metrics/metrics-registry';
import { outboxLagSeconds } from './metrics/outbox-lag';

/** Test hooks a test may add to the wiring (never set by the server). */
export interface AppTestHooks {
  /** Runs inside the webhook's transaction just before the commit (fault injection). */
  webhookBeforeCommit?: StripeWebhookDeps['beforeCommit'];
  /** How long a checkout holds its launch-offer place, shortened so a test sees the hold lapse. */
  launchOfferHoldMs?: number;
}

/**
 * The payment routes' wiring: real Stripe with a secret key, else stripe-mock at STRIPE_API_BASE
 * and the simulated checkout (never beside a live key, never in production).
 */
function paymentDeps(
  config: ApiConfig,
  orm: MikroORM,
  briefs: BriefWorkflowClient,
  holds: LaunchOfferHoldClient,
  billing: BillingDocumentClient,
  hooks: AppTestHooks,
  launchOfferChanged: () => void,
  metrics: ApiMetrics,
): AppDeps['payments'] {
  const stripe = createStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE);
  // Any configured key (test or live) means real Stripe Checkout; only no key at all simulates, and
  // never in production (its config refuses an empty key; this keeps the routes out even so).
  const simulatedCheckout = config.STRIPE_SECRET_KEY === '' && config.NODE_ENV !== 'production';
  const appUrl = config.APP_URL.replace(/\/$/, '');
  return {
    stripe,
    appUrl,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    simulatedCheckout,
    checkout: createCheckoutService({
      em: () => orm.em.fork(),
      stripe,
      mode: simulatedCheckout ? 'simulated' : 'stripe',
      appUrl,
      launchOfferChanged,
      holds,
      launchOfferHoldMs: hooks.launchOfferHoldMs,
      countOutcome: (outcome) => metrics.checkoutOutcomes.inc({ outcome }),
    }),
    webhook: createStripeWebhookHandler({
      em: () => orm.em.fork(),
      stripe,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      briefs,
      billing,
      beforeCommit: hooks.webhookBeforeCommit,
      launchOfferChanged,
      countOutcome: (outcome) => metrics.webhookOutcomes.inc({ outcome }),
    }),
  };
}

/**
 * The contact page's limits (000 §9), per client address and per e-mail, each form's proof-of-work
 * threshold (when `proofOfWork` is given) and ceiling, from the configuration; `keyPrefix` names
 * the counters (tests give each case its own).
 */
export function contactLimits(
  config: Pick<
    ApiConfig,
    | 'CONTACT_RATE_LIMIT_POINTS'
    | 'CONTACT_RATE_LIMIT_WINDOW_SECONDS'
    | 'RATE_CEILING_CONTACT_MESSAGES'
    | 'RATE_CEILING_CALL_BOOKINGS'
    | 'PROOF_OF_WORK_AFTER_CONTACT_MESSAGES'
    | 'PROOF_OF_WORK_AFTER_CALL_BOOKINGS'
  >,
  orm: MikroORM,
  keyPrefix = 'contact',
  rules: Partial<Record<'address' | 'email' | 'ceiling' | 'proofOfWork', RateLimitRule>> = {},
  proofOfWork?: ProofOfWork,
): { messages: ContactLimit; bookings: ContactLimit } {
  const rule = { points: config.CONTACT_RATE_LIMIT_POINTS, windowSeconds: config.CONTACT_RATE_LIMIT_WINDOW_SECONDS };
  const knex = orm.em.getConnection().getKnex();
  const limit = (name: string, ceiling: RateLimitRule, threshold: RateLimitRule): ContactLimit => ({
    perCaller: createRateLimit({
      knex,
      keyPrefix: `${keyPrefix}:${name}`,
      rules: { address: rules.address ?? rule, email: rules.email ?? rule },
    }),
    proofOfWork:
      proofOfWork && createProofOfWorkGate(knex, proofOfWork, `${keyPrefix}:${name}`, rules.proofOfWork ?? threshold),
    ceiling: createCeiling(knex, `${keyPrefix}:${name}`, rules.ceiling ?? ceiling),
  });
  return {
    messages: limit('messages', config.RATE_CEILING_CONTACT_MESSAGES, config.PROOF_OF_WORK_AFTER_CONTACT_MESSAGES),
    bookings: limit('bookings', config.RATE_CEILING_CALL_BOOKINGS, config.PROOF_OF_WORK_AFTER_CALL_BOOKINGS),
  };
}

/** Wires the api's dependencies from its configuration: one place for the server and the tests. */
export function buildAppDeps(config: ApiConfig, orm: MikroORM, hooks: AppTestHooks = {}): AppDeps {
  const mail = createMailTransport(config.SMTP_URL);
  const temporal = lazyTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE);
  const storage = {
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  };
  const s3 = createS3Client({ ...storage, endpoint: config.S3_ENDPOINT });
  // Browsers reach storage through the public endpoint; URLs signed for it name that host.
  const publicS3 = createS3Client({ ...storage, endpoint: config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT });
  const previews = createPreviewWorkflowClient(temporal);
  const contactSheets = createContactSheetWorkflowClient(temporal);
  const briefWorkflows = createBriefWorkflowClient(temporal);
  const billingDocuments = createBillingDocumentClient(temporal);
  const adminWorkflows = createAdminWorkflowClient(temporal);
  const accountDataWorkflows = createAccountDataWorkflowClient(temporal);
  const retention = createRecordRetentionClient(temporal);
  const uploads = createUploadService({
    em: () => orm.em.fork(),
    s3,
    publicS3,
    rushAnalysis: createRushAnalysisWorkflowClient(temporal),
    startPreview: (versionId) => previews.start(versionId),
    startContactSheet: (fileId) => contactSheets.start(fileId),
  });
  const appUrl = config.APP_URL.replace(/\/$/, '');
  const publicSettings = cachedPublicPricingSettings(() => orm.em.fork());
  const reads = createReadCaches({ databaseUrl: config.DATABASE_URL });
  const knex = orm.em.getConnection().getKnex();
  // Its signing key comes from the page session's secret: one secret fewer to deploy, and
  // production already refuses a shipped or short one.
  const proofOfWork = createProofOfWork({ knex, secret: config.PAGE_SESSION_SECRET });
  const proofOfWorkGate = (name: string, threshold: RateLimitRule) =>
    createProofOfWorkGate(knex, proofOfWork, `requests:${name}`, threshold);
  const revocations = createSessionRevocations({ em: () => orm.em.fork() });
  const hub = new EventHub({
    em: () => orm.em.fork(),
    databaseUrl: config.DATABASE_URL,
    limits: { perAccount: config.LIVE_STREAMS_PER_ACCOUNT, total: config.LIVE_STREAMS_MAX },
  });
  const metrics = createApiMetrics({
    liveStreams: () => hub.streamCount,
    outboxLagSeconds: () => outboxLagSeconds(() => orm.em.fork(), hub.deliveredUpTo),
  });
  return {
    metrics,
    metricsToken: config.METRICS_TOKEN,
    tracedReadsRatio: config.TRACE_READS_SAMPLE_RATIO,
    web: {
      appUrl,
      keycloakUrl: config.KEYCLOAK_URL,
      storageUrl: config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT,
      corsOrigins: config.CORS_ORIGINS,
      trustProxy: config.TRUST_PROXY,
    },
    proofOfWork,
    requestLimits: createRequestLimits(
      knex,
      {
        briefs: config.RATE_LIMIT_BRIEFS,
        checkouts: config.RATE_LIMIT_CHECKOUTS,
        uploadSessions: config.RATE_LIMIT_UPLOAD_SESSIONS,
        applications: config.RATE_LIMIT_APPLICATIONS,
        accountData: config.RATE_LIMIT_ACCOUNT_DATA,
      },
      'requests',
      { briefs: config.RATE_CEILING_BRIEFS, applications: config.RATE_CEILING_APPLICATIONS },
      {
        briefs: proofOfWorkGate('briefs', config.PROOF_OF_WORK_AFTER_BRIEFS),
        applications: proofOfWorkGate('applications', config.PROOF_OF_WORK_AFTER_APPLICATIONS),
      },
    ),
    verifyToken: createTokenVerifier({ issuer: config.keycloakIssuer, audience: config.KEYCLOAK_API_CLIENT_ID }),
    revocations,
    backchannelLogout: {
      issuer: config.keycloakIssuer,
      audience: config.KEYCLOAK_SPA_CLIENT_ID,
      revocations,
      em: () => orm.em.fork(),
    },
    admin: {
      em: () => orm.em.fork(),
      users: {
        keycloak: new KeycloakAdminClient({
          url: config.KEYCLOAK_URL,
          realm: config.KEYCLOAK_REALM,
          clientId: config.KEYCLOAK_API_CLIENT_ID,
          clientSecret: config.KEYCLOAK_API_CLIENT_SECRET,
        }),
        workflows: adminWorkflows,
        invitation: { clientId: config.KEYCLOAK_SPA_CLIENT_ID, redirectUri: `${appUrl}/editor` },
      },
      photos: { publicS3 },
      retention,
      links: {
        baseUrl: config.TEMPORAL_UI_URL,
        namespace: config.TEMPORAL_NAMESPACE,
        traceUrlTemplate: config.TRACE_URL_TEMPLATE,
      },
      system: { workflows: adminWorkflows },
      billing: { s3, billing: billingDocuments },
    },
    frontendDist: config.FRONTEND_DIST,
    signedInPages: {
      sessions: createPageSessions({
        secret: config.PAGE_SESSION_SECRET,
        ttlSeconds: config.PAGE_SESSION_TTL_SECONDS,
        secure: appUrl.startsWith('https:'),
        revocations,
      }),
      renderer: createPageRenderer(path.join(config.FRONTEND_DIST, SSR_DIR, SSR_ENTRY_FILE)),
      em: () => orm.em.fork(),
      reads,
    },
    pricing: { settings: publicSettings },
    briefs: { em: () => orm.em.fork(), workflows: briefWorkflows, uploads },
    payments: paymentDeps(
      config,
      orm,
      briefWorkflows,
      createLaunchOfferHoldClient(temporal),
      billingDocuments,
      hooks,
      () => publicSettings.invalidate(),
      metrics,
    ),
    projects: { em: () => orm.em.fork(), reads, s3 },
    projectFiles: { em: () => orm.em.fork(), s3, publicS3, contactSheets },
    editorProfile: { em: () => orm.em.fork() },
    projectActions: {
      em: () => orm.em.fork(),
      workflows: createProjectWorkflowClient({ em: () => orm.em.fork(), temporal }),
    },
    review: { em: () => orm.em.fork(), publicS3, previews },
    editorApplications: {
      em: () => orm.em.fork(),
      workflows: createEditorApplicationWorkflowClient(temporal),
      publicS3,
    },
    contact: {
      em: () => orm.em.fork(),
      workflows: createContactWorkflowClient(temporal),
      retention,
      limits: contactLimits(config, orm, 'contact', {}, proofOfWork),
      countRefusal: (limit) => metrics.rateLimitRefusals.inc({ limit }),
    },
    emailTests: {
      em: () => orm.em.fork(),
      workflows: createEmailTestWorkflowClient(temporal),
      notes: {
        from: config.MAIL_FROM,
        smtpHost: smtpHostOf(config.SMTP_URL),
        contactRateLimit: {
          points: config.CONTACT_RATE_LIMIT_POINTS,
          windowMinutes: Math.round(config.CONTACT_RATE_LIMIT_WINDOW_SECONDS / 60),
        },
      },
    },
    notifications: { em: () => orm.em.fork(), reads },
    accountData: {
      workflows: accountDataWorkflows,
      activity: createAccountActivity((userId) => accountDataWorkflows.markActive(userId)),
    },
    reads,
    events: { em: () => orm.em.fork(), hub },
    publicConfig: {
      keycloak: { url: config.KEYCLOAK_URL, realm: config.KEYCLOAK_REALM, clientId: config.KEYCLOAK_SPA_CLIENT_ID },
      appName: 'Rushflow',
    },
    healthProbes: createHealthProbes({
      queryDatabase: () => orm.em.getConnection().execute('select 1'),
      temporal: lazyTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_HEALTH_NAMESPACE),
      keycloakIssuer: config.keycloakIssuer,
      s3,
      verifySmtp: () => mail.verify(),
      stripe: createStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE),
    }),
    uploads,
    closeTemporal: () => closeTemporal(temporal),
  };
}
