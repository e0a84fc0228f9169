import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import {
  Brief,
  CheckoutSession,
  EditorApplication,
  EditorProfile,
  Notification,
  Project,
  ProjectFile,
  UploadedFile,
  UploadSession,
  VersionComment,
} from '../../db/entities';
import { BUCKETS } from '../../clients/storage';
import { UPLOAD_SESSION_HEADER } from '../../domain/uploads';
import { adminKit } from '../support/admin-kit';
import { mountedRoutes } from '../support/app-routes';
import { readyVersion, seedProject } from '../support/project-seed';
import { appWithLimitsOfItsOwn, listenOnLoopback } from '../support/own-api';

/**
 * The access matrix: every route the app mounts (read from its routers, so a new route fails this
 * suite until it has its row) × six callers, with the ids of the demo client's world and of another
 * client's. Each row says what each caller gets: an allowed caller passes the guards (2xx, or a
 * 400/409 on the content or the state), a wrong one is denied (401 signed out, 403 wrong role or
 * not a party, 404 for someone else's notification, comment or file). Real Keycloak tokens, the
 * stack's services; the api runs in this process.
 */
jest.setTimeout(120_000);

const kit = adminKit();
const { config, accounts } = kit;
// The matrix checks who gets through, not how often: its costly public requests count on limits of its own.
const { orm, deps, app } = appWithLimitsOfItsOwn(config, 'access-matrix', 1000);

