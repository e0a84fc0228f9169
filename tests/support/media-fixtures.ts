import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A temp dir of the test's own, removed by the returned cleanup. */
export function makeTempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A real video from ffmpeg's `testsrc` (+ a sine tone), `seconds` long. The moov atom stays at the
 * end (no faststart), as cameras write it, so reading the duration needs a seek.
 */
export function generateTestVideo(file: string, seconds: number, size = '320x240'): string {
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${size}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
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
