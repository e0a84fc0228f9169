// The review studio's figures, on this machine (`npm run bench:review`):
//
// 1. Preview speed: 60 s of 1080p (ffmpeg's testsrc2 at 30000/1001 + a sine tone, generated in a
//    temp dir) made into the watermarked preview with the worker's own ffmpeg arguments and filter
//    (activities/version-preview.ts: ≤ 1080p H.264, +faststart, a key frame every
//    PREVIEW_KEYFRAME_INTERVAL frames, client name + "Aperçu Rushflow" + burned-in timecode):
//    seconds of video per second of work (× real time), BENCH_PREVIEW_RUNS runs (default 2).
// 2. The review page's JavaScript: its own `vite build` with hidden source maps (bench/lib/kit.mjs), then the chunks the project
//    page (`/project/:id`, frontend/src/app/routes/project.tsx) loads: the entry of index.html and
//    its static imports, plus the route's chunk and its static imports, then the chunks the page's
//    own code imports later (dynamic imports: the review studio); each gzipped (level 9), summed.
//    Then the studio's own chunks (features/review, wavesurfer.js) against the same build of
//    BENCH_BASELINE_REF (default 93ca2f1, before the delivery analysis): the JavaScript it added.
// 3. Comment → other party: BENCH_COMMENTS (200) comments posted through the api by the client on
//    a version, from the POST until the editor's stream receives the `project.comment` event:
//    p50 / p99. The api is a process of the bench's own on a scratch database (migrated, dropped at
//    the end); Keycloak of the running stack (`npm start`, or BENCH_PROFILE=test) signs the tokens.
//
// Each part can be skipped: --no-preview, --no-bundle, --no-sse. The load average is printed
// before and after each part (the machine is shared).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import {
  buildFrontEndAt,
  buildFrontEndWithMaps,
  builtChunks,
  demoTokens,
  loadAverage,
  pct,
  seedDemoProject,
  startBenchApi,
  subjectOf,
} from './lib/kit.mjs';
import { stackConfig } from '../scripts/lib/stack-config.mjs';
import { previewArguments, previewFilter, DEFAULT_FONT_DIR } from '../activities/version-preview.ts';
import { ProjectFile, ProjectVersion } from '../db/entities/index.ts';
import { createScratchDatabase } from '../tests/support/brief-scratch-db.ts';
import { generateTestVideo } from '../tests/support/media-fixtures.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = new Set(process.argv.slice(2));
const PREVIEW_RUNS = Number(process.env.BENCH_PREVIEW_RUNS ?? 2);
const PREVIEW_SECONDS = Number(process.env.BENCH_PREVIEW_SECONDS ?? 60);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 200);
const log = (...parts) => console.log('[bench:review]', ...parts);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const results = { cores: os.cpus().length };

