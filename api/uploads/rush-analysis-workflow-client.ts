import { randomUUID } from 'node:crypto';
import { ANALYSIS_MESSAGES, type RushAnalysisResult } from '../../domain/analysis';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import {
  RUSH_ANALYSIS_EXECUTION_TIMEOUT,
  RUSH_ANALYSIS_WORKFLOW_TYPE,
  rushAnalysisWorkflowId,
  type RushAnalysisInput,
} from '../../workflows/contracts/rush-analysis';
import { HttpError } from '../lib/http-error';
import type { TemporalConnection } from '../temporal/connection';
import { processLogger } from '../../observability/logger';

const log = processLogger('api').child({ component: 'uploads' });

/** The api's side of rushAnalysisWorkflow: one run per request, its measures as the answer. */
export function createRushAnalysisWorkflowClient(temporal: TemporalConnection) {
  return {
    /** Runs the analysis and waits for it; any failure is a 502 whose message the form falls back on. */
    async analyse(input: RushAnalysisInput): Promise<RushAnalysisResult> {
      const client = await temporal();
      return client.workflow
        .execute<(input: RushAnalysisInput) => Promise<RushAnalysisResult>>(RUSH_ANALYSIS_WORKFLOW_TYPE, {
          taskQueue: TASK_QUEUE,
          workflowId: rushAnalysisWorkflowId(input.sessionId, randomUUID()),
          workflowExecutionTimeout: RUSH_ANALYSIS_EXECUTION_TIMEOUT,
          args: [input],
        })
        .catch((error: unknown) => {
          // The form falls back to manual entry on this message (001 §8.2).
          log.error({ err: error, uploadSessionId: input.sessionId }, 'rush analysis failed');
          throw new HttpError(502, ANALYSIS_MESSAGES.failed);
        });
    },
  };
}

export type RushAnalysisWorkflowClient = ReturnType<typeof createRushAnalysisWorkflowClient>;
