import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { Context, heartbeat } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { projectEvent, type OutboxEntry } from '../domain/events';
import {
  carryFrame,
  PREVIEW_KEYFRAME_INTERVAL,
  PREVIEW_MAX_HEIGHT,
  REVIEW_MESSAGES,
  type FrameRate,
  type VersionMedia,
} from '../domain/review';
import { framesToTimecode, parseStartTimecode, timelineStartFrame } from '../domain/timecode';
import { Brief, Project, ProjectVersion, VersionComment } from '../db/entities';
import { checkDelivery, type DeliveryExpectations } from '../domain/delivery-qc';
import {
  analysisFilesIn,
  pictureAnalysisChain,
  readAnalysis,
  soundAnalysisChains,
  waveformOutput,
  type AnalysisFiles,
} from './media-analysis/analysis-graph';
import { NOT_MEDIA, rateOf, runProbe, type ProbeOutput, type ProbeStream } from './media-analysis/probe';
import { runFfmpeg } from './media-analysis/run-ffmpeg';
import { appendEvents } from '../db/outbox';
import {
  PREVIEW_NOT_VIDEO,
  PREVIEW_PROGRESS_INTERVAL_MS,
  PREVIEW_RENDER_FAILED,
} from '../workflows/contracts/version-preview';
import type { VersionPreviewActivities } from '../workflows/version-preview-activities';
import type { UserDirectory } from './project';

/** Debian's fonts-dejavu-core, provisioned with ffmpeg (scripts/lib/stack.mjs). */
export const DEFAULT_FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const WATERMARK_FONT = 'DejaVuSans-Bold.ttf';
const TIMECODE_FONT = 'DejaVuSansMono-Bold.ttf';
/** A preview is at most 1920 × 1080 (landscape; a portrait video keeps its height under 1080 too). */
const PREVIEW_MAX_WIDTH = 1920;

export interface VersionPreviewDeps {
  orm: MikroORM;
  /** Client on the INTERNAL storage endpoint: the worker reads the original and writes the preview. */
  s3: S3Client;
  /** The client's display name for the watermark (their e-mail otherwise). */
  directory?: UserDirectory;
  ffprobePath?: string;
  ffmpegPath?: string;
  fontDir?: string;
  /** x264 preset of the preview (speed against size); `veryfast` unless given. */
  x264Preset?: string;
}

/** The picture: the first video stream that is not a cover image. */
function pictureStream(streams: ProbeStream[]): ProbeStream | undefined {
  return streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic);
}

/** What the probe of the original found; null when it holds no readable video. */
function mediaOfProbe(output: ProbeOutput): VersionMedia | null {
  const streams = output.streams ?? [];
  const video = pictureStream(streams);
  if (!video || !video.width || !video.height) return null;
  // r_frame_rate is the stream's exact base rate (30000/1001); avg_frame_rate when it is unset.
  const frameRate = rateOf(video.r_frame_rate) ?? rateOf(video.avg_frame_rate);
  if (!frameRate) return null;
  const durationSeconds = [Number(video.duration), Number(output.format?.duration)].find(
    (value) => Number.isFinite(value) && value > 0,
  );
  const counted = Number(video.nb_frames);
  const frameCount =
    Number.isSafeInteger(counted) && counted > 0
      ? counted
      : durationSeconds
        ? Math.round((durationSeconds * frameRate.num) / frameRate.den)
        : 0;
  if (frameCount <= 0) return null;
  // The start timecode: on the video stream, the container, or a QuickTime timecode (tmcd) track.
  const tag =
    video.tags?.timecode ??
    output.format?.tags?.timecode ??
    streams.find((stream) => stream.tags?.timecode)?.tags?.timecode ??
    null;
  const own = parseStartTimecode(tag, frameRate);
  const rotation = Math.abs(
    video.side_data_list?.find((data) => typeof data.rotation === 'number')?.rotation ??
      Number(video.tags?.rotate ?? 0),
  );
  const quarter = rotation % 180 === 90;
  return {
    frameRate,
    frameCount,
    durationSeconds: Math.round((durationSeconds ?? (frameCount * frameRate.den) / frameRate.num) * 1000) / 1000,
    width: quarter ? video.height : video.width,
    height: quarter ? video.width : video.height,
    startFrame: own ?? timelineStartFrame(frameRate, null),
    hasOwnTimecode: own !== null,
  };
}

