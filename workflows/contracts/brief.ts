/** Contract of BriefWorkflow (`brief-<briefId>`): started by the brief submission, owns the brief until paid. */
export const BRIEF_WORKFLOW_TYPE = 'briefWorkflow';

export interface BriefWorkflowInput {
  briefId: string;
}

export function briefWorkflowId(briefId: string): string {
  return `brief-${briefId}`;
}
