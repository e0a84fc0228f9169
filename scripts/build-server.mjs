#!/usr/bin/env node
// The server half of `npm run build`, after the front end's: the api, the worker and the migration
// command compiled to JavaScript in dist/, run by `node` with the production dependencies only
// (`npm run serve:api`, `serve:worker`, `serve:migrate`; the Dockerfile's image).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const SSR = path.join(ROOT, 'frontend', 'dist', 'ssr');
const RENDER = path.join(SSR, 'render.mjs');
// The CommonJS packages bundled into the render (react-dom's server render) require Node's built-ins.
const REQUIRE = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/**
 * The front end's render for Node (frontend/dist/ssr, which the api draws signed-in pages with)
 * imports React, the router and the other front-end packages, all development dependencies: they
 * are bundled into it, so that the production install holds none of them.
 */
async function bundleRender() {
  const bundled = path.join(ROOT, 'frontend', 'dist', 'ssr.bundled');
  fs.rmSync(bundled, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [RENDER],
    outdir: bundled,
    bundle: true,
    // Its lazy chunks stay lazy.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'assets/[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: { js: REQUIRE },
    // Vite keeps `import "pkg"` of packages without side effects, which esbuild rightly drops.
    logOverride: { 'ignored-bare-import': 'silent' },
    logLevel: 'warning',
  });
  fs.copyFileSync(path.join(SSR, 'manifest.json'), path.join(bundled, 'manifest.json'));
  fs.rmSync(SSR, { recursive: true });
  fs.renameSync(bundled, SSR);
}

const started = Date.now();
if (!fs.existsSync(RENDER)) {
  console.error('frontend/dist/ssr/render.mjs is missing: build the front end first (npm run build)');
  process.exit(1);
}
fs.rmSync(DIST, { recursive: true, force: true });

const tsc = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.build.json'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

// The signed-in pages' render thread is started from a file beside the compiled page renderer.
fs.copyFileSync(
  path.join(ROOT, 'api', 'pages', 'render-worker.mjs'),
  path.join(DIST, 'api', 'pages', 'render-worker.mjs'),
);

// Loaded by the compiled worker (activities/run-worker.ts), which then starts without webpack.
const { code } = await bundleWorkflowCode({
  workflowsPath: path.join(ROOT, 'workflows', 'index.ts'),
  // The tracing interceptors, as activities/worker-tracing.ts names them for a worker that bundles itself.
  workflowInterceptorModules: [path.join(ROOT, 'workflows', 'tracing-interceptors.ts')],
  logger: new DefaultLogger('WARN'),
});
fs.writeFileSync(path.join(DIST, 'workflow-bundle.js'), code);

if (!fs.readFileSync(RENDER, 'utf8').startsWith(REQUIRE)) await bundleRender();

console.log(`api, worker and migrations compiled in dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
