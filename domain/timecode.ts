import type { FrameRate } from './review';

/**
 * Frames ↔ SMPTE timecode at any rational frame rate, exact: every position is an integer frame
 * number and every conversion below is integer arithmetic (no float seconds), except the two
 * player helpers `frameToSeconds` / `secondsToFrame`, which meet the browser's float clock.
 *
 * - Non-drop-frame `HH:MM:SS:FF` counts `nominalFps(rate)` frames a second: 23.976 (24000/1001)
 *   counts as 24 fps NDF, 24, 25, 30, 50, 60.
 * - Drop-frame `HH:MM:SS;FF` for 29.97 (30000/1001) and 59.94 (60000/1001): frame *numbers* 0–1
 *   (resp. 0–3) are skipped at the start of every minute except every tenth minute, so the label
 *   keeps to the wall clock (frame 107892 at 29.97 is `01:00:00;00`). No frame is dropped from
 *   the picture, only labels.
 *
 * Timecodes wrap at 24 hours, like a deck's: frame `framesPerDay(rate)` is `00:00:00:00` again.
 */

const gcd = (a: number, b: number): number => {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
};

function assertRate(rate: FrameRate): void {
  if (!Number.isSafeInteger(rate.num) || !Number.isSafeInteger(rate.den) || rate.num <= 0 || rate.den <= 0)
    throw new RangeError(`Invalid frame rate ${rate.num}/${rate.den}`);
}

function assertFrame(frames: number): void {
  if (!Number.isSafeInteger(frames)) throw new RangeError(`Invalid frame number ${frames}`);
}

/** The rate in lowest terms (60000/2002 → 30000/1001). */
export function reduceRate(rate: FrameRate): FrameRate {
  assertRate(rate);
  const divisor = gcd(rate.num, rate.den);
  return { num: rate.num / divisor, den: rate.den / divisor };
}

/** The frames a timecode second counts: the rate rounded to the nearest integer (29.97 → 30, 23.976 → 24). */
export function nominalFps(rate: FrameRate): number {
  const { num, den } = reduceRate(rate);
  return Math.max(1, Math.floor((2 * num + den) / (2 * den)));
}

/** 29.97 and 59.94 (`N·1000/1001` with N a multiple of 30) are labelled in drop-frame timecode. */
export function isDropFrame(rate: FrameRate): boolean {
  const { num, den } = reduceRate(rate);
  return den === 1001 && num % 30_000 === 0;
}

/** Whether the rate is an NTSC (`/1001`) rate: FCP7's `<ntsc>TRUE</ntsc>`. */
export function isNtscRate(rate: FrameRate): boolean {
  const { num, den } = reduceRate(rate);
  return den === 1001 && num % 1000 === 0;
}

/** Frame numbers skipped each minute in drop-frame (2 at 29.97, 4 at 59.94), 0 otherwise. */
function droppedPerMinute(rate: FrameRate): number {
  return isDropFrame(rate) ? (nominalFps(rate) / 30) * 2 : 0;
}

