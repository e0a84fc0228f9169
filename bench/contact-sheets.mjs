// Rush contact sheets' speed (issue 33: « ≥ 10× real time for 1080p rushes »): the worker's one
// ffmpeg pass (activities/rush-contact-sheet.ts: decode without the loop filter, scale to 320 px,
// scdet measures + candidate JPEGs) and the reading of its output into shots, timed on a local
// file (storage left out), on a 2-minute 1080p25 rush made once into the tool cache: 24 shots of
// 5 s joined by hard cuts, light temporal grain, H.264 High at a camera's bitrate (x264 `veryfast`,
// CRF 18 capped at 24 Mbit/s, B-frames, CABAC, deblocking). Three runs; the median is reported with the load average.
// Needs no stack. Run with tsx (it imports TypeScript): npm run bench:contact-sheets
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contactSheetArguments, readContactSheetPass, runContactSheetPass } from '../activities/rush-contact-sheet.ts';
import { TOOL_CACHE } from '../scripts/lib/stack-config.mjs';
import { loadAverage } from './lib/kit.mjs';

const log = (...parts) => console.log('[bench:contact-sheets]', ...parts);
const RATE = { num: 25, den: 1 };
const SHOT_SECONDS = 5;
/** Six pictures encoded once, their sequence played four times: 24 shots, 2 minutes. */
const REPEATS = 4;
const RUNS = 3;
/** Sources without a per-frame render cost of their own (mandelbrot's would dominate the making). */
const SOURCES = [
  'testsrc2',
  'smptehdbars',
  'gradients=speed=0.05:seed=9',
  'yuvtestsrc',
  'rgbtestsrc',
  // Not testsrc2 recoloured: its cut back to testsrc2 (the sequence repeats) is too close to tell.
  'color=c=0x284860',
];
const SHOTS = SOURCES.length * REPEATS;

const ffmpeg = (args) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);

/**
 * The rush, generated once into the tool cache: each source's shot is encoded on its own (it
 * starts on a key frame), then the six are joined four times over without re-encoding.
 */
function rush() {
  const file = path.join(TOOL_CACHE, 'bench', `rush-${SHOTS}x${SHOT_SECONDS}s-1080p25.mp4`);
  if (fs.existsSync(file)) return file;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-contact-sheets-rush-'));
  log(`generating a ${(SHOTS * SHOT_SECONDS) / 60}-minute 1080p25 rush into ${file} (once; a few minutes)…`);
  const start = performance.now();
  try {
    const shots = SOURCES.map((description, index) => {
      const [name, ...filters] = description.split(',');
      const options = name.includes('=') ? `${name}:` : `${name}=`;
      const size = `size=1920x1080:rate=${RATE.num}:duration=${SHOT_SECONDS}`;
      const shot = path.join(dir, `shot-${index}.mp4`);
      ffmpeg([
        ...['-f', 'lavfi', '-i', `${options}${size}`],
        ...['-vf', [...filters, 'format=yuv420p', 'noise=alls=3:allf=t'].join(',')],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-maxrate', '24M', '-bufsize', '48M'],
        ...['-pix_fmt', 'yuv420p', '-r', String(RATE.num)],
        shot,
      ]);
      return shot;
    });
    const list = path.join(dir, 'list.txt');
    fs.writeFileSync(
      list,
      Array.from({ length: REPEATS }, () => shots.map((shot) => `file '${shot}'\n`).join('')).join(''),
    );
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.partial.mp4`;
    ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', partial]);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  log(`rush made in ${((performance.now() - start) / 1000).toFixed(0)} s`);
  return file;
}

async function main() {
  const input = rush();
  const probe = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', input], {
      encoding: 'utf8',
    }),
  );
  const video = probe.streams.find((stream) => stream.codec_type === 'video');
  const seconds = Number(probe.format.duration);
  log(
    `rush: ${video.width}×${video.height} ${video.r_frame_rate} ${video.codec_name} ${video.profile}, ` +
      `${seconds.toFixed(1)} s, ${(Number(probe.format.bit_rate) / 1e6).toFixed(1)} Mbit/s, ${SHOTS} shots`,
  );
  const timings = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-contact-sheets-'));
    try {
      const thumbnails = path.join(dir, 'thumbnails');
      fs.mkdirSync(thumbnails);
      const metadata = path.join(dir, 'scenes.txt');
      const before = loadAverage();
      const start = performance.now();
      await runContactSheetPass('ffmpeg', contactSheetArguments(input, RATE, metadata, thumbnails));
      const pass = await readContactSheetPass(metadata, thumbnails);
      const elapsed = (performance.now() - start) / 1000;
      timings.push(elapsed);
      const candidates = fs.readdirSync(thumbnails).length;
      log(
        `run ${run}: ${elapsed.toFixed(2)} s → ${(seconds / elapsed).toFixed(1)}× real time; ` +
          `${pass.shots.length} shots (${pass.frameCount} frames), ${candidates} candidate thumbnails; load ${before}`,
      );
      if (pass.shots.length !== SHOTS) log(`!! expected ${SHOTS} shots, found ${pass.shots.length}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const median = [...timings].sort((a, b) => a - b)[Math.floor(RUNS / 2)];
  log(
    `median ${median.toFixed(2)} s for ${seconds.toFixed(0)} s of 1080p → ${(seconds / median).toFixed(1)}× real time ` +
      `(goal ≥ 10×); load ${loadAverage()} on ${os.cpus().length} cores`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
