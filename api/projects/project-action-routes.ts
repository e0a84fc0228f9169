import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context } from 'koa';
import {
  AddRevisionsSchema,
  AssignEditorSchema,
  CancelProjectSchema,
  ChangeDeadlineSchema,
} from '../../domain/schemas/admin';
import { PROJECT_ACTIONS, type ProjectAction } from '../../domain/project-lifecycle';
import { REVIEW_ACTIONS, type ReviewAction } from '../../domain/review';
import {
  ApprovalInputSchema,
  ClientAnswerInputSchema,
  ClientQuestionInputSchema,
  RevisionRoundInputSchema,
} from '../../domain/schemas/review';
import {
  addRevisionsUpdate,
  answerClientUpdate,
  approveUpdate,
  askClientUpdate,
  assignEditorUpdate,
  cancelUpdate,
  changeDeadlineUpdate,
  PROJECT_ACTION_UPDATES,
  reassignEditorUpdate,
  requestRevisionUpdate,
} from '../../workflows/contracts/project';
import { HttpError } from '../lib/http-error';
import { parseInput } from '../lib/validation';
import { currentUser, requireAuth, requireProjectAccess, requireRole } from '../middleware/auth';
import { loadProjectParties, projectIdOf, readProjectDetail } from './project-reads';
import { actorOf, type ProjectWorkflowClient } from './project-workflow-client';
import { loadVersion } from './version-reads';

export interface ProjectActionRouteDeps {
  em: () => EntityManager;
  workflows: ProjectWorkflowClient;
}

async function answerWithProject(ctx: Context, deps: ProjectActionRouteDeps, projectId: string) {
  ctx.body = { project: await readProjectDetail(deps.em(), currentUser(ctx), projectId) };
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

  /**
   * The lifecycle's actions (`PROJECT_ACTIONS`) and the review's (`REVIEW_ACTIONS`). Bodies:
   * requestRevision `RevisionRoundInputSchema` (the version whose open comments make the round),
   * approve `ApprovalInputSchema`, askClient `ClientQuestionInputSchema`, answerClient
   * `ClientAnswerInputSchema`; the others none. A version that does not exist → 404.
   */
  router.post('/api/projects/:projectId/actions/:action', requireAuth, guard, async (ctx) => {
    const projectId = projectIdOf(ctx.params.projectId);
    const action = ctx.params.action;
    if (!Object.hasOwn(PROJECT_ACTIONS, action) && !Object.hasOwn(REVIEW_ACTIONS, action))
      throw new HttpError(404, 'Action inconnue');
    const actor = actorOf(currentUser(ctx));
    const body: unknown = ctx.request.body ?? {};
    const name = action as ProjectAction | ReviewAction;
    const { workflows } = deps;
    if (name === 'requestRevision') {
      const { versionNumber, feedback } = parseInput(RevisionRoundInputSchema, body);
      await loadVersion(deps.em(), projectId, versionNumber);
      await workflows.update(projectId, requestRevisionUpdate, { actor, versionNumber, feedback });
    } else if (name === 'approve') {
      const { versionNumber } = parseInput(ApprovalInputSchema, body);
      await loadVersion(deps.em(), projectId, versionNumber);
      await workflows.update(projectId, approveUpdate, { actor, versionNumber });
    } else if (name === 'askClient') {
      const { question } = parseInput(ClientQuestionInputSchema, body);
      await workflows.update(projectId, askClientUpdate, { actor, question });
    } else if (name === 'answerClient') {
      const { answer } = parseInput(ClientAnswerInputSchema, body);
      await workflows.update(projectId, answerClientUpdate, { actor, answer });
    } else {
      await workflows.update(projectId, PROJECT_ACTION_UPDATES[name], { actor });
    }
    await answerWithProject(ctx, deps, projectId);
  });

  router.post('/api/admin/projects/:projectId/assign', requireRole('admin'), guard, async (ctx) => {
    const projectId = projectIdOf(ctx.params.projectId);
    const { editorId } = parseInput(AssignEditorSchema, ctx.request.body ?? {});
    const actor = actorOf(currentUser(ctx));
    await deps.workflows.update(projectId, assignEditorUpdate, { actor, editorId });
    await answerWithProject(ctx, deps, projectId);
  });

  /** Another editor for an assigned or in-progress project; both editors are told, their loads follow. */
  router.post('/api/admin/projects/:projectId/reassign', requireRole('admin'), guard, async (ctx) => {
    const projectId = projectIdOf(ctx.params.projectId);
    const { editorId } = parseInput(AssignEditorSchema, ctx.request.body ?? {});
    const actor = actorOf(currentUser(ctx));
    await deps.workflows.update(projectId, reassignEditorUpdate, { actor, editorId });
    await answerWithProject(ctx, deps, projectId);
  });

  /** A new planned delivery date (`YYYY-MM-DD`, from tomorrow on), kept at noon UTC like the others. */
  router.post('/api/admin/projects/:projectId/deadline', requireRole('admin'), guard, async (ctx) => {
    const projectId = projectIdOf(ctx.params.projectId);
    const { deliveryDate } = parseInput(ChangeDeadlineSchema, ctx.request.body ?? {});
    const actor = actorOf(currentUser(ctx));
    const at = Date.parse(`${deliveryDate}T12:00:00.000Z`);
    await deps.workflows.update(projectId, changeDeadlineUpdate, { actor, deliveryDate: at });
    await answerWithProject(ctx, deps, projectId);
  });

  /** More revisions in the project's quota (added to whatever quota it has). */
  router.post('/api/admin/projects/:projectId/revisions', requireRole('admin'), guard, async (ctx) => {
    const projectId = projectIdOf(ctx.params.projectId);
    const { count } = parseInput(AddRevisionsSchema, ctx.request.body ?? {});
    const actor = actorOf(currentUser(ctx));
    await deps.workflows.update(projectId, addRevisionsUpdate, { actor, count });
    await answerWithProject(ctx, deps, projectId);
  });

  router.post('/api/admin/projects/:projectId/cancel', requireRole('admin'), guard, async (ctx) => {
    const projectId = projectIdOf(ctx.params.projectId);
    const { reason } = parseInput(CancelProjectSchema, ctx.request.body ?? {});
    const actor = actorOf(currentUser(ctx));
    await deps.workflows.update(projectId, cancelUpdate, { actor, reason });
    await answerWithProject(ctx, deps, projectId);
  });

  return router;
}
