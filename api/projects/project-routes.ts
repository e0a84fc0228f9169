import type { S3Client } from '@aws-sdk/client-s3';
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context } from 'koa';
import { projectEvent } from '../../domain/events';
import { PROJECT_MESSAGES } from '../../domain/projects';
import {
  MyProjectsQuerySchema,
  ProjectMessageInputSchema,
  ProjectNotificationsQuerySchema,
} from '../../domain/schemas/project';
import { ProjectMessage } from '../../db/entities';
import { appendEvents } from '../../db/outbox';
import { HttpError } from '../lib/http-error';
import type { ReadCaches } from '../projects/read-caches';
import { parseInput } from '../lib/validation';
import { currentUser, displayName, requireAuth, requireProjectAccess } from '../middleware/auth';
import { briefDocument, documentFileName, storedPdf } from '../billing/stored-documents';
import {
  loadProject,
  loadProjectPageRow,
  loadProjectParties,
  partiesOf,
  projectDetailOf,
  projectIdOf,
  projectListKey,
  readClientProjects,
  readEditorProjects,
  readMessages,
  readProjectNotifications,
  readRevisions,
  readTimeline,
  toMessageView,
} from '../projects/project-reads';

export interface ProjectRouteDeps {
  em: () => EntityManager;
  /** The page and the lists, kept in memory while the database says they have not changed. */
  reads: Pick<ReadCaches, 'projectPages' | 'projectLists'>;
  /** Storage of the invoices bucket (the internal endpoint: the api reads the PDFs itself). */
  s3: S3Client;
}

/**
 * The project page, the client dashboard and the editor space read here (000 §2, §7 reads). Every
 * `:projectId` route is limited to the project's client, its editor and admins; lifecycle changes
 * go through the project's workflow, not these routes.
 */
export function projectRoutes(deps: ProjectRouteDeps): Router {
  const router = new Router({ prefix: '/api/projects' });
  const guard = requireProjectAccess((projectId) => loadProjectParties(deps.em(), projectId));

  /** The caller's projects, newest first: as a client (by id or verified e-mail) or as the assigned editor. */
  router.get('/mine', requireAuth, async (ctx) => {
    const user = currentUser(ctx);
    const { as } = parseInput(MyProjectsQuerySchema, ctx.query);
    if (as === 'editor' && !user.roles.includes('editor'))
      throw new HttpError(403, PROJECT_MESSAGES.editorRoleRequired);
    ctx.type = 'json';
    ctx.body = await deps.reads.projectLists.read(projectListKey(user, as), async () =>
      JSON.stringify(
        as === 'editor' ? await readEditorProjects(deps.em(), user) : await readClientProjects(deps.em(), user),
      ),
    );
  });

  /** The project page: its one query also reads the parties, and applies the guard's rule to them. */
  router.get('/:projectId', async (ctx) => {
    const user = currentUser(ctx);
    const projectId = projectIdOf(ctx.params.projectId);
    const row = await deps.reads.projectPages.read(projectId, () => loadProjectPageRow(deps.em(), projectId));
    ctx.body = { project: projectDetailOf(row, user) };
  });

  /** The caller's own notifications about this project, newest first (000 §7: limit 5 for the page). */
  router.get('/:projectId/notifications', guard, async (ctx) => {
    const { limit } = parseInput(ProjectNotificationsQuerySchema, ctx.query);
    ctx.body = {
      notifications: await readProjectNotifications(deps.em(), ctx.params.projectId, currentUser(ctx).id, limit),
    };
  });

  router.get('/:projectId/messages', guard, async (ctx) => {
    ctx.body = { messages: await readMessages(deps.em(), ctx.params.projectId, currentUser(ctx)) };
  });

  router.post('/:projectId/messages', guard, async (ctx: Context) => {
    const user = currentUser(ctx);
    const { content } = parseInput(ProjectMessageInputSchema, ctx.request.body);
    const message = await deps.em().transactional(async (em) => {
      const created = em.create(ProjectMessage, {
        project: projectIdOf(ctx.params.projectId),
        senderId: user.id,
        senderName: displayName(user),
        content,
        messageType: 'text',
      });
      await appendEvents(em, () => [
        projectEvent({
          type: 'project.message',
          projectId: created.project.id,
          messageId: created.id,
          senderId: user.id,
        }),
      ]);
      return created;
    });
    ctx.status = 201;
    ctx.body = { message: toMessageView(message, user) };
  });

  router.get('/:projectId/revisions', guard, async (ctx) => {
    ctx.body = { revisions: await readRevisions(deps.em(), ctx.params.projectId) };
  });

  router.get('/:projectId/timeline', guard, async (ctx) => {
    ctx.body = { entries: await readTimeline(deps.em(), ctx.params.projectId) };
  });

  /**
   * The invoice and the credit note are the client's (000 §6); admins may fetch them for support.
   * Served exactly as stored when issued.
   */
  for (const [path, kind] of [
    ['invoice.pdf', 'invoice'],
    ['credit-note.pdf', 'credit_note'],
  ] as const) {
    router.get(`/:projectId/${path}`, guard, async (ctx) => {
      const user = currentUser(ctx);
      const em = deps.em();
      const project = await loadProject(em, ctx.params.projectId);
      const parties = partiesOf(user, project);
      if (!parties.includes('client') && !parties.includes('admin'))
        throw new HttpError(403, PROJECT_MESSAGES.accessDenied);
      const document = await briefDocument(em, project.brief.id, kind);
      const pdf = await storedPdf(deps.s3, document);
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `attachment; filename="${documentFileName(document)}"`);
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = pdf;
    });
  }

  return router;
}
