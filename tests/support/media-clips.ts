/**
 * Generated media whose truth is known, for the delivery QC's accuracy tests and bench: sounds at
 * known loudness (1 kHz tones, pink and white noise, a speech-like sample) and pictures with cuts
 * at known frames (hard cuts, 12-frame dissolves), all drawn by ffmpeg's lavfi sources.
 */
import { execFileSync } from 'node:child_process';

const SAMPLE_RATE = 48_000;
/** A dissolve lasts this many frames (xfade's fade). */
export const DISSOLVE_FRAMES = 12;

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);
}

/** Output arguments of a stereo 48 kHz 24-bit WAV, as a sound delivery comes. */
const WAV_OUTPUT = ['-ar', String(SAMPLE_RATE), '-ac', '2', '-c:a', 'pcm_s24le'];

/**
 * A stereo 1 kHz sine at `lufs`: the same sine on both channels at amplitude 10^(lufs/20) measures
 * exactly `lufs` (BS.1770: K-weighting's +0.691 dB at 1 kHz cancels its −0.691 offset, and two
 * channels of mean square A²/2 sum to A²).
 */
export function generateTone(file: string, options: { lufs: number; seconds: number }): string {
  const amplitude = 10 ** (options.lufs / 20);
  const wave = `${amplitude}*sin(2*PI*1000*t)`;
  ffmpeg([
    ...['-f', 'lavfi', '-i', `aevalsrc=${wave}|${wave}:s=${SAMPLE_RATE}:d=${options.seconds}`],
    ...WAV_OUTPUT,
    file,
  ]);
  return file;
}

/**
 * Pink or white noise, a different noise on each channel (`anoisesrc`'s seeds), at about `lufs`:
 * the amplitudes below were set once against pyloudnorm (the tests measure the exact level).
 */
export function generateNoise(
  file: string,
  options: { color: 'pink' | 'white'; lufs: number; seconds: number },
): string {
  const reference = NOISE_REFERENCE[options.color];
  const amplitude = reference.amplitude * 10 ** ((options.lufs - reference.lufs) / 20);
  const channel = (seed: number) =>
    `anoisesrc=color=${options.color}:amplitude=${amplitude}:seed=${seed}:r=${SAMPLE_RATE}:d=${options.seconds}`;
  ffmpeg([
    ...['-f', 'lavfi', '-i', channel(7)],
    ...['-f', 'lavfi', '-i', channel(11)],
    ...['-filter_complex', '[0:a][1:a]amerge=inputs=2[stereo]', '-map', '[stereo]'],
    ...WAV_OUTPUT,
    file,
  ]);
  return file;
}

/** Each colour's amplitude at one measured loudness (both channels, pyloudnorm). */
const NOISE_REFERENCE = {
  pink: { amplitude: 0.5, lufs: -17.67 },
  white: { amplitude: 0.5, lufs: -4.69 },
};

/**
 * Speech-like sound: pink noise kept to the voice's band (200 Hz–4 kHz), shaped by syllables
 * (about 4 a second, louder and softer along a phrase) in phrases of 2.4 s parted by 0.7 s of
 * digital silence, the same on both channels (a voice in the centre), at about `lufs`. Its pauses
 * exercise the loudness gates, which tones and steady noise never reach.
 */
