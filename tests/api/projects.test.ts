import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client, Connection } from '@temporalio/client';
import { BillingDocument, Project, ProjectFile } from '../../db/entities';
import { BUCKETS } from '../../clients/storage';
import { MESSAGES } from '../../domain/messages';
import { refusalOf, type ProjectFacts } from '../../domain/project-rules';
import { PROJECT_MESSAGES, type MyProjectsAnswer, type ProjectDetail } from '../../domain/projects';
import { UPLOAD_MESSAGES, UPLOAD_SESSION_HEADER } from '../../domain/uploads';
import { openProjectUploadSession, uploadThroughApi } from '../support/api-upload';
import { waitUntil } from '../support/mail-server';
import { seedInvoicedProject } from '../support/admin-seed';
import { printedText } from '../support/pdf-text';
import { seedProject } from '../support/project-seed';
import { startOwnApi, type OwnApi } from '../support/own-api';
import { testStack } from '../support/stack-env';

/** The project page's, dashboard's and editor space's routes on an api instance of this test's own. */
jest.setTimeout(90_000);

const { config, accounts, signIn, keycloakAdmin } = testStack();
const keycloak = keycloakAdmin();

let orm: MikroORM;
let api: OwnApi | undefined;
let base: string;
const tokens: Record<'admin' | 'editor' | 'client' | 'otherEditor', string> = {
  admin: '',
  editor: '',
  client: '',
  otherEditor: '',
};
let otherEditorId: string;
let assignedProjectId: string;
let completedProjectId: string;

async function call(
  path: string,
  token: string | null,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const type = response.headers.get('content-type') ?? '';
  const raw = Buffer.from(await response.arrayBuffer());
  const body = (type.includes('json') ? JSON.parse(raw.toString()) : {}) as Record<string, unknown>;
  return { status: response.status, type, body, raw, headers: response.headers };
}

beforeAll(async () => {
  api = await startOwnApi(config);
  orm = api.orm;
  base = api.base;

  const otherEmail = `monteur-autre-${Date.now()}@rushflow.local`;
  otherEditorId = await keycloak.createUser({
    email: otherEmail,
    firstName: 'Autre',
    lastName: 'Monteur',
    password: 'Autre123!',
    emailVerified: true,
  });
  await keycloak.assignRealmRole(otherEditorId, 'editor');

  [tokens.admin, tokens.editor, tokens.client, tokens.otherEditor] = await Promise.all([
    signIn(accounts.admin.email, accounts.admin.password),
    signIn(accounts.editor.email, accounts.editor.password),
    signIn(accounts.client.email, accounts.client.password),
    signIn(otherEmail, 'Autre123!'),
  ]);

  const em = orm.em.fork();
  const client = { id: accounts.client.id, email: accounts.client.email };
  assignedProjectId = await seedProject(em, {
    client,
    editorId: accounts.editor.id,
    status: 'assigned',
    title: 'Vlog de voyage',
    totalPriceCents: 18_900,
    priceCents: 27_000,
    launchOffer: true,
    history: [
      { oldStatus: null, newStatus: 'brief_received' },
      { oldStatus: 'brief_received', newStatus: 'assigned' },
    ],
    notifications: [
      {
        userId: accounts.client.id,
        type: 'project_assigned',
        title: 'Monteur assigné',
        message: 'Un monteur travaille sur votre projet.',
      },
      {
        userId: accounts.editor.id,
        type: 'project_assigned_to_editor',
        title: 'Nouveau projet',
        message: 'Un projet vous est assigné.',
      },
    ],
  });
  // Sent with the client's e-mail, before the account existed: the verified e-mail opens it.
  completedProjectId = await seedProject(em, {
    client: { id: null, email: accounts.client.email },
    editorId: accounts.editor.id,
    status: 'completed',
    title: 'Publicité produit',
    revisionCount: 1,
    revisions: [{ feedback: 'Musique plus douce', status: 'completed', requestedBy: accounts.client.id }],
  });
});

afterAll(async () => {
  await api?.close();
  if (otherEditorId) await keycloak.deleteUser(otherEditorId).catch(() => undefined);
});

