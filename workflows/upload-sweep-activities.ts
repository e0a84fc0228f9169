/** Activities of uploadSweepWorkflow, implemented in activities/upload-sweep.ts. */
export interface UploadSweepActivities {
  /**
   * Removes up to `limit` abandoned files created before `cutoff` (ISO time): aborts their
   * multipart upload, deletes their object, then their row (and their session once empty), all
   * while the rows are locked. Says how many, and whether more are waiting. Idempotent.
   */
  sweepAbandonedUploads(cutoff: string, limit: number): Promise<{ filesRemoved: number; more: boolean }>;
  /** Aborts every multipart upload of the buckets initiated before `cutoff`; answers how many. */
  abortStaleMultipartUploads(cutoff: string): Promise<number>;
}
