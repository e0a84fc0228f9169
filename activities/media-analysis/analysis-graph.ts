/**
 * The delivery analysis as ffmpeg filters: one branch on the picture (scaled down first: black,
 * freeze and scene measures need no detail) and one on the sound (EBU R128 loudness with true
 * peak, silences, and the mono samples the waveform is drawn from). They ride on the preview's own
 * decode (activities/version-preview.ts), so a version is read once; `analyseMediaFile` runs them
 * alone, for a file on disk.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  QC_MIN_SECONDS,
  SILENCE_THRESHOLD_DB,
  type FrameSpan,
  type MediaMeasures,
  type Waveform,
} from '../../domain/delivery-qc';
import type { FrameRate } from '../../domain/review';
import { readFrameMetadataFile } from './frame-metadata';
import { runFfmpeg } from './run-ffmpeg';
import { detectCuts } from './scene-cuts';
import { WAVEFORM_SAMPLE_RATE, waveformOfRawSamples } from './waveform';

/** The picture is measured at this size: the cost of the measures no longer grows with the source. */
const ANALYSIS_SIZE = { width: 192, height: 108 };
/** Luma at or under this share of the range is black (blackdetect's pixel threshold). */
const BLACK_PIXEL_THRESHOLD = 0.1;
/** A frame this close to the previous one (dB of noise) is the same picture (freezedetect). */
const FREEZE_NOISE_DB = -60;
/**
 * Set on each measuring filter: on frames this small, handing slices to ffmpeg's filter threads
 * costs more than the work, and the encoder beside them already keeps every core busy.
 */
export const ONE_THREAD = 'threads=1';

export interface AnalysisFiles {
  /** The picture's per-frame metadata (blackdetect, freezedetect, scdet). */
  picture: string;
  /** The sound's per-frame metadata (ebur128, silencedetect). */
  sound: string;
  /** Mono s16le samples at WAVEFORM_SAMPLE_RATE. */
  samples: string;
}

export function analysisFilesIn(dir: string): AnalysisFiles {
  return {
    picture: path.join(dir, 'picture-metadata.txt'),
    sound: path.join(dir, 'sound-metadata.txt'),
    samples: path.join(dir, 'samples.raw'),
  };
}

/** A path as a filter option, quoted and escaped (ffmpeg filter syntax). */
export function quotedPath(file: string): string {
  return `'${file
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/[:;,[\]=]/g, (c) => `\\${c}`)}'`;
}

/** The picture branch, reading `input` (a filter-graph label such as `[0:v]`), ending in a sink. */
export function pictureAnalysisChain(input: string, files: AnalysisFiles): string {
  return [
    `${input}scale=${ANALYSIS_SIZE.width}:${ANALYSIS_SIZE.height}:flags=fast_bilinear:${ONE_THREAD}`,
    `blackdetect=d=${QC_MIN_SECONDS.black}:pix_th=${BLACK_PIXEL_THRESHOLD}:${ONE_THREAD}`,
    `freezedetect=n=${FREEZE_NOISE_DB}dB:d=${QC_MIN_SECONDS.freeze}:${ONE_THREAD}`,
    // threshold=100: scdet only measures; the cuts are told apart in scene-cuts.ts.
    `scdet=threshold=100:${ONE_THREAD}`,
    `metadata=print:file=${quotedPath(files.picture)}`,
    'nullsink',
  ].join(',');
}

/**
 * The sound branches, reading `input`: the loudness and silences end in a sink; the waveform's
 * samples leave by the label `[waveform]`, to be mapped to `files.samples` (see waveformOutput).
 */
export function soundAnalysisChains(input: string, files: AnalysisFiles): string[] {
  return [
    `${input}asplit=2[loudness][waveformsource]`,
    [
      // 0.1 s frames (at 48 kHz): ebur128's running values are printed a tenth of a second apart.
      '[loudness]asetnsamples=n=4800:p=0',
      'ebur128=peak=true:metadata=1',
      `silencedetect=n=${SILENCE_THRESHOLD_DB}dB:d=${QC_MIN_SECONDS.silence}`,
      `ametadata=print:file=${quotedPath(files.sound)}`,
      'anullsink',
    ].join(','),
    `[waveformsource]aresample=${WAVEFORM_SAMPLE_RATE},aformat=sample_fmts=s16:channel_layouts=mono[waveform]`,
  ];
}

/** The output arguments writing the waveform's samples. */
export function waveformOutput(files: AnalysisFiles): string[] {
  return ['-map', '[waveform]', '-c:a', 'pcm_s16le', '-f', 's16le', files.samples];
}

export interface AnalysisResult {
  measures: Omit<MediaMeasures, 'picture'>;
  /** First frames of the shots after each cut. */
  sceneCuts: number[];
  waveform: Waveform | null;
}

/** Seconds → frame counted from the first frame, inside the programme. */
function frameAt(seconds: number, start: number, rate: FrameRate, frameCount: number): number {
  const frame = Math.round(((seconds - start) * rate.num) / rate.den);
  return Math.min(Math.max(frame, 0), Math.max(frameCount - 1, 0));
}

