/**
 * Contract of rushContactSheetWorkflow (`rush-contact-sheet-<fileId>`): started by the api when a
 * client's source video becomes a project file. The worker probes the rush, reads it once at
 * reduced resolution for its scene cuts and thumbnails, uploads the thumbnails beside it and
 * stores the shots on the file's row. Every outcome is written there: the workflow ends without failing.
 */
export const RUSH_CONTACT_SHEET_WORKFLOW_TYPE = 'rushContactSheetWorkflow';

export interface RushContactSheetInput {
  fileId: string;
}

export interface RushContactSheetOutput {
  status: 'ready' | 'none' | 'failed';
}

/** One run per file: a second start while one runs is refused by Temporal. */
export function rushContactSheetWorkflowId(fileId: string): string {
  return `rush-contact-sheet-${fileId}`;
}

/** The whole pass over one rush (ffmpeg reads it once through a presigned URL). */
export const CONTACT_SHEET_TIMEOUT = '6 hours';
/** The pass heartbeats at every progress report of ffmpeg (about twice a second). */
export const CONTACT_SHEET_HEARTBEAT_TIMEOUT = '2 minutes';
/** Writing an outcome on the row. */
export const CONTACT_SHEET_RECORD_TIMEOUT = '1 minute';