/** The presigned URL is a credential: failures name the object instead. */
function redact(text: string, url: string, bucket: string, key: string): string {
  return text.split(url).join(`s3://${bucket}/${key}`);
}

/** Escapes a value for an ffmpeg filter option inside single quotes. */
function filterValue(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/[:;,[\]=]/g, (c) => `\\${c}`);
}

/**
 * The preview's filter graph: scaled to at most 1080p (even dimensions), a large translucent
 * "APERÇU RUSHFLOW" with the client's name in the middle, and the burned-in timecode at the
 * version's own rate and start (drop-frame labels at 29.97 and 59.94, as the player shows them).
 */
export function previewFilter(options: {
  fontDir: string;
  watermarkFile: string;
  frameRate: FrameRate;
  startFrame: number;
  /** The original's picture size, for the spacing of the watermark's lines (drawtext takes no expression there). */
  width: number;
  height: number;
}): string {
  const { fontDir, watermarkFile, frameRate, startFrame } = options;
  const scale = Math.min(1, PREVIEW_MAX_WIDTH / options.width, PREVIEW_MAX_HEIGHT / options.height);
  const lineSpacing = Math.max(2, Math.round((options.height * scale) / 60));
  const font = (name: string) => `'${filterValue(path.join(fontDir, name))}'`;
  return [
    `scale='min(${PREVIEW_MAX_WIDTH},iw)':'min(${PREVIEW_MAX_HEIGHT},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`,
    [
      `drawtext=fontfile=${font(WATERMARK_FONT)}`,
      `textfile='${filterValue(watermarkFile)}'`,
      'fontsize=h/12',
      `line_spacing=${lineSpacing}`,
      'fontcolor=white@0.45',
      'borderw=2',
      'bordercolor=black@0.35',
      'x=(w-text_w)/2',
      'y=(h-text_h)/2',
    ].join(':'),
    [
      `drawtext=fontfile=${font(TIMECODE_FONT)}`,
      `timecode='${filterValue(framesToTimecode(startFrame, frameRate))}'`,
      `rate=${frameRate.num}/${frameRate.den}`,
      'fontsize=h/18',
      'fontcolor=white',
      'box=1',
      'boxcolor=black@0.6',
      'boxborderw=6',
      'x=(w-text_w)/2',
      'y=h-text_h-h/24',
    ].join(':'),
  ].join(',');
}

/** The delivery analysis riding on the preview's decode (activities/media-analysis/analysis-graph.ts). */
export interface PreviewAnalysis {
  files: AnalysisFiles;
  hasAudio: boolean;
}

/**
 * The filter graph's arguments and the streams they give the preview: the preview's `filter` on
 * the picture, and with `analysis` the split that hands a copy of the decoded picture and sound to
 * the measures (the waveform's samples leave by their own output, `waveformOutput`).
 */
export function previewGraphArguments(filter: string, analysis?: PreviewAnalysis): string[] {
  if (!analysis) return ['-map', '0:v:0', '-map', '0:a:0?', '-vf', filter];
  return [
    '-filter_complex',
    [
      '[0:v:0]split=2[picture][measuredpicture]',
      `[picture]${filter}[preview]`,
      pictureAnalysisChain('[measuredpicture]', analysis.files),
      ...(analysis.hasAudio
        ? ['[0:a:0]asplit=2[previewsound][measuredsound]', ...soundAnalysisChains('[measuredsound]', analysis.files)]
        : []),
    ].join(';'),
    '-map',
    '[preview]',
    ...(analysis.hasAudio ? ['-map', '[previewsound]'] : []),
  ];
}

/**
 * ffmpeg's arguments for a preview of `input` into `output`, with progress on stdout. With
 * `analysis`, the decoded picture and sound are split before the watermark: one copy is encoded,
 * the other measured, so the original is read and decoded once for both.
 */
