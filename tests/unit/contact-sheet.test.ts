/**
 * Rush contact sheets: the shots' spans, thumbnails, captions and CSV (domain/contact-sheet.ts),
 * and the worker's one ffmpeg pass (activities/rush-contact-sheet.ts) on a clip with known cuts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contactSheetArguments, readContactSheetPass, runContactSheetPass } from '../../activities/rush-contact-sheet';
import {
  contactSheetSummary,
  formatShotDuration,
  shotCaption,
  shotsCsv,
  shotSpans,
  shotTimings,
  thumbnailFrame,
  thumbnailName,
} from '../../domain/contact-sheet';
import { generatePictureClip } from '../support/media-clips';
import { makeTempDir } from '../support/media-fixtures';

describe('shots of a rush', () => {
  test('cuts split the frames into shots that cover them all', () => {
    expect(shotSpans([100, 230], 300)).toEqual([
      { frameIn: 0, frameOut: 99 },
      { frameIn: 100, frameOut: 229 },
      { frameIn: 230, frameOut: 299 },
    ]);
    expect(shotSpans([], 50)).toEqual([{ frameIn: 0, frameOut: 49 }]);
  });

  test('a shot’s thumbnail is its first frame when that is a candidate, else the first candidate inside it', () => {
    const candidates = [0, 50, 100, 150, 200, 230];
    expect(thumbnailFrame({ frameIn: 100, frameOut: 229 }, candidates)).toBe(100);
    expect(thumbnailFrame({ frameIn: 120, frameOut: 229 }, candidates)).toBe(150);
    // No candidate inside a very short shot: the last one before it.
    expect(thumbnailFrame({ frameIn: 151, frameOut: 160 }, candidates)).toBe(150);
  });

  test('timecodes start at the rush’s own start, durations to the tenth, in French', () => {
    const [first, second] = shotTimings({
      frameRate: { num: 25, den: 1 },
      startFrame: 90_000,
      shots: [
        { frameIn: 0, frameOut: 99, thumbnailKey: 'a' },
        { frameIn: 100, frameOut: 204, thumbnailKey: 'b' },
      ],
    });
    expect(first).toMatchObject({
      number: 1,
      timecodeIn: '01:00:00:00',
      timecodeOut: '01:00:03:24',
      durationSeconds: 4,
    });
    expect(second).toMatchObject({ number: 2, timecodeIn: '01:00:04:00', durationSeconds: 4.2 });
    expect(shotCaption(second!)).toBe('Plan 2 — 01:00:04:00 — 4,2 s');
    expect(formatShotDuration(12)).toBe('12,0 s');
  });

  test('the CSV opens in a French spreadsheet: BOM, semicolons, decimal comma', () => {
    const csv = shotsCsv(
      [
        {
          number: 3,
          frameIn: 10,
          frameOut: 20,
          timecodeIn: '00:00:00:10',
          timecodeOut: '00:00:00:20',
          durationSeconds: 0.4,
        },
      ],
      thumbnailName,
    );
    expect(csv).toBe('\uFEFFplan;début;fin;durée (s);vignette\r\n3;00:00:00:10;00:00:00:20;0,4;shot-0003.jpg\r\n');
  });

  test('the files list shows a sheet’s status and shot count, nothing for a file without one', () => {
    expect(contactSheetSummary(null)).toBeNull();
    expect(contactSheetSummary({ status: 'none' })).toBeNull();
    expect(contactSheetSummary({ status: 'pending' })).toEqual({ status: 'pending', shotCount: 0, error: null });
  });
});

describe('the worker’s pass over a rush', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeAll(() => {
    temp = makeTempDir('contact-sheet-');
  });
  afterAll(() => temp.cleanup());

  test('one pass finds the shots at the hard cuts’ frames, each with its first frame as a JPEG thumbnail', async () => {
    const clip = path.join(temp.dir, 'rush.mp4');
    // Pictures without frame-to-frame noise (pattern, fractal, bars, gradient, colours).
    const truth = generatePictureClip(clip, [
      { frames: 40, source: 0 },
      { frames: 75, from: 'cut', source: 1 },
      { frames: 33, from: 'cut', source: 2 },
      { frames: 60, from: 'cut', source: 4 },
      { frames: 52, from: 'cut', source: 7 },
    ]);
    const thumbnails = path.join(temp.dir, 'thumbnails');
    fs.mkdirSync(thumbnails);
    const metadata = path.join(temp.dir, 'scenes.txt');
    await runContactSheetPass('ffmpeg', contactSheetArguments(clip, { num: 25, den: 1 }, metadata, thumbnails));
    const pass = await readContactSheetPass(metadata, thumbnails);

    expect(pass.frameCount).toBe(truth.frameCount);
    const starts = pass.shots.map((shot) => shot.frameIn);
    expect(starts).toEqual([0, ...truth.hardCuts]);
    for (const shot of pass.shots) {
      expect(path.basename(shot.thumbnailFile)).toBe(`${String(shot.frameIn).padStart(9, '0')}.jpg`);
      expect(fs.readFileSync(shot.thumbnailFile).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
  });
});