const CALLERS = ['anonymous', 'client', 'otherClient', 'editor', 'outsideEditor', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
/** The status each caller gets. */
type Expect = Record<Caller, number>;

/** What a denial looks like: signed out, not allowed, or (someone else's row) not found. */
const DENIED = [401, 403, 404];

/** The ids a request names: the demo client's world, or the other client's (the same rows, mirrored). */
interface World {
  projectId: string;
  /** The version number with a ready preview and a comment. */
  n: string;
  number: string;
  commentId: string;
  notificationId: string;
  /** The client's brief upload session and the secret that opens it. */
  sessionId: string;
  secret: string;
  fileId: string;
  /** A second file of that session, for the removal. */
  spareFileId: string;
  /** An unpaid brief of the client (no price: a checkout stops before Stripe). */
  briefId: string;
  /** An expired simulated checkout session of that brief. */
  checkoutSessionId: string;
  applicationId: string;
  action: string;
  /** An invoice id that exists nowhere (the admin's PDF route answers 404 past its guard). */
  documentId: string;
}

interface Case {
  /** Whose ids: the demo client's (default) or the other client's. */
  world?: 'own' | 'foreign';
  /** Ids replaced in the path (a foreign child under an own parent…). */
  params?: (own: World, foreign: World) => Partial<World>;
  label?: string;
  query?: string;
  body?: unknown;
  /** Upload routes present the world's session secret unless told not to. */
  withoutSecret?: boolean;
  expect: Expect;
}

interface Row {
  /** Why everyone may call it (no sign-in, or the id itself is the capability). */
  public?: string;
  cases: Case[];
}

// — the expectation builders
const everyone = (status: number): Expect => Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Expect;
const signedIn = (status: number): Expect => ({ ...everyone(status), anonymous: 401 });
/** « Mes données »: clients and editors, each on their own account; admins are sent elsewhere. */
const ownDataOnly = (status: number): Expect => ({ ...everyone(status), anonymous: 401, admin: 403 });
const adminOnly = (status: number): Expect => ({ ...everyone(403), anonymous: 401, admin: status });
const editorsOnly = (status: number): Expect => ({
  ...everyone(403),
  anonymous: 401,
  editor: status,
  outsideEditor: status,
});
/** A project's parties (its client, its editor, admins); the other client and the other editor get 403. */
const parties = (allowed: { client: number; editor: number; admin: number }): Expect => ({
  anonymous: 401,
  otherClient: 403,
  outsideEditor: 403,
  ...allowed,
});
/** The same route on the other client's ids: the other client and its editor take the parts. */
const mirrored = (expect: Expect): Expect => ({
  ...expect,
  client: expect.otherClient,
  otherClient: expect.client,
  editor: expect.outsideEditor,
  outsideEditor: expect.editor,
});
/** A project route on the client's project, then on the other client's. */
const projectCases = (expect: Expect, request: Omit<Case, 'expect'> = {}): Case[] => [
  { ...request, expect },
  { ...request, world: 'foreign', expect: mirrored(expect) },
];
/** The same for a project route that names a comment, plus the other project's comment under the client's project. */
const commentCases = (expect: Expect): Case[] => [
  ...projectCases(expect),
  {
    label: 'comment of another project',
    params: (_own, foreign) => ({ commentId: foreign.commentId }),
    expect: parties({ client: 404, editor: 404, admin: 404 }),
  },
];
/** An upload session's route: its owner only (even a leaked secret opens nothing to anyone else). */
const sessionCases = (status: number, request: Omit<Case, 'expect'> = {}): Case[] => {
  const ownerOnly: Expect = { ...everyone(403), client: status };
  return [
    { ...request, expect: ownerOnly },
    { ...request, world: 'foreign', expect: mirrored(ownerOnly) },
    { ...request, label: 'no secret', withoutSecret: true, expect: everyone(403) },
  ];
};
/** The same for a file of the session, plus the other session's file under the client's session. */
const fileCases = (status: number, request: Omit<Case, 'expect'> = {}): Case[] => [
  ...sessionCases(status, request),
  {
    ...request,
    label: 'file of another session',
    params: (_own, foreign) => ({ fileId: foreign.fileId, spareFileId: foreign.spareFileId }),
    expect: { ...everyone(403), client: 404 },
  },
];

/** A body no route accepts where an object is expected. */
const NOT_AN_OBJECT: unknown[] = [];

/**
 * The matrix: `METHOD /path` as the routers declare it → what each caller gets. A route the app
 * mounts without a row here fails the suite.
 */
const MATRIX: Record<string, Row> = {
  // — system, public
  'GET /api/health': { public: 'operators’ probe', cases: [{ expect: everyone(200) }] },
  'GET /api/config': { public: 'the SPA’s runtime configuration', cases: [{ expect: everyone(200) }] },
  // A Keycloak token is not the metrics token: everyone here is refused (tests/api/metrics.test.ts).
  'GET /metrics': {
    public: 'Prometheus scrapes it; the metrics token is the check',
    cases: [{ expect: everyone(401) }],
  },
  'POST /api/estimate': {
    public: 'the estimate before any sign-in',
    cases: [{ body: { visualComplexity: 'professional', currency: 'eur' }, expect: everyone(200) }],
  },
  'GET /api/pricing/settings': { public: 'the pricing page', cases: [{ expect: everyone(200) }] },
  'POST /api/briefs': { public: 'a brief is written signed out too', cases: [{ body: {}, expect: everyone(400) }] },
  'POST /api/briefs/address-confirmation': {
    public: 'the link of an anonymous brief’s receipt; the token is the check',
    cases: [{ body: { token: 'A'.repeat(43) }, expect: everyone(404) }],
  },
  'GET /api/contact/call-slots': { public: 'the contact page', cases: [{ expect: everyone(200) }] },
  'POST /api/contact': { public: 'the contact page', cases: [{ body: {}, expect: everyone(400) }] },
  'POST /api/contact/call-bookings': { public: 'the contact page', cases: [{ body: {}, expect: everyone(400) }] },
  'POST /api/contact/call-bookings/confirm': {
    public: 'the link e-mailed to a visitor’s address; the token is the check',
    cases: [{ body: { token: 'A'.repeat(43) }, expect: everyone(404) }],
  },
  'POST /api/editor-applications': { public: 'the recruitment form', cases: [{ body: {}, expect: everyone(400) }] },
  'GET /api/proof-of-work/challenge': {
    public: 'the anti-robot check the anonymous forms ask for past their threshold',
    cases: [{ expect: everyone(200) }],
  },
  'POST /api/webhooks/stripe': {
    public: 'Stripe calls it; the signature is the check',
    cases: [{ body: {}, expect: everyone(400) }],
  },
  'POST /api/keycloak/backchannel-logout': {
    public: 'Keycloak calls it; the logout token’s signature by the realm is the check',
    cases: [{ body: {}, expect: everyone(400) }],
  },

  // — payments: the brief's id (or the checkout session's) is the capability, sent only to its client
  'POST /api/briefs/:briefId/checkout': {
    public: 'signed out with the brief’s id; a signed-in caller must be the brief’s client',
    cases: [
      { expect: { ...everyone(403), anonymous: 409, client: 409, admin: 409 } },
      { world: 'foreign', expect: { ...everyone(403), anonymous: 409, otherClient: 409, admin: 409 } },
    ],
  },
  'GET /api/briefs/:briefId/payment': { public: 'the brief’s id', cases: [{ expect: everyone(200) }] },
  // Each caller sees only the briefs of their own account (tests/api/brief-pay-later.test.ts).
  'GET /api/briefs/unpaid': { cases: [{ expect: signedIn(200) }] },
  'GET /api/payments/:sessionId': {
    public: 'the checkout session’s id',
    cases: [{ params: (own) => ({ sessionId: own.checkoutSessionId }), expect: everyone(200) }],
  },
  'GET /api/payments/simulated/:sessionId': {
    public: 'the checkout session’s id',
    cases: [{ params: (own) => ({ sessionId: own.checkoutSessionId }), expect: everyone(200) }],
  },
  'POST /api/payments/simulated/:sessionId/pay': {
    public: 'the checkout session’s id (this one has expired)',
    cases: [{ params: (own) => ({ sessionId: own.checkoutSessionId }), expect: everyone(409) }],
  },

  // — uploads: anyone may open a session; after that, its secret and (signed in) its owner
  'POST /api/uploads/sessions': {
    public: 'brief rushes are uploaded signed out too',
    cases: [{ body: {}, expect: everyone(201) }],
  },
  'GET /api/uploads/sessions/:sessionId/files': { cases: sessionCases(200) },
  'POST /api/uploads/sessions/:sessionId/files': {
    cases: sessionCases(201, { body: { name: 'rush.mp4', size: 1_000_000, type: 'video/mp4' } }),
  },
  'POST /api/uploads/sessions/:sessionId/files/:fileId/sign': {
    cases: fileCases(200, { body: { operation: 'listParts' } }),
  },
  'POST /api/uploads/sessions/:sessionId/files/:fileId/complete': { cases: fileCases(409) },
  'DELETE /api/uploads/sessions/:sessionId/files/:fileId': {
    cases: fileCases(204, { params: (own) => ({ fileId: own.spareFileId }) }).map((entry) =>
      entry.world === 'foreign'
        ? { ...entry, params: (_own: World, foreign: World) => ({ fileId: foreign.spareFileId }) }
        : entry,
    ),
  },
  'POST /api/uploads/sessions/:sessionId/analysis': { cases: sessionCases(409) },

  // — signed in, the caller's own things
  'GET /api/me': { cases: [{ expect: signedIn(200) }] },
  'POST /api/session': { cases: [{ body: { timeZone: 'Europe/Paris' }, expect: signedIn(204) }] },
  'DELETE /api/session': {
    public: 'ends the caller’s own page session (a cookie of theirs), nothing else',
    cases: [{ expect: everyone(204) }],
  },
  'GET /api/events': { cases: [{ expect: signedIn(200) }] },
  'GET /api/account/data': { cases: [{ expect: ownDataOnly(200) }] },
  'POST /api/account/data/export': { cases: [{ expect: ownDataOnly(202) }] },
  // Mounted in this order: the deletion requested here is cancelled by the next row.
  'POST /api/account/data/deletion': { cases: [{ expect: ownDataOnly(202) }] },
  'DELETE /api/account/data/deletion': { cases: [{ expect: ownDataOnly(200) }] },
  'GET /api/notifications': { cases: [{ expect: signedIn(200) }] },
  'POST /api/notifications/read-all': { cases: [{ expect: signedIn(200) }] },
  'POST /api/notifications/:notificationId/read': {
    cases: [
      { expect: { ...everyone(404), anonymous: 401, client: 200 } },
      { world: 'foreign', expect: { ...everyone(404), anonymous: 401, otherClient: 200 } },
    ],
  },
  'GET /api/projects/mine': {
    cases: [{ expect: signedIn(200) }, { label: 'as editor', query: '?as=editor', expect: editorsOnly(200) }],
  },
  'GET /api/editor/profile': { cases: [{ expect: editorsOnly(200) }] },
  'PUT /api/editor/profile': { cases: [{ body: NOT_AN_OBJECT, expect: editorsOnly(400) }] },

  // — a project's pages: its client, its editor, admins
  'GET /api/projects/:projectId': { cases: projectCases(parties({ client: 200, editor: 200, admin: 200 })) },
  'GET /api/projects/:projectId/notifications': {
    cases: projectCases(parties({ client: 200, editor: 200, admin: 200 })),
  },
  'GET /api/projects/:projectId/messages': { cases: projectCases(parties({ client: 200, editor: 200, admin: 200 })) },
  'POST /api/projects/:projectId/messages': {
    cases: projectCases(parties({ client: 201, editor: 201, admin: 201 }), { body: { content: 'Bien reçu.' } }),
  },
  'GET /api/projects/:projectId/revisions': { cases: projectCases(parties({ client: 200, editor: 200, admin: 200 })) },
  'GET /api/projects/:projectId/timeline': { cases: projectCases(parties({ client: 200, editor: 200, admin: 200 })) },
  // The seeded projects were never paid: past the guards, client and admin learn there is no document.
  'GET /api/projects/:projectId/invoice.pdf': {
    cases: projectCases(parties({ client: 404, editor: 403, admin: 404 })),
  },
  'GET /api/projects/:projectId/credit-note.pdf': {
    cases: projectCases(parties({ client: 404, editor: 403, admin: 404 })),
  },
  'GET /api/projects/:projectId/files': { cases: projectCases(parties({ client: 200, editor: 200, admin: 200 })) },
  'POST /api/projects/:projectId/upload-sessions': {
    cases: [
      ...projectCases(parties({ client: 201, editor: 403, admin: 403 }), {
        label: 'sources',
        body: { fileType: 'source' },
      }),
      ...projectCases(parties({ client: 403, editor: 201, admin: 403 }), {
        label: 'final',
        body: { fileType: 'final' },
      }),
    ],
  },
  // The project has no running workflow here: a party's action reaches it and is refused as closed (409).
  'POST /api/projects/:projectId/actions/:action': {
    cases: projectCases(parties({ client: 409, editor: 409, admin: 409 })),
  },
  'GET /api/projects/:projectId/versions': { cases: projectCases(parties({ client: 200, editor: 200, admin: 200 })) },
  'GET /api/projects/:projectId/versions/:n': {
    cases: projectCases(parties({ client: 200, editor: 200, admin: 200 })),
  },
  'GET /api/projects/:projectId/versions/:n/original': {
    cases: projectCases(parties({ client: 403, editor: 200, admin: 200 })),
  },
  'POST /api/projects/:projectId/versions/:n/preview/retry': {
    cases: projectCases(parties({ client: 403, editor: 409, admin: 409 })),
  },
  // The world's file id is an upload's, not one of the project's files: the parties pass and find no sheet.
  'GET /api/projects/:projectId/files/:fileId/shots': {
    cases: projectCases(parties({ client: 404, editor: 404, admin: 404 })),
  },
  'GET /api/projects/:projectId/files/:fileId/contact-sheet.pdf': {
    cases: projectCases(parties({ client: 404, editor: 404, admin: 404 })),
  },
  'GET /api/projects/:projectId/files/:fileId/shots.csv': {
    cases: projectCases(parties({ client: 404, editor: 404, admin: 404 })),
  },
  'POST /api/projects/:projectId/files/:fileId/contact-sheet/retry': {
    cases: projectCases(parties({ client: 404, editor: 404, admin: 404 })),
  },
  'GET /api/projects/:projectId/versions/:n/analysis': {
    cases: projectCases(parties({ client: 200, editor: 200, admin: 200 })),
  },
  // The seeded version's analysis is still pending: sharing it is refused (409) to those who may share.
  'POST /api/projects/:projectId/versions/:n/analysis/share': {
    cases: projectCases(parties({ client: 403, editor: 409, admin: 409 })),
  },
  'GET /api/projects/:projectId/versions/:n/comments': {
    cases: projectCases(parties({ client: 200, editor: 200, admin: 200 })),
  },
  'POST /api/projects/:projectId/versions/:n/comments': {
    cases: projectCases(parties({ client: 400, editor: 400, admin: 400 }), { body: NOT_AN_OBJECT }),
  },
  'POST /api/projects/:projectId/versions/:n/comments/:commentId/resolve': {
    cases: commentCases(parties({ client: 200, editor: 200, admin: 200 })),
  },
  'POST /api/projects/:projectId/versions/:n/comments/:commentId/reopen': {
    cases: commentCases(parties({ client: 200, editor: 200, admin: 200 })),
  },
  'GET /api/projects/:projectId/versions/:number/markers': {
    cases: projectCases(parties({ client: 200, editor: 200, admin: 200 }), { query: '?format=csv' }),
  },

  // — administration: admins only (bodies that change nothing: refused on their content or state)
  'GET /api/admin/users': { cases: [{ expect: adminOnly(200) }] },
  'POST /api/admin/users/invite': { cases: [{ body: NOT_AN_OBJECT, expect: adminOnly(400) }] },
  'POST /api/admin/roles/assign': { cases: [{ body: NOT_AN_OBJECT, expect: adminOnly(400) }] },
  'POST /api/admin/roles/remove': { cases: [{ body: NOT_AN_OBJECT, expect: adminOnly(400) }] },
  'GET /api/admin/projects': { cases: [{ expect: adminOnly(200) }] },
  'GET /api/admin/projects/filters': { cases: [{ expect: adminOnly(200) }] },
  'GET /api/admin/projects/:projectId/eligible-editors': { cases: [{ expect: adminOnly(200) }] },
  'POST /api/admin/projects/:projectId/assign': { cases: [{ body: NOT_AN_OBJECT, expect: adminOnly(400) }] },
  'POST /api/admin/projects/:projectId/cancel': { cases: [{ body: NOT_AN_OBJECT, expect: adminOnly(400) }] },
  'POST /api/admin/projects/:projectId/reassign': { cases: [{ body: NOT_AN_OBJECT, expect: adminOnly(400) }] },
  'POST /api/admin/projects/:projectId/deadline': { cases: [{ body: NOT_AN_OBJECT, expect: adminOnly(400) }] },
  'POST /api/admin/projects/:projectId/revisions': { cases: [{ body: NOT_AN_OBJECT, expect: adminOnly(400) }] },
  'GET /api/admin/applications': { cases: [{ expect: adminOnly(200) }] },
  'PATCH /api/admin/applications/:applicationId': { cases: [{ body: NOT_AN_OBJECT, expect: adminOnly(400) }] },
  // Still pending: an invitation is refused on the application's state.
  'POST /api/admin/applications/:applicationId/invite': { cases: [{ expect: adminOnly(409) }] },
  'GET /api/editor-applications/:applicationId/photo': { cases: [{ expect: adminOnly(200) }] },
  'GET /api/admin/briefs': { cases: [{ expect: adminOnly(200) }] },
  'GET /api/admin/settings': { cases: [{ expect: adminOnly(200) }] },
  'PUT /api/admin/settings': { cases: [{ body: NOT_AN_OBJECT, expect: adminOnly(400) }] },
  'GET /api/admin/settings/seller': { cases: [{ expect: adminOnly(200) }] },
  'PUT /api/admin/settings/seller': { cases: [{ body: NOT_AN_OBJECT, expect: adminOnly(400) }] },
  'GET /api/admin/invoices': { cases: [{ expect: adminOnly(200) }] },
  'GET /api/admin/invoices/export': { cases: [{ query: '?from=2026-11&to=2026-10', expect: adminOnly(400) }] },
  'GET /api/admin/invoices/:documentId/pdf': { cases: [{ expect: adminOnly(404) }] },
  // The seeded project is not cancelled: the refund is refused on its state.
  'POST /api/admin/projects/:projectId/refund': { cases: [{ body: {}, expect: adminOnly(409) }] },
  'GET /api/admin/audit': { cases: [{ expect: adminOnly(200) }] },
  'GET /api/admin/config': { cases: [{ expect: adminOnly(200) }] },
  'POST /api/admin/system-tests': { cases: [{ body: NOT_AN_OBJECT, expect: adminOnly(400) }] },
  'GET /api/admin/email-tests': { cases: [{ expect: adminOnly(200) }] },
  'POST /api/admin/email-tests': { cases: [{ body: NOT_AN_OBJECT, expect: adminOnly(400) }] },
};

const ROUTES = mountedRoutes(app);

let server: http.Server;
let base: string;
const tokens: Partial<Record<Caller, string>> = {};
const worlds: Partial<Record<'own' | 'foreign', World>> = {};
const seeded = { projectIds: [] as string[], briefIds: [] as string[], sessionIds: [] as string[], applicationId: '' };
/** The demo accounts' unread notifications, put back unread afterwards (the matrix marks all read). */
let unreadBefore: string[] = [];

/** An account of the suite's own, signed in through Keycloak's form. */
async function createSignedInAccount(prefix: string, role?: 'user' | 'editor'): Promise<{ id: string; token: string }> {
  const email = kit.uniqueEmail(prefix);
  const password = `Matrice-${randomUUID()}`;
  const id = await kit.keycloak.createUser({
    email,
    firstName: 'Matrice',
    lastName: prefix,
    password,
    emailVerified: true,
  });
  kit.forget(id);
  if (role) await kit.keycloak.assignRealmRole(id, role);
  return { id, token: await kit.signIn(email, password) };
}

/** A session of `token`'s owner with two files being uploaded, through the upload routes. */
async function uploadSession(token: string): Promise<Pick<World, 'sessionId' | 'secret' | 'fileId' | 'spareFileId'>> {
  const post = async (path: string, body: unknown, secret?: string) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(secret ? { [UPLOAD_SESSION_HEADER]: secret } : {}),
      },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  };
  const { sessionId, secret } = await post('/api/uploads/sessions', {});
  const file = async (name: string) =>
    (await post(`/api/uploads/sessions/${sessionId}/files`, { name, size: 2_000_000, type: 'video/mp4' }, secret))
      .fileId;
  seeded.sessionIds.push(sessionId);
  return { sessionId, secret, fileId: await file('rush-1.mp4'), spareFileId: await file('rush-2.mp4') };
}

