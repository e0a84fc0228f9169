#!/usr/bin/env node
// `npm test`: provisions what is missing, starts a fresh test stack on its own ports, runs every
// suite (unit, components in jsdom with the api answered by MSW, workflows on the time-skipping
// server, api against the real services, browser tests in Debian's chromium, then chaos: services
// killed under load), stops the stack, then starts the production topology (scripts/lib/cluster.mjs)
// for the cluster suite (one of each instance killed in turn under load), and prints one line:
// `N passed, N failed`.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { bringUp, ensureNodeModules, provisionTools, ROOT } from './lib/stack.mjs';
import { bringUpCluster, CLUSTER_SUITE_ENV } from './lib/cluster.mjs';
import { startStackControl } from './lib/stack-control.mjs';
import { log } from './lib/process.mjs';
import { onPinnedNode } from './lib/runtime.mjs';

await ensureNodeModules();
await onPinnedNode(ROOT);

// Beside the stack's data when RUSHFLOW_DATA_DIR moves it, so two runs never wipe each other's results.
const resultsDir = path.join(process.env.RUSHFLOW_DATA_DIR ?? path.join(ROOT, '.data'), 'test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });
const SUITES = ['unit', 'components', 'workflows', 'api', 'e2e', 'chaos', 'logs', 'cluster'];
const words = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
// `npm test api production-settings`: the suites named, and within them only the test files whose
// path matches the other words.
const only = words.filter((word) => SUITES.includes(word));
const filePatterns = words.filter((word) => !SUITES.includes(word));
const wanted = (suite) => only.length === 0 || only.includes(suite);

/** Runs a suite, streaming its output; never throws, the counts decide. */
function runSuite(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

function jestCounts(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    // A suite that fails to load has no test results but counts as one failure.
    const brokenSuites = report.testResults.filter(
      (r) => r.status === 'failed' && r.assertionResults.length === 0,
    ).length;
    return { passed: report.numPassedTests, failed: report.numFailedTests + brokenSuites };
  } catch {
    return undefined;
  }
}

function playwrightCounts(file) {
  try {
    const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
  } catch {
    return undefined;
  }
}

const jest = path.join(ROOT, 'node_modules', '.bin', 'jest');
async function jestSuite(project, env) {
  // A fresh stack wipes RUSHFLOW_DATA_DIR, results folder included: make it again before each suite.
  fs.mkdirSync(resultsDir, { recursive: true });
  const outputFile = path.join(resultsDir, `${project}.json`);
  const code = await runSuite(
    jest,
    [
      '--selectProjects',
      project,
      '--runInBand',
      '--testTimeout=120000',
      '--forceExit',
      '--json',
      `--outputFile=${outputFile}`,
      ...filePatterns,
    ],
    env,
  );
  return jestCounts(outputFile) ?? { passed: 0, failed: code === 0 ? 0 : 1 };
}

const totals = { passed: 0, failed: 0 };
const perSuite = [];
function record(name, counts) {
  perSuite.push([name, counts]);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  log('test', `${name}: ${counts.passed} passed, ${counts.failed} failed`);
}

let stack;
let cluster;
let control;
let exitCode = 0;
try {
  await ensureNodeModules();
  const tools = await provisionTools({
    withBrowser: wanted('e2e') || wanted('cluster'),
    withTestServer: wanted('workflows'),
    withOtio: wanted('unit'),
    withQcReaders: wanted('unit'),
    withPromtool: wanted('unit'),
    withMustang: wanted('unit'),
    withPdfText: wanted('unit') || wanted('api'),
  });
  // The marker-export tests read our files back with OpenTimelineIO from the tool cache, the
  // observability files' tests run promtool, the invoices' tests Mustang, the delivery QC's accuracy
  // tests pyloudnorm and PySceneDetect.
  if (wanted('unit'))
    record(
      'unit',
      await jestSuite('unit', {
        RUSHFLOW_PYTHONPATH: tools.otio,
        RUSHFLOW_QC_PYTHONPATH: tools.qcReaders,
        RUSHFLOW_PROMTOOL: tools.promtool,
        RUSHFLOW_MUSTANG: tools.mustang,
      }),
    );
  // The front end's forms and review studio need no stack: their api is answered inside the test.
  if (wanted('components')) record('components', await jestSuite('components'));

  // Workflow tests run on the time-skipping server, with real activities against the stack's
  // PostgreSQL, storage and SMTP; the api and browser tests use the whole stack.
  if (wanted('workflows') || wanted('api') || wanted('e2e') || wanted('chaos') || wanted('logs')) {
    stack = await bringUp('test', { fresh: true, tools });
    log('test', `test stack up in ${stack.bootSeconds.toFixed(1)} s`);
    // The chaos suite kills and restarts the stack's services through it (loopback only).
    control = await startStackControl(stack.services);
  }
  const stackEnv = () => ({
    ...stack.config.env,
    MAIL_API_URL: stack.config.env.MAIL_UI_URL,
    RUSHFLOW_ACCOUNTS: JSON.stringify(stack.accounts),
    RUSHFLOW_STACK_CONTROL: control.url,
    RUSHFLOW_LOG_DIR: stack.logDir,
    // The apis and workers the suites start in their own process log to the suite's output: warnings only.
    LOG_LEVEL: 'WARN',
  });
  if (wanted('workflows'))
    record(
      'workflows',
      await jestSuite('workflows', { ...stackEnv(), TEMPORAL_TEST_SERVER: tools.temporalTestServer }),
    );
  if (wanted('api')) record('api', await jestSuite('api', stackEnv()));
  if (wanted('e2e')) {
    fs.mkdirSync(resultsDir, { recursive: true });
    const outputFile = path.join(resultsDir, 'e2e.json');
    const code = await runSuite(
      path.join(ROOT, 'node_modules', '.bin', 'playwright'),
      ['test', '--config', 'tests/e2e/playwright.config.ts', ...filePatterns],
      {
        ...stackEnv(),
        E2E_BASE_URL: stack.config.appUrl,
        PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile,
        PLAYWRIGHT_OUTPUT_DIR: path.join(resultsDir, 'e2e-artifacts'),
      },
    );
    record('e2e', playwrightCounts(outputFile) ?? { passed: 0, failed: code === 0 ? 0 : 1 });
  }
  // Last: it kills the shared stack's worker, Temporal server and PostgreSQL under load.
  if (wanted('chaos')) record('chaos', await jestSuite('chaos', stackEnv()));
  // Last on the stack: its api's and worker's logs then hold every suite's run.
  if (wanted('logs')) record('logs', await jestSuite('logs', stackEnv()));
  await control?.close();
  await stack?.stop();
  control = stack = undefined;

  // The production topology, fresh, on ports of its own: one of each instance is killed in turn.
  if (wanted('cluster')) {
    cluster = await bringUpCluster('cluster-test', { fresh: true, env: CLUSTER_SUITE_ENV });
    log('test', `cluster up in ${cluster.bootSeconds.toFixed(1)} s`);
    control = await startStackControl(cluster.services);
    record(
      'cluster',
      await jestSuite('cluster', {
        ...cluster.config.env,
        MAIL_API_URL: cluster.config.env.MAIL_UI_URL,
        RUSHFLOW_ACCOUNTS: JSON.stringify(cluster.accounts),
        RUSHFLOW_STACK_CONTROL: control.url,
        RUSHFLOW_CLUSTER_PORTS: JSON.stringify(cluster.config.ports),
      }),
    );
  }
} catch (error) {
  console.error(`\n[test] the test stack failed: ${error.message}`);
  totals.failed += 1;
} finally {
  await control?.close();
  await stack?.stop();
  await cluster?.stop();
}
if (totals.failed > 0) exitCode = 1;
console.log('');
for (const [name, counts] of perSuite)
  console.log(`  ${name.padEnd(10)} ${counts.passed} passed, ${counts.failed} failed`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(exitCode);
