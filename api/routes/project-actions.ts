import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
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
  ACTION_FORBIDDEN,
  ACTION_INVALID,
  ACTION_REFUSED,
  addRevisionsUpdate,
  answerClientUpdate,
  approveUpdate,
  askClientUpdate,
  assignEditorUpdate,
  cancelUpdate,
  changeDeadlineUpdate,
  PROJECT_ACTION_UPDATES,
  projectWorkflowId,
  reassignEditorUpdate,
  requestRevisionUpdate,
  type ProjectActor,
} from '../../workflows/contracts/project';
import { Project } from '../../db/entities';
import { HttpError } from '../lib/http-error';
import { parseInput } from '../lib/validation';
import { currentUser, requireAuth, requireProjectAccess, requireRole, type AuthUser } from '../middleware/auth';
import { loadProjectParties, projectIdOf, readProjectDetail } from '../projects/project-reads';
import { loadVersion } from '../review/version-reads';

export interface ProjectActionRouteDeps {
  em: () => EntityManager;
  temporal: () => Promise<Client>;
}

/** Shown when the workflow is closed (project closed and its files deleted) or answers nothing usable. */
const CLOSED_MESSAGE = 'Action impossible : ce projet est clos.';

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

/**
 * A project just paid for is written a moment before the payment's workflow starts its own: it
 * stays `brief_received` until then. An action sent in that gap waits for the workflow this long.
 */
const WORKFLOW_START_WAIT_MS = 20_000;
const STARTING_MESSAGE = 'Le projet est en cours de démarrage : réessayez dans un instant.';

async function awaitingItsWorkflow(deps: ProjectActionRouteDeps, projectId: string): Promise<boolean> {
  const project = await deps.em().findOne(Project, { id: projectId }, { fields: ['status'] });
  return project?.status === 'brief_received';
}

async function runUpdate(
  deps: ProjectActionRouteDeps,
  projectId: string,
  run: (handle: ReturnType<Client['workflow']['getHandle']>) => Promise<unknown>,
): Promise<void> {
  const client = await deps.temporal();
  const handle = client.workflow.getHandle(projectWorkflowId(projectId));
  const deadline = Date.now() + WORKFLOW_START_WAIT_MS;
  for (;;) {
    try {
      await run(handle);
      return;
    } catch (error) {
      if (error instanceof WorkflowNotFoundError && (await awaitingItsWorkflow(deps, projectId))) {
        if (Date.now() >= deadline) throw new HttpError(503, STARTING_MESSAGE);
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      const http = updateErrorToHttp(error);
      if (http) throw http;
      throw error;
    }
  }
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
    let run: (handle: ReturnType<Client['workflow']['getHandle']>) => Promise<unknown>;
    if (name === 'requestRevision') {
      const { versionNumber, feedback } = parseInput(RevisionRoundInputSchema, body);
      await loadVersion(deps.em(), projectId, versionNumber);
      run = (handle) => handle.executeUpdate(requestRevisionUpdate, { args: [{ actor, versionNumber, feedback }] });
    } else if (name === 'approve') {
      const { versionNumber } = parseInput(ApprovalInputSchema, body);
      await loadVersion(deps.em(), projectId, versionNumber);
      run = (handle) => handle.executeUpdate(approveUpdate, { args: [{ actor, versionNumber }] });
    } else if (name === 'askClient') {
      const { question } = parseInput(ClientQuestionInputSchema, body);
      run = (handle) => handle.executeUpdate(askClientUpdate, { args: [{ actor, question }] });
    } else if (name === 'answerClient') {
      const { answer } = parseInput(ClientAnswerInputSchema, body);
      run = (handle) => handle.executeUpdate(answerClientUpdate, { args: [{ actor, answer }] });
    } else {
      const update = PROJECT_ACTION_UPDATES[name];
      run = (handle) =>
        update === cancelUpdate
          ? handle.executeUpdate(cancelUpdate, { args: [{ actor }] })
          : handle.executeUpdate(update, { args: [{ actor }] });
    }
    await runUpdate(deps, projectId, run);
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

  /** Another editor for an assigned or in-progress project; both editors are told, their loads follow. */
  router.post('/api/admin/projects/:projectId/reassign', requireRole('admin'), guard, async (ctx) => {
    const projectId = projectIdOf(ctx.params.projectId);
    const { editorId } = parseInput(AssignEditorSchema, ctx.request.body ?? {});
    const actor = actorOf(currentUser(ctx));
    await runUpdate(deps, projectId, (handle) =>
      handle.executeUpdate(reassignEditorUpdate, { args: [{ actor, editorId }] }),
    );
    await answerWithProject(ctx, deps, projectId);
  });

  /** A new planned delivery date (`YYYY-MM-DD`, from tomorrow on), kept at noon UTC like the others. */
  router.post('/api/admin/projects/:projectId/deadline', requireRole('admin'), guard, async (ctx) => {
    const projectId = projectIdOf(ctx.params.projectId);
    const { deliveryDate } = parseInput(ChangeDeadlineSchema, ctx.request.body ?? {});
    const actor = actorOf(currentUser(ctx));
    const at = Date.parse(`${deliveryDate}T12:00:00.000Z`);
    await runUpdate(deps, projectId, (handle) =>
      handle.executeUpdate(changeDeadlineUpdate, { args: [{ actor, deliveryDate: at }] }),
    );
    await answerWithProject(ctx, deps, projectId);
  });

  /** More revisions in the project's quota (added to whatever quota it has). */
  router.post('/api/admin/projects/:projectId/revisions', requireRole('admin'), guard, async (ctx) => {
    const projectId = projectIdOf(ctx.params.projectId);
    const { count } = parseInput(AddRevisionsSchema, ctx.request.body ?? {});
    const actor = actorOf(currentUser(ctx));
    await runUpdate(deps, projectId, (handle) =>
      handle.executeUpdate(addRevisionsUpdate, { args: [{ actor, count }] }),
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
