import type { ProjectAction } from '@domain/project-lifecycle';
import { PROJECT_MESSAGES, projectPageQueryKeys, type ProjectDetail } from '@domain/projects';
import type { ReviewAction } from '@domain/review';
import { hashKey, useMutation, useQueryClient, type Mutation, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, ApiError } from '@/lib/api-client';

/**
 * The lifecycle buttons of the project page and the editor space. Both call
 * `POST /api/projects/:projectId/actions/:action` (a workflow update on the server, which answers
 * `{ project }` or a French `{ error }`); the toasts are the spec's (000 §4, §8).
 */
const ACTION_TOASTS: Record<
  ProjectAction | ReviewAction,
  { success: string; failure: string; preferServerMessage: boolean }
> = {
  start: {
    success: PROJECT_MESSAGES.editingStarted,
    failure: PROJECT_MESSAGES.actionFailed,
    preferServerMessage: true,
  },
  complete: {
    success: PROJECT_MESSAGES.projectCompleted,
    failure: PROJECT_MESSAGES.completeFailed,
    preferServerMessage: true,
  },
  requestRevision: {
    success: PROJECT_MESSAGES.revisionRequested,
    failure: PROJECT_MESSAGES.revisionSubmitFailed,
    preferServerMessage: false,
  },
  startRevision: {
    success: PROJECT_MESSAGES.revisionStarted,
    failure: PROJECT_MESSAGES.actionFailed,
    preferServerMessage: true,
  },
  completeRevision: {
    success: PROJECT_MESSAGES.revisionCompleted,
    failure: PROJECT_MESSAGES.actionFailed,
    preferServerMessage: true,
  },
  cancel: { success: 'Projet annulé', failure: PROJECT_MESSAGES.actionFailed, preferServerMessage: true },
  approve: { success: 'Version approuvée', failure: PROJECT_MESSAGES.actionFailed, preferServerMessage: true },
  askClient: {
    success: 'Question envoyée au client',
    failure: PROJECT_MESSAGES.actionFailed,
    preferServerMessage: true,
  },
  answerClient: { success: 'Réponse envoyée', failure: PROJECT_MESSAGES.actionFailed, preferServerMessage: true },
};

interface ProjectActionRequest {
  projectId: string;
  action: ProjectAction | ReviewAction;
  /** The request's body (a revision round's version, the approved version, the question, the answer). */
  body?: Record<string, unknown>;
}

interface ProjectActionAnswer {
  project: ProjectDetail;
}

function postProjectAction({ projectId, action, body = {} }: ProjectActionRequest) {
  return api.post<ProjectActionAnswer>(`/projects/${encodeURIComponent(projectId)}/actions/${action}`, body);
}

const PROJECT_ACTION_KEY = ['project-action'];

/** This tab's actions on the project (under way, answered or refused). */
const actionsOn = (projectId: string) => ({
  mutationKey: PROJECT_ACTION_KEY,
  predicate: (mutation: Mutation<unknown, Error, unknown>) =>
    (mutation.state.variables as ProjectActionRequest | undefined)?.projectId === projectId,
});

/** Runs `then` once no action of this tab on the project is under way (at once when none is). */
export function afterProjectActions(queryClient: QueryClient, projectId: string, then: () => void): void {
  const underWay = () => queryClient.isMutating(actionsOn(projectId)) > 0;
  if (!underWay()) return then();
  const unsubscribe = queryClient.getMutationCache().subscribe(() => {
    if (underWay()) return;
    unsubscribe();
    then();
  });
}

/**
 * Whether an action of this tab answered with the project as it was once the live event `eventId`
 * had happened: its answer is on the page and its other queries were refreshed after it.
 */
export function answeredByProjectAction(queryClient: QueryClient, projectId: string, eventId: number): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ ...actionsOn(projectId), status: 'success' })
    .some((mutation) => (mutation.state.data as ProjectActionAnswer).project.lastEventId >= eventId);
}

/**
 * Runs an action and shows its toast. The answer is the project as the workflow left it: it becomes
 * the page's project (unless the page already shows a newer one: `projectQuery`), and only the
 * project's other queries and the lists it appears in are refreshed.
 */
export function useProjectAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: PROJECT_ACTION_KEY,
    mutationFn: postProjectAction,
    onSuccess: ({ project }, { action, projectId }) => {
      queryClient.setQueryData(projectPageQueryKeys.detail(projectId), project);
      toast.success(ACTION_TOASTS[action].success);
    },
    onError: (error, { action }) => {
      const toastText = ACTION_TOASTS[action];
      const serverMessage = error instanceof ApiError && error.status > 0 ? error.message : null;
      if (toastText.preferServerMessage && serverMessage) toast.error(serverMessage);
      else toast.error(toastText.failure, serverMessage ? { description: serverMessage } : undefined);
    },
    onSettled: (answer, _error, { projectId }) => {
      // A refused action reads the project again (it changed under the page); an answered one has it.
      const detailHash = hashKey(projectPageQueryKeys.detail(projectId));
      void queryClient.invalidateQueries({
        queryKey: ['projects', projectId],
        predicate: (query) => !answer || query.queryHash !== detailHash,
      });
      // The client's and the editor's lists show the project's status.
      void queryClient.invalidateQueries({ queryKey: ['projects', 'mine'] });
    },
  });
}
