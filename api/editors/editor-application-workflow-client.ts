import {
  EDITOR_APPLICATION_WORKFLOW_TYPE,
  editorApplicationWorkflowId,
  type EditorApplicationWorkflowInput,
} from '../../workflows/contracts/editor-application';
import { startWorkflowOnce, type TemporalConnection } from '../temporal/connection';

/** The api's side of editorApplicationWorkflow: one run per stored application. */
export function createEditorApplicationWorkflowClient(temporal: TemporalConnection) {
  return {
    async start(applicationId: string): Promise<void> {
      const input: EditorApplicationWorkflowInput = { applicationId };
      await startWorkflowOnce(
        temporal,
        EDITOR_APPLICATION_WORKFLOW_TYPE,
        editorApplicationWorkflowId(applicationId),
        input,
      );
    },
  };
}

export type EditorApplicationWorkflowClient = ReturnType<typeof createEditorApplicationWorkflowClient>;