/** A client's world: an in-progress project with its editor, a reviewed version, a notification, a brief to pay. */
async function seedWorld(client: { id: string; email: string }, editorId: string, token: string): Promise<World> {
  const em = orm.em.fork();
  const projectId = await seedProject(em, {
    client,
    editorId,
    status: 'in_progress',
    title: 'Matrice des accès',
    files: [{ filename: 'montage-v1.mp4', fileType: 'final', uploadedBy: editorId, bucket: BUCKETS.videoUploads }],
    notifications: [{ userId: client.id, type: 'project_assigned', title: 'Monteur assigné', message: 'Au travail.' }],
  });
  seeded.projectIds.push(projectId);
  const file = await em.findOneOrFail(ProjectFile, { project: projectId });
  const version = readyVersion(em, projectId, file, editorId);
  const comment = em.create(VersionComment, {
    project: projectId,
    version,
    authorId: client.id,
    authorName: 'Client de la matrice',
    authorRole: 'client',
    body: 'Le titre arrive trop tôt',
    frameIn: 12,
    rateNum: 25,
    rateDen: 1,
  });
  // No price: a checkout passes the checks of who may pay, then stops before claiming anything.
  const brief = em.create(Brief, {
    funnel: 'wizard',
    status: 'pending_payment',
    clientId: client.id,
    email: client.email.toLowerCase(),
    projectName: 'Brief de la matrice',
    videoType: 'youtube',
    currency: 'EUR',
  });
  const checkoutSessionId = `cs_test_sim_matrix_${randomBytes(12).toString('hex')}`;
  em.create(CheckoutSession, {
    brief,
    sessionId: checkoutSessionId,
    clientKey: brief.email,
    simulated: true,
    status: 'expired',
    amountCents: 10_000,
    currency: 'eur',
    expiresAt: new Date(Date.now() - 60_000),
  });
  await em.flush();
  seeded.briefIds.push(brief.id);
  const notification = await em.findOneOrFail(Notification, { project: projectId, userId: client.id });
  return {
    projectId,
    n: '1',
    number: '1',
    commentId: comment.id,
    notificationId: notification.id,
    briefId: brief.id,
    checkoutSessionId,
    applicationId: seeded.applicationId,
    action: 'start',
    documentId: randomUUID(),
    ...(await uploadSession(token)),
  };
}

