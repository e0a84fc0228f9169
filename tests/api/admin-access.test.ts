import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { createApp } from '../../api/app';
import { buildAppDeps } from '../../api/bootstrap';
import { connectTemporal } from '../../api/temporal/connection';
import { AuditLogEntry, EditorApplication, EditorProfile } from '../../db/entities';
import { createOrmConfig } from '../../db/mikro-orm.config';
import { ADMIN_MESSAGES } from '../../domain/admin';
import { addWorkingDays, todayIn } from '../../domain/delivery';
import { MESSAGES } from '../../domain/messages';
import { PROJECT_MESSAGES } from '../../domain/projects';
import { adminKit, type Caller } from '../support/admin-kit';
import { mountedRoutes } from '../support/app-routes';
import {
  seedEditor,
  seedInvoicedProject,
  startProject,
  startWaitingProject,
  submitApplication,
} from '../support/admin-seed';
import { setOtherEditorsAside } from '../support/editors';
import { listenOnLoopback } from '../support/own-api';

/**
 * Every `/api/admin/*` route, read from the router `createApp` mounts (a new admin route is
 * listed here without anyone adding it): no token → 401, a client or an editor → 403, an admin →
 * 2xx with a real request. The api runs in this process on the stack's services and worker.
 */
jest.setTimeout(180_000);

const kit = adminKit();
const { config, accounts } = kit;
// Synchronous, so the routes are known when the tests are declared; it connects on first use.
const orm = MikroORM.initSync(createOrmConfig(config.DATABASE_URL));
const app = createApp(buildAppDeps(config, orm));

interface Route {
  method: string;
  path: string;
}

/** The admin routes the app mounts. */
const adminRoutes: Route[] = mountedRoutes(app).flatMap((route) => {
  const [method, path] = route.split(' ');
  return path.startsWith('/api/admin') ? [{ method, path }] : [];
});

/** The route with its parameters filled (ids nobody uses: the role check comes first). */
const anyPath = (path: string) => path.replace(/:[A-Za-z]+/g, () => randomUUID());

let server: http.Server;
let base: string;
let temporal: Client;
let editorId: string;
/** The editor a reassignment gives the project to. */
let secondEditorId: string;
let restoreOtherEditors: (() => Promise<void>) | undefined;