describe('access to a project', () => {
  test.each([
    ['client', 200],
    ['editor', 200],
    ['admin', 200],
    ['otherEditor', 403],
  ] as const)('%s → %i', async (who, expected) => {
    const { status, body } = await call(`/api/projects/${assignedProjectId}`, tokens[who]);
    expect(status).toBe(expected);
    if (expected === 403) expect(body).toEqual({ error: PROJECT_MESSAGES.accessDenied });
  });

  test('anonymous → 401; unknown or malformed id → 404 Projet introuvable', async () => {
    expect((await call(`/api/projects/${assignedProjectId}`, null)).body).toEqual({ error: MESSAGES.unauthenticated });
    expect((await call(`/api/projects/${assignedProjectId}`, null)).status).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      const answer = await call(`/api/projects/${id}`, tokens.admin);
      expect(answer).toMatchObject({ status: 404, body: { error: PROJECT_MESSAGES.notFound } });
    }
  });

  test('every project sub-resource applies the same rule', async () => {
    for (const path of ['notifications', 'messages', 'revisions', 'timeline', 'files', 'invoice.pdf']) {
      expect((await call(`/api/projects/${assignedProjectId}/${path}`, tokens.otherEditor)).status).toBe(403);
      expect((await call(`/api/projects/${assignedProjectId}/${path}`, null)).status).toBe(401);
    }
  });

  test('detail: editor name, price, the caller’s parties and the actions the lifecycle table allows', async () => {
    const asEditor = (await call(`/api/projects/${assignedProjectId}`, tokens.editor)).body as {
      project: ProjectDetail;
    };
    expect(asEditor.project).toMatchObject({
      title: 'Vlog de voyage',
      status: 'assigned',
      editor: { firstName: expect.any(String), lastName: expect.any(String) },
      totalPrice: { cents: 18_900, currency: 'EUR' },
      viewer: { parties: ['editor'] },
      actions: ['start'],
      uploads: [],
    });
    const asClient = (await call(`/api/projects/${assignedProjectId}`, tokens.client)).body as {
      project: ProjectDetail;
    };
    expect(asClient.project).toMatchObject({ viewer: { parties: ['client'] }, actions: [], uploads: ['source'] });
    const completed = (await call(`/api/projects/${completedProjectId}`, tokens.client)).body as {
      project: ProjectDetail;
    };
    expect(completed.project).toMatchObject({
      viewer: { parties: ['client'] },
      actions: ['requestRevision'],
      revisionCount: 1,
    });
    const asAdmin = (await call(`/api/projects/${assignedProjectId}`, tokens.admin)).body as { project: ProjectDetail };
    expect(asAdmin.project.actions).toEqual(['cancel']);
  });

  test('the revision window: offered while open, hidden once over (the workflow would answer 409)', async () => {
    const detail = async () =>
      ((await call(`/api/projects/${completedProjectId}`, tokens.client)).body as { project: ProjectDetail }).project;
    // Written beside the api, as the workflow does: the api shows it once the database's change
    // notice has reached it (api/projects/read-caches.ts), milliseconds later.
    const setWindowEnd = async (at: Date | null) => {
      await orm.em.fork().nativeUpdate(Project, { id: completedProjectId }, { revisionWindowEndsAt: at });
      const written = at?.toISOString() ?? null;
      await waitUntil(async () => (await detail()).revisionWindowEndsAt === written, 5_000, 'the change notice');
    };
    const open = new Date(Date.now() + 86_400_000);
    try {
      await setWindowEnd(open);
      expect(await detail()).toMatchObject({ actions: ['requestRevision'], revisionWindowEndsAt: open.toISOString() });
      const closed = new Date(Date.now() - 60_000);
      await setWindowEnd(closed);
      expect(await detail()).toMatchObject({ actions: [], revisionWindowEndsAt: closed.toISOString() });
    } finally {
      await setWindowEnd(null);
    }
  });

  test('the action route checks the caller, the action and the feedback before reaching the workflow', async () => {
    const path = `/api/projects/${completedProjectId}/actions`;
    expect((await call(`${path}/complete`, null, { body: {} })).status).toBe(401);
    expect((await call(`${path}/complete`, tokens.otherEditor, { body: {} })).body).toEqual({
      error: PROJECT_MESSAGES.accessDenied,
    });
    expect((await call(`${path}/publish`, tokens.client, { body: {} })).status).toBe(404);
    // A revision round names the version whose comments it sends.
    const blank = await call(`${path}/requestRevision`, tokens.client, { body: { feedback: '   ' } });
    expect(blank).toMatchObject({
      status: 400,
      body: { error: MESSAGES.invalidInput, fields: { versionNumber: 'Version inconnue.' } },
    });
  });

  test('an action the table refuses is explained in French (the same text the workflow answers)', () => {
    const facts = (status: string): ProjectFacts => ({
      status,
      revisionCount: 0,
      maxRevisions: 3,
      approvedVersionNumber: null,
      openRevision: null,
    });
    expect(refusalOf('complete', ['client'], facts('in_progress'))?.message).toBe(
      'Seul le monteur du projet peut faire cette action.',
    );
    expect(refusalOf('complete', ['editor'], facts('assigned'))?.message).toBe(
      'Action impossible : le projet est « Assigné au monteur ».',
    );
  });
});

