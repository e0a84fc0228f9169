// The delivery QC's accuracy and speed (issue 33), on generated media whose truth is known
// (tests/support/media-clips.ts):
// (a) integrated loudness, ours (ffmpeg's ebur128 in activities/media-analysis/analysis-graph.ts)
//     against pyloudnorm, per sample;
// (b) scene cuts, ours and PySceneDetect's, precision / recall / F1 on hard cuts and dissolves;
// (c) speed on a 10-minute 1080p25 H.264 programme (made once into the tool cache): the analysis
//     alone, its sound and picture parts alone, and what it adds to the preview's run
//     (activities/version-preview.ts): the preview's graph without and with the analysis riding on
//     its decode, the encoder left out; the x264 encode itself, for scale.
// pyloudnorm and PySceneDetect are installed into the tool cache as for the unit suite.
// Needs no stack. Run with tsx (it imports TypeScript): npm run bench:delivery-qc
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  analyseMediaFile,
  analysisFilesIn,
  readAnalysis,
  waveformOutput,
} from '../activities/media-analysis/analysis-graph.ts';
import {
  DEFAULT_FONT_DIR,
  previewArguments,
  previewFilter,
  previewGraphArguments,
} from '../activities/version-preview.ts';
import { TOOL_CACHE } from '../scripts/lib/stack-config.mjs';
import { ensurePythonPackages, PYTHON_PACKAGE_SETS } from '../scripts/lib/tools.mjs';
import {
  accuracyClips,
  decodeSound,
  DISSOLVE_FRAMES,
  generateNoise,
  generatePictureClip,
  generateProgramme,
  generateSpeechLike,
  generateTone,
  muxWithPicture,
  scoreCuts,
} from '../tests/support/media-clips.ts';
import { pyloudnormLoudness, pySceneDetectCuts } from '../tests/support/readers/index.ts';
import { loadAverage } from './lib/kit.mjs';

const log = (...parts) => console.log('[bench:delivery-qc]', ...parts);
const PAL = { num: 25, den: 1 };
const PROGRAMME_SECONDS = 600;
/**
 * The preview's graph runs, without and with the analysis, PREVIEW_RUNS times each in turn: the
 * machine is shared, and the quickest of each (wall and CPU apart) is the one least disturbed.
 * The preview's encode, for scale, runs once on the programme's first PREVIEW_SECONDS.
 */
const PREVIEW_SECONDS = Number(process.env.BENCH_PREVIEW_SECONDS ?? 120);
const PREVIEW_RUNS = Number(process.env.BENCH_PREVIEW_RUNS ?? 3);
/** BENCH_QC_PARTS=speed (or loudness, cuts, comma-separated) runs only those parts. */
const PARTS = new Set((process.env.BENCH_QC_PARTS ?? 'loudness,cuts,speed').split(','));

async function loudness(dir) {
  const samples = [
    ...[-14, -23, -30].map((lufs) => [
      `tone 1 kHz ${lufs} LUFS`,
      (file) => generateTone(file, { lufs, seconds: 10 }),
      10,
    ]),
    ...[
      ['pink', -14],
      ['pink', -23],
      ['white', -23],
      ['white', -30],
    ].map(([color, lufs]) => [
      `${color} noise ~${lufs}`,
      (file) => generateNoise(file, { color, lufs, seconds: 10 }),
      10,
    ]),
    ...[-14, -23].map((lufs) => [
      `speech-like ~${lufs}`,
      (file) => generateSpeechLike(file, { lufs, seconds: 20 }),
      20,
    ]),
  ];
  const rows = [];
  for (const [name, make, seconds] of samples) {
    const wav = make(path.join(dir, 'sample.wav'));
    const ours = await analyseMediaFile(wav, {
      frameRate: PAL,
      frameCount: seconds * 25,
      hasAudio: true,
      hasVideo: false,
    });
    rows.push([name, pyloudnormLoudness(wav), ours.measures.loudness.integratedLufs]);
  }
  const wav = generateSpeechLike(path.join(dir, 'speech.wav'), { lufs: -23, seconds: 20 });
  const mp4 = muxWithPicture(wav, path.join(dir, 'speech.mp4'));
  const ours = await analyseMediaFile(mp4, { frameRate: PAL, frameCount: 500, hasAudio: true });
  rows.push([
    'speech-like ~-23, MP4 (AAC)',
    pyloudnormLoudness(decodeSound(mp4, path.join(dir, 'decoded.wav'))),
    ours.measures.loudness.integratedLufs,
  ]);

  console.log('\n(a) integrated loudness, LUFS');
  console.log(`${'sample'.padEnd(30)}${'pyloudnorm'.padStart(12)}${'ours'.padStart(10)}${'Δ LU'.padStart(9)}`);
  for (const [name, theirs, ours] of rows)
    console.log(
      `${name.padEnd(30)}${theirs.toFixed(3).padStart(12)}${ours.toFixed(2).padStart(10)}${(ours - theirs).toFixed(3).padStart(9)}`,
    );
  const worst = Math.max(...rows.map(([, theirs, ours]) => Math.abs(ours - theirs)));
  console.log(`max |Δ| ${worst.toFixed(3)} LU (goal ≤ 0.1)`);
}

