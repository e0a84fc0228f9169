import fc from 'fast-check';
import type { FrameRate } from '../../domain/review';
import {
  defaultStartFrame,
  framesPerDay,
  framesToTimecode,
  frameToSeconds,
  isDropFrame,
  isNtscRate,
  nominalFps,
  parseStartTimecode,
  rationalSeconds,
  reduceRate,
  secondsToFrame,
  timecodeToFrames,
  timelineStartFrame,
} from '../../domain/timecode';

const RATES: { label: string; rate: FrameRate; fps: number; drop: boolean }[] = [
  { label: '23.976', rate: { num: 24000, den: 1001 }, fps: 24, drop: false },
  { label: '24', rate: { num: 24, den: 1 }, fps: 24, drop: false },
  { label: '25', rate: { num: 25, den: 1 }, fps: 25, drop: false },
  { label: '29.97 DF', rate: { num: 30000, den: 1001 }, fps: 30, drop: true },
  { label: '30', rate: { num: 30, den: 1 }, fps: 30, drop: false },
  { label: '50', rate: { num: 50, den: 1 }, fps: 50, drop: false },
  { label: '59.94 DF', rate: { num: 60000, den: 1001 }, fps: 60, drop: true },
  { label: '60', rate: { num: 60, den: 1 }, fps: 60, drop: false },
];

const DF30 = { num: 30000, den: 1001 };
const DF60 = { num: 60000, den: 1001 };

/** The drop-frame reference written the long way: count labels one by one, skipping the dropped numbers. */
function labelsByCounting(rate: FrameRate, count: number): string[] {
  const fps = nominalFps(rate);
  const drop = isDropFrame(rate) ? fps / 15 : 0;
  const labels: string[] = [];
  let [hh, mm, ss, ff] = [0, 0, 0, 0];
  const pad = (n: number) => String(n).padStart(2, '0');
  while (labels.length < count) {
    const dropped = drop > 0 && ss === 0 && mm % 10 !== 0 && ff < drop;
    if (!dropped) labels.push(`${pad(hh)}:${pad(mm)}:${pad(ss)}${drop ? ';' : ':'}${pad(ff)}`);
    ff += 1;
    if (ff === fps) [ff, ss] = [0, ss + 1];
    if (ss === 60) [ss, mm] = [0, mm + 1];
    if (mm === 60) [mm, hh] = [0, hh + 1];
  }
  return labels;
}

describe('timecode: rates', () => {
  it.each(RATES)('$label counts $fps frames a second, drop-frame: $drop', ({ rate, fps, drop }) => {
    expect(nominalFps(rate)).toBe(fps);
    expect(isDropFrame(rate)).toBe(drop);
  });

  it('knows NTSC rates and reduces rates', () => {
    expect(isNtscRate({ num: 24000, den: 1001 })).toBe(true);
    expect(isNtscRate({ num: 25, den: 1 })).toBe(false);
    expect(reduceRate({ num: 60000, den: 2002 })).toEqual(DF30);
    expect(isDropFrame({ num: 60000, den: 2002 })).toBe(true);
    expect(() => nominalFps({ num: 0, den: 1 })).toThrow(RangeError);
  });

  it('has the frames of a 24-hour day', () => {
    expect(framesPerDay(DF30)).toBe(2_589_408);
    expect(framesPerDay(DF60)).toBe(5_178_816);
    expect(framesPerDay({ num: 25, den: 1 })).toBe(2_160_000);
    expect(framesPerDay({ num: 24000, den: 1001 })).toBe(2_073_600);
  });
});

