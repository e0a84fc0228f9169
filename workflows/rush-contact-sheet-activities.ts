/** Activities of rushContactSheetWorkflow, implemented in activities/rush-contact-sheet.ts. */

export interface RushContactSheetActivities {
  /**
   * Probes the rush (ffprobe through a presigned URL); a file without a readable video ends as
   * `none` (no sheet). Otherwise one ffmpeg pass at reduced resolution gives the scene measures
   * (cut by detectCuts, as the versions' cuts are) and the thumbnail candidates; each shot's
   * thumbnail is uploaded to `contact-sheets/{projectId}/{fileId}/shot-0001.jpg` and the shots
   * are stored on the file's row (`ready`) with a `project.file` event. Idempotent: a ready sheet
   * is kept; a file ffmpeg cannot read ends as `none` too.
   */
  makeContactSheet(fileId: string): Promise<{ status: 'ready' | 'none' }>;
  /** Marks the sheet failed with its French reason, with a `project.file` event. */
  failContactSheet(input: { fileId: string; error: string }): Promise<void>;
}
