import { processLogger } from '../../observability/logger';

const log = processLogger('api').child({ component: 'health' });

export const COMPONENTS = ['database', 'temporal', 'keycloak', 'storage', 'smtp', 'payments'] as const;
type Component = (typeof COMPONENTS)[number];

interface ComponentHealth {
  status: 'ok' | 'down';
  latencyMs: number;
}

export interface HealthReport {
  status: 'ok' | 'down';
  components: Record<Component, ComponentHealth>;
}

/** One probe per component: resolves when the component answers, rejects otherwise. */
export type HealthProbes = Record<Component, () => Promise<unknown>>;

const PROBE_TIMEOUT_MS = 8_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs every probe in parallel; the report is `down` as soon as one component is. */
async function checkHealth(probes: HealthProbes, timeoutMs = PROBE_TIMEOUT_MS): Promise<HealthReport> {
  const entries = await Promise.all(
    COMPONENTS.map(async (component): Promise<[Component, ComponentHealth]> => {
      const start = performance.now();
      let status: ComponentHealth['status'] = 'ok';
      try {
        await withTimeout(Promise.resolve().then(probes[component]), timeoutMs);
      } catch (error) {
        status = 'down';
        log.warn({ err: error, dependency: component }, 'component down');
      }
      return [component, { status, latencyMs: Math.round(performance.now() - start) }];
    }),
  );
  const components = Object.fromEntries(entries) as Record<Component, ComponentHealth>;
  const allOk = entries.every(([, health]) => health.status === 'ok');
  return { status: allOk ? 'ok' : 'down', components };
}

/** How long a health report is reused: watchers polling every second run one check every few seconds. */
const HEALTH_REPORT_MAX_AGE_MS = 5_000;

/**
 * Health checks shared by concurrent and close callers: one run at a time, its report reused for
 * `maxAgeMs` after it ends, so a monitor polling `/api/health` does not start a round trip each time.
 */
export function sharedHealthCheck(
  probes: HealthProbes,
  maxAgeMs = HEALTH_REPORT_MAX_AGE_MS,
): () => Promise<HealthReport> {
  let latest: { report: Promise<HealthReport>; endedAt?: number } | undefined;
  return () => {
    const fresh = latest && (latest.endedAt === undefined || performance.now() - latest.endedAt < maxAgeMs);
    if (!latest || !fresh) {
      const run: { report: Promise<HealthReport>; endedAt?: number } = { report: checkHealth(probes) };
      void run.report.finally(() => {
        run.endedAt = performance.now();
      });
      latest = run;
    }
    return latest.report;
  };
}
