import { randomUUID } from 'node:crypto';
import http from 'node:http';
import fc from 'fast-check';
import type { ZodType } from 'zod';
import { Brief, EditorApplication, Project, ProjectFile, UploadSession } from '../../db/entities';
import { readSettings } from '../../db/settings';
import { BUCKETS } from '../../clients/storage';
import {
  ApplicationListQuerySchema,
  ApplicationUpdateSchema,
  AddRevisionsSchema,
  AssignEditorSchema,
  AuditQuerySchema,
  BriefListQuerySchema,
  CancelProjectSchema,
  ChangeDeadlineSchema,
  InviteEditorSchema,
  ProjectListQuerySchema,
  RoleChangeSchema,
  SystemTestSchema,
  UserListQuerySchema,
} from '../../domain/schemas/admin';
import { callBookingConfirmationSchema, callBookingSchema, contactMessageSchema } from '../../domain/schemas/contact';
import { addWorkingDays, todayIn } from '../../domain/delivery';
import { EMAIL_TEST_TEMPLATES } from '../../domain/email-tests';
import { emailTestRequestSchema } from '../../domain/schemas/email-tests';
import { PageSessionInputSchema } from '../../domain/schemas/page-session';
import { BackchannelLogoutInputSchema } from '../../domain/schemas/backchannel-logout';
import { editorApplicationSchema } from '../../domain/schemas/recruitment';
import {
  ApprovalInputSchema,
  ClientAnswerInputSchema,
  ClientQuestionInputSchema,
  CommentInputSchema,
  MarkersQuerySchema,
  RevisionRoundInputSchema,
} from '../../domain/schemas/review';
import { MESSAGES } from '../../domain/messages';
import { briefAddressConfirmationSchema, createFullBriefSchema, wizardBriefSchema } from '../../domain/schemas/brief';
import { estimateInputSchema } from '../../domain/schemas/estimate';
import {
  EditorProfileInputSchema,
  MyProjectsQuerySchema,
  ProjectMessageInputSchema,
  ProjectNotificationsQuerySchema,
  ProjectUploadSessionSchema,
} from '../../domain/schemas/project';
import { CheckoutInputSchema } from '../../domain/schemas/payments';
import { SellerIdentitySchema } from '../../domain/schemas/invoicing';
import {
  BillingExportQuerySchema,
  BillingListQuerySchema,
  ProjectRefundInputSchema,
} from '../../domain/schemas/billing';
import { DEMO_SELLER } from '../../api/setup/demo-seller';
import { SettingsInputSchema } from '../../domain/schemas/settings';
import { UPLOAD_MESSAGES, UPLOAD_SESSION_HEADER } from '../../domain/uploads';
import { AddUploadFileSchema, CreateUploadSessionSchema, SignUploadRequestSchema } from '../../domain/schemas/uploads';
import { adminKit } from '../support/admin-kit';
import { mountedRoutes } from '../support/app-routes';
import { readyVersion, seedProject } from '../support/project-seed';
import { appWithLimitsOfItsOwn, listenOnLoopback } from '../support/own-api';
import { badBodies, badQueries, type FuzzInput } from '../support/zod-fuzz';

/**
 * Bad input on every route that reads a body or a validated query string: bodies and queries
 * derived from the shared zod schemas (wrong types, out of bounds, hostile text, prototype keys,
 * missing and unknown fields), sent by a caller who passes the route's guards with ids of its own,
 * so that the validation is what answers. Each answer must be a 4xx carrying a French message,
 * nothing may be half-written (exact row counts of the app's tables) and no prototype polluted.
 * The route list is the app's own: a route missing here fails the suite.
 */
jest.setTimeout(300_000);

/** Fixed, so a failure comes back the same; `FUZZ_SEED` explores others. */
const SEED = Number(process.env.FUZZ_SEED ?? 150_515);
const RUNS = 40;

const kit = adminKit();
const { config, accounts } = kit;
// The fuzz checks what bad input gets, not how often: the limited public routes get limits of their own.
const { orm, deps, app } = appWithLimitsOfItsOwn(config, 'fuzz', 10_000);

type Caller = 'anonymous' | 'client' | 'editor' | 'admin';

/** The caller's own ids the paths name. */
interface Ids {
  projectId: string;
  n: string;
  number: string;
  sessionId: string;
  secret: string;
  fileId: string;
  applicationId: string;
}

interface Target {
  caller: Caller;
  schema: ZodType;
  /** A valid body or query the bad ones are made from. */
  base: () => Record<string, unknown>;
  /** Ids replaced in the path (an action's name…). */
  params?: Partial<Record<string, string>>;
  label?: string;
}

type Entry =
  | { body: Target[] }
  | { query: (Target & { base: () => Record<string, string> })[] }
  | { webhook: true }
  /** Why the route has nothing to fuzz. */
  | { none: string };