describe('lists', () => {
  test('the client’s projects by id or verified e-mail, newest first, with the dashboard counters', async () => {
    const { status, body } = await call('/api/projects/mine', tokens.client);
    expect(status).toBe(200);
    const answer = body as unknown as MyProjectsAnswer;
    const ids = answer.projects.map((project) => project.id);
    expect(ids).toEqual(expect.arrayContaining([assignedProjectId, completedProjectId]));
    const dates = answer.projects.map((project) => project.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(answer.counters.total).toBe(answer.projects.length);
    expect(answer.counters.completed).toBeGreaterThanOrEqual(1);
    expect(answer.counters.active).toBeGreaterThanOrEqual(1);
  });

  test('the editor’s assigned projects and load; a client cannot ask for the editor view', async () => {
    const mine = await call('/api/projects/mine?as=editor', tokens.editor);
    expect(mine.status).toBe(200);
    expect((mine.body.projects as { id: string }[]).map((project) => project.id)).toEqual(
      expect.arrayContaining([assignedProjectId, completedProjectId]),
    );
    expect(mine.body.load).toEqual({ current: expect.any(Number), max: expect.any(Number) });
    const other = await call('/api/projects/mine?as=editor', tokens.otherEditor);
    expect(other.body).toEqual({ projects: [], load: null });
    expect((await call('/api/projects/mine?as=editor', tokens.client)).status).toBe(403);
    expect((await call('/api/projects/mine', null)).status).toBe(401);
  });

  test('notifications are the caller’s own, newest first, limited', async () => {
    const client = await call(`/api/projects/${assignedProjectId}/notifications?limit=5`, tokens.client);
    expect((client.body.notifications as { title: string }[]).map((n) => n.title)).toEqual(['Monteur assigné']);
    const editor = await call(`/api/projects/${assignedProjectId}/notifications`, tokens.editor);
    expect((editor.body.notifications as { title: string }[]).map((n) => n.title)).toEqual(['Nouveau projet']);
    expect((await call(`/api/projects/${assignedProjectId}/notifications?limit=0`, tokens.client)).status).toBe(400);
  });

  test('timeline and revisions are the persisted rows', async () => {
    const timeline = await call(`/api/projects/${assignedProjectId}/timeline`, tokens.client);
    expect((timeline.body.entries as { newStatus: string }[]).map((entry) => entry.newStatus)).toEqual([
      'brief_received',
      'assigned',
    ]);
    const revisions = await call(`/api/projects/${completedProjectId}/revisions`, tokens.editor);
    expect(revisions.body.revisions).toEqual([
      expect.objectContaining({ revisionNumber: 1, feedback: 'Musique plus douce', status: 'completed' }),
    ]);
  });
});

describe('chat', () => {
  test('a message is stored with its sender and read back by the other party', async () => {
    const sent = await call(`/api/projects/${assignedProjectId}/messages`, tokens.client, {
      body: { content: '  Bonjour, voici mes rushs.\nMerci !  ' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({
      content: 'Bonjour, voici mes rushs.\nMerci !',
      senderId: accounts.client.id,
      mine: true,
      createdAt: expect.any(String),
    });
    const read = await call(`/api/projects/${assignedProjectId}/messages`, tokens.editor);
    const last = (read.body.messages as { content: string; mine: boolean }[]).at(-1);
    expect(last).toMatchObject({ content: 'Bonjour, voici mes rushs.\nMerci !', mine: false });
  });

  test('empty, blank or missing content is refused in French', async () => {
    for (const body of [{ content: '' }, { content: '   \n ' }, {}]) {
      const answer = await call(`/api/projects/${assignedProjectId}/messages`, tokens.editor, { body });
      expect(answer).toMatchObject({
        status: 400,
        body: { error: MESSAGES.invalidInput, fields: { content: PROJECT_MESSAGES.messageEmpty } },
      });
    }
    expect(
      (await call(`/api/projects/${assignedProjectId}/messages`, tokens.otherEditor, { body: { content: 'intrus' } }))
        .status,
    ).toBe(403);
  });
});

describe('invoice', () => {
  let temporal: Client;
  let invoicedProjectId: string;

  beforeAll(async () => {
    temporal = new Client({
      connection: await Connection.connect({ address: config.TEMPORAL_ADDRESS }),
      namespace: config.TEMPORAL_NAMESPACE,
    });
    ({ projectId: invoicedProjectId } = await seedInvoicedProject(orm, temporal, {
      client: { id: accounts.client.id, email: accounts.client.email },
      editorId: accounts.editor.id,
      status: 'assigned',
      title: 'Vlog facturé',
      totalPriceCents: 18_900,
      priceCents: 27_000,
      launchOffer: true,
    }));
  });

  afterAll(async () => {
    await temporal?.connection.close();
  });

  test('the client downloads the invoice as stored: its number, the amount paid, the offer, the revision rule', async () => {
    const answer = await call(`/api/projects/${invoicedProjectId}/invoice.pdf`, tokens.client);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    const pdf = answer.raw;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const project = await orm.em.fork().findOneOrFail(Project, { id: invoicedProjectId });
    const invoice = await orm.em.fork().findOneOrFail(BillingDocument, { briefId: project.brief.id, kind: 'invoice' });
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(invoice.pdfSha256);
    const text = printedText(pdf);
    expect(text).toContain(`N° ${invoice.number}`);
    expect(text).toContain('189,00 €');
    expect(text).toContain('Offre de lancement');
    expect(text).toContain(accounts.client.email);
    // The revision rule the pages state, as the settings said it when the invoice was issued.
    expect(invoice.document.lines[0]?.designation).toMatch(/après (chaque|la) livraison/);
  });

  test('the editor does not get the client’s invoice', async () => {
    expect((await call(`/api/projects/${invoicedProjectId}/invoice.pdf`, tokens.editor)).status).toBe(403);
  });
});

describe('project files', () => {
  const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(2000, 1)]);

  async function uploadOne(
    projectId: string,
    token: string,
    fileType: 'source' | 'final',
    name: string,
    { bytes, type }: { bytes: Buffer; type: string } = { bytes: MP4, type: 'video/mp4' },
  ) {
    const session = await openProjectUploadSession(base, token, projectId, { fileType });
    const { key } = await uploadThroughApi(base, token, session, { name, type, bytes });
    return { ...session, key };
  }

  test('a client source goes to project-files under {projectId}/source/{timestamp}-{name} and joins the list', async () => {
    const { key } = await uploadOne(assignedProjectId, tokens.client, 'source', 'Rush 1.mp4');
    expect(key).toMatch(new RegExp(`^${assignedProjectId}/source/\\d+-Rush_1\\.mp4$`));
    const row = await orm.em.fork().findOneOrFail(ProjectFile, { storageKey: key });
    expect(row).toMatchObject({
      storageBucket: BUCKETS.projectFiles,
      fileType: 'source',
      uploadedBy: accounts.client.id,
      filename: 'Rush 1.mp4',
    });
    const listed = await call(`/api/projects/${assignedProjectId}/files`, tokens.editor);
    const file = (listed.body.files as { filename: string; downloadUrl: string }[]).find(
      (candidate) => candidate.filename === 'Rush 1.mp4',
    );
    expect(file?.downloadUrl).toContain('X-Amz-Expires=300');
    const download = await fetch(file!.downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('video/mp4');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Rush 1\.mp4"/);
    expect((await download.arrayBuffer()).byteLength).toBe(2012);
  });

  test('a source is served with the type its bytes have, as an attachment, never as the page the browser declared', async () => {
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
      Buffer.from('<script>document.title = "pwned"</script>'),
    ]);
    const { sessionId, secret, key } = await uploadOne(assignedProjectId, tokens.client, 'source', 'Moodboard.jpg', {
      bytes: polyglot,
      type: 'image/jpeg',
    });
    const refused = await call(`/api/uploads/sessions/${sessionId}/files`, tokens.client, {
      headers: { [UPLOAD_SESSION_HEADER]: secret },
      body: { name: 'Moodboard 2.jpg', size: polyglot.length, type: 'image/jpeg,text/html' },
    });
    expect(refused.status).toBe(400);
    const served = async () => {
      const listed = await call(`/api/projects/${assignedProjectId}/files`, tokens.editor);
      const file = (listed.body.files as { filename: string; downloadUrl: string }[]).find(
        (candidate) => candidate.filename === 'Moodboard.jpg',
      );
      const download = await fetch(file!.downloadUrl);
      expect(download.status).toBe(200);
      return [download.headers.get('content-type'), download.headers.get('content-disposition')];
    };
    expect(await served()).toEqual(['image/jpeg', expect.stringMatching(/^attachment; filename="Moodboard\.jpg"/)]);
    // A row that holds another kind of type (as the browser's own once was) is only ever a download.
    await orm.em.fork().nativeUpdate(ProjectFile, { storageKey: key }, { mimeType: 'image/jpeg,text/html' });
    expect(await served()).toEqual([
      'application/octet-stream',
      expect.stringMatching(/^attachment; filename="Moodboard\.jpg"/),
    ]);
  });

  test('the final video: editor only, while editing, .mp4/.mov/.avi, at most 5, into video-uploads', async () => {
    expect(
      (await call(`/api/projects/${assignedProjectId}/upload-sessions`, tokens.editor, { body: { fileType: 'final' } }))
        .body,
    ).toEqual({ error: PROJECT_MESSAGES.finalUploadWrongStatus });
    expect(
      (await call(`/api/projects/${assignedProjectId}/upload-sessions`, tokens.client, { body: { fileType: 'final' } }))
        .body,
    ).toEqual({ error: PROJECT_MESSAGES.finalUploadEditorOnly });
    expect(
      (
        await call(`/api/projects/${assignedProjectId}/upload-sessions`, tokens.editor, {
          body: { fileType: 'source' },
        })
      ).body,
    ).toEqual({ error: PROJECT_MESSAGES.sourceUploadClientOnly });
    expect(
      (await call(`/api/projects/${assignedProjectId}/upload-sessions`, tokens.client, { body: { fileType: 'autre' } }))
        .status,
    ).toBe(400);

    const editing = await seedProject(orm.em.fork(), {
      client: { id: accounts.client.id, email: accounts.client.email },
      editorId: accounts.editor.id,
      status: 'in_progress',
      title: 'Montage en cours',
    });
    const { sessionId, secret, key } = await uploadOne(editing, tokens.editor, 'final', 'Final v1.mov');
    expect(key).toMatch(new RegExp(`^${editing}/final/\\d+-Final_v1\\.mov$`));
    expect(await orm.em.fork().findOneOrFail(ProjectFile, { storageKey: key })).toMatchObject({
      storageBucket: BUCKETS.videoUploads,
      fileType: 'final',
    });
    const headers = { [UPLOAD_SESSION_HEADER]: secret };
    const mkv = await call(`/api/uploads/sessions/${sessionId}/files`, tokens.editor, {
      headers,
      body: { name: 'final.mkv', size: 10, type: 'video/x-matroska' },
    });
    expect(mkv.status).toBe(415);
    for (let index = 2; index <= 5; index += 1) {
      expect(
        (
          await call(`/api/uploads/sessions/${sessionId}/files`, tokens.editor, {
            headers,
            body: { name: `v${index}.mp4`, size: 10, type: 'video/mp4' },
          })
        ).status,
      ).toBe(201);
    }
    const sixth = await call(`/api/uploads/sessions/${sessionId}/files`, tokens.editor, {
      headers,
      body: { name: 'v6.avi', size: 10, type: 'video/x-msvideo' },
    });
    expect(sixth).toMatchObject({ status: 409, body: { error: UPLOAD_MESSAGES.tooManyFilesFor(5) } });
    // The session is the editor's: the client cannot use it even with the secret.
    expect((await call(`/api/uploads/sessions/${sessionId}/files`, tokens.client, { headers })).status).toBe(403);
    const detail = (await call(`/api/projects/${editing}`, tokens.client)).body as { project: ProjectDetail };
    expect(detail.project.finalFileCount).toBe(1);
  });

  test('the public session route cannot open a project area', async () => {
    const answer = await call('/api/uploads/sessions', tokens.client, { body: { area: 'project_final' } });
    expect(answer.status).toBe(400);
  });
});

describe('editor profile', () => {
  const valid = {
    firstName: 'Autre',
    lastName: 'Monteur',
    specialties: ['youtube', 'tiktok'],
    visualComplexityLevels: ['simple'],
    languages: ['français'],
    timezone: 'Europe/Paris',
    hourlyRate: 32.5,
    maxConcurrentProjects: 3,
    availabilityStart: '09:00',
    availabilityEnd: '18:00',
    bio: '',
    portfolioLinks: ['  https://vimeo.com/moi  ', '   ', ''],
  };

  test('a new editor has no profile, then saves one (links trimmed, empty ones dropped)', async () => {
    expect((await call('/api/editor/profile', tokens.otherEditor)).body).toEqual({ profile: null });
    const saved = await call('/api/editor/profile', tokens.otherEditor, { method: 'PUT', body: valid });
    expect(saved.status).toBe(200);
    expect(saved.body.profile).toMatchObject({
      hourlyRate: 32.5,
      maxConcurrentProjects: 3,
      portfolioLinks: ['https://vimeo.com/moi'],
      currentProjectsCount: 0,
      status: 'active',
    });
    const again = await call('/api/editor/profile', tokens.otherEditor, {
      method: 'PUT',
      body: { ...valid, hourlyRate: 40 },
    });
    expect(again.body.profile).toMatchObject({ hourlyRate: 40 });
  });

  test('validation of 000 §5 in French', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ hourlyRate: 14.5 }, 'hourlyRate', 'Le taux horaire minimum est de 15 €.'],
      [{ hourlyRate: 20.25 }, 'hourlyRate', 'Le taux horaire se règle par pas de 0,5.'],
      [{ maxConcurrentProjects: 0 }, 'maxConcurrentProjects', 'Au moins 1 projet simultané.'],
      [{ maxConcurrentProjects: 11 }, 'maxConcurrentProjects', 'Au plus 10 projets simultanés.'],
      [{ firstName: '  ' }, 'firstName', 'Le prénom est requis.'],
      [{ portfolioLinks: ['pas un lien'] }, 'portfolioLinks.0', 'Lien de portfolio invalide (https://…).'],
      [{ timezone: 'Mars/Olympus' }, 'timezone', 'Fuseau horaire inconnu.'],
    ];
    for (const [change, field, message] of cases) {
      const answer = await call('/api/editor/profile', tokens.otherEditor, {
        method: 'PUT',
        body: { ...valid, ...change },
      });
      expect(answer.status).toBe(400);
      expect((answer.body.fields as Record<string, string>)[field]).toBe(message);
    }
  });

  test('only editors have a profile', async () => {
    expect((await call('/api/editor/profile', tokens.client)).status).toBe(403);
    expect((await call('/api/editor/profile', null)).status).toBe(401);
  });
});