export function previewArguments(
  input: string,
  output: string,
  filter: string,
  preset: string,
  analysis?: PreviewAnalysis,
): string[] {
  const graph = previewGraphArguments(filter, analysis);
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    '-rw_timeout',
    '60000000',
    '-i',
    input,
    ...graph,
    // Every source frame once, at its own time: frame N of the preview is frame N of the original.
    '-fps_mode',
    'passthrough',
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    // A key frame every few frames (closed GOPs), so a seek decodes at most a handful of frames.
    '-g',
    String(PREVIEW_KEYFRAME_INTERVAL),
    '-keyint_min',
    String(PREVIEW_KEYFRAME_INTERVAL),
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    '-progress',
    'pipe:1',
    '-stats_period',
    '0.5',
    output,
    ...(analysis?.hasAudio ? waveformOutput(analysis.files) : []),
  ];
}

/** What the project's brief asked of the delivery (no brief: only the platform-free checks). */
async function expectationsOf(em: EntityManager, project: Project): Promise<DeliveryExpectations> {
  const brief = await em.findOne(Brief, { id: project.brief.id });
  return {
    platforms: brief?.distributionPlatforms ?? [],
    deliveryFormats: brief?.deliveryFormats ?? project.briefData?.delivery_formats ?? [],
    aspectRatio: brief?.aspectRatio ?? null,
    resolution: brief?.resolution ?? null,
    finalDurationSeconds: (project.finalDurationMinutes ?? brief?.finalDurationMinutes ?? 0) * 60 || null,
  };
}