const NO_INPUT = 'reads neither a body nor a query string';
const validEmail = () => kit.uniqueEmail('fuzz');

/** Every route the app mounts → what is fuzzed on it. */
const FUZZ: Record<string, Entry> = {
  // — public
  'GET /api/health': { none: NO_INPUT },
  'GET /api/config': { none: NO_INPUT },
  'GET /metrics': { none: NO_INPUT },
  'POST /api/estimate': {
    body: [
      {
        caller: 'anonymous',
        schema: estimateInputSchema,
        base: () => ({
          visualComplexity: 'premium',
          currency: 'eur',
          rushMinutes: 60,
          finalMinutes: 3,
          features: { motionDesign: true },
          express: false,
          flatExtras: { extraFormats: 2, express48h: false, subtitles: 'full' },
        }),
      },
    ],
  },
  'GET /api/pricing/settings': { none: NO_INPUT },
  'POST /api/briefs': {
    body: [
      {
        caller: 'anonymous',
        label: 'wizard',
        schema: wizardBriefSchema,
        base: () => ({
          email: validEmail(),
          video_type: 'autre',
          video_type_custom: 'Podcast vidéo',
          objective: 'autre',
          objective_custom: 'Recruter',
          final_duration: 2.5,
          total_rush_duration: 40,
          number_of_files: '11-20',
          rush_content: 'Interviews et plans de coupe',
          rush_quality: 'variable',
          visual_complexity: 'premium',
          editing_style: 'sur_mesure',
          custom_editing_style: 'Montage nerveux',
          delivery_formats: ['horizontal', 'vertical'],
          creative_brief: 'Une vidéo pour présenter notre équipe.',
          constraints: 'Logo en fin de vidéo',
          language: 'fr',
          currency: 'eur',
          needs_subtitles: true,
          subtitle_type: 'key_points',
          file_links: ['https://transfer.example.com/abc'],
          estimated_editing_hours: 1,
          total_price: 1,
        }),
      },
      {
        caller: 'anonymous',
        label: 'formulaire complet',
        schema: createFullBriefSchema(todayIn()),
        base: () => ({
          clientEmail: validEmail(),
          projectName: 'Lancement produit',
          videoTypes: ['Publicité'],
          mainObjective: 'vendre',
          targetAudience: 'PME',
          serviceCategory: 'motion',
          visualComplexity: 'expert',
          technicalRequirements: ['Multi-caméras'],
          rushTypes: ['Vidéo brute'],
          totalRushDurationProvided: 90,
          downloadLink: 'https://transfer.example.com/xyz',
          distributionPlatforms: ['YouTube'],
          referenceVideos: ['https://youtu.be/1'],
          subtitlesNeeded: true,
          subtitlesLanguage: 'Anglais',
          desiredDeliveryDate: addWorkingDays(todayIn(), 40),
          numberOfVersions: 2,
          confirmRushesRights: true,
          confirmMusicRights: true,
          pricingEstimate: 3,
        }),
      },
    ],
  },
  'GET /api/contact/call-slots': { none: NO_INPUT },
  'GET /api/proof-of-work/challenge': { none: NO_INPUT },
  'POST /api/contact': {
    body: [
      {
        caller: 'anonymous',
        schema: contactMessageSchema,
        base: () => ({
          firstName: 'Camille',
          lastName: 'Martin',
          email: validEmail(),
          subject: 'Devis',
          message: 'Bonjour, je voudrais un devis.',
        }),
      },
    ],
  },
  'POST /api/contact/call-bookings': {
    body: [
      {
        caller: 'anonymous',
        schema: callBookingSchema,
        base: () => ({
          startsAt: '2030-01-07T09:00:00.000Z',
          name: 'Camille Martin',
          email: validEmail(),
          phone: '06 12 34 56 78',
          topic: 'Mon projet',
        }),
      },
    ],
  },
  'POST /api/briefs/address-confirmation': {
    body: [{ caller: 'anonymous', schema: briefAddressConfirmationSchema, base: () => ({ token: 'A'.repeat(43) }) }],
  },
  'POST /api/contact/call-bookings/confirm': {
    body: [{ caller: 'anonymous', schema: callBookingConfirmationSchema, base: () => ({ token: 'A'.repeat(43) }) }],
  },
  'POST /api/editor-applications': {
    body: [
      {
        caller: 'anonymous',
        schema: editorApplicationSchema,
        base: () => ({
          email: validEmail(),
          firstName: 'Léa',
          lastName: 'Monteuse',
          phone: '+33 6 12 34 56 78',
          address: '12 rue des Rushs, 75011 Paris',
          paymentMethod: 'IBAN',
          complexityLevels: ['cuts_transitions'],
          specialtyDomains: ['youtube'],
          softwareMastered: ['premiere_pro'],
          otherSoftware: 'Audition',
          timezone: 'Europe/Paris',
          availabilityDays: ['lundi'],
          availabilityStartTime: '09:00',
          availabilityEndTime: '18:00',
          unavailablePeriods: ['du 1er au 15 août'],
          experienceDescription: 'Cinq ans de montage.',
          portfolioLinks: ['https://vimeo.com/lea'],
          acceptsTerms: true,
          acceptsPrivacy: true,
          acceptsContract: true,
          experienceYears: 5,
          hourlyRate: 32.5,
          availabilityHours: 30,
          motivation: 'J’aime raconter des histoires.',
          profilePhotoSessionId: randomUUID(),
        }),
      },
    ],
  },
  'POST /api/webhooks/stripe': { webhook: true },
  'POST /api/keycloak/backchannel-logout': {
    body: [
      { caller: 'anonymous', schema: BackchannelLogoutInputSchema, base: () => ({ logout_token: 'pas-un-jeton' }) },
    ],
  },

  // — payments: no body
  'POST /api/briefs/:briefId/checkout': {
    body: [
      {
        caller: 'anonymous',
        schema: CheckoutInputSchema,
        params: { briefId: randomUUID() },
        base: () => ({
          buyer: {
            companyName: 'Studio Fuzz SARL',
            address: { line1: '1 rue du Test', postalCode: '75001', city: 'Paris', countryCode: 'FR' },
            siren: '732829320',
            vatNumber: 'FR44732829320',
          },
        }),
      },
    ],
  },
  'GET /api/briefs/:briefId/payment': { none: NO_INPUT },
  'GET /api/briefs/unpaid': { none: NO_INPUT },
  'GET /api/payments/:sessionId': { none: NO_INPUT },
  'GET /api/payments/simulated/:sessionId': { none: NO_INPUT },
  'POST /api/payments/simulated/:sessionId/pay': { none: 'the session’s id is all it reads' },

  // — uploads
  'POST /api/uploads/sessions': {
    body: [{ caller: 'client', schema: CreateUploadSessionSchema, base: () => ({ area: 'brief' }) }],
  },
  'GET /api/uploads/sessions/:sessionId/files': { none: NO_INPUT },
  'POST /api/uploads/sessions/:sessionId/files': {
    body: [
      {
        caller: 'client',
        schema: AddUploadFileSchema,
        base: () => ({ name: 'rush.mp4', size: 1_000_000, type: 'video/mp4' }),
      },
    ],
  },
  'POST /api/uploads/sessions/:sessionId/files/:fileId/sign': {
    body: [
      { caller: 'client', schema: SignUploadRequestSchema, base: () => ({ operation: 'uploadPart', partNumber: 1 }) },
    ],
  },
  'POST /api/uploads/sessions/:sessionId/files/:fileId/complete': { none: 'the ids and the secret are all it reads' },
  'DELETE /api/uploads/sessions/:sessionId/files/:fileId': { none: 'the ids and the secret are all it reads' },
  'POST /api/uploads/sessions/:sessionId/analysis': { none: 'the ids and the secret are all it reads' },

  // — the caller's own things
  'GET /api/me': { none: NO_INPUT },
  'POST /api/session': {
    body: [{ caller: 'client', schema: PageSessionInputSchema, base: () => ({ timeZone: 'Europe/Paris' }) }],
  },
  'DELETE /api/session': { none: 'ends the caller’s page session (a cookie), reads nothing' },
  'GET /api/events': { none: NO_INPUT },
  'GET /api/account/data': { none: NO_INPUT },
  'POST /api/account/data/export': { none: 'the caller’s account is all it reads' },
  'POST /api/account/data/deletion': { none: 'the caller’s account is all it reads' },
  'DELETE /api/account/data/deletion': { none: 'the caller’s account is all it reads' },
  'GET /api/notifications': { none: NO_INPUT },
  'POST /api/notifications/read-all': { none: 'marks everything read, reads nothing' },
  'POST /api/notifications/:notificationId/read': { none: 'the notification’s id is all it reads' },
  'GET /api/projects/mine': {
    query: [{ caller: 'editor', schema: MyProjectsQuerySchema, base: () => ({ as: 'editor' }) }],
  },
  'GET /api/editor/profile': { none: NO_INPUT },
  'PUT /api/editor/profile': {
    body: [
      {
        caller: 'editor',
        schema: EditorProfileInputSchema,
        base: () => ({
          firstName: 'Monteur',
          lastName: 'Démo',
          specialties: ['youtube'],
          visualComplexityLevels: ['simple'],
          languages: ['français'],
          timezone: 'Europe/Paris',
          hourlyRate: 32.5,
          maxConcurrentProjects: 3,
          availabilityStart: '09:00',
          availabilityEnd: '18:00',
          bio: 'Monteur depuis dix ans.',
          portfolioLinks: ['https://vimeo.com/moi'],
        }),
      },
    ],
  },

  // — a project's pages, on the demo client's project
  'GET /api/projects/:projectId': { none: NO_INPUT },
  'GET /api/projects/:projectId/notifications': {
    query: [{ caller: 'client', schema: ProjectNotificationsQuerySchema, base: () => ({ limit: '5' }) }],
  },
  'GET /api/projects/:projectId/messages': { none: NO_INPUT },
  'POST /api/projects/:projectId/messages': {
    body: [{ caller: 'client', schema: ProjectMessageInputSchema, base: () => ({ content: 'Bien reçu.' }) }],
  },
  'GET /api/projects/:projectId/revisions': { none: NO_INPUT },
  'GET /api/projects/:projectId/timeline': { none: NO_INPUT },
  'GET /api/projects/:projectId/invoice.pdf': { none: NO_INPUT },
  'GET /api/projects/:projectId/credit-note.pdf': { none: NO_INPUT },
  'GET /api/projects/:projectId/files': { none: NO_INPUT },
  'POST /api/projects/:projectId/upload-sessions': {
    body: [
      {
        caller: 'editor',
        schema: ProjectUploadSessionSchema,
        base: () => ({ fileType: 'final', note: 'Première version.' }),
      },
    ],
  },
  // The actions that read a body; the others read none.
  'POST /api/projects/:projectId/actions/:action': {
    body: [
      {
        caller: 'client',
        label: 'requestRevision',
        params: { action: 'requestRevision' },
        schema: RevisionRoundInputSchema,
        base: () => ({ versionNumber: 1, feedback: 'Le titre arrive trop tôt.' }),
      },
      {
        caller: 'client',
        label: 'approve',
        params: { action: 'approve' },
        schema: ApprovalInputSchema,
        base: () => ({ versionNumber: 1 }),
      },
      {
        caller: 'editor',
        label: 'askClient',
        params: { action: 'askClient' },
        schema: ClientQuestionInputSchema,
        base: () => ({ question: 'Quelle musique préférez-vous ?' }),
      },
      {
        caller: 'client',
        label: 'answerClient',
        params: { action: 'answerClient' },
        schema: ClientAnswerInputSchema,
        base: () => ({ answer: 'La deuxième.' }),
      },
    ],
  },
  'GET /api/projects/:projectId/versions': { none: NO_INPUT },
  'GET /api/projects/:projectId/versions/:n': { none: NO_INPUT },
  'GET /api/projects/:projectId/versions/:n/original': { none: NO_INPUT },
  'POST /api/projects/:projectId/versions/:n/preview/retry': { none: 'the ids are all it reads' },
  'GET /api/projects/:projectId/files/:fileId/shots': { none: NO_INPUT },
  'GET /api/projects/:projectId/files/:fileId/contact-sheet.pdf': { none: NO_INPUT },
  'GET /api/projects/:projectId/files/:fileId/shots.csv': { none: NO_INPUT },
  'GET /api/projects/:projectId/versions/:n/analysis': { none: NO_INPUT },
  'POST /api/projects/:projectId/versions/:n/analysis/share': { none: 'the ids are all it reads' },
  'POST /api/projects/:projectId/files/:fileId/contact-sheet/retry': { none: 'the ids are all it reads' },
  'GET /api/projects/:projectId/versions/:n/comments': { none: NO_INPUT },
  'POST /api/projects/:projectId/versions/:n/comments': {
    body: [
      {
        caller: 'client',
        schema: CommentInputSchema,
        base: () => ({
          body: 'Le titre arrive trop tôt.',
          frameIn: 12,
          frameOut: 40,
          drawing: { color: '#ef4444', shapes: [{ kind: 'arrow', from: { x: 0.1, y: 0.1 }, to: { x: 0.5, y: 0.5 } }] },
        }),
      },
    ],
  },
  'POST /api/projects/:projectId/versions/:n/comments/:commentId/resolve': { none: 'the ids are all it reads' },
  'POST /api/projects/:projectId/versions/:n/comments/:commentId/reopen': { none: 'the ids are all it reads' },
  'GET /api/projects/:projectId/versions/:number/markers': {
    query: [{ caller: 'client', schema: MarkersQuerySchema, base: () => ({ format: 'csv' }) }],
  },

  // — administration
  'GET /api/admin/users': { query: [{ caller: 'admin', schema: UserListQuerySchema, base: () => ({ q: 'demo' }) }] },
  'POST /api/admin/users/invite': {
    body: [
      {
        caller: 'admin',
        schema: InviteEditorSchema,
        base: () => ({ email: validEmail(), firstName: 'Léa', lastName: 'Invitée' }),
      },
    ],
  },
  'POST /api/admin/roles/assign': {
    body: [{ caller: 'admin', schema: RoleChangeSchema, base: () => ({ email: validEmail(), role: 'editor' }) }],
  },
  'POST /api/admin/roles/remove': {
    body: [{ caller: 'admin', schema: RoleChangeSchema, base: () => ({ email: validEmail(), role: 'editor' }) }],
  },
  'GET /api/admin/projects': {
    query: [
      {
        caller: 'admin',
        schema: ProjectListQuerySchema,
        base: () => ({ page: '1', pageSize: '20', status: 'in_progress', q: 'matrice' }),
      },
    ],
  },
  'GET /api/admin/projects/filters': { none: NO_INPUT },
  'GET /api/admin/projects/:projectId/eligible-editors': { none: NO_INPUT },
  'POST /api/admin/projects/:projectId/assign': {
    body: [{ caller: 'admin', schema: AssignEditorSchema, base: () => ({ editorId: accounts.editor.id }) }],
  },
  'POST /api/admin/projects/:projectId/reassign': {
    body: [{ caller: 'admin', schema: AssignEditorSchema, base: () => ({ editorId: accounts.editor.id }) }],
  },
  'POST /api/admin/projects/:projectId/deadline': {
    body: [
      { caller: 'admin', schema: ChangeDeadlineSchema, base: () => ({ deliveryDate: addWorkingDays(todayIn(), 10) }) },
    ],
  },
  'POST /api/admin/projects/:projectId/revisions': {
    body: [{ caller: 'admin', schema: AddRevisionsSchema, base: () => ({ count: 2 }) }],
  },
  'POST /api/admin/projects/:projectId/cancel': {
    body: [{ caller: 'admin', schema: CancelProjectSchema, base: () => ({ reason: 'Doublon' }) }],
  },
  'GET /api/admin/applications': {
    query: [{ caller: 'admin', schema: ApplicationListQuerySchema, base: () => ({ status: 'pending' }) }],
  },
  'PATCH /api/admin/applications/:applicationId': {
    body: [
      {
        caller: 'admin',
        schema: ApplicationUpdateSchema,
        base: () => ({ status: 'contacted', adminNotes: 'À rappeler.' }),
      },
    ],
  },
  'POST /api/admin/applications/:applicationId/invite': { none: 'the application’s id is all it reads' },
  'GET /api/editor-applications/:applicationId/photo': { none: NO_INPUT },
  'GET /api/admin/briefs': {
    query: [{ caller: 'admin', schema: BriefListQuerySchema, base: () => ({ status: 'paid', q: 'lancement' }) }],
  },
  'GET /api/admin/settings': { none: NO_INPUT },
  'GET /api/admin/settings/seller': { none: NO_INPUT },
  'PUT /api/admin/settings/seller': {
    body: [{ caller: 'admin', schema: SellerIdentitySchema, base: () => ({ ...DEMO_SELLER }) }],
  },
  'GET /api/admin/invoices': {
    query: [{ caller: 'admin', schema: BillingListQuerySchema, base: () => ({ month: '2026-11' }) }],
  },
  'GET /api/admin/invoices/export': {
    query: [{ caller: 'admin', schema: BillingExportQuerySchema, base: () => ({ from: '2026-10', to: '2026-11' }) }],
  },
  'GET /api/admin/invoices/:documentId/pdf': { none: NO_INPUT },
  'POST /api/admin/projects/:projectId/refund': {
    body: [{ caller: 'admin', schema: ProjectRefundInputSchema, base: () => ({ reason: 'Annulation' }) }],
  },
  'PUT /api/admin/settings': {
    body: [{ caller: 'admin', schema: SettingsInputSchema, base: () => ({ ...currentSettings }) }],
  },
  'GET /api/admin/audit': {
    query: [{ caller: 'admin', schema: AuditQuerySchema, base: () => ({ action: 'application.update' }) }],
  },
  'GET /api/admin/config': { none: NO_INPUT },
  'POST /api/admin/system-tests': {
    body: [{ caller: 'admin', schema: SystemTestSchema, base: () => ({ kind: 'assignment' }) }],
  },
  'GET /api/admin/email-tests': { none: NO_INPUT },
  'POST /api/admin/email-tests': {
    body: [
      {
        caller: 'admin',
        schema: emailTestRequestSchema,
        base: () => ({ template: EMAIL_TEST_TEMPLATES[0].value, to: validEmail() }),
      },
    ],
  },
};

