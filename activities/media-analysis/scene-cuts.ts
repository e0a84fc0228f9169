/**
 * Scene cuts from ffmpeg's `scdet` measures, per frame: `mafd` (mean absolute difference with the
 * previous frame, 0–100) and `score` (how much that difference jumped). A hard cut is one frame
 * whose difference leaps up, or stands alone over its neighbours; a dissolve is a short plateau of raised differences (every frame of the mix
 * moves the picture by the same step), its cut placed on the plateau's middle frame.
 */

/** A score at or over this (scdet's scale, 0–100) is a hard cut. */
export const HARD_CUT_SCORE = 10;
/** A one-frame rise of the difference over both neighbours (mafd units, and as a ratio) is a cut too. */
const SPIKE_RISE = 2;
const SPIKE_RATIO = 3;
/** Shots shorter than this many frames are not split again (flashes, strobes). */
const MIN_SHOT_FRAMES = 6;
/** A dissolve lasts this many frames, at least and at most. */
const DISSOLVE_FRAMES = { min: 6, max: 36 };
/** Frames before a plateau that give the picture's own motion. */
const BASELINE_FRAMES = 24;
/** How much the plateau must rise over that motion, per frame (mafd units) and as a ratio. */
const DISSOLVE_RISE = { absolute: 1, ratio: 2 };
/** The plateau's summed rise that makes a real change of picture, not a wobble. */
const DISSOLVE_TOTAL = 12;

export interface SceneMeasures {
  /** Per frame, from frame 0. */
  mafd: number[];
  score: number[];
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The frames that start a new shot (frame 0 excluded), in order. */
export function detectCuts({ mafd, score }: SceneMeasures): number[] {
  const cuts: number[] = [];
  const at = (frame: number) => mafd[frame] ?? 0;
  // Frame 2 on: frame 1's score is its whole difference, a moving opening is not a cut.
  for (let frame = 2; frame < score.length; frame += 1) {
    const neighbours = Math.max(at(frame - 1), at(frame + 1));
    // A score also leaps when the difference falls back after a cut: only a rise is a new shot.
    const leap = (score[frame] ?? 0) >= HARD_CUT_SCORE && at(frame) > at(frame - 1);
    // A lone spike over busy motion: the leap is small against the motion, but only one frame has it.
    const spike = at(frame) - neighbours >= SPIKE_RISE && at(frame) >= SPIKE_RATIO * neighbours;
    if (!leap && !spike) continue;
    const last = cuts.at(-1);
    if (last !== undefined && frame - last < MIN_SHOT_FRAMES) {
      // Two leaps close together: the stronger one is the cut.
      if ((score[frame] ?? 0) > (score[last] ?? 0)) cuts[cuts.length - 1] = frame;
      continue;
    }
    cuts.push(frame);
  }
  const hard = new Set(cuts);
  const dissolves: number[] = [];
  let frame = 1;
  while (frame < mafd.length) {
    const baseline = median(mafd.slice(Math.max(1, frame - BASELINE_FRAMES), frame));
    const floor = Math.max(baseline + DISSOLVE_RISE.absolute, baseline * DISSOLVE_RISE.ratio);
    if ((mafd[frame] ?? 0) < floor) {
      frame += 1;
      continue;
    }
    let end = frame;
    let rise = 0;
    let crossesHardCut = false;
    while (end < mafd.length && (mafd[end] ?? 0) >= floor) {
      rise += (mafd[end] ?? 0) - baseline;
      if (hard.has(end)) crossesHardCut = true;
      end += 1;
    }
    const length = end - frame;
    if (!crossesHardCut && length >= DISSOLVE_FRAMES.min && length <= DISSOLVE_FRAMES.max && rise >= DISSOLVE_TOTAL) {
      const middle = frame + Math.floor((length - 1) / 2);
      const near = cuts.some((cut) => Math.abs(cut - middle) < MIN_SHOT_FRAMES);
      if (!near) dissolves.push(middle);
    }
    frame = end;
  }
  return [...cuts, ...dissolves].sort((a, b) => a - b);
}
