import type { RushAnalysisResult } from '../../domain/analysis';

/**
 * Contract of rushAnalysisWorkflow: the api executes it when a batch of uploads completes and
 * answers with its 001 §3.4 result. It only reads the objects (ffprobe through presigned URLs).
 */
export const RUSH_ANALYSIS_WORKFLOW_TYPE = 'rushAnalysisWorkflow';

/** One completed upload to measure. */
export interface RushFileToAnalyse {
  fileId: string;
  name: string;
  size: number;
  bucket: string;
  key: string;
  kind: 'video' | 'audio' | 'image';
}

export interface RushAnalysisInput {
  sessionId: string;
  files: RushFileToAnalyse[];
  /** Hard limit for one file's probe; the activity's timeouts derive from it. */
  probeTimeoutSeconds?: number;
}

export type RushAnalysisOutput = RushAnalysisResult;

/** ffprobe reads a few hundred kB even for huge files; beyond this the storage is not answering. */
export const DEFAULT_PROBE_TIMEOUT_SECONDS = 30;

/** The api waits at most this long for the whole analysis before answering 'Erreur d'analyse'. */
export const RUSH_ANALYSIS_EXECUTION_TIMEOUT = '5 minutes';

export function rushAnalysisWorkflowId(sessionId: string, requestId: string): string {
  return `rush-analysis-${sessionId}-${requestId}`;
}