const ROUTES = mountedRoutes(app);
/** The methods whose requests carry a body: such a route is fuzzed, or says why it reads none. */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

let server: http.Server;
let base: string;
let ids: Ids;
const tokens: Partial<Record<Caller, string>> = {};
let currentSettings: Record<string, unknown> = {};
const seeded = { projectId: '', briefId: '', sessionId: '', applicationId: '' };

/**
 * The rate limits' counters: a limited route counts its caller before reading the body, by design
 * (a flood of bad requests is still a flood).
 */
const COUNTERS = ['rate_limits'];

/** The app's tables (its entities'), counted exactly. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = [
    ...new Set(
      Object.values(orm.getMetadata().getAll())
        .filter((meta) => !meta.abstract && !meta.embeddable && !meta.virtual && meta.tableName)
        .map((meta) => meta.tableName)
        .filter((table) => !COUNTERS.includes(table)),
    ),
  ].sort();
  const rows = await orm.em
    .getConnection()
    .execute<{ name: string; count: number }[]>(
      tables.map((table) => `select '${table}' as name, count(*)::int as count from "${table}"`).join(' union all '),
    );
  return Object.fromEntries(rows.map((row) => [row.name, row.count]));
}

/** Own keys of the built-in prototypes: a request must never add one. */
const prototypeKeys = () =>
  [Object.prototype, Array.prototype, Function.prototype].map((proto) => Reflect.ownKeys(proto).length);