/** How many frames one 24-hour timecode day holds at the rate. */
export function framesPerDay(rate: FrameRate): number {
  const fps = nominalFps(rate);
  const drop = droppedPerMinute(rate);
  // Per hour: 60 minutes, 54 of which drop their first numbers.
  return 24 * (fps * 3600 - drop * 54);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Frame count → `HH:MM:SS:FF` (non-drop) or `HH:MM:SS;FF` (drop-frame). */
export function framesToTimecode(frames: number, rate: FrameRate): string {
  assertFrame(frames);
  const fps = nominalFps(rate);
  const drop = droppedPerMinute(rate);
  const day = framesPerDay(rate);
  let label = ((frames % day) + day) % day;
  if (drop > 0) {
    const perMinute = fps * 60 - drop;
    const perTenMinutes = fps * 600 - drop * 9;
    const tens = Math.floor(label / perTenMinutes);
    const rest = label % perTenMinutes;
    label += drop * 9 * tens + (rest > drop ? drop * Math.floor((rest - drop) / perMinute) : 0);
  }
  const ff = label % fps;
  const totalSeconds = Math.floor(label / fps);
  const ss = totalSeconds % 60;
  const mm = Math.floor(totalSeconds / 60) % 60;
  const hh = Math.floor(totalSeconds / 3600);
  return `${pad(hh)}:${pad(mm)}:${pad(ss)}${drop > 0 ? ';' : ':'}${pad(ff)}`;
}

const TIMECODE = /^(\d{1,2}):(\d{2}):(\d{2})[:;.,](\d{2,3})$/;

interface TimecodeFields {
  hh: number;
  mm: number;
  ss: number;
  ff: number;
}

function fieldsOf(text: string): TimecodeFields | null {
  const match = TIMECODE.exec(text.trim());
  if (!match) return null;
  const [hh, mm, ss, ff] = match.slice(1).map(Number);
  return { hh, mm, ss, ff };
}

/** The frame count of a label whose fields are in range; `lenient` moves a dropped number to the next frame. */
function labelToFrames({ hh, mm, ss, ff }: TimecodeFields, rate: FrameRate, lenient: boolean): number {
  const fps = nominalFps(rate);
  const drop = droppedPerMinute(rate);
  if (hh > 23 || mm > 59 || ss > 59 || ff >= fps)
    throw new RangeError(`Timecode out of range for ${fps} fps: ${pad(hh)}:${pad(mm)}:${pad(ss)}:${pad(ff)}`);
  let frame = ff;
  if (drop > 0 && ss === 0 && mm % 10 !== 0 && ff < drop) {
    if (!lenient) throw new RangeError(`Frame number ${ff} does not exist in drop-frame at ${pad(hh)}:${pad(mm)}:00`);
    frame = drop;
  }
  const totalMinutes = hh * 60 + mm;
  return (totalMinutes * 60 + ss) * fps + frame - drop * (totalMinutes - Math.floor(totalMinutes / 10));
}

/**
 * `HH:MM:SS:FF` or `HH:MM:SS;FF` → frame count at the rate. The label is read in the rate's own
 * mode (drop-frame at 29.97 and 59.94, whatever the separator). Throws a RangeError on malformed
 * text, fields out of range, or a frame number that drop-frame skips (`00:01:00;00` at 29.97).
 */
export function timecodeToFrames(text: string, rate: FrameRate): number {
  const fields = fieldsOf(text);
  if (!fields) throw new RangeError(`Not a timecode: ${JSON.stringify(text)}`);
  return labelToFrames(fields, rate, false);
}

/** The timeline start when the file carries no timecode of its own: 01:00:00:00, as editors expect. */
const DEFAULT_START_TIMECODE = '01:00:00:00';

/** 01:00:00:00 as a frame count at the rate (107892 at 29.97 DF, 86400 at 23.976, 90000 at 25). */
export function defaultStartFrame(rate: FrameRate): number {
  return timecodeToFrames(DEFAULT_START_TIMECODE, rate);
}

/**
 * The start timecode ffprobe reads from a file's tags (`01:00:00:00`, `01:00:00;00`) as a frame
 * count, or null when absent or unreadable. The digits are read in the rate's own display mode,
 * so the version's first frame shows the label the file carries; a number that drop-frame skips
 * (an NDF tag such as `00:01:00:00` on a 29.97 file) becomes the next existing frame.
 */
export function parseStartTimecode(tag: string | null | undefined, rate: FrameRate): number | null {
  if (!tag) return null;
  const fields = fieldsOf(tag);
  if (!fields) return null;
  try {
    return labelToFrames(fields, rate, true);
  } catch {
    return null;
  }
}

/** The version's first frame on the timeline: its own start timecode, else 01:00:00:00. */
export function timelineStartFrame(rate: FrameRate, startTimecodeTag?: string | null): number {
  return parseStartTimecode(startTimecodeTag, rate) ?? defaultStartFrame(rate);
}

/**
 * Seconds of the MIDDLE of a frame, for the player's seek: `(frame + 0.5) · den / num`. A seek to
 * a frame's start may land on the previous frame after the browser rounds; its middle never does.
 */
export function frameToSeconds(frame: number, rate: FrameRate): number {
  assertFrame(frame);
  assertRate(rate);
  return ((frame + 0.5) * rate.den) / rate.num;
}

/**
 * Tolerance, in frames, for the player's clock: a frame's presentation time comes rounded down to
 * the microsecond (≤ 0.0001 frame at 60 fps) on top of float error; 1/1000 of a frame covers both
 * up to 1000 fps and never moves a frame's middle (where our seeks land).
 */
const SECONDS_JITTER_FRAMES = 1e-3;

/** The frame shown at `seconds` (floor), tolerant of float jitter just below a frame boundary; never negative. */
export function secondsToFrame(seconds: number, rate: FrameRate): number {
  assertRate(rate);
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.max(0, Math.floor((seconds * rate.num) / rate.den + SECONDS_JITTER_FRAMES));
}

/**
 * Exact seconds of `frames` frames as FCPXML writes a time: `frames · den / num` over the rate's
 * own time base (`107999892/30000s` for frame 107892 at 29.97, `1001/30000s` for one frame), and
 * `Ns` when it is a whole number of seconds (`0s`, `2s` for 50 frames at 25 fps).
 */
export function rationalSeconds(frames: number, rate: FrameRate): string {
  assertFrame(frames);
  const { num, den } = reduceRate(rate);
  const numerator = frames * den;
  if (!Number.isSafeInteger(numerator)) throw new RangeError(`Frame number too large: ${frames}`);
  if (numerator % num === 0) return `${numerator / num}s`;
  return `${numerator}/${num}s`;
}
