// The delivery QC's accuracy and speed (issue 33), on generated media whose truth is known
// (tests/support/media-clips.ts):
// (a) integrated loudness, ours (ffmpeg's ebur128 in activities/media-analysis/analysis-graph.ts)
//     against pyloudnorm, per sample;
// (b) scene cuts, ours and PySceneDetect's, precision / recall / F1 on hard cuts and dissolves;
// (c) speed on a 10-minute 1080p25 H.264 programme (made once into the tool cache): the analysis
//     alone, its sound and picture parts alone, and the preview's encode (activities/version-preview.ts,
//     x264 veryfast) without and with the analysis riding on its decode, as the worker runs it.
// pyloudnorm and PySceneDetect are installed into the tool cache as for the unit suite.
// Needs no stack. Run with tsx (it imports TypeScript): npm run bench:delivery-qc
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyseMediaFile, analysisFilesIn, readAnalysis } from '../activities/media-analysis/analysis-graph.ts';
import { DEFAULT_FONT_DIR, previewArguments, previewFilter } from '../activities/version-preview.ts';
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
/** The preview encodes (with and without the analysis) may run on the programme's first seconds only. */
const PREVIEW_SECONDS = Number(process.env.BENCH_PREVIEW_SECONDS ?? PROGRAMME_SECONDS);

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
  const input = programme();
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
  const preview = (analysis) => {
    const args = previewArguments(input, path.join(dir, 'preview.mp4'), filter, 'veryfast', analysis).filter(
      (arg, index, all) => arg !== '-progress' && all[index - 1] !== '-progress',
    );
    const inputAt = args.indexOf('-i');
    execFileSync('ffmpeg', [...args.slice(0, inputAt), '-t', String(PREVIEW_SECONDS), ...args.slice(inputAt)], {
      stdio: 'ignore',
    });
  };

  const alone = await timed('analysis alone (picture + sound + waveform)', () =>
    analyseMediaFile(input, { ...clock, hasAudio: true }),
  );
  const sound = await timed('sound part alone (loudness, silences, waveform)', () =>
    analyseMediaFile(input, { ...clock, hasAudio: true, hasVideo: false }),
  );
  const picture = await timed('picture part alone (black, freeze, scene cuts)', () =>
    analyseMediaFile(input, { ...clock, hasAudio: false }),
  );
  const bare = await timed('preview encode, x264 veryfast', () => preview(undefined));
  const files = analysisFilesIn(fs.mkdtempSync(path.join(dir, 'analysis-')));
  const riding = await timed('preview encode with the analysis on its decode', () =>
    preview({ files, hasAudio: true }),
  );
  const read = await timed('reading the analysis files', () =>
    readAnalysis(files, { frameRate: PAL, frameCount: PREVIEW_SECONDS * 25 }),
  );

  const perTenMinutes = (seconds, of = PROGRAMME_SECONDS) => ((seconds * 600) / of).toFixed(1).padStart(7);
  const row = (what, run, of) =>
    console.log(`${what.padEnd(46)}${perTenMinutes(run.seconds, of)}${perTenMinutes(run.cpu, of)}`);
  console.log(
    `\n(c) speed on ${PROGRAMME_SECONDS / 60} min of 1080p25 H.264 with stereo AAC (${os.cpus().length} cores); ` +
      `preview encodes on its first ${PREVIEW_SECONDS} s; seconds per 10 minutes`,
  );
  console.log(`${''.padEnd(46)}${'wall'.padStart(7)}${'CPU'.padStart(7)}`);
  row('analysis alone', alone);
  row('  its sound part alone', sound);
  row('  its picture part alone', picture);
  row('preview encode', bare, PREVIEW_SECONDS);
  row('preview encode + analysis in the same run', riding, PREVIEW_SECONDS);
  row(
    '  added by the analysis',
    { seconds: riding.seconds - bare.seconds, cpu: riding.cpu - bare.cpu },
    PREVIEW_SECONDS,
  );
  row('  + reading its files', read, PREVIEW_SECONDS);
  console.log(
    `riding on the preview: ${read.result.sceneCuts.length} cuts, ${read.result.measures.loudness?.integratedLufs} LUFS, ` +
      `${read.result.waveform?.peaks.length ?? 0} waveform values; alone: ${alone.result.sceneCuts.length} cuts, ` +
      `${alone.result.measures.loudness?.integratedLufs} LUFS`,
  );
}

async function main() {
  process.env.RUSHFLOW_QC_PYTHONPATH = await ensurePythonPackages('bench', PYTHON_PACKAGE_SETS.qcReaders);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-delivery-qc-'));
  try {
    log(`load average ${loadAverage()} at the start`);
    await loudness(dir);
    await sceneCuts(dir);
    await speed(dir);
    log(`load average ${loadAverage()} at the end`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