export function generateSpeechLike(file: string, options: { lufs: number; seconds: number }): string {
  const gain = SPEECH_REFERENCE.amplitude * 10 ** ((options.lufs - SPEECH_REFERENCE.lufs) / 20);
  const envelope = `${gain}*(0.55+0.45*sin(2*PI*0.31*t))*pow(sin(PI*4.3*t)\\,2)*lt(mod(t\\,3.1)\\,2.4)`;
  ffmpeg([
    ...['-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=1:seed=5:r=${SAMPLE_RATE}:d=${options.seconds}`],
    ...['-f', 'lavfi', '-i', `aevalsrc=${envelope}:s=${SAMPLE_RATE}:d=${options.seconds}`],
    ...[
      '-filter_complex',
      '[0:a]highpass=f=200,lowpass=f=4000[voice];[voice][1:a]amultiply,pan=stereo|c0=c0|c1=c0[speech]',
      '-map',
      '[speech]',
    ],
    ...WAV_OUTPUT,
    file,
  ]);
  return file;
}

const SPEECH_REFERENCE = { amplitude: 1, lufs: -22.29 };

/**
 * An MP4 (H.264 test pattern, 25 frames a second, AAC) carrying the sound of `wav`, as a version is
 * uploaded; it lasts as long as the sound.
 */
export function muxWithPicture(wav: string, file: string): string {
  ffmpeg([
    ...['-i', wav],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
    ...['-map', '1:v', '-map', '0:a', '-shortest'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '256k'],
    file,
  ]);
  return file;
}

/** The decoded sound of any file, as a float WAV: what an independent reader is given. */
export function decodeSound(input: string, file: string): string {
  ffmpeg(['-i', input, '-vn', '-c:a', 'pcm_f32le', file]);
  return file;
}

/**
 * Picture sources unlike each other (pattern, colour, texture, motion), so every cut between two of
 * them is a real change of picture. `{size}`, `{rate}` are filled in.
 */
const SHOT_SOURCES = [
  'testsrc2=size={size}:rate={rate}',
  'mandelbrot=size={size}:rate={rate}',
  'smptebars=size={size}:rate={rate}',
  'cellauto=size={size}:rate={rate}:rule=110:random_fill_ratio=0.5:seed=3',
  'sierpinski=size={size}:rate={rate}:seed=9:type=carpet',
  'color=c=0x506070:size={size}:rate={rate},noise=alls=60:allf=t+u:all_seed=42',
  'life=size={size}:rate={rate}:mold=10:life_color=0x00ff80:death_color=0x802000:seed=4',
  'yuvtestsrc=size={size}:rate={rate}',
  'testsrc2=size={size}:rate={rate},hue=h=150:s=2,vflip',
  'rgbtestsrc=size={size}:rate={rate}',
];

export interface Shot {
  frames: number;
  /** How this shot begins after the previous one (ignored for the first). */
  from?: 'cut' | 'dissolve';
  /** Which of SHOT_SOURCES draws it; by default the shot's place, cycling. */
  source?: number;
}

export interface ClipTruth {
  frameCount: number;
  /** Frames starting a shot after a hard cut. */
  hardCuts: number[];
  /** The frame where each dissolve's mix passes 50 % (its offset frame + 6). */
  dissolves: number[];
}

/**
 * An H.264 clip of `shots` (cycling through SHOT_SOURCES), joined by hard cuts (concat) or
 * 12-frame dissolves (xfade's fade): its frames and where its cuts are.
 */
export function generatePictureClip(
  file: string,
  shots: Shot[],
  options: { size?: string; rate?: number } = {},
): ClipTruth {
  const { size = '640x360', rate = 25 } = options;
  const graph: string[] = [];
  const truth: ClipTruth = { frameCount: 0, hardCuts: [], dissolves: [] };
  shots.forEach((shot, index) => {
    const source = SHOT_SOURCES[(shot.source ?? index) % SHOT_SOURCES.length]!.replaceAll('{size}', size).replaceAll(
      '{rate}',
      String(rate),
    );
    graph.push(`${source},format=yuv420p,setsar=1,trim=end_frame=${shot.frames},setpts=N/(${rate}*TB)[shot${index}]`);
    if (index === 0) {
      graph.push('[shot0]null[joined0]');
      truth.frameCount = shot.frames;
      return;
    }
    const previous = `[joined${index - 1}][shot${index}]`;
    if (shot.from === 'dissolve') {
      const offset = truth.frameCount - DISSOLVE_FRAMES;
      graph.push(
        `${previous}xfade=transition=fade:duration=${DISSOLVE_FRAMES / rate}:offset=${offset / rate}[joined${index}]`,
      );
      truth.dissolves.push(offset + DISSOLVE_FRAMES / 2);
      truth.frameCount = offset + shot.frames;
    } else {
      graph.push(`${previous}concat=n=2:v=1:a=0[joined${index}]`);
      truth.hardCuts.push(truth.frameCount);
      truth.frameCount += shot.frames;
    }
  });
  ffmpeg([
    ...['-filter_complex', graph.join(';'), '-map', `[joined${shots.length - 1}]`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', '-r', String(rate)],
    file,
  ]);
  return truth;
}

/** The accuracy clips' shots: ten of unlike lengths, in two orders of the ten sources, so that different pairs of pictures meet at the cuts. */
const ACCURACY_SHOT_FRAMES = [40, 55, 33, 70, 48, 62, 37, 51, 44, 66];
const ACCURACY_SOURCE_ORDERS = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [3, 7, 1, 9, 5, 0, 8, 2, 6, 4],
];

/** The shots of the clips the scene cuts' accuracy is measured on (test and bench), all joined by `from`. */
export function accuracyClips(from: 'cut' | 'dissolve'): Shot[][] {
  return ACCURACY_SOURCE_ORDERS.map((order) =>
    ACCURACY_SHOT_FRAMES.map((frames, place) => ({ frames, from, source: order[place] })),
  );
}

/**
 * A programme as an editor delivers it, for the speed bench: `seconds` of 1080p25 H.264 (moving
 * test pattern) with stereo 48 kHz AAC of speech-like sound.
 */
export function generateProgramme(file: string, seconds: number): string {
  const envelope = '0.3*pow(sin(PI*4.3*t)\\,2)*lt(mod(t\\,3.1)\\,2.4)';
  ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=1:seed=5:r=${SAMPLE_RATE}:d=${seconds}`],
    ...['-f', 'lavfi', '-i', `aevalsrc=${envelope}:s=${SAMPLE_RATE}:d=${seconds}`],
    ...['-filter_complex', '[1:a][2:a]amultiply,pan=stereo|c0=c0|c1=c0[sound]', '-map', '0:v', '-map', '[sound]'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '20', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '192k'],
    file,
  ]);
  return file;
}

export interface CutScore {
  found: number;
  truePositives: number;
  precision: number;
  recall: number;
  f1: number;
}

/**
 * How well the cuts found match the true ones, pooled over clips: a found cut counts when it is
 * within `tolerance` frames of a true one of its clip not matched yet (0: to the frame).
 */
export function scoreCuts(
  clips: ReadonlyArray<{ found: readonly number[]; truth: readonly number[] }>,
  tolerance = 0,
): CutScore {
  let found = 0;
  let truth = 0;
  let truePositives = 0;
  for (const clip of clips) {
    found += clip.found.length;
    truth += clip.truth.length;
    const unmatched = new Set(clip.truth);
    for (const cut of clip.found) {
      const match = [...unmatched].find((frame) => Math.abs(frame - cut) <= tolerance);
      if (match === undefined) continue;
      unmatched.delete(match);
      truePositives += 1;
    }
  }
  const precision = found === 0 ? 1 : truePositives / found;
  const recall = truth === 0 ? 1 : truePositives / truth;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { found, truePositives, precision, recall, f1 };
}
