/**
 * deploy/observability: Prometheus's configuration and alert rules checked and their unit tests
 * evaluated by Prometheus's own promtool (provisioned into the tool cache by `npm test unit`, passed
 * here as RUSHFLOW_PROMTOOL), and every metric the dashboard and the alerts read is one the product
 * serves.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MetricMeter } from '@temporalio/common';
import { activityOutcomes, workerTelemetry } from '../../activities/worker-telemetry';
import { createApiMetrics } from '../../api/metrics/metrics-registry';

const OBSERVABILITY = path.join(__dirname, '..', '..', 'deploy', 'observability');
const GRAFANA = path.join(OBSERVABILITY, 'grafana');
const promtool =
  process.env.RUSHFLOW_PROMTOOL ??
  path.join(process.env.RUSHFLOW_TOOL_CACHE ?? path.join(os.homedir(), '.cache', 'rushflow'), 'bin', 'promtool');

/** promtool's verdict, from the folder the files name each other from. */
function runPromtool(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(promtool, args, { cwd: OBSERVABILITY, encoding: 'utf8' });
  if (result.error) throw new Error(`${promtool} does not run (${result.error.message})`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('promtool', () => {
  beforeAll(() => {
    if (!fs.existsSync(promtool))
      throw new Error(`promtool is not in ${promtool}: run \`npm test unit\` once (it builds it there).`);
  });

  // The syntax only: the bearer token's file exists in Prometheus's container, not here.
  test.each(
    [
      ['check', 'config', '--syntax-only', 'prometheus.yml'],
      ['check', 'rules', 'alerts.yml'],
      ['test', 'rules', 'alerts.test.yml'],
    ].map((args) => [args.join(' '), args] as const),
  )('promtool %s', (_, args) => {
    const { status, output } = runPromtool(...args);
    expect({ status, output }).toEqual({ status: 0, output: expect.any(String) });
  });

  test('alerts.test.yml fails when a rule stops firing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rushflow-alerts-'));
    try {
      const rules = fs.readFileSync(path.join(OBSERVABILITY, 'alerts.yml'), 'utf8');
      fs.writeFileSync(
        path.join(dir, 'alerts.yml'),
        rules.replace('max(rushflow_outbox_lag_seconds) > 5', 'max(rushflow_outbox_lag_seconds) > 50'),
      );
      fs.copyFileSync(path.join(OBSERVABILITY, 'alerts.test.yml'), path.join(dir, 'alerts.test.yml'));
      const result = spawnSync(promtool, ['test', 'rules', 'alerts.test.yml'], { cwd: dir, encoding: 'utf8' });
      expect(result.status).not.toBe(0);
      expect(result.stdout + result.stderr).toContain('RushflowOutboxLag');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The PromQL of each rule in alerts.yml: `expr:` on one line, or a block under `expr: |`. */
function alertExpressions(text: string): string[] {
  const lines = text.split('\n');
  const expressions: string[] = [];
  lines.forEach((line, index) => {
    const match = /^(\s*)expr:\s*(.*)$/.exec(line);
    if (!match) return;
    if (match[2] !== '|') return void expressions.push(match[2]);
    const block: string[] = [];
    for (const next of lines.slice(index + 1)) {
      if (next.trim() !== '' && next.search(/\S/) <= match[1].length) break;
      block.push(next);
    }
    expressions.push(block.join('\n'));
  });
  return expressions;
}

interface Dashboard {
  panels: { type: string; title: string; datasource?: { uid: string }; targets?: { expr: string }[] }[];
  templating: { list: { datasource?: { uid: string }; definition?: string }[] };
}
const dashboard = JSON.parse(fs.readFileSync(path.join(GRAFANA, 'dashboards', 'rushflow.json'), 'utf8')) as Dashboard;

/** PromQL's words that are not series: aggregation modifiers and set operators. */
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
]);

/** The series names an expression selects: its identifiers that are neither functions nor keywords. */
function seriesNames(expression: string): string[] {
  const bare = expression
    .replace(/"[^"]*"/g, '""') // label values
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\[[^\]]*\]/g, '') // range windows, $__rate_interval among them
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ''); // label lists
  return [...bare.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)]
    .map((match) => match[1])
    .filter((name) => !KEYWORDS.has(name));
}

/**
 * The worker's series (WORKER_METRICS_PORT): the Temporal SDK's, as its Runtime names them with the
 * worker's telemetry options (seconds for durations, unit and `_total` suffixes), and the activities'
 * outcomes, counted through the Runtime's meter.
 */
