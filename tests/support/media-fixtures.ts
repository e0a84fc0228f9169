import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A temp dir of the test's own, removed by the returned cleanup. */
export function makeTempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** How a generated test video is drawn: ffmpeg's pattern, its size, its exact rate, its own start timecode. */
export interface TestVideoOptions {
  source?: 'testsrc' | 'testsrc2';
  size?: string;
  /** A rational rate as ffmpeg reads it: `25`, `30000/1001`… */
  rate?: string;
  /** Written as the file's `tmcd` start timecode (`00:00:59;28`). */
  timecode?: string;
  /** Extra encoder arguments (`-crf 18` for a bench's sharper source). */
  encoder?: string[];
}

/**
 * A real video from ffmpeg's test pattern (+ a sine tone), `seconds` long. The moov atom stays at the
 * end (no faststart), as cameras write it, so reading the duration needs a seek.
 */
export function generateTestVideo(file: string, seconds: number, options: TestVideoOptions = {}): string {
  const { source = 'testsrc', size = '320x240', rate = '25', timecode, encoder = [] } = options;
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `${source}=duration=${seconds}:size=${size}:rate=${rate}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', ...encoder, '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    ...(timecode ? ['-timecode', timecode] : []),
    file,
  ]);
  return file;
}

/** An MP4 with sound and no picture: a video container no preview can be made of. */
export function generateSoundOnly(file: string, seconds: number): string {
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:a', 'aac', file],
  ]);
  return file;
}

/** A real PNG picture from ffmpeg's `testsrc` (one frame). */
export function generateTestImage(file: string, size = '256x256'): string {
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=1`,
    '-frames:v',
    '1',
    file,
  ]);
  return file;
}
