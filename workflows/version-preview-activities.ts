/** Activities of versionPreviewWorkflow, implemented in activities/version-preview.ts. */
import type { VersionMedia } from '../domain/review';

type ProbeVersionResult = { ok: true; media: VersionMedia } | { ok: false; error: string };

export interface VersionPreviewActivities {
  /**
   * ffprobe of the original through a presigned URL (range requests): the exact rational frame
   * rate, frame count, duration, size and start timecode, written to the version's row (preview
   * `processing`, progress 0) with a `project.version` event. `{ ok: false }` with the French
   * reason when the file holds no readable video. Idempotent.
   */
  probeVersion(versionId: string): Promise<ProbeVersionResult>;
  /**
   * Copies the previous version's unresolved comments (with their replies) to this version at the
   * same timecode, marked as carried; one `project.comment` event each. Run twice, one copy.
   */
  carryOpenComments(versionId: string): Promise<{ carried: number }>;
  /**
   * Renders the watermarked H.264 preview (at most 1080p, +faststart, a key frame every
   * `PREVIEW_KEYFRAME_INTERVAL` frames, the client's name, "Aperçu Rushflow" and the burned-in
   * timecode), heartbeating and writing its progress (throttled, with `project.version` events),
   * uploads it beside the originals under `previews/` and marks the version ready. Fails with
   * PreviewRenderFailed (French message) when ffmpeg cannot convert the file.
   */
  renderPreview(versionId: string): Promise<{ key: string }>;
  /** Marks the preview failed with its French reason, with a `project.version` event. */
  failPreview(input: { versionId: string; error: string }): Promise<void>;
}