/** What an admin sends to get a 2xx from each route: set up just before the call. */
const adminRequests: Record<string, () => Promise<{ path: string; body?: unknown }>> = {
  'GET /api/admin/users': async () => ({ path: '/api/admin/users' }),
  'POST /api/admin/users/invite': async () => {
    const email = kit.uniqueEmail('access-invite');
    return { path: '/api/admin/users/invite', body: { email } };
  },
  'POST /api/admin/roles/assign': async () => {
    const email = kit.uniqueEmail('access-assign');
    await kit.createAccount(email);
    return { path: '/api/admin/roles/assign', body: { email, role: 'editor' } };
  },
  'POST /api/admin/roles/remove': async () => {
    const email = kit.uniqueEmail('access-remove');
    await kit.keycloak.assignRealmRole(await kit.createAccount(email), 'editor');
    return { path: '/api/admin/roles/remove', body: { email, role: 'editor' } };
  },
  'GET /api/admin/projects': async () => ({ path: '/api/admin/projects?status=assigned&overdue=true&page=1' }),
  'GET /api/admin/projects/filters': async () => ({ path: '/api/admin/projects/filters' }),
  'GET /api/admin/projects/:projectId/eligible-editors': async () => {
    const projectId = await startWaitingProject(orm, temporal, clientProject('Accès : monteurs possibles'));
    return { path: `/api/admin/projects/${projectId}/eligible-editors` };
  },
  'POST /api/admin/projects/:projectId/assign': async () => {
    const projectId = await startWaitingProject(orm, temporal, clientProject('Accès : assignation'));
    return { path: `/api/admin/projects/${projectId}/assign`, body: { editorId } };
  },
  'POST /api/admin/projects/:projectId/reassign': async () => {
    const projectId = await startWaitingProject(orm, temporal, clientProject('Accès : réassignation'));
    await kit.call('admin', 'POST', `/api/admin/projects/${projectId}/assign`, { editorId }, base);
    return { path: `/api/admin/projects/${projectId}/reassign`, body: { editorId: secondEditorId } };
  },
  'POST /api/admin/projects/:projectId/deadline': async () => {
    const projectId = await startWaitingProject(orm, temporal, clientProject('Accès : date de livraison'));
    return { path: `/api/admin/projects/${projectId}/deadline`, body: { deliveryDate: addWorkingDays(todayIn(), 15) } };
  },
  'POST /api/admin/projects/:projectId/revisions': async () => {
    const projectId = await startWaitingProject(orm, temporal, clientProject('Accès : révisions'));
    return { path: `/api/admin/projects/${projectId}/revisions`, body: { count: 1 } };
  },
  'POST /api/admin/projects/:projectId/cancel': async () => {
    const projectId = await startProject(orm, temporal, clientProject('Accès : annulation'));
    return { path: `/api/admin/projects/${projectId}/cancel`, body: { reason: 'Test des accès' } };
  },
  'GET /api/admin/applications': async () => ({ path: '/api/admin/applications?status=pending' }),
  'PATCH /api/admin/applications/:applicationId': async () => {
    const applicationId = await submitApplication(kit.appUrl, orm, kit.uniqueEmail('access-application'));
    return { path: `/api/admin/applications/${applicationId}`, body: { status: 'contacted', adminNotes: 'Appelé' } };
  },
  'POST /api/admin/applications/:applicationId/invite': async () => {
    const applicationId = await submitApplication(kit.appUrl, orm, kit.uniqueEmail('access-applicant'));
    await orm.em.fork().nativeUpdate(EditorApplication, { id: applicationId }, { status: 'approved' });
    return { path: `/api/admin/applications/${applicationId}/invite` };
  },
  'GET /api/admin/briefs': async () => ({ path: '/api/admin/briefs?status=pending_payment' }),
  'GET /api/admin/settings': async () => ({ path: '/api/admin/settings' }),
  'GET /api/admin/settings/seller': async () => ({ path: '/api/admin/settings/seller' }),
  'PUT /api/admin/settings/seller': async () => {
    const { body } = await kit.call('admin', 'GET', '/api/admin/settings/seller', undefined, base);
    return { path: '/api/admin/settings/seller', body: body.seller };
  },
  'GET /api/admin/invoices': async () => ({ path: '/api/admin/invoices' }),
  // A past year: no document of the period is still being rendered.
  'GET /api/admin/invoices/export': async () => ({ path: '/api/admin/invoices/export?from=2020-01&to=2020-12' }),
  'GET /api/admin/invoices/:documentId/pdf': async () => {
    const { invoiceId } = await seedInvoicedProject(orm, temporal, {
      ...clientProject('Accès : facture'),
      status: 'in_progress',
    });
    return { path: `/api/admin/invoices/${invoiceId}/pdf` };
  },
  'POST /api/admin/projects/:projectId/refund': async () => {
    const { projectId } = await seedInvoicedProject(orm, temporal, {
      ...clientProject('Accès : remboursement'),
      status: 'cancelled',
    });
    return { path: `/api/admin/projects/${projectId}/refund`, body: { reason: 'Test des accès' } };
  },
  'PUT /api/admin/settings': async () => {
    const { body } = await kit.call('admin', 'GET', '/api/admin/settings', undefined, base);
    return { path: '/api/admin/settings', body: body.settings };
  },
  'GET /api/admin/audit': async () => ({ path: '/api/admin/audit?action=settings.update' }),
  'GET /api/admin/config': async () => ({ path: '/api/admin/config' }),
  'POST /api/admin/system-tests': async () => ({ path: '/api/admin/system-tests', body: { kind: 'assignment' } }),
  'GET /api/admin/email-tests': async () => ({ path: '/api/admin/email-tests' }),
  'POST /api/admin/email-tests': async () => ({
    path: '/api/admin/email-tests',
    body: { template: 'contact_form', to: kit.uniqueEmail('access-mail') },
  }),
};