/** An application with its photo, for the admins' routes. */
async function seedApplication(): Promise<string> {
  const em = orm.em.fork();
  const session = em.create(UploadSession, {
    secretHash: createHash('sha256').update(randomUUID()).digest('hex'),
    userId: null,
    area: 'application_photo',
  });
  const photo = em.create(UploadedFile, {
    session,
    name: 'photo.jpg',
    size: 1024,
    mimeType: 'image/jpeg',
    kind: 'image',
    bucket: BUCKETS.applicationPhotos,
    storageKey: `${session.id}/photo.jpg`,
    multipartUploadId: 'seeded',
    status: 'completed',
  });
  const application = em.create(EditorApplication, {
    firstName: 'Léa',
    lastName: 'Matrice',
    email: kit.uniqueEmail('matrix-application'),
    profilePhoto: photo,
    acceptsTerms: true,
    acceptsPrivacy: true,
    acceptsContract: true,
  });
  await em.flush();
  seeded.sessionIds.push(session.id);
  return application.id;
}

beforeAll(async () => {
  ({ server, base } = await listenOnLoopback(app));
  const [otherClient, outsideEditor, client, editor, admin] = await Promise.all([
    createSignedInAccount('matrix-client', 'user'),
    createSignedInAccount('matrix-editor', 'editor'),
    kit.token('client'),
    kit.token('editor'),
    kit.token('admin'),
  ]);
  Object.assign(tokens, { client, editor, admin, otherClient: otherClient.token, outsideEditor: outsideEditor.token });
  // The other client's project has the other editor (on vacation: never offered an assignment).
  const em = orm.em.fork();
  em.create(EditorProfile, {
    userId: outsideEditor.id,
    firstName: 'Matrice',
    lastName: 'Monteur',
    specialties: [],
    visualComplexityLevels: [],
    languages: ['français'],
    status: 'vacation',
  });
  await em.flush();

  const demoUsers = [accounts.client.id, accounts.editor.id, accounts.admin.id];
  unreadBefore = (await em.find(Notification, { userId: { $in: demoUsers }, isRead: false }, { fields: ['id'] })).map(
    (notification) => notification.id,
  );
  seeded.applicationId = await seedApplication();
  worlds.own = await seedWorld({ id: accounts.client.id, email: accounts.client.email }, accounts.editor.id, client);
  worlds.foreign = await seedWorld(
    { id: otherClient.id, email: kit.uniqueEmail('matrix-client-brief') },
    outsideEditor.id,
    otherClient.token,
  );
});