async function sceneCuts(dir) {
  const readings = { cut: [], dissolve: [] };
  for (const kind of ['cut', 'dissolve']) {
    for (const [index, shots] of accuracyClips(kind).entries()) {
      const file = path.join(dir, `${kind}-${index}.mp4`);
      const clip = generatePictureClip(file, shots);
      const ours = await analyseMediaFile(file, { frameRate: PAL, frameCount: clip.frameCount, hasAudio: false });
      const theirs = pySceneDetectCuts(file);
      readings[kind].push({
        truth: kind === 'cut' ? clip.hardCuts : clip.dissolves,
        ours: ours.sceneCuts,
        content: theirs.content,
        adaptive: theirs.adaptive,
      });
    }
  }
  const line = (kind, reader, tolerance) => {
    const score = scoreCuts(
      readings[kind].map((reading) => ({ found: reading[reader], truth: reading.truth })),
      tolerance,
    );
    const name = { ours: 'ours (scdet)', content: 'PySceneDetect content', adaptive: 'PySceneDetect adaptive' }[reader];
    console.log(
      `  ${name.padEnd(24)} P ${score.precision.toFixed(2)}  R ${score.recall.toFixed(2)}  F1 ${score.f1.toFixed(2)}  (${score.truePositives} right of ${score.found} found)`,
    );
  };
  const truthCount = (kind) => readings[kind].reduce((sum, reading) => sum + reading.truth.length, 0);
  console.log('\n(b) scene cuts on generated clips (640×360, 25 i/s, 2 clips of 10 shots each)');
  for (const [kind, tolerance, what] of [
    ['cut', 0, 'hard cuts, to the frame'],
    ['cut', 1, 'hard cuts, within ±1 frame'],
    ['dissolve', 0, `${DISSOLVE_FRAMES}-frame dissolves, to the frame (the mix at 50 %)`],
    ['dissolve', DISSOLVE_FRAMES / 2, `${DISSOLVE_FRAMES}-frame dissolves, within ±${DISSOLVE_FRAMES / 2} frames`],
  ]) {
    console.log(`${what}: ${truthCount(kind)} true`);
    for (const reader of ['ours', 'content', 'adaptive']) line(kind, reader, tolerance);
  }
  for (const kind of ['cut', 'dissolve'])
    for (const [index, reading] of readings[kind].entries())
      console.log(
        `  ${kind} clip ${index}: truth ${reading.truth.join(' ')} | ours ${reading.ours.join(' ')} | content ${reading.content.join(' ')}`,
      );
}