// ——— 1. Preview speed ———
if (!args.has('--no-preview')) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rushflow-bench-review-'));
  try {
    const input = path.join(dir, 'input.mp4');
    log(`generating ${PREVIEW_SECONDS} s of 1080p (testsrc2 30000/1001 + sine)…`);
    generateTestVideo(input, PREVIEW_SECONDS, {
      source: 'testsrc2',
      size: '1920x1080',
      rate: '30000/1001',
      encoder: ['-crf', '18'],
    });
    const watermarkFile = path.join(dir, 'watermark.txt');
    fs.writeFileSync(watermarkFile, 'APERÇU RUSHFLOW\nCamille Durand');
    const filter = previewFilter({
      fontDir: process.env.PREVIEW_FONT_DIR ?? DEFAULT_FONT_DIR,
      watermarkFile,
      frameRate: { num: 30000, den: 1001 },
      startFrame: 107_892,
      width: 1920,
      height: 1080,
    });
    const preset = process.env.PREVIEW_X264_PRESET ?? 'veryfast';
    const speeds = [];
    for (let run = 1; run <= PREVIEW_RUNS; run += 1) {
      const loadBefore = loadAverage();
      const output = path.join(dir, `preview-${run}.mp4`);
      const start = performance.now();
      // Progress goes to a pipe the bench does not read: drop that option.
      const ffmpegArgs = previewArguments(input, output, filter, preset).filter(
        (arg, index, all) => arg !== '-progress' && all[index - 1] !== '-progress',
      );
      execFileSync('ffmpeg', ffmpegArgs, { stdio: 'ignore' });
      const seconds = (performance.now() - start) / 1000;
      const speed = PREVIEW_SECONDS / seconds;
      speeds.push(speed);
      log(
        `preview run ${run}: ${PREVIEW_SECONDS} s of 1080p in ${seconds.toFixed(1)} s → ${speed.toFixed(2)}× real time ` +
          `(x264 ${preset}, ${(fs.statSync(output).size / 1e6).toFixed(1)} MB; load ${loadBefore} → ${loadAverage()})`,
      );
    }
    results.preview = { seconds: PREVIEW_SECONDS, preset, speeds, best: Math.max(...speeds) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ——— 2. The review page's JavaScript ———
if (!args.has('--no-bundle')) {
  // The product's build serves no source maps: the bench builds its own copy with hidden ones.
  const build = buildFrontEndWithMaps(ROOT);
  const { entries, dynamicImports, closure, routeChunk: chunkOf, bytes, gzipSize: gz } = builtChunks(build.dist);
  const routeChunk = chunkOf('project');
  const shell = closure(entries);
  const initial = closure([...entries, routeChunk]);
  // What the page itself imports later (the review studio, its tabs): dynamic imports of the route's
  // own chunks, not the router's other pages.
  const pageOwn = [...closure([routeChunk])].filter((file) => !shell.has(file));
  const lazy = [...closure(pageOwn.flatMap(dynamicImports))].filter((file) => !initial.has(file));
  const rowsOf = (files) =>
    files.map((file) => ({ file, bytes: bytes(file), gzip: gz(file) })).sort((a, b) => b.gzip - a.gzip);
  const sum = (rows, key) => rows.reduce((total, row) => total + row[key], 0);
  const initialRows = rowsOf([...initial]);
  const lazyRows = rowsOf(lazy);
  const kib = (bytes) => (bytes / 1024).toFixed(1);
  for (const row of initialRows)
    log(`  ${row.file.padEnd(36)} ${kib(row.bytes).padStart(7)} KiB → ${kib(row.gzip).padStart(6)} KiB gzip`);
  for (const row of lazyRows)
    log(`  ${row.file.padEnd(36)} ${kib(row.bytes).padStart(7)} KiB → ${kib(row.gzip).padStart(6)} KiB gzip (lazy)`);
  const total = sum(initialRows, 'gzip') + sum(lazyRows, 'gzip');
  log(
    `review page (/project/:id, route chunk ${routeChunk}): ${initialRows.length} chunks at load ` +
      `${kib(sum(initialRows, 'bytes'))} KiB → ${kib(sum(initialRows, 'gzip'))} KiB gzipped, ` +
      `+ ${lazyRows.length} chunks the page imports later ${kib(sum(lazyRows, 'bytes'))} KiB → ${kib(sum(lazyRows, 'gzip'))} KiB gzipped; ` +
      `total ${kib(total)} KiB gzipped`,
  );
  // The studio's own code (features/review and the libraries only it imports, wavesurfer.js), here
  // and at BENCH_BASELINE_REF (before the delivery analysis): what the analysis added to the studio.
  const studioKiB = (chunks) => {
    const files = chunks.chunksHolding('src/features/review/', 'wavesurfer.js/dist/');
    return { files, gzipKiB: files.reduce((total, file) => total + chunks.gzipSize(file), 0) / 1024 };
  };
  const studio = studioKiB(builtChunks(build.dist));
  const baselineRef = process.env.BENCH_BASELINE_REF ?? '93ca2f1';
  const baselineBuild = buildFrontEndAt(ROOT, baselineRef);
  const baseline = studioKiB(builtChunks(baselineBuild.dist));
  baselineBuild.remove();
  const lazyStudio = studio.files.filter((file) => !initial.has(file));
  log(
    `the studio's own chunks: ${studio.gzipKiB.toFixed(1)} KiB gzipped (${studio.files.join(', ')}; lazy: ` +
      `${lazyStudio.join(', ')}); at ${baselineRef}: ${baseline.gzipKiB.toFixed(1)} KiB → added ` +
      `${(studio.gzipKiB - baseline.gzipKiB).toFixed(1)} KiB gzipped (goal ≤ 30 KiB, loaded lazily)`,
  );
  results.studio = {
    gzipKiB: studio.gzipKiB,
    baselineRef,
    baselineGzipKiB: baseline.gzipKiB,
    addedGzipKiB: studio.gzipKiB - baseline.gzipKiB,
    lazy: lazyStudio,
  };
  results.bundle = {
    routeChunk,
    initial: { chunks: initialRows.length, gzipKiB: sum(initialRows, 'gzip') / 1024 },
    lazy: { chunks: lazyRows.map((row) => row.file), gzipKiB: sum(lazyRows, 'gzip') / 1024 },
    totalGzipKiB: total / 1024,
  };
  build.remove();
}

// ——— 3. Comment → the other party's stream ———
if (!args.has('--no-sse')) {
  const config = stackConfig(process.env.BENCH_PROFILE ?? 'dev', ROOT);
  process.env.DATABASE_URL = config.env.DATABASE_URL;
  const db = await createScratchDatabase('rushflow_bench_review');
  const { base, api } = await startBenchApi(ROOT, config, db.url).catch(async (error) => {
    await db.drop();
    throw error;
  });
  try {
    const [clientToken, editorToken] = await demoTokens(config);
    const em = db.orm.em.fork();
    const projectId = await seedDemoProject(em, {
      clientToken,
      editorToken,
      status: 'completed',
      title: 'Projet du banc d’essai (revue)',
    });
    const file = em.create(ProjectFile, {
      project: projectId,
      filename: 'v1.mp4',
      fileType: 'final',
      storageBucket: 'video-uploads',
      storageKey: `${projectId}/final/1-v1.mp4`,
      fileSize: 1,
      uploadedBy: subjectOf(editorToken),
    });
    em.create(ProjectVersion, {
      project: projectId,
      number: 1,
      projectFile: file,
      filename: 'v1.mp4',
      uploadedBy: subjectOf(editorToken),
      previewStatus: 'ready',
      frameRateNum: 30000,
      frameRateDen: 1001,
      frameCount: 1800,
      durationSeconds: 60.06,
      width: 1920,
      height: 1080,
      startFrame: 107_892,
    });
    await em.flush();

    // The event may reach the stream before the POST's answer names the comment: arrivals are kept
    // by comment id and matched once the answer is read.
    const arrivals = new Map();
    const times = [];
    const stream = await new Promise((resolve, reject) => {
      const request = http.get(
        `${base}/api/events`,
        { agent: false, headers: { authorization: `Bearer ${editorToken}`, accept: 'text/event-stream' } },
        (response) => {
          if (response.statusCode !== 200) return reject(new Error(`stream refused: ${response.statusCode}`));
          const parser = createParser({
            onEvent: (event) => {
              if (event.event !== 'project.comment') return;
              arrivals.set(JSON.parse(event.data).commentId, performance.now());
            },
          });
          response.setEncoding('utf8');
          response.on('data', (chunk) => parser.feed(chunk));
          resolve({ close: () => request.destroy() });
        },
      );
      request.on('error', reject);
    });
    await sleep(1_000);
    const loadBefore = loadAverage();
    for (let index = 0; index < COMMENTS; index += 1) {
      const start = performance.now();
      const response = await fetch(`${base}/api/projects/${projectId}/versions/1/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${clientToken}` },
        body: JSON.stringify({
          body: `Remarque ${index}`,
          frameIn: (index * 7) % 1800,
          drawing: { color: '#ef4444', shapes: [{ kind: 'arrow', from: { x: 0.1, y: 0.1 }, to: { x: 0.4, y: 0.3 } }] },
        }),
      });
      if (response.status !== 201) throw new Error(`comment refused: ${response.status} ${await response.text()}`);
      const { comment } = await response.json();
      for (let waited = 0; !arrivals.has(comment.id) && waited < 5_000; waited += 2) await sleep(2);
      if (arrivals.has(comment.id)) times.push(arrivals.get(comment.id) - start);
    }
    stream.close();
    times.sort((a, b) => a - b);
    results.comment = { comments: COMMENTS, received: times.length, p50: pct(times, 50), p99: pct(times, 99) };
    log(
      `comment → other party's stream: ${times.length}/${COMMENTS}; p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms (load ${loadBefore} → ${loadAverage()})`,
    );
  } finally {
    api.kill('SIGTERM');
    await sleep(1_000);
    await db.drop();
  }
}

log(`load average at the end: ${loadAverage()} (${results.cores} cores)`);
console.log(JSON.stringify(results));
