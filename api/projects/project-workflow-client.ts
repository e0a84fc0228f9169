import type { EntityManager } from '@mikro-orm/postgresql';
import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure, type UpdateDefinition } from '@temporalio/common';
import {
  ACTION_FORBIDDEN,
  ACTION_INVALID,
  ACTION_REFUSED,
  projectWorkflowId,
  type ProjectActor,
} from '../../workflows/contracts/project';
import { Project } from '../../db/entities';
import { HttpError } from '../lib/http-error';
import type { AuthUser } from '../middleware/auth';
import type { TemporalConnection } from '../temporal/connection';

/** Shown when the workflow is closed (project closed and its files deleted) or answers nothing usable. */
const CLOSED_MESSAGE = 'Action impossible : ce projet est clos.';

/**
 * A project just paid for is written a moment before the payment's workflow starts its own: it
 * stays `brief_received` until then. An action sent in that gap waits for the workflow this long.
 */
const WORKFLOW_START_WAIT_MS = 20_000;
const STARTING_MESSAGE = 'Le projet est en cours de démarrage : réessayez dans un instant.';

/** The caller, from the verified token: the workflow checks its parts on the project itself. */
export function actorOf(user: AuthUser): ProjectActor {
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
 * The api's side of projectWorkflow: every lifecycle action is one of its updates, sent here and
 * nowhere else (DESIGN.md: changes go through workflow updates, never by writing rows in the api).
 */
export function createProjectWorkflowClient(deps: { em: () => EntityManager; temporal: TemporalConnection }) {
  async function awaitingItsWorkflow(projectId: string): Promise<boolean> {
    const project = await deps.em().findOne(Project, { id: projectId }, { fields: ['status'] });
    return project?.status === 'brief_received';
  }

  return {
    /**
     * Runs one update of the project's workflow and returns once the workflow has committed it;
     * a refusal becomes its 4xx, a project whose workflow is still starting is waited for.
     */
    async update<Input>(
      projectId: string,
      definition: UpdateDefinition<unknown, [Input]>,
      input: NoInfer<Input>,
    ): Promise<void> {
      const client = await deps.temporal();
      const handle = client.workflow.getHandle(projectWorkflowId(projectId));
      const deadline = Date.now() + WORKFLOW_START_WAIT_MS;
      for (;;) {
        try {
          await handle.executeUpdate(definition, { args: [input] });
          return;
        } catch (error) {
          if (error instanceof WorkflowNotFoundError && (await awaitingItsWorkflow(projectId))) {
            if (Date.now() >= deadline) throw new HttpError(503, STARTING_MESSAGE);
            await new Promise((resolve) => setTimeout(resolve, 250));
            continue;
          }
          const http = updateErrorToHttp(error);
          if (http) throw http;
          throw error;
        }
      }
    },
  };
}

export type ProjectWorkflowClient = ReturnType<typeof createProjectWorkflowClient>;
