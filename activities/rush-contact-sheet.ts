/**
 * A rush's contact sheet, in one read of the file: ffmpeg decodes it with the loop filter skipped,
 * scales every frame to the thumbnail width at once, and from there measures the scene changes at
 * the versions' analysis size (scdet, cut by detectCuts) while JPEG thumbnails are written for a
 * few candidate frames only (frame 0, frames whose picture jumps, one every ~2 s). Each shot keeps
 * its first frame's thumbnail when it is a candidate (a hard cut always is), else the first one after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Context, heartbeat } from '@temporalio/activity';
import {
  shotSpans,
  THUMBNAIL_CANDIDATE_SECONDS,
  THUMBNAIL_WIDTH,
  thumbnailFrame,
  thumbnailName,
  type ContactSheetRecord,
  type StoredShot,
} from '../domain/contact-sheet';
import type { FrameRate } from '../domain/review';
import { parseStartTimecode, timelineStartFrame } from '../domain/timecode';
import { ProjectFile } from '../db/entities';
import { writeContactSheet } from '../db/contact-sheets';
import type { RushContactSheetActivities } from '../workflows/rush-contact-sheet-activities';
import { ONE_THREAD, quotedPath } from './media-analysis/analysis-graph';
import { NOT_MEDIA, rateOf, runProbe, type ProbeOutput } from './media-analysis/probe';
import { readFrameMetadataFile } from './media-analysis/frame-metadata';
import { runFfmpeg } from './media-analysis/run-ffmpeg';
import { detectCuts } from './media-analysis/scene-cuts';

export interface RushContactSheetDeps {
  orm: MikroORM;
  /** Client on the INTERNAL storage endpoint: the worker reads the rush and writes the thumbnails. */
  s3: S3Client;
  ffprobePath?: string;
  ffmpegPath?: string;
}

/** scdet's measures are taken at the size the versions' analysis uses, so detectCuts reads the same scale. */
const MEASURE_SIZE = '192:108';
/** A frame whose select `scene` score passes this is a thumbnail candidate (generous: a miss costs a later thumbnail). */
const CANDIDATE_SCENE_SCORE = 0.05;
/** JPEG quality of the thumbnails (ffmpeg's 2–31 scale, lower is better). */
const THUMBNAIL_QUALITY = 4;

/** What the probe needs of the rush: its first video stream's clock. */
interface RushClock {
  frameRate: FrameRate;
  startFrame: number;
}

/** The rush's clock, or null when it holds no video (a still image's stream has no rate worth a sheet). */
function clockOfProbe(output: ProbeOutput): RushClock | null {
  const streams = output.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic);
  const frameRate = video ? (rateOf(video.r_frame_rate) ?? rateOf(video.avg_frame_rate)) : null;
  if (!video || !frameRate || frameRate.num / frameRate.den > 1000) return null;
  const tag =
    video.tags?.timecode ?? output.format?.tags?.timecode ?? streams.find((s) => s.tags?.timecode)?.tags?.timecode;
  return { frameRate, startFrame: parseStartTimecode(tag, frameRate) ?? timelineStartFrame(frameRate, null) };
}

/** ffmpeg's arguments for the one pass over `input`: scene measures to `metadataFile`, candidate JPEGs into `thumbnailDir`. */
export function contactSheetArguments(
  input: string,
  rate: FrameRate,
  metadataFile: string,
  thumbnailDir: string,
): string[] {
  const candidateEvery = Math.max(1, Math.round((THUMBNAIL_CANDIDATE_SECONDS * rate.num) / rate.den));
  const graph = [
    // Timestamps become frame numbers (at the stream's rate), so -frame_pts names each JPEG by its frame.
    `[0:v:0]scale=${THUMBNAIL_WIDTH}:-2:flags=fast_bilinear:${ONE_THREAD},setpts=N/FRAME_RATE/TB,split[measure][thumbnails]`,
    `[measure]scale=${MEASURE_SIZE}:flags=fast_bilinear:${ONE_THREAD},scdet=threshold=100:${ONE_THREAD},metadata=print:file=${quotedPath(metadataFile)},nullsink`,
    `[thumbnails]select='eq(n\\,0)+gt(scene\\,${CANDIDATE_SCENE_SCORE})+not(mod(n\\,${candidateEvery}))'[candidates]`,
  ].join(';');
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    // The picture is read at 320 px: deblocking's finish is invisible there and costs a third of the decode.
    '-skip_loop_filter',
    'all',
    '-threads',
    '2',
    '-rw_timeout',
    '60000000',
    '-i',
    input,
    '-filter_complex',
    graph,
    '-map',
    '[candidates]',
    '-fps_mode',
    'passthrough',
    '-frame_pts',
    '1',
    '-q:v',
    String(THUMBNAIL_QUALITY),
    '-progress',
    'pipe:1',
    path.join(thumbnailDir, '%09d.jpg'),
  ];
}

