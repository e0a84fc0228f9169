/**
 * Contract of versionPreviewWorkflow (`version-preview-<versionId>`): started by the api when an
 * editor's final upload becomes a version, and again by the retry endpoint once a run has ended.
 * It probes the original (ffprobe through a presigned URL), carries the previous version's open
 * comments to this one, then renders the watermarked preview (ffmpeg) with live progress. Every
 * outcome is written to the version's row: the workflow itself ends without failing.
 */
export const VERSION_PREVIEW_WORKFLOW_TYPE = 'versionPreviewWorkflow';

export interface VersionPreviewInput {
  versionId: string;
}

export interface VersionPreviewOutput {
  status: 'ready' | 'failed';
}

/** One run per version at a time; a retry starts a new run under the same id once the last one ended. */
export function versionPreviewWorkflowId(versionId: string): string {
  return `version-preview-${versionId}`;
}

/** ffprobe's hard limit (it reads a few hundred kB through range requests). */
export const VERSION_PROBE_TIMEOUT = '2 minutes';
/** The whole render of one preview (ffmpeg reads the original once through a presigned URL). */
export const PREVIEW_RENDER_TIMEOUT = '6 hours';
/** The render heartbeats at every progress report of ffmpeg (about twice a second). */
export const PREVIEW_HEARTBEAT_TIMEOUT = '2 minutes';
/** The preview's progress is written (and published) at most this often. */
export const PREVIEW_PROGRESS_INTERVAL_MS = 1_000;

/** The activity's French refusal: not a readable video (not retried). */
export const PREVIEW_NOT_VIDEO = 'PreviewNotVideo';
/** ffmpeg could not convert the file (not retried: the same input fails the same way). */
export const PREVIEW_RENDER_FAILED = 'PreviewRenderFailed';
