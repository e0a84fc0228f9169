// The soak's report: the restarts; per kind and overall, the share of operations that succeeded
// within their retries (goal ≥ 99.9 %) and the first-try errors; what was lost; chat → streams per
// minute; the memory per process lifetime. Then one JSON line. Returns whether the goals were met.
import { clock, log } from './log.mjs';
import { OWN_PROCESSES, FLAT_MIB_PER_MIN, memoryFlat, memoryLifetimes } from './memory.mjs';
import { HEALTH_EVERY_MS } from './kills.mjs';
import { deliveryLatency } from './streams.mjs';

const SUCCESS_GOAL_PERCENT = 99.9;
const percent = (part, whole) => (whole === 0 ? 100 : (part / whole) * 100);

export function report(run) {
  const { minutes, runStart, runEnd, loadBefore, loadAfter, drainedSeconds, restarts, health } = run;
  const { record, streams, lost, memorySamples } = run;
  const { tallies, signIns, acknowledged } = record;
  log('');
  log(
    `${minutes} min of traffic, drained in ${drainedSeconds.toFixed(0)} s; load before ${loadBefore}, after ${loadAfter}`,
  );
  log('restarts (SIGKILL, then started on the same data and ports):');
  for (const entry of restarts) {
    log(
      `  ${clock(entry.atSeconds * 1000)} ${entry.service.padEnd(10)} ${entry.error ? `FAILED: ${entry.error}` : `started again in ${entry.downSeconds} s`}, /api/health 200 again after ${entry.healthySeconds === null ? 'never (by the end of the drain)' : `${entry.healthySeconds} s`}`,
    );
  }
  log('');
  log(
    `${'kind'.padEnd(10)}${'ops'.padStart(7)}${'ok'.padStart(7)}${'failed'.padStart(8)}${'success %'.padStart(11)}${'1st-try errors'.padStart(16)}${'failed tries'.padStart(14)}${'deferred'.padStart(10)}`,
  );
  const kindRows = {};
  for (const [kind, tally] of Object.entries(tallies)) {
    kindRows[kind] = {
      ops: tally.ops,
      ok: tally.ok,
      failed: tally.failed,
      successPercent: Number(percent(tally.ok, tally.ops).toFixed(3)),
      firstTryErrors: tally.firstTryErrors,
      failedTries: tally.failedTries,
      deferred: tally.deferred,
    };
    log(
      `${kind.padEnd(10)}${String(tally.ops).padStart(7)}${String(tally.ok).padStart(7)}${String(tally.failed).padStart(8)}${percent(tally.ok, tally.ops).toFixed(2).padStart(11)}${String(tally.firstTryErrors).padStart(16)}${String(tally.failedTries).padStart(14)}${String(tally.deferred).padStart(10)}`,
    );
  }
  const ops = Object.values(tallies).reduce((sum, t) => sum + t.ops, 0);
  const ok = Object.values(tallies).reduce((sum, t) => sum + t.ok, 0);
  const successPercent = percent(ok, ops);
  log(
    `overall: ${ok}/${ops} operations succeeded within their retries = ${successPercent.toFixed(3)} % (goal ≥ ${SUCCESS_GOAL_PERCENT} %: ${successPercent >= SUCCESS_GOAL_PERCENT ? 'met' : 'NOT met'})`,
  );
  log(`sign-ins through Keycloak's form (token refreshes): ${signIns.ok} made, ${signIns.failedTries} failed tries`);
  for (const [kind, tally] of Object.entries(tallies)) {
    for (const example of tally.examples) log(`  failed ${kind}: ${example}`);
  }
  log(
    `api health: ${health.down} of ${health.samples} checks (every ${HEALTH_EVERY_MS / 1000} s) not 200; at the end: ${health.final.status} ${JSON.stringify(health.final.body?.components ?? health.final.body)}`,
  );
  log('');
  log(
    `nothing lost: ${lost.nothingLost ? 'yes' : 'NO'} — paid briefs ${lost.paidBriefs} (webhook never accepted: ${lost.paidBriefsNotDelivered}): ${lost.withOneProject} with exactly one project, ${lost.withoutProject} without, ${lost.withSeveralProjects} with more; receipts sent once ${lost.receiptsOnce}, more than once ${lost.receiptsTwice}`,
  );
  log(
    `  briefs acknowledged ${lost.briefsAcknowledged}, in the database ${lost.briefsInDatabase}; chat messages acknowledged ${lost.chatAcknowledged}, in the database ${lost.chatInDatabase} (${lost.chatRowsWritten} rows written by ${lost.chatTries} tries)`,
  );
  for (const stream of lost.streams) {
    log(
      `  stream ${stream.name}: ${stream.received}/${lost.chatAcknowledged} chat events, ${stream.duplicates} duplicates, ${stream.connects} connections (${stream.drops} drops, ${stream.silences} silent, ${stream.resyncs} resyncs), down ${stream.downSeconds} s in all`,
    );
  }

  log('chat message → the streams, by minute of sending (ms):');
  const latencyByMinute = [];
  for (let minute = 0; minute < minutes; minute += 1) {
    const from = runStart + minute * 60_000;
    const latency = deliveryLatency(streams, acknowledged.chat, from, from + 60_000);
    latencyByMinute.push(latency);
    log(`  minute ${minute + 1}: p50 ${latency.p50}, p99 ${latency.p99} over ${latency.receipts} receipts`);
  }

  log('');
  log('resident memory per process lifetime (MiB; a restart starts a new lifetime):');
  const lifetimes = memoryLifetimes(memorySamples, runStart + (runEnd - runStart) / 2);
  for (const { row, everySampleMiB } of lifetimes) {
    log(
      `  ${row.service.padEnd(10)} pid ${String(row.pid).padEnd(8)} ${row.firstMiB} → ${row.lastMiB} (peak ${row.peakMiB}) over ${row.samples} samples; second-half slope ${row.slopeMiBPerMin === null ? '—' : `${row.slopeMiBPerMin} MiB/min`}`,
    );
    // The product's own processes: every sample, so a slope can be told from a step or a peak.
    if (OWN_PROCESSES.includes(row.service)) log(`             every 30 s: ${everySampleMiB.join(' ')}`);
  }
  const memoryRows = lifetimes.map(({ row }) => row);
  const memory = memoryFlat(memoryRows);
  log(
    `memory flat (${OWN_PROCESSES.join(' and ')}, second-half slope at most +${FLAT_MIB_PER_MIN} MiB/min): ` +
      `${memory.flat ? 'met' : 'NOT met'} (${memory.own.map((row) => `${row.service} ${row.slopeMiBPerMin}`).join(', ') || 'no lifetime over the second half'})`,
  );

  console.log(
    JSON.stringify({
      minutes,
      loadBefore,
      loadAfter,
      drainedSeconds: Math.round(drainedSeconds),
      kinds: kindRows,
      overall: { ops, ok, successPercent: Number(successPercent.toFixed(3)) },
      signIns,
      restarts,
      health: { checks: health.samples, notOk: health.down, final: health.final.status },
      lost,
      chatToStreamsByMinute: latencyByMinute,
      memory: memoryRows,
      memoryFlat: memory.flat,
    }),
  );
  return lost.nothingLost && successPercent >= SUCCESS_GOAL_PERCENT;
}