/** The shots of a finished pass: frames from the measures, each with the JPEG file of its thumbnail. */
export async function readContactSheetPass(
  metadataFile: string,
  thumbnailDir: string,
): Promise<{ frameCount: number; shots: { frameIn: number; frameOut: number; thumbnailFile: string }[] }> {
  const mafd: number[] = [];
  const score: number[] = [];
  await readFrameMetadataFile(metadataFile, (frame) => {
    mafd.push(frame.values.get('lavfi.scd.mafd') ?? 0);
    score.push(frame.values.get('lavfi.scd.score') ?? 0);
  });
  const candidates = fs
    .readdirSync(thumbnailDir)
    .map((name) => Number(path.basename(name, '.jpg')))
    .filter(Number.isSafeInteger)
    .sort((a, b) => a - b);
  const frameCount = mafd.length;
  if (frameCount === 0 || candidates.length === 0) return { frameCount, shots: [] };
  const file = (frame: number) => path.join(thumbnailDir, `${String(frame).padStart(9, '0')}.jpg`);
  return {
    frameCount,
    shots: shotSpans(detectCuts({ mafd, score }), frameCount).map((span) => ({
      ...span,
      thumbnailFile: file(thumbnailFrame(span, candidates)),
    })),
  };
}

/** Runs the pass, heartbeating with the frames done; rejects with ffmpeg's last words. */
export function runContactSheetPass(ffmpeg: string, args: string[], signal?: AbortSignal): Promise<void> {
  return runFfmpeg(ffmpeg, args, { signal, onProgress: (frame) => beat({ frame }) });
}

/** Heartbeats inside an activity; a no-op where the pass runs alone (the bench). */
function beat(details: unknown) {
  try {
    heartbeat(details);
  } catch {
    // Not in an activity's context.
  }
}

/** Activities of rushContactSheetWorkflow: idempotent, each writes its outcome with a `project.file` event. */
export function createRushContactSheetActivities(deps: RushContactSheetDeps): RushContactSheetActivities {
  const ffprobe = deps.ffprobePath ?? 'ffprobe';
  const ffmpeg = deps.ffmpegPath ?? 'ffmpeg';

  const record = (fileId: string, sheet: ContactSheetRecord, keep?: (stored: ContactSheetRecord | null) => boolean) =>
    writeContactSheet(deps.orm.em.fork(), fileId, sheet, keep);

  return {
    async makeContactSheet(fileId) {
      const file = await deps.orm.em.fork().findOne(ProjectFile, { id: fileId });
      if (!file) return { status: 'none' };
      if (file.contactSheet?.status === 'ready') return { status: 'ready' };
      const url = await getSignedUrl(
        deps.s3,
        new GetObjectCommand({ Bucket: file.storageBucket, Key: file.storageKey }),
        { expiresIn: 6 * 3600 },
      );
      const redact = (text: string) => text.split(url).join(`s3://${file.storageBucket}/${file.storageKey}`);
      const unreadable = async () => {
        await record(fileId, { status: 'none' });
        return { status: 'none' as const };
      };
      let clock: RushClock | null;
      try {
        clock = clockOfProbe(await runProbe(ffprobe, url));
      } catch (error) {
        const text = String((error as { stderr?: string }).stderr ?? (error as Error).message);
        if (!NOT_MEDIA.test(text)) throw new Error(redact(text));
        clock = null;
      }
      if (!clock) return unreadable();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rushflow-contact-sheet-'));
      try {
        const metadataFile = path.join(dir, 'scenes.txt');
        const thumbnailDir = path.join(dir, 'thumbnails');
        fs.mkdirSync(thumbnailDir);
        try {
          await runContactSheetPass(
            ffmpeg,
            contactSheetArguments(url, clock.frameRate, metadataFile, thumbnailDir),
            Context.current().cancellationSignal,
          );
        } catch (error) {
          const text = redact(String((error as { stderr?: string }).stderr ?? (error as Error).message));
          if (NOT_MEDIA.test(text)) return unreadable();
          throw new Error(text.slice(-2_000));
        }
        const pass = await readContactSheetPass(metadataFile, thumbnailDir);
        if (pass.shots.length === 0) return unreadable();
        const prefix = `contact-sheets/${file.project.id}/${file.id}/`;
        const shots: StoredShot[] = [];
        for (const [index, shot] of pass.shots.entries()) {
          const key = prefix + thumbnailName(index + 1);
          await deps.s3.send(
            new PutObjectCommand({
              Bucket: file.storageBucket,
              Key: key,
              Body: fs.readFileSync(shot.thumbnailFile),
              ContentType: 'image/jpeg',
            }),
          );
          beat({ uploaded: index + 1 });
          shots.push({ frameIn: shot.frameIn, frameOut: shot.frameOut, thumbnailKey: key });
        }
        await record(
          fileId,
          {
            status: 'ready',
            frameRate: clock.frameRate,
            startFrame: clock.startFrame,
            frameCount: pass.frameCount,
            shots,
          },
          (stored) => stored?.status === 'ready',
        );
        return { status: 'ready' };
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },

    async failContactSheet({ fileId, error }) {
      await record(
        fileId,
        { status: 'failed', error },
        (stored) => stored?.status === 'ready' || stored?.status === 'none',
      );
    },
  };
}