describe('timecode: known values', () => {
  it('29.97 DF', () => {
    expect(framesToTimecode(0, DF30)).toBe('00:00:00;00');
    expect(framesToTimecode(1799, DF30)).toBe('00:00:59;29');
    expect(framesToTimecode(1800, DF30)).toBe('00:01:00;02');
    expect(framesToTimecode(17_981, DF30)).toBe('00:09:59;29');
    expect(framesToTimecode(17_982, DF30)).toBe('00:10:00;00');
    expect(framesToTimecode(107_892, DF30)).toBe('01:00:00;00');
    expect(framesToTimecode(2_589_407, DF30)).toBe('23:59:59;29');
    expect(timecodeToFrames('00:01:00;02', DF30)).toBe(1800);
    expect(timecodeToFrames('01:00:00;00', DF30)).toBe(107_892);
  });

  it('59.94 DF drops four numbers', () => {
    expect(framesToTimecode(3599, DF60)).toBe('00:00:59;59');
    expect(framesToTimecode(3600, DF60)).toBe('00:01:00;04');
    expect(framesToTimecode(215_784, DF60)).toBe('01:00:00;00');
  });

  it('non-drop rates', () => {
    expect(framesToTimecode(86_400, { num: 24000, den: 1001 })).toBe('01:00:00:00');
    expect(framesToTimecode(90_000 + 24, { num: 25, den: 1 })).toBe('01:00:00:24');
    expect(framesToTimecode(1800, { num: 30, den: 1 })).toBe('00:01:00:00');
    expect(timecodeToFrames('00:00:01:59', { num: 60, den: 1 })).toBe(119);
  });

  it('wraps at 24 hours', () => {
    expect(framesToTimecode(framesPerDay(DF30), DF30)).toBe('00:00:00;00');
    expect(framesToTimecode(-1, { num: 25, den: 1 })).toBe('23:59:59:24');
  });

  it.each(RATES.filter(({ drop }) => drop))('$label matches counting labels one by one over 12 minutes', ({ rate }) => {
    const count = nominalFps(rate) * 60 * 12;
    const computed = Array.from({ length: count }, (_, frame) => framesToTimecode(frame, rate));
    expect(computed).toEqual(labelsByCounting(rate, count));
  });

  it('refuses malformed or impossible timecodes', () => {
    expect(() => timecodeToFrames('1:00:00', DF30)).toThrow(RangeError);
    expect(() => timecodeToFrames('00:00:00:30', { num: 30, den: 1 })).toThrow(RangeError);
    expect(() => timecodeToFrames('00:61:00:00', { num: 25, den: 1 })).toThrow(RangeError);
    expect(() => timecodeToFrames('24:00:00:00', { num: 25, den: 1 })).toThrow(RangeError);
    expect(() => timecodeToFrames('00:01:00;00', DF30)).toThrow(/drop-frame/);
    expect(() => timecodeToFrames('00:01:00;03', DF60)).toThrow(/drop-frame/);
    expect(timecodeToFrames('00:10:00;00', DF30)).toBe(17_982);
  });
});