afterAll(async () => {
  const em = orm.em.fork();
  if (unreadBefore.length) await em.nativeUpdate(Notification, { id: { $in: unreadBefore } }, { isRead: false });
  if (seeded.projectIds.length) await em.nativeDelete(Project, { id: { $in: seeded.projectIds } });
  if (seeded.briefIds.length) await em.nativeDelete(Brief, { id: { $in: seeded.briefIds } });
  if (seeded.applicationId) await em.nativeDelete(EditorApplication, { id: seeded.applicationId });
  if (seeded.sessionIds.length) await em.nativeDelete(UploadSession, { id: { $in: seeded.sessionIds } });
  await deps.events.hub.stop();
  await new Promise((resolve) => server?.close(resolve));
  await kit.cleanUp();
  await orm.close(true);
});

/** The path with its parameters taken from the case's world (and its replacements). */
function pathOf(route: string, request: Case): string {
  const own = worlds.own!;
  const foreign = worlds.foreign!;
  const ids: World = { ...(request.world === 'foreign' ? foreign : own), ...request.params?.(own, foreign) };
  const path = route.slice(route.indexOf(' ') + 1).replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = ids[name as keyof World];
    if (!value) throw new Error(`${route}: no id for :${name}`);
    return encodeURIComponent(value);
  });
  return path + (request.query ?? '');
}