const SDK_SERIES = [
  'temporal_workflow_task_schedule_to_start_latency_seconds_bucket',
  'temporal_activity_schedule_to_start_latency_seconds_bucket',
  'temporal_workflow_task_execution_failed_total',
  'temporal_workflow_failed_total',
  'temporal_activity_execution_failed_total',
  'temporal_worker_task_slots_available',
  'temporal_worker_task_slots_used',
  'temporal_sticky_cache_size',
  'temporal_sticky_cache_hit_total',
  'temporal_sticky_cache_miss_total',
];

/** The Rust core the installed SDK runs (its package ships the sources): where its metrics are named. */
const SDK_METRIC_SOURCES = ['common/src/telemetry/metrics.rs', 'sdk-core/src/telemetry/metrics.rs'].map((file) =>
  path.join(__dirname, '..', '..', 'node_modules', '@temporalio', 'core-bridge', 'sdk-core', 'crates', file),
);

function workerSeries(): string[] {
  const counters: string[] = [];
  activityOutcomes({
    createCounter: (name: string) => {
      counters.push(name);
      return { add: () => undefined };
    },
  } as unknown as MetricMeter);
  return [...SDK_SERIES, ...counters.map((name) => `${name}_total`)];
}

/** The api's series: each metric of its registry, a histogram as its `_bucket`, `_sum` and `_count`. */
async function apiSeries(): Promise<string[]> {
  const { registry } = createApiMetrics({ liveStreams: () => 0, outboxLagSeconds: async () => 0 });
  const metrics = await registry.getMetricsAsJSON();
  return metrics.flatMap(({ name, type }) =>
    String(type) === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name],
  );
}

describe('the metrics the dashboard and the alerts read', () => {
  const alerts = fs.readFileSync(path.join(OBSERVABILITY, 'alerts.yml'), 'utf8');
  const alertRules = alertExpressions(alerts);
  const dashboardQueries = [
    ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
    // A variable's `label_values(series, label)`: its series.
    ...dashboard.templating.list.map(
      (variable) => /^label_values\(([^,)]+)/.exec(variable.definition ?? '')?.[1] ?? '',
    ),
  ];
  // `up`: Prometheus's own series, one per scraped replica.
  const served = (api: string[]) => new Set([...api, ...workerSeries(), 'up']);

  test('the worker’s names are the installed SDK’s, with the suffixes its telemetry options give', () => {
    expect(workerTelemetry({ WORKER_METRICS_HOST: '0.0.0.0', WORKER_METRICS_PORT: 9464 })?.metrics).toEqual({
      prometheus: expect.objectContaining({
        useSecondsForDurations: true,
        unitSuffix: true,
        countersTotalSuffix: true,
      }),
    });
    const sdk = SDK_METRIC_SOURCES.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    const missing = SDK_SERIES.map((name) =>
      name.replace(/^temporal_/, '').replace(/(_seconds_bucket|_total)$/, ''),
    ).filter((base) => !sdk.includes(`"${base}"`));
    expect(missing).toEqual([]);
    expect(workerSeries()).toContain('rushflow_activity_outcomes_total');
  });

  test('every alert has its expression read', () => {
    expect(alertRules).toHaveLength([...alerts.matchAll(/^\s*- alert: /gm)].length);
    expect(alertRules.flatMap(seriesNames)).toContain('rushflow_outbox_lag_seconds');
  });

  test('are all served by the api or the worker', async () => {
    const known = served(await apiSeries());
    const unknown = (expressions: string[]) =>
      [...new Set(expressions.flatMap(seriesNames))].filter((name) => !known.has(name));
    expect({ alerts: unknown(alertRules), dashboard: unknown(dashboardQueries) }).toEqual({
      alerts: [],
      dashboard: [],
    });
  });

  test('cover every series the product names, but Node’s default process metrics', async () => {
    const read = new Set([...alertRules, ...dashboardQueries].flatMap(seriesNames));
    const product = [...served(await apiSeries())].filter((name) => /^(rushflow|temporal)_/.test(name));
    const unread = product.filter((name) => !read.has(name) && !(name.endsWith('_sum') || name.endsWith('_count')));
    expect(unread).toEqual([]);
  });
});

describe('Grafana', () => {
  const provisioned = fs.readFileSync(path.join(GRAFANA, 'provisioning', 'datasources', 'datasources.yml'), 'utf8');
  const uids = [...provisioned.matchAll(/^\s*uid:\s*(\S+)$/gm)].map((match) => match[1]);

  test('the dashboard queries the provisioned Prometheus in every panel', () => {
    expect(uids).toEqual(['prometheus', 'jaeger']);
    const graphs = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(graphs.length).toBeGreaterThan(0);
    expect(graphs.filter((panel) => panel.datasource?.uid !== 'prometheus').map((panel) => panel.title)).toEqual([]);
  });
});
