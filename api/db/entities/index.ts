import { Brief } from './brief';
import { EditorApplication } from './editor-application';
import { EditorProfile } from './editor-profile';
import { Notification } from './notification';
import { ProcessedWebhookEvent } from './processed-webhook-event';
import { Project } from './project';
import { ProjectFile } from './project-file';
import { ProjectMessage } from './project-message';
import { ProjectRevision } from './project-revision';
import { Setting } from './setting';
import { StatusHistory } from './status-history';

export {
  Brief,
  EditorApplication,
  EditorProfile,
  Notification,
  ProcessedWebhookEvent,
  Project,
  ProjectFile,
  ProjectMessage,
  ProjectRevision,
  Setting,
  StatusHistory,
};
export type { BriefAnalysis, BriefUploadedFile } from './brief';
export type { ProjectBriefData } from './project';

/** Every entity, for the ORM configuration (no file discovery at run time). */
export const ALL_ENTITIES = [
  Brief,
  EditorProfile,
  Project,
  EditorApplication,
  Notification,
  ProjectRevision,
  ProjectFile,
  ProjectMessage,
  StatusHistory,
  Setting,
  ProcessedWebhookEvent,
];