/** The status `caller` gets; any other than expected comes back with the answer's text, to read in the diff. */
async function answerTo(caller: Caller, route: string, request: Case, expected: number): Promise<number | string> {
  const method = route.slice(0, route.indexOf(' '));
  const path = pathOf(route, request);
  const secret = (request.world === 'foreign' ? worlds.foreign : worlds.own)!.secret;
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(caller === 'anonymous' ? {} : { authorization: `Bearer ${tokens[caller]}` }),
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(path.startsWith('/api/uploads/sessions/') && !request.withoutSecret
        ? { [UPLOAD_SESSION_HEADER]: secret }
        : {}),
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  if (response.status === expected) {
    // The live stream never ends by itself: the headers are the answer.
    await response.body?.cancel();
    return response.status;
  }
  return `${response.status} ${(await response.text()).slice(0, 200)}`;
}

const routeLabel = (route: string, request: Case) =>
  `${route}${request.label ? ` (${request.label})` : ''}${request.world === 'foreign' ? ' — another client’s ids' : ''}`;

test('every route the app mounts has its row in the matrix, and every row its route', () => {
  expect(ROUTES.length).toBeGreaterThan(50);
  expect(ROUTES.filter((route) => !Object.hasOwn(MATRIX, route))).toEqual([]);
  expect(Object.keys(MATRIX).filter((route) => !ROUTES.includes(route))).toEqual([]);
});