let pristinePrototypes: number[];

/** English words the api's messages never use (zod's and libraries' default messages do). */
const ENGLISH =
  /\b(invalid|expected|received|required|unrecognized|too (big|small)|must|should|error|failed|unexpected|not found|cannot|unable)\b/i;

/** What is wrong with an answer to bad input, or null when it is right: a 4xx carrying French messages. */
async function fault(response: Response): Promise<string | null> {
  const text = await response.text();
  if (response.status < 400 || response.status >= 500) return `${response.status} ${text.slice(0, 300)}`;
  let body: { error?: unknown; fields?: Record<string, unknown> };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return `${response.status} without a JSON body: ${text.slice(0, 200)}`;
  }
  const messages = [body.error, ...Object.values(body.fields ?? {})];
  if (typeof body.error !== 'string' || body.error.trim() === '')
    return `${response.status} without a message: ${text.slice(0, 200)}`;
  const english = messages.find((message) => typeof message !== 'string' || ENGLISH.test(message));
  if (english !== undefined) return `${response.status} with a message not in French: ${text.slice(0, 300)}`;
  if (({} as Record<string, unknown>).polluted !== undefined || prototypeKeys().join() !== pristinePrototypes.join())
    return `${response.status} and a prototype polluted`;
  return null;
}

function pathOf(route: string, target: Pick<Target, 'params'>): string {
  const values: Record<string, string | undefined> = { ...ids, ...target.params };
  return route.slice(route.indexOf(' ') + 1).replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`${route}: no id for :${name}`);
    return encodeURIComponent(value);
  });
}

