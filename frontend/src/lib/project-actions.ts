import type { ProjectAction } from '@domain/project-lifecycle';
import { PROJECT_MESSAGES, type ProjectDetail } from '@domain/projects';
import type { ReviewAction } from '@domain/review';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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

function postProjectAction({ projectId, action, body = {} }: ProjectActionRequest) {
  return api.post<{ project: ProjectDetail }>(`/projects/${encodeURIComponent(projectId)}/actions/${action}`, body);
}

/** Runs an action, shows its toast and refreshes every project query. */
export function useProjectAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postProjectAction,
    onSuccess: (_answer, { action }) => {
      toast.success(ACTION_TOASTS[action].success);
    },
    onError: (error, { action }) => {
      const toastText = ACTION_TOASTS[action];
      const serverMessage = error instanceof ApiError && error.status > 0 ? error.message : null;
      if (toastText.preferServerMessage && serverMessage) toast.error(serverMessage);
      else toast.error(toastText.failure, serverMessage ? { description: serverMessage } : undefined);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
