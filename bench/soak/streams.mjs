// The soak's live streams: four of them (two per party), kept open as the browser keeps its own,
// each noting when every chat message's event reached it.
import http from 'node:http';
import { createParser } from 'eventsource-parser';
import { KEEP_ALIVE_MS, reconnectDelay, STREAM_EVENTS } from '../../domain/events.ts';
import { sleep } from './log.mjs';

const STREAMS_PER_PARTY = 2;
/** The browser's client gives up on a stream silent for this long (frontend/src/lib/event-stream.ts). */
const SILENCE_LIMIT_MS = 2 * KEEP_ALIVE_MS + 5_000;

function openStreamOnce(base, token, stream) {
  return new Promise((resolve) => {
    const openedAt = Date.now();
    let outcome = { ready: false, reason: 'closed' };
    let silence;
    const request = http.get(
      `${base}/api/events`,
      {
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'text/event-stream',
          ...(stream.lastEventId ? { 'last-event-id': stream.lastEventId } : {}),
        },
      },
      (response) => {
        if (response.statusCode !== 200) {
          outcome = { ready: false, reason: response.statusCode === 401 ? 'unauthorized' : 'failed' };
          response.resume();
          response.on('end', () => request.destroy());
          return;
        }
        const armSilence = () => {
          clearTimeout(silence);
          silence = setTimeout(() => {
            stream.silences += 1;
            request.destroy();
          }, SILENCE_LIMIT_MS);
        };
        armSilence();
        const parser = createParser({
          onEvent: (event) => {
            if (event.id) stream.lastEventId = event.id;
            if (event.event === STREAM_EVENTS.ready) {
              outcome.ready = true;
              stream.open = true;
              stream.readyAt ??= Date.now();
              if (stream.downSince) stream.downtimeMs += Date.now() - stream.downSince;
              stream.downSince = null;
            } else if (event.event === STREAM_EVENTS.reauthenticate) outcome.reason = 'reauthenticate';
            else if (event.event === STREAM_EVENTS.resync) stream.resyncs += 1;
            else if (event.event === 'project.message') {
              if (stream.outboxIds.has(event.id)) stream.duplicates += 1;
              stream.outboxIds.add(event.id);
              const { messageId } = JSON.parse(event.data);
              if (!stream.messages.has(messageId)) stream.messages.set(messageId, Date.now());
            }
          },
          onComment: armSilence,
        });
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          armSilence();
          parser.feed(chunk);
        });
      },
    );
    stream.request = request;
    request.on('error', () => {});
    request.on('close', () => {
      clearTimeout(silence);
      if (stream.open) {
        stream.open = false;
        stream.drops += 1;
        stream.downSince = Date.now();
      }
      resolve({ ...outcome, livedMs: Date.now() - openedAt });
    });
  });
}

/** One stream as the browser keeps it: reconnects after 1, 2, 5, 10 s with its last event id and a fresh token. */
async function keepStreamOpen(base, keeper, stream) {
  let failures = 0;
  let forceFresh = false;
  while (!stream.stop) {
    const token = forceFresh ? await keeper.fresh() : await keeper.get();
    forceFresh = false;
    stream.connects += 1;
    const ended = await openStreamOnce(base, token, stream);
    if (stream.stop) return;
    if (ended.ready) failures = 0;
    if (ended.reason === 'unauthorized' || ended.reason === 'reauthenticate') forceFresh = true;
    const healthy = ended.reason === 'reauthenticate' && ended.livedMs > 5_000;
    await sleep(healthy ? 0 : reconnectDelay(failures++));
  }
}

/** Opens the streams of both parties (`keepers`: each party's token keeper) and waits until each is ready. */
export async function openStreams(base, keepers) {
  const streams = [];
  for (const party of ['client', 'editor']) {
    for (let index = 0; index < STREAMS_PER_PARTY; index += 1) {
      const stream = {
        name: `${party} ${index + 1}`,
        connects: 0,
        drops: 0,
        silences: 0,
        resyncs: 0,
        duplicates: 0,
        downtimeMs: 0,
        downSince: null,
        open: false,
        lastEventId: undefined,
        /** Chat message id → when this stream first received its event. */
        messages: new Map(),
        outboxIds: new Set(),
      };
      stream.loop = keepStreamOpen(base, keepers[party], stream);
      streams.push(stream);
    }
  }
  for (let waited = 0; streams.some((stream) => !stream.readyAt); waited += 200) {
    if (waited > 60_000) throw new Error('the live streams did not open');
    await sleep(200);
  }
  return streams;
}

export function closeStreams(streams) {
  for (const stream of streams) {
    stream.stop = true;
    stream.request?.destroy();
  }
}

/**
 * From a chat message's POST (`sent`: message id → when) to its event on each stream, for the
 * messages sent in [from, to): p50 / p99 in ms.
 */
export function deliveryLatency(streams, sent, from, to) {
  const values = [];
  for (const [id, sentAt] of sent) {
    if (sentAt < from || sentAt >= to) continue;
    for (const stream of streams) {
      const at = stream.messages.get(id);
      if (at !== undefined) values.push(at - sentAt);
    }
  }
  values.sort((a, b) => a - b);
  const at = (p) => (values.length ? values[Math.min(values.length - 1, Math.floor(p * values.length))] : null);
  return { receipts: values.length, p50: at(0.5), p99: at(0.99) };
}
