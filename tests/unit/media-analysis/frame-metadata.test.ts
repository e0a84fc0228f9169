/**
 * Reading ffmpeg's `metadata=print` output (frame-metadata.ts): crafted text, and the file a real
 * ffmpeg run writes.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  parseFrameMetadata,
  readFrameMetadataFile,
  type FrameMetadata,
} from '../../../activities/media-analysis/frame-metadata';
import { makeTempDir } from '../../support/media-fixtures';

const PRINTED = [
  'frame:0    pts:0       pts_time:0',
  'lavfi.scd.mafd=0.000',
  'lavfi.scd.score=0.000',
  'frame:1    pts:512     pts_time:0.04',
  'lavfi.scd.mafd=18.815',
  'lavfi.scd.score=17.981',
  'lavfi.black_start=0.04',
  'frame:2    pts:1024    pts_time:0.08',
  'frame:3    pts:1536    pts_time:0.12',
  'lavfi.r128.I=-23.014',
  '',
].join('\n');

function framesOf(text: string): FrameMetadata[] {
  const frames: FrameMetadata[] = [];
  parseFrameMetadata(text, (frame) => frames.push(frame));
  return frames;
}

describe('parseFrameMetadata', () => {
  test('one frame per block, its time, its values as numbers (a block may hold none)', () => {
    const frames = framesOf(PRINTED);
    expect(frames.map((frame) => frame.time)).toEqual([0, 0.04, 0.08, 0.12]);
    expect(Object.fromEntries(frames[1]!.values)).toEqual({
      'lavfi.scd.mafd': 18.815,
      'lavfi.scd.score': 17.981,
      'lavfi.black_start': 0.04,
    });
    expect(frames[2]!.values.size).toBe(0);
    expect(frames[3]!.values.get('lavfi.r128.I')).toBe(-23.014);
  });

  test('lines before the first frame are ignored; no text, no frame', () => {
    expect(framesOf(`stray=1\n${PRINTED}`)).toHaveLength(4);
    expect(framesOf('')).toEqual([]);
  });
});

describe('readFrameMetadataFile', () => {
  test('what ffmpeg prints for a clip of 10 black frames then 15 of pattern: black from 0, picture at frame 10', async () => {
    const { dir, cleanup } = makeTempDir('rushflow-frame-metadata-');
    try {
      const file = path.join(dir, 'picture.txt');
      execFileSync('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
        ...[
          '-i',
          'color=black:size=64x36:rate=25:duration=0.4,format=yuv420p[a];testsrc2=size=64x36:rate=25:duration=0.6,format=yuv420p[b];[a][b]concat',
        ],
        ...['-vf', `blackdetect=d=0.2:pix_th=0.1,scdet=threshold=100,metadata=print:file=${file}`, '-f', 'null', '-'],
      ]);
      const frames: FrameMetadata[] = [];
      await readFrameMetadataFile(file, (frame) => frames.push(frame));
      expect(frames).toHaveLength(25);
      expect(frames[10]!.time).toBeCloseTo(0.4, 5);
      expect(frames[0]!.values.get('lavfi.black_start')).toBe(0);
      expect(frames[10]!.values.get('lavfi.black_end')).toBeCloseTo(0.4, 5);
      const leap = frames.map((frame) => frame.values.get('lavfi.scd.score') ?? 0);
      expect(leap.indexOf(Math.max(...leap))).toBe(10);
    } finally {
      cleanup();
    }
  });

  test('a file that does not exist gives no frame', async () => {
    const frames: FrameMetadata[] = [];
    await readFrameMetadataFile('/nonexistent/picture.txt', (frame) => frames.push(frame));
    expect(frames).toEqual([]);
  });
});
