/**
 * Scene cuts told apart from scdet's per-frame measures (scene-cuts.ts), on crafted measures: what
 * a hard cut, a dissolve, a flash and plain motion look like.
 */
import { detectCuts, HARD_CUT_SCORE } from '../../../activities/media-analysis/scene-cuts';

/** `frames` frames of steady motion (`mafd` each), scores near zero. */
function steady(frames: number, mafd = 0.5) {
  return {
    mafd: Array.from({ length: frames }, (_, frame) => (frame === 0 ? 0 : mafd)),
    score: Array(frames).fill(0.02),
  };
}

/** A hard cut at `frame`: the picture's difference leaps once. */
function cutAt(measures: { mafd: number[]; score: number[] }, frame: number, score = 30) {
  measures.mafd[frame] = score + 0.5;
  measures.score[frame] = score;
  return measures;
}

/** A dissolve over `length` frames from `first`: each frame of the mix moves the picture by `step`. */
function dissolveAt(measures: { mafd: number[]; score: number[] }, first: number, length: number, step = 3) {
  for (let frame = first; frame < first + length; frame += 1) measures.mafd[frame] = step;
  measures.score[first] = step - 0.5;
  return measures;
}

describe('detectCuts', () => {
  test('steady motion has no cut', () => {
    expect(detectCuts(steady(200))).toEqual([]);
  });

  test('a hard cut is the frame whose score leaps; just under the threshold, with the difference staying up, is not one', () => {
    expect(detectCuts(cutAt(steady(200), 80))).toEqual([80]);
    const faint = cutAt(steady(200), 80, HARD_CUT_SCORE - 0.1);
    faint.mafd[81] = faint.mafd[80]!;
    expect(detectCuts(faint)).toEqual([]);
  });

  test('a lone one-frame spike of the difference is a cut even when its score stays under the threshold', () => {
    const spike = steady(200, 1);
    spike.mafd[80] = 6;
    spike.score[80] = 5;
    expect(detectCuts(spike)).toEqual([80]);
  });

  test('the fall of the difference after a cut is not a second cut', () => {
    const measures = cutAt(steady(200, 1), 80, 40);
    measures.mafd[81] = 20;
    measures.score[81] = 20;
    expect(detectCuts(measures)).toEqual([80]);
  });

  test('two leaps closer than 6 frames (a flash): one cut, at the stronger; 6 frames apart: two', () => {
    expect(detectCuts(cutAt(cutAt(steady(200), 80, 20), 83, 40))).toEqual([83]);
    expect(detectCuts(cutAt(cutAt(steady(200), 80, 40), 83, 20))).toEqual([80]);
    expect(detectCuts(cutAt(cutAt(steady(200), 80), 86))).toEqual([80, 86]);
  });

  test('a 12-frame dissolve: one cut on the middle of its plateau', () => {
    // The plateau 51–62 of an xfade starting at frame 50: its cut is frame 56.
    expect(detectCuts(dissolveAt(steady(200), 51, 12))).toEqual([56]);
  });

  test('too short, too long or too faint a rise is no dissolve', () => {
    expect(detectCuts(dissolveAt(steady(200), 51, 4))).toEqual([]);
    // A long camera move.
    expect(detectCuts(dissolveAt(steady(200), 51, 60))).toEqual([]);
    // A wobble: 8 frames 1.2 over the motion.
    expect(detectCuts(dissolveAt(steady(200), 51, 8, 1.7))).toEqual([]);
  });

  test('a plateau that holds a hard cut is that cut, not a dissolve too', () => {
    const measures = dissolveAt(steady(200), 51, 12);
    expect(detectCuts(cutAt(measures, 57))).toEqual([57]);
  });

  test('a programme opening on fast motion has no cut at its second frame', () => {
    // scdet's first score is the whole first difference: nothing came before it.
    const measures = steady(200, 30);
    measures.score[1] = 30;
    expect(detectCuts(measures)).toEqual([]);
  });
});
