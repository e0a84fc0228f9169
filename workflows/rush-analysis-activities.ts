import type { FileMeasurement } from '../domain/analysis';
import type { RushFileToAnalyse } from './contracts/rush-analysis';

/** Activities of rushAnalysisWorkflow, implemented in activities/analyze-rushes.ts. */
export interface RushAnalysisActivities {
  /**
   * Measures each file with ffprobe through a presigned GET URL (only the bytes ffprobe asks for,
   * never a download). Read-only, so running it twice has no effect beyond the reads.
   */
  measureRushDurations(files: RushFileToAnalyse[], probeTimeoutSeconds: number): Promise<FileMeasurement[]>;
}
