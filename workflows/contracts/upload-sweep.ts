/**
 * Uploads nobody took: a brief's or an application's session with no brief or application a day
 * after its last file, refused and cancelled files, multipart uploads left unfinished. The one
 * age every part of the sweep uses (the schedule's runs, the bucket lifecycle rule, the docs).
 */
export const ABANDONED_UPLOAD_AGE_HOURS = 24;

/** Files removed per activity call: one DeleteObjects request takes at most 1,000 keys. */
export const UPLOAD_SWEEP_BATCH = 1000;

/** The Temporal Schedule that starts the sweep, and how often. */
export const UPLOAD_SWEEP_SCHEDULE_ID = 'upload-sweep';
export const UPLOAD_SWEEP_EVERY = '1 hour';

export interface UploadSweepInput {
  /** Age from which an upload counts as abandoned; the schedule leaves it to the default. */
  olderThanMs?: number;
}

export interface UploadSweepResult {
  /** Files whose object was deleted and whose row was removed. */
  filesRemoved: number;
  /** Multipart uploads with no file left, aborted from the storage's own list. */
  uploadsAborted: number;
}