/** What the analysis files say, on the programme's frames. */
export async function readAnalysis(
  files: AnalysisFiles,
  clock: { frameRate: FrameRate; frameCount: number },
): Promise<AnalysisResult> {
  const { frameRate, frameCount } = clock;
  const fps = frameRate.num / frameRate.den;
  const mafd: number[] = [];
  const score: number[] = [];
  const marks = { black: [] as Mark[], freeze: [] as Mark[], silence: [] as Mark[] };
  let start: number | null = null;
  await readFrameMetadataFile(files.picture, (frame) => {
    if (start === null && Number.isFinite(frame.time)) start = frame.time;
    mafd.push(frame.values.get('lavfi.scd.mafd') ?? 0);
    score.push(frame.values.get('lavfi.scd.score') ?? 0);
    collect(frame.values, 'lavfi.black_start', 'lavfi.black_end', marks.black);
    collect(frame.values, 'lavfi.freezedetect.freeze_start', 'lavfi.freezedetect.freeze_end', marks.freeze);
  });
  let loudness: MediaMeasures['loudness'] = null;
  await readFrameMetadataFile(files.sound, (frame) => {
    collect(frame.values, 'lavfi.silence_start', 'lavfi.silence_end', marks.silence);
    const integrated = frame.values.get('lavfi.r128.I');
    if (integrated === undefined) return;
    const peak = frame.values.get('lavfi.r128.true_peak') ?? 0;
    loudness = {
      integratedLufs: round(integrated, 2),
      rangeLu: round(frame.values.get('lavfi.r128.LRA') ?? 0, 2),
      // Linear in the metadata; digital silence has no level in dB: the lowest meters show.
      truePeakDbtp: peak > 0 ? round(Math.max(-99, 20 * Math.log10(peak)), 2) : -99,
    };
  });
  const origin = start ?? 0;
  const toFrame = (seconds: number) => frameAt(seconds, origin, frameRate, frameCount);
  const lastFrame = Math.max(frameCount - 1, 0);
  const programmeEnd = origin + frameCount / fps;
  const spans = (list: Mark[], minSeconds: number): FrameSpan[] => {
    const result: FrameSpan[] = [];
    let open: number | null = null;
    for (const mark of list) {
      if (mark.kind === 'start') open = mark.seconds;
      else if (open !== null) {
        result.push({ frameIn: toFrame(open), frameOut: Math.max(toFrame(open), toFrame(mark.seconds) - 1) });
        open = null;
      }
    }
    if (open !== null && programmeEnd - open >= minSeconds - 1 / fps)
      result.push({ frameIn: toFrame(open), frameOut: lastFrame });
    return result;
  };
  const blacks = spans(marks.black, QC_MIN_SECONDS.black);
  // A black stretch is a still picture too: it is told once, as black.
  const freezes = spans(marks.freeze, QC_MIN_SECONDS.freeze).filter(
    (freeze) => !blacks.some((black) => black.frameIn <= freeze.frameIn && black.frameOut >= freeze.frameOut),
  );
  return {
    measures: { loudness, silences: spans(marks.silence, QC_MIN_SECONDS.silence), blacks, freezes },
    sceneCuts: mafd.length > 0 ? detectCuts({ mafd, score }) : [],
    waveform: await waveformOfRawSamples(files.samples),
  };
}

interface Mark {
  kind: 'start' | 'end';
  seconds: number;
}

function collect(values: Map<string, number>, startKey: string, endKey: string, into: Mark[]) {
  // A frame may end one stretch and start the next: the end comes first.
  const end = values.get(endKey);
  if (end !== undefined) into.push({ kind: 'end', seconds: end });
  const begin = values.get(startKey);
  if (begin !== undefined) into.push({ kind: 'start', seconds: begin });
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Runs the analysis alone on `input` (a path or URL): for the benches, the accuracy tests and a
 * version whose preview was made before the analysis existed.
 */
export async function analyseMediaFile(
  input: string,
  options: {
    frameRate: FrameRate;
    frameCount: number;
    hasVideo?: boolean;
    hasAudio: boolean;
    ffmpegPath?: string;
    signal?: AbortSignal;
  },
): Promise<AnalysisResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rushflow-analysis-'));
  try {
    const files = analysisFilesIn(dir);
    const chains = [
      ...(options.hasVideo === false ? [] : [pictureAnalysisChain('[0:v:0]', files)]),
      ...(options.hasAudio ? soundAnalysisChains('[0:a:0]', files) : []),
    ];
    const args = [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-loglevel',
      'error',
      '-y',
      '-threads',
      '2',
      '-i',
      input,
      '-filter_complex',
      chains.join(';'),
      ...(options.hasAudio ? waveformOutput(files) : ['-f', 'null', '-']),
    ];
    await runFfmpeg(options.ffmpegPath ?? 'ffmpeg', args, { signal: options.signal });
    return await readAnalysis(files, options);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
