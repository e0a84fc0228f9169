import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/core';
import type { Context } from 'koa';
import { isActiveStatus } from '../../domain/project-lifecycle';
import {
  CHAT_HISTORY_LIMIT,
  invoiceNumber,
  PROJECT_MESSAGES,
  type ClientProjectCounters,
  type EditorProjectsAnswer,
  type MyProjectsAnswer,
  type ProjectMessageView,
  type ProjectNotificationView,
  type ProjectRevisionView,
  type StatusHistoryView,
} from '../../domain/projects';
import { MyProjectsQuerySchema, ProjectMessageInputSchema, ProjectNotificationsQuerySchema } from '../../domain/schemas/project';
import { EditorProfile, Notification, Project, ProjectMessage, ProjectRevision, StatusHistory } from '../db/entities';
import type { ProjectMessage as ProjectMessageRow } from '../db/entities/project-message';
import { HttpError } from '../lib/http-error';
import { parseInput } from '../lib/validation';
import { currentUser, requireAuth, requireProjectAccess, type AuthUser } from '../middleware/auth';
import { renderInvoicePdf } from '../projects/invoice-pdf';
import { loadProject, loadProjectParties, partiesOf, projectIdOf, toDetail, toSummary } from '../projects/project-reads';

export interface ProjectRouteDeps {
  em: () => EntityManager;
  /** Name and address printed on invoices. */
  invoiceIssuer: { name: string; email: string };
}

function messageView(message: ProjectMessageRow, user: AuthUser): ProjectMessageView {
  return {
    id: message.id,
    senderId: message.senderId,
    senderName: message.senderName ?? null,
    content: message.content,
    messageType: message.messageType,
    createdAt: message.createdAt.toISOString(),
    mine: message.senderId === user.id,
  };
}

/** The name other parties see beside a chat message. */
function displayName(user: AuthUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}

function countersOf(projects: Project[]): ClientProjectCounters {
  const spent = new Map<Project['currency'], number>();
  for (const project of projects) {
    if (project.status === 'cancelled') continue;
    spent.set(project.currency, (spent.get(project.currency) ?? 0) + project.totalPriceCents);
  }
  return {
    total: projects.length,
    active: projects.filter((project) => isActiveStatus(project.status)).length,
    completed: projects.filter((project) => project.status === 'completed').length,
    spent: [...spent].map(([currency, cents]) => ({ currency, cents })),
  };
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
    const em = deps.em();
    if (as === 'editor') {
      if (!user.roles.includes('editor')) throw new HttpError(403, PROJECT_MESSAGES.editorRoleRequired);
      const [projects, profile] = await Promise.all([
        em.find(Project, { editor: user.id }, { populate: ['editor'], orderBy: { createdAt: 'desc' } }),
        em.findOne(EditorProfile, { userId: user.id }),
      ]);
      const answer: EditorProjectsAnswer = {
        projects: projects.map(toSummary),
        load: profile ? { current: profile.currentProjectsCount, max: profile.maxConcurrentProjects } : null,
      };
      ctx.body = answer;
      return;
    }
    const byEmail = user.emailVerified && user.email ? [{ clientEmail: user.email.toLowerCase() }] : [];
    const projects = await em.find(
      Project,
      { $or: [{ clientId: user.id }, ...byEmail] },
      { populate: ['editor'], orderBy: { createdAt: 'desc' } },
    );
    const answer: MyProjectsAnswer = { projects: projects.map(toSummary), counters: countersOf(projects) };
    ctx.body = answer;
  });

  router.get('/:projectId', guard, async (ctx) => {
    const em = deps.em();
    const project = await loadProject(em, ctx.params.projectId);
    ctx.body = { project: await toDetail(em, currentUser(ctx), project) };
  });

  /** The caller's own notifications about this project, newest first (000 §7: limit 5 for the page). */
  router.get('/:projectId/notifications', guard, async (ctx) => {
    const { limit } = parseInput(ProjectNotificationsQuerySchema, ctx.query);
    const rows = await deps
      .em()
      .find(Notification, { project: projectIdOf(ctx.params.projectId), userId: currentUser(ctx).id }, { orderBy: { createdAt: 'desc' }, limit });
    const notifications: ProjectNotificationView[] = rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      message: row.message,
      isRead: row.isRead,
      createdAt: row.createdAt.toISOString(),
    }));
    ctx.body = { notifications };
  });

  /** The chat, oldest first (the newest `CHAT_HISTORY_LIMIT`). */
  router.get('/:projectId/messages', guard, async (ctx) => {
    const user = currentUser(ctx);
    const rows = await deps
      .em()
      .find(ProjectMessage, { project: projectIdOf(ctx.params.projectId) }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: CHAT_HISTORY_LIMIT });
    ctx.body = { messages: rows.reverse().map((row) => messageView(row, user)) };
  });

  router.post('/:projectId/messages', guard, async (ctx: Context) => {
    const user = currentUser(ctx);
    const { content } = parseInput(ProjectMessageInputSchema, ctx.request.body);
    const em = deps.em();
    const message = em.create(ProjectMessage, {
      project: projectIdOf(ctx.params.projectId),
      senderId: user.id,
      senderName: displayName(user),
      content,
      messageType: 'text',
    });
    await em.flush();
    ctx.status = 201;
    ctx.body = { message: messageView(message, user) };
  });

  /** Revisions, newest first (000 §7). */
  router.get('/:projectId/revisions', guard, async (ctx) => {
    const rows = await deps.em().find(ProjectRevision, { project: projectIdOf(ctx.params.projectId) }, { orderBy: { createdAt: 'desc' } });
    const revisions: ProjectRevisionView[] = rows.map((row) => ({
      id: row.id,
      revisionNumber: row.revisionNumber,
      feedback: row.feedback,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      completedAt: row.completedAt?.toISOString() ?? null,
    }));
    ctx.body = { revisions };
  });

  /** Status history, oldest first: the timeline reads top to bottom. */
  router.get('/:projectId/timeline', guard, async (ctx) => {
    const rows = await deps.em().find(StatusHistory, { project: projectIdOf(ctx.params.projectId) }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const entries: StatusHistoryView[] = rows.map((row) => ({
      id: row.id,
      oldStatus: row.oldStatus ?? null,
      newStatus: row.newStatus,
      comment: row.comment ?? null,
      changerName: row.changerName ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
    ctx.body = { entries };
  });

  /** The invoice is the client's (000 §6); admins may fetch it for support. */
  router.get('/:projectId/invoice.pdf', guard, async (ctx) => {
    const user = currentUser(ctx);
    const project = await loadProject(deps.em(), ctx.params.projectId);
    const parties = partiesOf(user, project);
    if (!parties.includes('client') && !parties.includes('admin')) throw new HttpError(403, PROJECT_MESSAGES.accessDenied);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="facture-${invoiceNumber(project)}.pdf"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await renderInvoicePdf(project, deps.invoiceIssuer);
  });

  return router;
}
