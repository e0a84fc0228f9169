// The live channel's figures, on this machine, against the running stack (`npm start`; or the
// test profile with BENCH_PROFILE=test), loopback only. The api under test is a process of the
// bench's own (`tsx api/server.ts`) on a scratch database (migrated, dropped at the end), so its
// memory is its own and the application's data is untouched; Keycloak signs the tokens.
//
// 1. Idle streams: BENCH_STREAMS (10,000) streams opened on one api process, held past a
//    keep-alive; its RSS before and after → memory per stream.
// 2. Fan-out: one event to BENCH_FANOUT (1,000) streams, from the commit (appendEvents, then
//    COMMIT returns) to each stream's receipt: p50 / p99 over BENCH_FANOUT_EVENTS (20) events.
// 3. Action → other party: BENCH_ACTIONS (200) chat messages posted through the api by the editor,
//    from the POST until the client's stream receives the event: p50 / p99.
// 4. Outbox cost: BENCH_WRITES (3,000) chat-message transactions, 8 at a time, with and without
//    the outbox row + NOTIFY, in one run: transactions/s each and the ratio.
// Usage: npm run bench:sse
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import { demoTokens, pct, seedDemoProject, startBenchApi } from './lib/kit.mjs';
import { stackConfig } from '../scripts/lib/stack-config.mjs';
import { ProjectMessage } from '../db/entities/index.ts';
import { appendEvents } from '../db/outbox.ts';
import { projectEvent } from '../domain/events.ts';
import { createScratchDatabase } from '../tests/support/brief-scratch-db.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const FANOUT = Number(process.env.BENCH_FANOUT ?? 1_000);
const FANOUT_EVENTS = Number(process.env.BENCH_FANOUT_EVENTS ?? 20);
const ACTIONS = Number(process.env.BENCH_ACTIONS ?? 200);
const WRITES = Number(process.env.BENCH_WRITES ?? 3_000);
const HOLD_MS = Number(process.env.BENCH_HOLD_S ?? 25) * 1000;

const config = stackConfig(process.env.BENCH_PROFILE ?? 'dev', ROOT);
process.env.DATABASE_URL = config.env.DATABASE_URL;
const log = (...args) => console.log('[bench:sse]', ...args);
const mib = (kib) => (kib / 1024).toFixed(1);
const rssKib = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One raw SSE connection; `onEvent(event, receivedAt)` for each message. */
function openStream(base, token, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/api/events`,
      { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream refused: ${response.statusCode}`));
          response.resume();
          return;
        }
        const parser = createParser({ onEvent: (event) => onEvent(event, performance.now()) });
        response.setEncoding('utf8');
        response.on('data', (chunk) => parser.feed(chunk));
        let ended = false;
        response.on('close', () => (ended = true));
        resolve({
          close: () => request.destroy(),
          get ended() {
            return ended;
          },
        });
      },
    );
    request.on('error', reject);
  });
}

async function openMany(base, token, count, onEvent) {
  const streams = [];
  for (let start = 0; start < count; start += 250) {
    const batch = Array.from({ length: Math.min(250, count - start) }, () => openStream(base, token, onEvent));
    streams.push(...(await Promise.all(batch)));
  }
  return streams;
}