describe('timecode: exact round trip, 1,000 random frames a rate', () => {
  it.each(RATES)('$label', ({ rate, drop }) => {
    const separator = drop ? /^\d{2}:\d{2}:\d{2};\d{2}$/ : /^\d{2}:\d{2}:\d{2}:\d{2}$/;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: framesPerDay(rate) - 1 }), (frame) => {
        const label = framesToTimecode(frame, rate);
        expect(label).toMatch(separator);
        expect(timecodeToFrames(label, rate)).toBe(frame);
        // The next frame's label is the next existing label (monotonic, no gap, no repeat).
        if (frame + 1 < framesPerDay(rate))
          expect(timecodeToFrames(framesToTimecode(frame + 1, rate), rate)).toBe(frame + 1);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('timecode: start of the timeline', () => {
  it('defaults to 01:00:00:00 at the rate', () => {
    expect(defaultStartFrame(DF30)).toBe(107_892);
    expect(defaultStartFrame(DF60)).toBe(215_784);
    expect(defaultStartFrame({ num: 24000, den: 1001 })).toBe(86_400);
    expect(defaultStartFrame({ num: 25, den: 1 })).toBe(90_000);
    expect(timelineStartFrame(DF30)).toBe(107_892);
    expect(timelineStartFrame(DF30, null)).toBe(107_892);
  });

  it("reads ffprobe's start timecode tag, either separator", () => {
    expect(parseStartTimecode('01:00:00;00', DF30)).toBe(107_892);
    expect(parseStartTimecode('01:00:00:00', DF30)).toBe(107_892);
    expect(parseStartTimecode('10:00:00:00', { num: 25, den: 1 })).toBe(900_000);
    expect(parseStartTimecode(' 00:59:58:12 ', { num: 24000, den: 1001 })).toBe((59 * 60 + 58) * 24 + 12);
    expect(timelineStartFrame({ num: 25, den: 1 }, '00:00:10:00')).toBe(250);
  });

  it('moves a number drop-frame skips to the next frame, and ignores what it cannot read', () => {
    expect(parseStartTimecode('00:01:00:00', DF30)).toBe(1800);
    expect(parseStartTimecode('', DF30)).toBeNull();
    expect(parseStartTimecode(undefined, DF30)).toBeNull();
    expect(parseStartTimecode('n/a', DF30)).toBeNull();
    expect(parseStartTimecode('25:00:00:00', DF30)).toBeNull();
    expect(timelineStartFrame(DF30, 'garbage')).toBe(107_892);
  });
});

describe('timecode: seconds', () => {
  it('seeks to the middle of a frame', () => {
    expect(frameToSeconds(0, { num: 25, den: 1 })).toBe(0.02);
    expect(frameToSeconds(1, DF30)).toBeCloseTo((1.5 * 1001) / 30000, 12);
  });

  it.each(RATES)('$label: the frame under a seek, and at a boundary despite float jitter', ({ rate }) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (frame) => {
        expect(secondsToFrame(frameToSeconds(frame, rate), rate)).toBe(frame);
        const boundary = (frame * rate.den) / rate.num;
        expect(secondsToFrame(boundary, rate)).toBe(frame);
        expect(secondsToFrame(boundary * (1 - 1e-15), rate)).toBe(frame);
        // The media clock rounds a frame's presentation time down to the microsecond.
        expect(secondsToFrame(Math.floor(boundary * 1e6) / 1e6, rate)).toBe(frame);
      }),
      { numRuns: 1000 },
    );
    expect(secondsToFrame(-1, rate)).toBe(0);
    expect(secondsToFrame(Number.NaN, rate)).toBe(0);
  });

  it('writes exact rational seconds over the rate’s time base', () => {
    expect(rationalSeconds(107_892, DF30)).toBe('107999892/30000s');
    expect(rationalSeconds(1, DF30)).toBe('1001/30000s');
    expect(rationalSeconds(1, DF60)).toBe('1001/60000s');
    expect(rationalSeconds(0, DF30)).toBe('0s');
    expect(rationalSeconds(30_000, DF30)).toBe('1001s');
    expect(rationalSeconds(1, { num: 24000, den: 1001 })).toBe('1001/24000s');
    expect(rationalSeconds(50, { num: 25, den: 1 })).toBe('2s');
    expect(rationalSeconds(30, { num: 25, den: 1 })).toBe('30/25s');
    expect(rationalSeconds(90_000, { num: 25, den: 1 })).toBe('3600s');
  });

  it.each(RATES)('$label: rational seconds are exactly frames × den / num', ({ rate }) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), (frame) => {
        const match = /^(\d+)(?:\/(\d+))?s$/.exec(rationalSeconds(frame, rate));
        expect(match).not.toBeNull();
        const [numerator, denominator] = [BigInt(match![1]), BigInt(match![2] ?? '1')];
        // a/b = frame·den/num  ⇔  a·num = frame·den·b (integers, no rounding)
        expect(numerator * BigInt(rate.num)).toBe(BigInt(frame) * BigInt(rate.den) * denominator);
      }),
      { numRuns: 1000 },
    );
  });
});