/** The programme, generated once into the tool cache. */
function programme() {
  const file = path.join(TOOL_CACHE, 'bench', `programme-${PROGRAMME_SECONDS}s-1080p25.mp4`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  log(`generating a ${PROGRAMME_SECONDS / 60}-minute 1080p25 H.264 programme into ${file} (once; a few minutes)…`);
  const start = performance.now();
  const partial = `${file}.partial.mp4`;
  generateProgramme(partial, PROGRAMME_SECONDS);
  fs.renameSync(partial, file);
  log(`programme made in ${((performance.now() - start) / 1000).toFixed(0)} s`);
  return file;
}

/**
 * A copy of `file` in memory (/dev/shm) where there is one: this machine's page cache is reclaimed
 * eagerly, and a programme read from its disk times the disk, not ffmpeg.
 */
function inMemory(file) {
  if (!fs.existsSync('/dev/shm')) return file;
  const copy = path.join(fs.mkdtempSync('/dev/shm/bench-delivery-qc-'), path.basename(file));
  fs.copyFileSync(file, copy);
  memoryCopies.push(path.dirname(copy));
  log(`the programme is read from ${copy}`);
  return copy;
}
const memoryCopies = [];

/** CPU seconds used by this process's finished children (Linux: cutime + cstime of /proc/self/stat). */
function childrenCpuSeconds() {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** Wall time and the CPU time of the ffmpeg run(s): the machine is shared, the CPU time tells the work. */
async function timed(what, run) {
  const loadBefore = loadAverage();
  const cpuBefore = childrenCpuSeconds();
  const start = performance.now();
  const result = await run();
  const seconds = (performance.now() - start) / 1000;
  const cpu = childrenCpuSeconds() - cpuBefore;
  log(`${what}: ${seconds.toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU (load ${loadBefore} → ${loadAverage()})`);
  return { seconds, cpu, result };
}

async function speed(dir) {
  const input = inMemory(programme());
  const frameCount = PROGRAMME_SECONDS * 25;
  const clock = { frameRate: PAL, frameCount };
  const watermarkFile = path.join(dir, 'watermark.txt');
  fs.writeFileSync(watermarkFile, 'APERÇU RUSHFLOW\nCamille Durand');
  const filter = previewFilter({
    fontDir: process.env.PREVIEW_FONT_DIR ?? DEFAULT_FONT_DIR,
    watermarkFile,
    frameRate: PAL,
    startFrame: 0,
    width: 1920,
    height: 1080,
  });
  // Progress goes to a pipe the bench does not read: drop that option; `-t` before the input keeps
  // PREVIEW_SECONDS of it.
  const encode = () => {
    const args = previewArguments(input, path.join(dir, 'preview.mp4'), filter, 'veryfast').filter(
      (arg, index, all) => arg !== '-progress' && all[index - 1] !== '-progress',
    );
    const inputAt = args.indexOf('-i');
    execFileSync('ffmpeg', [...args.slice(0, inputAt), '-t', String(PREVIEW_SECONDS), ...args.slice(inputAt)], {
      stdio: 'ignore',
    });
  };
  // The preview's decode and filter graph as the worker runs it, its encoder left out: x264's own
  // spread from one run to the next (seconds per minute of 1080p) would hide what the analysis adds.
  const graph = (analysis) =>
    execFileSync(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y', '-i', input],
        ...previewGraphArguments(filter, analysis),
        ...['-f', 'null', '-'],
        ...(analysis ? waveformOutput(analysis.files) : []),
      ],
      { stdio: 'ignore' },
    );

  const alone = await timed('analysis alone (picture + sound + waveform)', () =>
    analyseMediaFile(input, { ...clock, hasAudio: true }),
  );
  const sound = await timed('sound part alone (loudness, silences, waveform)', () =>
    analyseMediaFile(input, { ...clock, hasAudio: true, hasVideo: false }),
  );
  const picture = await timed('picture part alone (black, freeze, scene cuts)', () =>
    analyseMediaFile(input, { ...clock, hasAudio: false }),
  );
  const files = analysisFilesIn(fs.mkdtempSync(path.join(dir, 'analysis-')));
  const bareRuns = [];
  const ridingRuns = [];
  for (let run = 1; run <= PREVIEW_RUNS; run++) {
    bareRuns.push(await timed(`preview graph, no encoder (run ${run})`, () => graph(undefined)));
    ridingRuns.push(
      await timed(`preview graph with the analysis, no encoder (run ${run})`, () => graph({ files, hasAudio: true })),
    );
  }
  const quickest = (runs) => ({
    seconds: Math.min(...runs.map((run) => run.seconds)),
    cpu: Math.min(...runs.map((run) => run.cpu)),
  });
  const bare = quickest(bareRuns);
  const riding = quickest(ridingRuns);
  const added = { seconds: riding.seconds - bare.seconds, cpu: riding.cpu - bare.cpu };
  const read = await timed('reading the analysis files', () => readAnalysis(files, clock));
  const encoded = await timed(`preview encode, x264 veryfast, first ${PREVIEW_SECONDS} s`, encode);

  const perTenMinutes = (seconds, of = PROGRAMME_SECONDS) => ((seconds * 600) / of).toFixed(1).padStart(7);
  const row = (what, run, of) =>
    console.log(`${what.padEnd(50)}${perTenMinutes(run.seconds, of)}${perTenMinutes(run.cpu, of)}`);
  console.log(
    `\n(c) speed on ${PROGRAMME_SECONDS / 60} min of 1080p25 H.264 with stereo AAC (${os.cpus().length} cores), ` +
      `read from memory; graph runs: the quickest of ${PREVIEW_RUNS} each; seconds per 10 minutes`,
  );
  console.log(`${''.padEnd(50)}${'wall'.padStart(7)}${'CPU'.padStart(7)}`);
  row('analysis alone (its own decode)', alone);
  row('  its sound part alone', sound);
  row('  its picture part alone', picture);
  row('preview graph (decode, watermark), no encoder', bare);
  row('  + the analysis riding on it', riding);
  row('  added by the analysis', added);
  row('  + reading its files', read);
  row('preview encode (x264 veryfast), for scale', encoded, PREVIEW_SECONDS);
  const total = { seconds: added.seconds + read.seconds, cpu: added.cpu + read.cpu };
  console.log(
    `QC plus waveform added to the preview: ${perTenMinutes(total.seconds).trim()} s wall, ` +
      `${perTenMinutes(total.cpu).trim()} s CPU per 10 minutes (goal ≤ 5 s); ` +
      `${read.result.sceneCuts.length} cuts, ${read.result.measures.loudness?.integratedLufs} LUFS, ` +
      `${read.result.waveform?.peaks.length ?? 0} waveform values (alone: ${alone.result.sceneCuts.length} cuts, ` +
      `${alone.result.measures.loudness?.integratedLufs} LUFS)`,
  );
}

async function main() {
  process.env.RUSHFLOW_QC_PYTHONPATH = await ensurePythonPackages('bench', PYTHON_PACKAGE_SETS.qcReaders);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-delivery-qc-'));
  try {
    log(`load average ${loadAverage()} at the start`);
    if (PARTS.has('loudness')) await loudness(dir);
    if (PARTS.has('cuts')) await sceneCuts(dir);
    if (PARTS.has('speed')) await speed(dir);
    log(`load average ${loadAverage()} at the end`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    for (const copy of memoryCopies) fs.rmSync(copy, { recursive: true, force: true });
  }
}

await main();
