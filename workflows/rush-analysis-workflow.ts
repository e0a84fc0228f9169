import { proxyActivities } from '@temporalio/workflow';
import { summariseAnalysis } from '../domain/analysis';
import {
  DEFAULT_PROBE_TIMEOUT_SECONDS,
  type RushAnalysisInput,
  type RushAnalysisOutput,
} from './contracts/rush-analysis';
import type { RushAnalysisActivities } from './rush-analysis-activities';

/**
 * Measures a batch of completed uploads and builds the 001 §3.4 result. Short-lived: the api
 * executes it and waits for the answer. Retries follow 001 §9.1's 1/2/4 s rhythm.
 */
export async function rushAnalysisWorkflow(input: RushAnalysisInput): Promise<RushAnalysisOutput> {
  const probeTimeoutSeconds = input.probeTimeoutSeconds ?? DEFAULT_PROBE_TIMEOUT_SECONDS;
  const { measureRushDurations } = proxyActivities<RushAnalysisActivities>({
    // Each file gets its own probe timeout; the activity heartbeats between files.
    startToCloseTimeout: `${probeTimeoutSeconds * Math.max(1, input.files.length) + 10} seconds`,
    heartbeatTimeout: `${probeTimeoutSeconds + 10} seconds`,
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '4 seconds', maximumAttempts: 4 },
  });
  const measured = await measureRushDurations(input.files, probeTimeoutSeconds);
  return summariseAnalysis(measured);
}
