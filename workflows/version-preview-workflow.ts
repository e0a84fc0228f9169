import { ApplicationFailure } from '@temporalio/common';
import { proxyActivities } from '@temporalio/workflow';
import { REVIEW_MESSAGES } from '../domain/review';
import {
  PREVIEW_HEARTBEAT_TIMEOUT,
  PREVIEW_NOT_VIDEO,
  PREVIEW_RENDER_FAILED,
  PREVIEW_RENDER_TIMEOUT,
  VERSION_PROBE_TIMEOUT,
  type VersionPreviewInput,
  type VersionPreviewOutput,
} from './contracts/version-preview';
import type { VersionPreviewActivities } from './version-preview-activities';

const quick = proxyActivities<VersionPreviewActivities>({
  startToCloseTimeout: VERSION_PROBE_TIMEOUT,
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: 5,
    nonRetryableErrorTypes: [PREVIEW_NOT_VIDEO, 'WorkerMisconfigured'],
  },
});

const render = proxyActivities<VersionPreviewActivities>({
  startToCloseTimeout: PREVIEW_RENDER_TIMEOUT,
  heartbeatTimeout: PREVIEW_HEARTBEAT_TIMEOUT,
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 3,
    nonRetryableErrorTypes: [PREVIEW_RENDER_FAILED, 'WorkerMisconfigured'],
  },
});

/** The French reason an activity's failure carries (ours), or the generic one. */
function reasonOf(error: unknown): string {
  let cause: unknown = error;
  while (cause && !(cause instanceof ApplicationFailure) && cause instanceof Error) cause = cause.cause;
  if (cause instanceof ApplicationFailure && (cause.type === PREVIEW_RENDER_FAILED || cause.type === PREVIEW_NOT_VIDEO))
    return cause.message;
  return REVIEW_MESSAGES.previewRenderFailed;
}

/**
 * One version's preview: probe, carry the previous version's open comments, render. A failure is
 * recorded on the version (French reason) and the run ends normally, so a retry can start again.
 */
export async function versionPreviewWorkflow({ versionId }: VersionPreviewInput): Promise<VersionPreviewOutput> {
  try {
    const probed = await quick.probeVersion(versionId);
    if (!probed.ok) {
      await quick.failPreview({ versionId, error: probed.error });
      return { status: 'failed' };
    }
    await quick.carryOpenComments(versionId);
    await render.renderPreview(versionId);
    return { status: 'ready' };
  } catch (error) {
    await quick.failPreview({ versionId, error: reasonOf(error) });
    return { status: 'failed' };
  }
}
