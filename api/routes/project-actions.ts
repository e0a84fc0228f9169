import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Context } from 'koa';
import { z } from 'zod';
import { AssignEditorSchema, CancelProjectSchema } from '../../domain/admin';
import { PROJECT_ACTIONS, type ProjectAction } from '../../domain/project-lifecycle';
import {
  ACTION_FORBIDDEN,
  ACTION_INVALID,
  ACTION_REFUSED,
  assignEditorUpdate,
  cancelUpdate,
  PROJECT_ACTION_MESSAGES,
  PROJECT_ACTION_UPDATES,
  projectWorkflowId,
  type ProjectActor,
} from '../../workflows/contracts/project';
import { HttpError } from '../lib/http-error';
import { parseInput } from '../lib/validation';
import { currentUser, requireAuth, requireProjectAccess, requireRole, type AuthUser } from '../middleware/auth';
import { loadProject, loadProjectParties, projectIdOf, toDetail } from '../projects/project-reads';

export interface ProjectActionRouteDeps {
  em: () => EntityManager;
  temporal: () => Promise<Client>;
}

/** Shown when the workflow is closed (project closed and its files deleted) or answers nothing usable. */
const CLOSED_MESSAGE = 'Action impossible : ce projet est clos.';

const FeedbackSchema = z.object({ feedback: z.string().max(5000).optional() }).passthrough();

/** The caller, from the verified token: the workflow checks its parts on the project itself. */
function actorOf(user: AuthUser): ProjectActor {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    roles: user.roles,
    name: name || user.email,
  };
}

/**
 * The workflow's refusal → 403/409/400 with its French message. The project exists (the guard read
 * it): a workflow that is no longer running has closed the project (cancelled, or delivered and
 * its files deleted), so nothing more can be done on it.
 */
function updateErrorToHttp(error: unknown): HttpError | undefined {
  if (error instanceof WorkflowNotFoundError) return new HttpError(409, CLOSED_MESSAGE);
  if (error instanceof WorkflowUpdateFailedError) {
    const cause = error.cause;
    if (cause instanceof ApplicationFailure) {
      if (cause.type === ACTION_FORBIDDEN) return new HttpError(403, cause.message);
      if (cause.type === ACTION_REFUSED) return new HttpError(409, cause.message);
      if (cause.type === ACTION_INVALID) return new HttpError(400, cause.message);
    }
    return undefined;
  }
  // The server refuses updates on a closed workflow ("workflow execution already completed").
  if (error instanceof Error && /already completed|workflow execution.*(completed|closed)/i.test(error.message))
    return new HttpError(409, CLOSED_MESSAGE);
  return undefined;
}

async function runUpdate(
  deps: ProjectActionRouteDeps,
  projectId: string,
  run: (handle: ReturnType<Client['workflow']['getHandle']>) => Promise<unknown>,
): Promise<void> {
  const client = await deps.temporal();
  try {
    await run(client.workflow.getHandle(projectWorkflowId(projectId)));
  } catch (error) {
    const http = updateErrorToHttp(error);
    if (http) throw http;
    throw error;
  }
}

async function answerWithProject(ctx: Context, deps: ProjectActionRouteDeps, projectId: string) {
  const em = deps.em();
  const project = await loadProject(em, projectId);
  ctx.body = { project: await toDetail(em, currentUser(ctx), project) };
}

/**
 * Lifecycle actions (DESIGN.md: changes go through workflow updates, never by writing rows here).
 * `POST /api/projects/:projectId/actions/:action` for the page's buttons; the admin's manual
 * assignment and cancellation under `/api/admin/projects/:projectId/…`. Each answers the project
 * as the page reads it, once the workflow has committed the change.
 */
export function projectActionRoutes(deps: ProjectActionRouteDeps): Router {
  const router = new Router();
  const guard = requireProjectAccess((projectId) => loadProjectParties(deps.em(), projectId));

  router.post('/api/projects/:projectId/actions/:action', requireAuth, guard, async (ctx) => {
    const projectId = projectIdOf(ctx.params.projectId);
    const action = ctx.params.action;
    if (!Object.hasOwn(PROJECT_ACTIONS, action)) throw new HttpError(404, 'Action inconnue');
    const { feedback } = parseInput(FeedbackSchema, ctx.request.body ?? {});
    if (action === 'requestRevision' && !feedback?.trim())
      throw new HttpError(400, PROJECT_ACTION_MESSAGES.feedbackEmpty);
    const actor = actorOf(currentUser(ctx));
    const update = PROJECT_ACTION_UPDATES[action as ProjectAction];
    await runUpdate(deps, projectId, (handle) =>
      update === cancelUpdate
        ? handle.executeUpdate(cancelUpdate, { args: [{ actor }] })
        : handle.executeUpdate(update, { args: [{ actor, feedback }] }),
    );
    await answerWithProject(ctx, deps, projectId);
  });

  router.post('/api/admin/projects/:projectId/assign', requireRole('admin'), guard, async (ctx) => {
    const projectId = projectIdOf(ctx.params.projectId);
    const { editorId } = parseInput(AssignEditorSchema, ctx.request.body ?? {});
    const actor = actorOf(currentUser(ctx));
    await runUpdate(deps, projectId, (handle) =>
      handle.executeUpdate(assignEditorUpdate, { args: [{ actor, editorId }] }),
    );
    await answerWithProject(ctx, deps, projectId);
  });

  router.post('/api/admin/projects/:projectId/cancel', requireRole('admin'), guard, async (ctx) => {
    const projectId = projectIdOf(ctx.params.projectId);
    const { reason } = parseInput(CancelProjectSchema, ctx.request.body ?? {});
    const actor = actorOf(currentUser(ctx));
    await runUpdate(deps, projectId, (handle) => handle.executeUpdate(cancelUpdate, { args: [{ actor, reason }] }));
    await answerWithProject(ctx, deps, projectId);
  });

  return router;
}