/** Activities of versionPreviewWorkflow: idempotent, each writes its change with its event. */
export function createVersionPreviewActivities(deps: VersionPreviewDeps): VersionPreviewActivities {
  const ffprobe = deps.ffprobePath ?? 'ffprobe';
  const ffmpeg = deps.ffmpegPath ?? 'ffmpeg';
  const fontDir = deps.fontDir ?? DEFAULT_FONT_DIR;

  async function loadVersion(em: EntityManager, versionId: string, lock = false) {
    return em.findOne(
      ProjectVersion,
      { id: versionId },
      { populate: ['projectFile', 'project'], ...(lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) },
    );
  }

  function versionEvent(version: ProjectVersion): OutboxEntry {
    return projectEvent({
      type: 'project.version',
      projectId: version.project.id,
      versionNumber: version.number,
      previewStatus: version.previewStatus,
      progress: version.previewProgress,
    });
  }

  /** Applies `change` to the version under its row lock and publishes it; false when the version is gone. */
  async function update(versionId: string, change: (version: ProjectVersion) => boolean | void): Promise<boolean> {
    return deps.orm.em.fork().transactional(async (em) => {
      const version = await em.findOne(ProjectVersion, { id: versionId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!version) return false;
      if (change(version) === false) return true;
      await appendEvents(em, () => [versionEvent(version)]);
      return true;
    });
  }

  function signedOriginal(version: ProjectVersion, seconds: number) {
    const file = version.projectFile;
    return getSignedUrl(deps.s3, new GetObjectCommand({ Bucket: file.storageBucket, Key: file.storageKey }), {
      expiresIn: seconds,
    });
  }

  async function clientName(project: Project): Promise<string> {
    const name = project.clientId ? await deps.directory?.nameOf?.(project.clientId).catch(() => null) : null;
    return name?.trim() || project.clientEmail;
  }

  return {
    async probeVersion(versionId) {
      const version = await loadVersion(deps.orm.em.fork(), versionId);
      if (!version) throw ApplicationFailure.nonRetryable(REVIEW_MESSAGES.versionNotFound, PREVIEW_NOT_VIDEO);
      const url = await signedOriginal(version, 300);
      const file = version.projectFile;
      let media: VersionMedia | null;
      let streams: ProbeStream[] = [];
      try {
        const output = await runProbe(ffprobe, url);
        media = mediaOfProbe(output);
        streams = output.streams ?? [];
      } catch (error) {
        const text = String((error as { stderr?: string }).stderr ?? (error as Error).message);
        if (!NOT_MEDIA.test(text)) throw new Error(redact(text, url, file.storageBucket, file.storageKey));
        media = null;
      }
      if (!media) return { ok: false, error: REVIEW_MESSAGES.previewNotVideo };
      const probed = media;
      await update(versionId, (row) => {
        row.frameRateNum = probed.frameRate.num;
        row.frameRateDen = probed.frameRate.den;
        row.frameCount = probed.frameCount;
        row.durationSeconds = probed.durationSeconds;
        row.width = probed.width;
        row.height = probed.height;
        row.startFrame = probed.startFrame;
        row.hasOwnTimecode = probed.hasOwnTimecode;
        row.videoCodec = pictureStream(streams)?.codec_name ?? null;
        row.hasAudio = streams.some((stream) => stream.codec_type === 'audio');
        row.probedAt ??= new Date();
        if (row.previewStatus !== 'ready') {
          row.previewStatus = 'processing';
          row.previewProgress = 0;
          row.previewError = null;
        }
      });
      return { ok: true, media };
    },

    async carryOpenComments(versionId) {
      return deps.orm.em.fork().transactional(async (em) => {
        // The version's lock makes two runs of the carry one after the other (then the second finds the copies).
        const version = await loadVersion(em, versionId, true);
        if (!version || version.number < 2 || version.frameRateNum == null) return { carried: 0 };
        const previous = await em.findOne(ProjectVersion, { project: version.project.id, number: version.number - 1 });
        if (!previous || previous.frameRateNum == null) return { carried: 0 };
        const clock = (row: ProjectVersion) => ({
          frameRate: { num: row.frameRateNum!, den: row.frameRateDen! },
          startFrame: row.startFrame ?? 0,
          frameCount: row.frameCount ?? 0,
        });
        const from = clock(previous);
        const to = clock(version);
        const open = await em.find(
          VersionComment,
          { version: previous.id, parentId: null, status: 'open' },
          { orderBy: { createdAt: 'asc', id: 'asc' } },
        );
        if (open.length === 0) return { carried: 0 };
        const replies = await em.find(
          VersionComment,
          { parentId: { $in: open.map((comment) => comment.id) } },
          { orderBy: { createdAt: 'asc', id: 'asc' } },
        );
        const done = new Set(
          (
            await em.find(
              VersionComment,
              { version: version.id, carriedFromId: { $ne: null } },
              { fields: ['carriedFromId'] },
            )
          ).map((row) => row.carriedFromId),
        );
        const events: OutboxEntry[] = [];
        const at = (frame: number | null | undefined, row: VersionComment) => {
          if (frame == null) return null;
          // A comment stores its own rate: the previous version's, normally.
          const source =
            row.rateNum && row.rateDen ? { ...from, frameRate: { num: row.rateNum, den: row.rateDen } } : from;
          return carryFrame(frame, source, to);
        };
        for (const comment of open) {
          if (done.has(comment.id)) continue;
          const frameIn = at(comment.frameIn, comment);
          const frameOut = at(comment.frameOut, comment);
          const copy = em.create(VersionComment, {
            id: randomUUID(),
            project: version.project.id,
            version,
            parentId: null,
            authorId: comment.authorId,
            authorName: comment.authorName,
            authorRole: comment.authorRole,
            body: comment.body,
            frameIn,
            frameOut: frameOut !== null && frameIn !== null && frameOut < frameIn ? frameIn : frameOut,
            rateNum: to.frameRate.num,
            rateDen: to.frameRate.den,
            drawing: comment.drawing ?? null,
            carriedFromId: comment.id,
            carriedFromVersionNumber: previous.number,
            createdAt: comment.createdAt,
          });
          for (const reply of replies.filter((row) => row.parentId === comment.id)) {
            em.create(VersionComment, {
              project: version.project.id,
              version,
              parentId: copy.id,
              authorId: reply.authorId,
              authorName: reply.authorName,
              authorRole: reply.authorRole,
              body: reply.body,
              drawing: reply.drawing ?? null,
              carriedFromId: reply.id,
              carriedFromVersionNumber: previous.number,
              createdAt: reply.createdAt,
            });
          }
          events.push(
            projectEvent({
              type: 'project.comment',
              projectId: version.project.id,
              versionNumber: version.number,
              commentId: copy.id,
              change: 'carried',
            }),
          );
        }
        await appendEvents(em, () => events);
        return { carried: events.length };
      });
    },

    async renderPreview(versionId) {
      const em = deps.orm.em.fork();
      const version = await loadVersion(em, versionId);
      if (!version) throw ApplicationFailure.nonRetryable(REVIEW_MESSAGES.versionNotFound, PREVIEW_RENDER_FAILED);
      if (version.previewStatus === 'ready' && version.previewKey) return { key: version.previewKey };
      if (version.frameRateNum == null || version.frameRateDen == null || !version.frameCount)
        throw ApplicationFailure.nonRetryable(REVIEW_MESSAGES.previewNotVideo, PREVIEW_NOT_VIDEO);
      const frameRate = { num: version.frameRateNum, den: version.frameRateDen };
      const frameCount = version.frameCount;
      const file = version.projectFile;
      const key = `previews/${version.project.id}/v${version.number}-${version.id}.mp4`;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rushflow-preview-'));
      try {
        const watermarkFile = path.join(dir, 'watermark.txt');
        fs.writeFileSync(watermarkFile, `APERÇU RUSHFLOW\n${await clientName(version.project)}`);
        const output = path.join(dir, 'preview.mp4');
        const analysis: PreviewAnalysis = { files: analysisFilesIn(dir), hasAudio: version.hasAudio ?? false };
        const url = await signedOriginal(version, 6 * 3600);
        const filter = previewFilter({
          fontDir,
          watermarkFile,
          frameRate,
          startFrame: version.startFrame ?? timelineStartFrame(frameRate, null),
          width: version.width ?? 1920,
          height: version.height ?? 1080,
        });
        const signal = Context.current().cancellationSignal;
        let written = { at: Date.now(), percent: 0 };
        let writing: Promise<unknown> = Promise.resolve();
        const onProgress = (done: number) => {
          // 99 at most until the preview is uploaded and marked ready.
          const percent = Math.min(99, Math.floor((done / frameCount) * 100));
          heartbeat({ frame: done, percent });
          const now = Date.now();
          if (percent > written.percent && now - written.at >= PREVIEW_PROGRESS_INTERVAL_MS) {
            written = { at: now, percent };
            writing = writing
              .then(() =>
                update(versionId, (row) => {
                  if (row.previewStatus !== 'processing' || row.previewProgress >= percent) return false;
                  row.previewProgress = percent;
                }),
              )
              .catch(() => undefined);
          }
        };
        try {
          const args = previewArguments(url, output, filter, deps.x264Preset ?? 'veryfast', analysis);
          await runFfmpeg(ffmpeg, args, { signal, onProgress });
        } catch (error) {
          if (signal.aborted) throw new Error('preview cancelled');
          const { stderr, code } = error as { stderr?: string; code?: number };
          // Not an exit of ffmpeg (it could not be started): as it is.
          if (stderr === undefined) throw error;
          const text = redact(stderr, url, file.storageBucket, file.storageKey);
          if (NOT_MEDIA.test(text) || /Error while decoding|Invalid argument|Conversion failed/i.test(text))
            throw ApplicationFailure.create({
              type: PREVIEW_RENDER_FAILED,
              message: REVIEW_MESSAGES.previewRenderFailed,
              nonRetryable: true,
              details: [text.slice(-2_000)],
            });
          throw new Error(`ffmpeg exited with ${code}: ${text.slice(-2_000)}`);
        } finally {
          await writing;
        }
        heartbeat({ measuring: true });
        const measured = await readAnalysis(analysis.files, { frameRate, frameCount });
        const report = checkDelivery(
          {
            ...measured.measures,
            picture: {
              width: version.width ?? 0,
              height: version.height ?? 0,
              frameRate,
              codec: version.videoCodec ?? '',
              durationSeconds: version.durationSeconds ?? frameCount / (frameRate.num / frameRate.den),
            },
          },
          await expectationsOf(em, version.project),
        );
        heartbeat({ uploading: true });
        await deps.s3.send(
          new PutObjectCommand({
            Bucket: file.storageBucket,
            Key: key,
            Body: fs.createReadStream(output),
            ContentLength: fs.statSync(output).size,
            ContentType: 'video/mp4',
          }),
        );
        await update(versionId, (row) => {
          row.previewStatus = 'ready';
          row.previewProgress = 100;
          row.previewError = null;
          row.previewBucket = file.storageBucket;
          row.previewKey = key;
          row.analysisStatus = 'ready';
          row.qcReport = report;
          row.sceneCuts = measured.sceneCuts;
          row.waveform = measured.waveform;
        });
        return { key };
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },

    async failPreview({ versionId, error }) {
      await update(versionId, (row) => {
        if (row.previewStatus === 'ready') return false;
        row.previewStatus = 'failed';
        row.previewError = error;
        // Measured on the preview's pass: a retry that renders it measures it too.
        if (row.analysisStatus === 'pending') row.analysisStatus = 'unavailable';
      });
    },
  };
}