/** A project of the demo client; no editor the suite's invitations create covers Instagram. */
const clientProject = (title: string) => ({
  client: { id: accounts.client.id, email: accounts.client.email },
  title,
  videoType: 'instagram',
});

beforeAll(async () => {
  temporal = await connectTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE);
  ({ server, base } = await listenOnLoopback(app));
  // Nobody else free: the projects wait for the admin, who assigns this editor (no specialty of its own).
  editorId = await seedEditor(orm, { maxConcurrentProjects: 10 });
  secondEditorId = await seedEditor(orm, { maxConcurrentProjects: 10 });
  restoreOtherEditors = await setOtherEditorsAside(orm.em.fork(), [editorId, secondEditorId]);
});

afterAll(async () => {
  await restoreOtherEditors?.();
  await orm.em.fork().nativeDelete(EditorProfile, { userId: { $in: [editorId, secondEditorId] } });
  await new Promise((resolve) => server?.close(resolve));
  await temporal?.connection.close();
  await kit.cleanUp();
  await orm.close(true);
});

test('the admin api has its routes (projects, users, roles, applications, briefs, settings, audit, tests)', () => {
  const paths = new Set(adminRoutes.map((route) => route.path));
  for (const area of ['projects', 'users', 'roles', 'applications', 'briefs', 'settings', 'audit', 'system-tests']) {
    expect([...paths].some((path) => path.startsWith(`/api/admin/${area}`))).toBe(true);
  }
});

const rows = adminRoutes.flatMap((route) =>
  (['anonymous', 'client', 'editor', 'admin'] as Caller[]).map((caller) => ({ ...route, caller })),
);

test.each(rows)('$method $path as $caller', async ({ method, path, caller }) => {
  if (caller === 'anonymous' || caller === 'client' || caller === 'editor') {
    const answer = await kit.call(caller, method, anyPath(path), method === 'GET' ? undefined : {}, base);
    expect(answer).toEqual(
      caller === 'anonymous'
        ? { status: 401, body: { error: MESSAGES.unauthenticated } }
        : { status: 403, body: { error: MESSAGES.forbidden } },
    );
    return;
  }
  const prepare = adminRequests[`${method} ${path}`];
  if (!prepare) throw new Error(`${method} ${path}: say in adminRequests what an admin sends it`);
  const request = await prepare();
  const answer = await kit.call('admin', method, request.path, request.body, base);
  if (typeof answer.body.userId === 'string') kit.forget(answer.body.userId); // an invitation's account
  const succeeded = answer.status >= 200 && answer.status < 300;
  expect(succeeded ? '2xx' : `${answer.status} ${JSON.stringify(answer.body)}`).toBe('2xx');
});

const writeRoutes = adminRoutes.filter((route) => route.method !== 'GET');

test.each(writeRoutes)('$method $path: bad bodies → French 4xx, nothing written', async ({ method, path }) => {
  const auditEntries = await orm.em.fork().count(AuditLogEntry, {});
  const url = anyPath(path);
  expect(await kit.call('admin', method, url, '{"email": ', base)).toEqual({
    status: 400,
    body: { error: MESSAGES.malformedJson },
  });
  expect(await kit.call('admin', method, url, { padding: 'x'.repeat(2 * 1024 * 1024) }, base)).toEqual({
    status: 413,
    body: { error: MESSAGES.payloadTooLarge },
  });
  // A JSON array where an object is expected (ids nobody uses: the unknown project or application
  // may be what is reported first).
  const wrongShape = await kit.call('admin', method, url, ['<b>x</b>'], base);
  expect(wrongShape.status).toBeGreaterThanOrEqual(400);
  expect(wrongShape.status).toBeLessThan(500);
  expect([MESSAGES.invalidInput, PROJECT_MESSAGES.notFound, ADMIN_MESSAGES.applicationNotFound]).toContain(
    wrongShape.body.error,
  );
  expect(await orm.em.fork().count(AuditLogEntry, {})).toBe(auditEntries);
});
