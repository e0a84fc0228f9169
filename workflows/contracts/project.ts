import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { defineQuery } from '@temporalio/workflow';
import type { ProjectStatus } from '../../domain/enums';

/**
 * Contract of ProjectWorkflow (`project-<projectId>`): started by the paid brief's workflow, owns
 * the project's lifecycle. This first version records `brief_received` and waits; the assignment,
 * editing, delivery and revision steps come next.
 */
export const PROJECT_WORKFLOW_TYPE = 'projectWorkflow';

export interface ProjectWorkflowInput {
  projectId: string;
  briefId: string;
}

export function projectWorkflowId(projectId: string): string {
  return `project-${projectId}`;
}

/** The project's current status, as the workflow knows it. */
export const projectStatusQuery = defineQuery<ProjectStatus>('projectStatus');

/**
 * Search attributes admins filter on in the Temporal UI; the dev server registers them
 * (scripts/lib/services.mjs). Keyword values: the status, the client's e-mail, the video type.
 */
export const RUSHFLOW_STATUS = defineSearchAttributeKey('RushflowStatus', SearchAttributeType.KEYWORD);
export const RUSHFLOW_CLIENT_EMAIL = defineSearchAttributeKey('RushflowClientEmail', SearchAttributeType.KEYWORD);
export const RUSHFLOW_VIDEO_TYPE = defineSearchAttributeKey('RushflowVideoType', SearchAttributeType.KEYWORD);