/** Sends each input as `target.caller`; the faults found, one line each. */
async function fuzzRoute(
  route: string,
  target: Target,
  inputs: FuzzInput[],
  kind: 'body' | 'query',
): Promise<string[]> {
  const method = route.slice(0, route.indexOf(' '));
  const path = pathOf(route, target);
  const faults: string[] = [];
  for (const input of inputs) {
    const response = await fetch(`${base}${path}${kind === 'query' ? `?${input.text}` : ''}`, {
      method,
      headers: {
        ...(target.caller === 'anonymous' ? {} : { authorization: `Bearer ${tokens[target.caller]}` }),
        ...(path.startsWith('/api/uploads/sessions/') ? { [UPLOAD_SESSION_HEADER]: ids.secret } : {}),
        ...(kind === 'body' ? { 'content-type': 'application/json' } : {}),
      },
      body: kind === 'body' ? input.text : undefined,
    });
    const found = await fault(response);
    if (found) faults.push(`${input.label} → ${found}`);
  }
  return faults;
}

/** Writes the demo client's project (with a version ready for review) and an application, then an upload session through the api. */
async function seed(): Promise<Ids> {
  const em = orm.em.fork();
  const projectId = await seedProject(em, {
    client: { id: accounts.client.id, email: accounts.client.email },
    editorId: accounts.editor.id,
    status: 'in_progress',
    title: 'Projet du fuzz',
    files: [{ filename: 'v1.mp4', fileType: 'final', uploadedBy: accounts.editor.id, bucket: BUCKETS.videoUploads }],
  });
  const file = await em.findOneOrFail(ProjectFile, { project: projectId }, { populate: ['project.brief'] });
  readyVersion(em, projectId, file, accounts.editor.id);
  const application = em.create(EditorApplication, {
    firstName: 'Léa',
    lastName: 'Fuzz',
    email: kit.uniqueEmail('fuzz-application'),
    acceptsTerms: true,
    acceptsPrivacy: true,
    acceptsContract: true,
  });
  await em.flush();
  Object.assign(seeded, { projectId, briefId: file.project.brief.id, applicationId: application.id });

  const post = async (path: string, body: unknown, secret?: string) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.client}`,
        'content-type': 'application/json',
        ...(secret ? { [UPLOAD_SESSION_HEADER]: secret } : {}),
      },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  };
  const { sessionId, secret } = await post('/api/uploads/sessions', {});
  seeded.sessionId = sessionId;
  const { fileId } = await post(
    `/api/uploads/sessions/${sessionId}/files`,
    { name: 'rush.mp4', size: 2_000_000, type: 'video/mp4' },
    secret,
  );
  return { projectId, n: '1', number: '1', sessionId, secret, fileId, applicationId: application.id };
}

beforeAll(async () => {
  ({ server, base } = await listenOnLoopback(app));
  const [client, editor, admin] = await Promise.all([kit.token('client'), kit.token('editor'), kit.token('admin')]);
  Object.assign(tokens, { client, editor, admin });
  currentSettings = { ...(await readSettings(orm.em.fork())) };
  ids = await seed();
  pristinePrototypes = prototypeKeys();
});

afterAll(async () => {
  const em = orm.em.fork();
  if (seeded.projectId) await em.nativeDelete(Project, { id: seeded.projectId });
  if (seeded.briefId) await em.nativeDelete(Brief, { id: seeded.briefId });
  if (seeded.applicationId) await em.nativeDelete(EditorApplication, { id: seeded.applicationId });
  if (seeded.sessionId) await em.nativeDelete(UploadSession, { id: seeded.sessionId });
  await deps.events.hub.stop();
  await new Promise((resolve) => server?.close(resolve));
  await kit.cleanUp();
  await orm.close(true);
});

test('every route the app mounts has its entry, and every route with a body is fuzzed or says why not', () => {
  expect(ROUTES.filter((route) => !Object.hasOwn(FUZZ, route))).toEqual([]);
  expect(Object.keys(FUZZ).filter((route) => !ROUTES.includes(route))).toEqual([]);
  const fuzzed = ROUTES.filter((route) => !('none' in FUZZ[route]));
  expect(fuzzed.length).toBeGreaterThan(25);
  expect(ROUTES.filter((route) => 'query' in FUZZ[route] && !route.startsWith('GET '))).toEqual([]);
  expect(
    ROUTES.filter((route) => BODY_METHODS.includes(route.slice(0, route.indexOf(' '))) && 'query' in FUZZ[route]),
  ).toEqual([]);
});

interface FuzzTarget {
  route: string;
  target: Target;
  kind: 'body' | 'query';
}
const targets = Object.entries(FUZZ).flatMap<FuzzTarget>(([route, entry]) =>
  'body' in entry
    ? entry.body.map((target) => ({ route, target, kind: 'body' as const }))
    : 'query' in entry
      ? entry.query.map((target) => ({ route, target, kind: 'query' as const }))
      : [],
);

let requestsSent = 0;
afterAll(() => {
  console.log(
    `fuzz: ${targets.length} targets on ${new Set(targets.map((entry) => entry.route)).size} routes, ${requestsSent} requests (seed ${SEED})`,
  );
});

test.each(
  targets.map((entry) => ({ ...entry, name: `${entry.route}${entry.target.label ? ` (${entry.target.label})` : ''}` })),
)('$name: bad input gets a 4xx in French, writes nothing, pollutes nothing', async ({ route, target, kind }) => {
  const options = { seed: SEED, runs: RUNS };
  const inputs =
    kind === 'body'
      ? badBodies(target.schema, target.base(), options)
      : badQueries(target.schema, target.base() as Record<string, string>, options);
  const before = await rowCounts();
  const faults = await fuzzRoute(route, target, inputs, kind);
  requestsSent += inputs.length;
  expect({ seed: SEED, faults }).toEqual({ seed: SEED, faults: [] });
  expect(await rowCounts()).toEqual(before);
});

test('the Stripe webhook refuses unsigned and garbage bodies with a 400 in French', async () => {
  const bodies = fc.oneof(
    fc.json(),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.constant(JSON.stringify({ type: 'checkout.session.completed', data: { object: { id: 'cs_test_fuzz' } } })),
  );
  const signatures = fc.oneof(
    fc.constant(undefined),
    fc.string({ unit: 'grapheme-ascii', maxLength: 80 }),
    fc.nat().map((at) => `t=${at},v1=${'0'.repeat(64)}`),
    fc.constant(`t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)},v0=abc`),
  );
  const types = fc.constantFrom('application/json', 'text/plain', 'application/octet-stream');
  const requests = fc.sample(fc.tuple(bodies, signatures, types), { seed: SEED, numRuns: RUNS });
  const before = await rowCounts();
  const faults: string[] = [];
  for (const [body, signature, type] of requests) {
    const response = await fetch(`${base}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': type, ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
      body,
    });
    const found = response.status === 400 ? await fault(response) : `${response.status} ${await response.text()}`;
    if (found) faults.push(`${type} ${JSON.stringify(body).slice(0, 80)} signé « ${signature} » → ${found}`);
  }
  requestsSent += requests.length;
  expect({ seed: SEED, faults }).toEqual({ seed: SEED, faults: [] });
  expect(await rowCounts()).toEqual(before);
});