test('the matrix denies every wrong caller: signed out, another client, an editor off the project', () => {
  const allowedWrongly: string[] = [];
  for (const [route, row] of Object.entries(MATRIX)) {
    for (const request of row.cases) {
      const label = routeLabel(route, request);
      for (const caller of CALLERS) {
        if (request.expect[caller] >= 500) allowedWrongly.push(`${label}: ${caller} expects a failure`);
      }
      if (row.public) continue;
      const wrong: Caller[] = ['anonymous'];
      // Someone else's ids: the other client and the editor off that project must not get in.
      if (route.includes('/:'))
        wrong.push(
          ...(request.world === 'foreign'
            ? (['client', 'editor'] as const)
            : (['otherClient', 'outsideEditor'] as const)),
        );
      for (const caller of wrong) {
        if (!DENIED.includes(request.expect[caller]))
          allowedWrongly.push(`${label}: ${caller} → ${request.expect[caller]}`);
      }
    }
  }
  expect(allowedWrongly).toEqual([]);
});

const cases = ROUTES.flatMap((route) => (MATRIX[route]?.cases ?? []).map((request) => ({ route, request })));

test.each(cases.map((entry) => ({ ...entry, name: routeLabel(entry.route, entry.request) })))(
  '$name',
  async ({ route, request }) => {
    const answers = await Promise.all(
      CALLERS.map(async (caller) => [caller, await answerTo(caller, route, request, request.expect[caller])] as const),
    );
    expect(Object.fromEntries(answers)).toEqual(request.expect);
  },
);
