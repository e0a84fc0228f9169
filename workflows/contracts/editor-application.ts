/**
 * Contract of editorApplicationWorkflow (`editor-application-<applicationId>`), started by
 * `POST /api/editor-applications` once the application is stored `pending`.
 */
export const EDITOR_APPLICATION_WORKFLOW_TYPE = 'editorApplicationWorkflow';

export interface EditorApplicationWorkflowInput {
  applicationId: string;
}

export function editorApplicationWorkflowId(applicationId: string): string {
  return `editor-application-${applicationId}`;
}

/** Template name of the applicant's confirmation (recorded with the sent e-mail). */
export const APPLICATION_RECEIVED_TEMPLATE = 'editor_application_received';

/** Type of the admins' in-app notification of a new application (the bell shows it as default). */
export const APPLICATION_NOTIFICATION_TYPE = 'editor_application';

/** The admins' notification text. */
export const APPLICATION_NOTICE = (name: string, email: string) => ({
  title: 'Nouvelle candidature de monteur',
  message: `${name} (${email}) souhaite rejoindre l’équipe : candidature à examiner dans Administration › Recrutement.`,
});

/** Typed failure: the application does not exist (never retried). */
export const APPLICATION_NOT_FOUND = 'ApplicationNotFound';