test('the back-channel logout refuses forged, unsigned and garbage logout tokens with a 400 in French', async () => {
  const events = { 'http://schemas.openid.net/event/backchannel-logout': {} };
  const header = (alg: string) => Buffer.from(JSON.stringify({ alg, typ: 'logout+jwt' })).toString('base64url');
  const claims = fc.record({
    iss: fc.constantFrom(config.keycloakIssuer, 'https://ailleurs.example/realms/rushflow'),
    aud: fc.constantFrom(config.KEYCLOAK_SPA_CLIENT_ID, config.KEYCLOAK_API_CLIENT_ID),
    sub: fc.constant(accounts.client.id),
    sid: fc.uuid(),
    iat: fc.constant(Math.floor(Date.now() / 1000)),
    events: fc.constantFrom(events, {}),
  });
  const tokens = fc.oneof(
    fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
    // Unsigned (`alg: none`), or signed with a made-up signature.
    claims.map((payload) => `${header('none')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`),
    fc
      .tuple(claims, fc.base64String({ minLength: 4, maxLength: 344 }))
      .map(
        ([payload, signature]) =>
          `${header('RS256')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature.replace(/=+$/, '')}`,
      ),
  );
  const requests = fc.sample(tokens, { seed: SEED, numRuns: RUNS });
  const before = await rowCounts();
  const faults: string[] = [];
  for (const token of requests) {
    const response = await fetch(`${base}/api/keycloak/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: token }).toString(),
    });
    const found = response.status === 400 ? await fault(response) : `${response.status} ${await response.text()}`;
    if (found) faults.push(`« ${token.slice(0, 80)} » → ${found}`);
  }
  requestsSent += requests.length;
  expect({ seed: SEED, faults }).toEqual({ seed: SEED, faults: [] });
  expect(await rowCounts()).toEqual(before);
});

// — What the fuzz found, each checked on its own

test('a NUL character in a body or a query is refused in French before it reaches PostgreSQL', async () => {
  const before = await rowCounts();
  const message = await fetch(`${base}/api/projects/${ids.projectId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.client}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'Bien\u0000 reçu' }),
  });
  expect({ status: message.status, body: await message.json() }).toEqual({
    status: 400,
    body: { error: MESSAGES.nulCharacter, fields: { content: MESSAGES.nulCharacter } },
  });
  const search = await fetch(`${base}/api/admin/projects?q=a%00b`, {
    headers: { authorization: `Bearer ${tokens.admin}` },
  });
  expect({ status: search.status, body: await search.json() }).toEqual({
    status: 400,
    body: { error: MESSAGES.nulCharacter, fields: { q: MESSAGES.nulCharacter } },
  });
  expect(await rowCounts()).toEqual(before);
});

