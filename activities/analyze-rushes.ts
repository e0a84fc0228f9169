import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { heartbeat } from '@temporalio/activity';
import ffmpeg, { type FfprobeData } from 'fluent-ffmpeg';
import { ANALYSIS_MESSAGES, type FileMeasurement } from '../domain/analysis';
import type { RushFileToAnalyse } from '../workflows/contracts/rush-analysis';
import type { RushAnalysisActivities } from '../workflows/rush-analysis-activities';

export interface AnalyzeRushesDeps {
  /** Client on the INTERNAL storage endpoint: the worker, not the browser, reads the objects. */
  s3: S3Client;
  /** `ffprobe` on PATH unless given. */
  ffprobePath?: string;
}

/**
 * ffprobe reads the container's headers and index through HTTP range requests (seeking to a moov
 * atom at the end costs one more request), never the whole file. `-probesize` bounds how much of
 * the media data is read to identify the streams; the duration comes from the index.
 */
const PROBE_OPTIONS = ['-v', 'error', '-probesize', '1000000', '-analyzeduration', '0'];

function probe(url: string, timeoutSeconds: number, ffprobePath?: string): Promise<FfprobeData> {
  const command = ffmpeg(url);
  if (ffprobePath) command.setFfprobePath(ffprobePath);
  // `-rw_timeout` (µs) ends ffprobe itself when the storage stops answering; the timer below is the
  // hard limit for a server that trickles bytes.
  const options = [...PROBE_OPTIONS, '-rw_timeout', String(timeoutSeconds * 1_000_000)];
  return new Promise<FfprobeData>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`ffprobe timed out after ${timeoutSeconds} s`)),
      timeoutSeconds * 1000,
    );
    command.ffprobe(options, (error: Error | null, data: FfprobeData) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(data);
    });
  });
}

/** Duration of the longest audio/video stream or of the container; null when there is none. */
export function mediaDuration(data: FfprobeData): { isMedia: boolean; durationSeconds: number | null } {
  const streams = data.streams.filter((stream) => stream.codec_type === 'video' || stream.codec_type === 'audio');
  // A still picture read by an image demuxer (`image2` on a file, `jpeg_pipe`, `png_pipe`… on a
  // stream) may report one frame's "duration" (0.04 s): it has no length and takes no part in the
  // rushes' duration nor in the discrepancy rules.
  const formats = (data.format.format_name ?? '').split(',');
  if (streams.length > 0 && formats.every((format) => format === 'image2' || format.endsWith('_pipe')))
    return { isMedia: true, durationSeconds: null };
  // A still image is a "video" stream of one frame with no duration: not a rush with a length.
  const timed = streams.filter(
    (stream) => !['mjpeg', 'png'].includes(stream.codec_name ?? '') || Number(stream.duration) > 0,
  );
  if (timed.length === 0) return { isMedia: streams.length > 0, durationSeconds: null };
  const candidates = [Number(data.format.duration), ...timed.map((stream) => Number(stream.duration))].filter(
    (value) => Number.isFinite(value) && value > 0,
  );
  return { isMedia: true, durationSeconds: candidates.length ? Math.max(...candidates) : null };
}

export function createAnalyzeRushesActivities(deps: AnalyzeRushesDeps): RushAnalysisActivities {
  return {
    async measureRushDurations(files: RushFileToAnalyse[], probeTimeoutSeconds: number) {
      const measurements: FileMeasurement[] = [];
      for (const [index, file] of files.entries()) {
        heartbeat({ file: index });
        const base = { fileId: file.fileId, name: file.name, size: file.size };
        if (file.kind === 'image') {
          measurements.push({ ...base, durationSeconds: null, isMedia: true });
          continue;
        }
        // Valid for the probe only; made on the internal endpoint the worker reaches.
        const url = await getSignedUrl(deps.s3, new GetObjectCommand({ Bucket: file.bucket, Key: file.key }), {
          expiresIn: probeTimeoutSeconds + 60,
        });
        try {
          const { isMedia, durationSeconds } = mediaDuration(await probe(url, probeTimeoutSeconds, deps.ffprobePath));
          measurements.push({
            ...base,
            isMedia,
            durationSeconds,
            ...(isMedia ? {} : { error: ANALYSIS_MESSAGES.notMedia }),
          });
        } catch (error) {
          // ffprobe answers "Invalid data found when processing input" for what is not media; a
          // network failure is thrown so that Temporal retries the activity.
          const text = String((error as Error).message ?? error);
          if (/Invalid data found|could not find codec|moov atom not found|End of file/i.test(text)) {
            measurements.push({ ...base, isMedia: false, durationSeconds: null, error: ANALYSIS_MESSAGES.notMedia });
          } else {
            // The presigned URL is a credential: the failure names the object instead.
            throw new Error(text.split(url).join(`s3://${file.bucket}/${file.key}`));
          }
        }
      }
      return measurements;
    },
  };
}