const db = await createScratchDatabase('rushflow_bench_sse');
// The bench opens its thousands of streams with two accounts: lift the stream limits for its api.
const streamLimit = String(STREAMS + FANOUT + 100);
const { base, api } = await startBenchApi(ROOT, config, db.url, {
  LIVE_STREAMS_PER_ACCOUNT: streamLimit,
  LIVE_STREAMS_MAX: streamLimit,
}).catch(async (error) => {
  await db.drop();
  throw error;
});
const results = {};
try {
  // tsx runs the server in a child node process: measure that one.
  const parentOf = (pid) => Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  const serverPid =
    fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
      .find((pid) => {
        try {
          return parentOf(pid) === api.pid;
        } catch {
          return false;
        }
      }) ?? api.pid;
  // Access tokens live 5 minutes: each phase signs in afresh.
  const tokens = () => demoTokens(config);
  let [clientToken, editorToken] = await tokens();
  const em = db.orm.em.fork();
  const projectId = await seedDemoProject(em, {
    clientToken,
    editorToken,
    status: 'in_progress',
    title: 'Projet du banc d’essai',
  });

  // 1. Idle streams.
  const before = rssKib(serverPid);
  const started = performance.now();
  const idle = await openMany(base, clientToken, STREAMS, () => {});
  const openSeconds = (performance.now() - started) / 1000;
  await sleep(HOLD_MS);
  const after = rssKib(serverPid);
  const alive = idle.filter((stream) => !stream.ended).length;
  idle.forEach((stream) => stream.close());
  results.idle = {
    streams: STREAMS,
    alive,
    openSeconds,
    beforeMiB: mib(before),
    afterMiB: mib(after),
    perStreamKiB: ((after - before) / STREAMS).toFixed(1),
  };
  log(
    `idle: ${alive}/${STREAMS} streams held ${HOLD_MS / 1000} s on one api process; RSS ${mib(before)} → ${mib(after)} MiB, ${results.idle.perStreamKiB} KiB per stream (opened in ${openSeconds.toFixed(1)} s)`,
  );
  await sleep(3_000);

  // 2. Fan-out of one event to FANOUT streams, from the commit.
  [clientToken, editorToken] = await tokens();
  const waiting = new Map();
  const fanout = await openMany(base, clientToken, FANOUT, (event, at) => {
    if (event.event !== 'project.changed') return;
    const pending = waiting.get(JSON.parse(event.data).status);
    if (pending) pending.times.push(at - pending.committedAt);
  });
  await sleep(2_000);
  const fanTimes = [];
  for (let index = 0; index < FANOUT_EVENTS; index += 1) {
    const marker = `bench-${index}`;
    const pending = { committedAt: 0, times: [] };
    waiting.set(marker, pending);
    await db.orm.em
      .fork()
      .transactional((tx) =>
        appendEvents(tx, () => [projectEvent({ type: 'project.changed', projectId, status: marker })]),
      );
    pending.committedAt = performance.now();
    for (let waited = 0; pending.times.length < FANOUT && waited < 10_000; waited += 20) await sleep(20);
    fanTimes.push(...pending.times);
    await sleep(200);
  }
  fanout.forEach((stream) => stream.close());
  fanTimes.sort((a, b) => a - b);
  results.fanout = {
    streams: FANOUT,
    events: FANOUT_EVENTS,
    received: fanTimes.length,
    p50: pct(fanTimes, 50),
    p99: pct(fanTimes, 99),
  };
  log(
    `fan-out: ${fanTimes.length}/${FANOUT * FANOUT_EVENTS} receipts; commit → receipt p50 ${pct(fanTimes, 50).toFixed(1)} ms, p99 ${pct(fanTimes, 99).toFixed(1)} ms`,
  );

  // 3. Action through the api → the other party's stream.
  [clientToken, editorToken] = await tokens();
  const sentAt = new Map();
  const actionTimes = [];
  const clientStream = await openStream(base, clientToken, (event, at) => {
    if (event.event !== 'project.message') return;
    const { messageId } = JSON.parse(event.data);
    const start = sentAt.get(messageId);
    if (start !== undefined) actionTimes.push(at - start);
  });
  await sleep(1_000);
  for (let index = 0; index < ACTIONS; index += 1) {
    const start = performance.now();
    const response = await fetch(`${base}/api/projects/${projectId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${editorToken}` },
      body: JSON.stringify({ content: `Message ${index}` }),
    });
    if (response.status !== 201) throw new Error(`chat message refused: ${response.status} ${await response.text()}`);
    const { message } = await response.json();
    sentAt.set(message.id, start);
    const need = index + 1;
    for (let waited = 0; actionTimes.length < need && waited < 5_000; waited += 2) await sleep(2);
  }
  clientStream.close();
  actionTimes.sort((a, b) => a - b);
  results.action = {
    actions: ACTIONS,
    received: actionTimes.length,
    p50: pct(actionTimes, 50),
    p99: pct(actionTimes, 99),
  };
  log(
    `action → other party: ${actionTimes.length}/${ACTIONS}; p50 ${pct(actionTimes, 50).toFixed(1)} ms, p99 ${pct(actionTimes, 99).toFixed(1)} ms`,
  );

  // 4. The outbox's cost on writes: the same transactions with and without it, interleaved rounds.
  async function writes(withOutbox, count) {
    const start = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < count) {
          next += 1;
          await db.orm.em.fork().transactional(async (tx) => {
            const message = tx.create(ProjectMessage, {
              project: projectId,
              senderId: 'bench',
              content: 'x',
              messageType: 'text',
            });
            if (withOutbox) {
              await appendEvents(tx, () => [
                projectEvent({ type: 'project.message', projectId, messageId: message.id, senderId: 'bench' }),
              ]);
            }
          });
        }
      }),
    );
    return count / ((performance.now() - start) / 1000);
  }
  const rounds = { without: [], with: [] };
  for (let round = 0; round < 3; round += 1) {
    rounds.without.push(await writes(false, WRITES / 3));
    rounds.with.push(await writes(true, WRITES / 3));
  }
  const median = (values) => [...values].sort((a, b) => a - b)[1];
  results.writes = { without: median(rounds.without), with: median(rounds.with) };
  log(
    `writes (8 at a time, median of 3 rounds): ${results.writes.without.toFixed(0)} tx/s without the outbox, ${results.writes.with.toFixed(0)} tx/s with it (${((results.writes.with / results.writes.without) * 100).toFixed(0)} %)`,
  );
  console.log(JSON.stringify(results));
} finally {
  api.kill('SIGTERM');
  await sleep(1_000);
  await db.drop();
}