test('a declared file type that lists types or carries parameters is refused in French, and nothing is written', async () => {
  const before = await rowCounts();
  for (const type of ['image/jpeg,text/html', 'video/mp4; codecs=avc1', 'text/html, video/mp4']) {
    const response = await fetch(`${base}/api/uploads/sessions/${ids.sessionId}/files`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.client}`,
        'content-type': 'application/json',
        [UPLOAD_SESSION_HEADER]: ids.secret,
      },
      body: JSON.stringify({ name: 'rush.mp4', size: 1_000, type }),
    });
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 400,
      body: expect.objectContaining({
        fields: { type: UPLOAD_MESSAGES.declaredTypeInvalid },
      }),
    });
  }
  expect(await rowCounts()).toEqual(before);
});

test('a limited route whose body names no real e-mail counts its caller by address, and answers the form’s 400', async () => {
  const response = await fetch(`${base}/api/briefs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${'x'.repeat(100_000)}@exemple.fr`, video_type: 'youtube', final_duration: 2 }),
  });
  expect(response.status).toBe(400);
  expect((await response.json()) as { fields: Record<string, string> }).toMatchObject({
    fields: { email: 'Veuillez saisir une adresse e-mail valide.' },
  });
});

test('what a schema gives no message of its own is answered in French too', async () => {
  const response = await fetch(`${base}/api/uploads/sessions/${ids.sessionId}/files/${ids.fileId}/sign`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${tokens.client}`,
      'content-type': 'application/json',
      [UPLOAD_SESSION_HEADER]: ids.secret,
    },
    body: JSON.stringify({ operation: 'uploadPart', partNumber: '2' }),
  });
  expect({ status: response.status, body: await response.json() }).toEqual({
    status: 400,
    body: {
      error: MESSAGES.invalidInput,
      fields: { partNumber: 'Entrée invalide : nombre attendu, chaîne de caractères reçu' },
    },
  });
});
