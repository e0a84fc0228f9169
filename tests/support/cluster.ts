import https from 'node:https';
import http from 'node:http';
import { createParser } from 'eventsource-parser';
import { reconnectDelay, STREAM_EVENTS } from '../../domain/events';
import { testStack } from './stack-env';

/**
 * The cluster `npm test` starts for the cluster suite (scripts/lib/cluster.mjs): its settings, its
 * instances' ports, and the control that kills and restarts them. Requests go through Caddy in https
 * (NODE_EXTRA_CA_CERTS names its local authority), each from the loopback address it is given, as
 * distinct visitors would come.
 */
export function clusterStack() {
  const stack = testStack();
  const ports = JSON.parse(process.env.RUSHFLOW_CLUSTER_PORTS ?? '{}') as Record<string, number>;
  const controlUrl = process.env.RUSHFLOW_STACK_CONTROL;
  if (!controlUrl || !ports.api1) throw new Error('run the cluster suite through `npm test cluster`.');
  /** Kills (SIGKILL) or restarts one instance; resolves with the time the control took. */
  const control = async (service: string, action: 'kill' | 'restart') => {
    const response = await fetch(`${controlUrl}/services/${service}/${action}`, { method: 'POST' });
    const body = (await response.json()) as { ms?: number; error?: string };
    if (!response.ok) throw new Error(`${action} ${service}: ${body.error ?? response.status}`);
    return body.ms ?? 0;
  };
  return { ...stack, ports, control };
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * One JSON request (https through Caddy, or http straight to an instance) from `localAddress`:
 * loopback's 127.x.y.z, so each visitor counts on its own limits.
 */
export function request(
  url: string,
  {
    method = 'GET',
    body,
    headers = {},
    localAddress,
    timeoutMs = 20_000,
  }: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    localAddress?: string;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const send = url.startsWith('https:') ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method,
        localAddress,
        agent: false,
        timeout: timeoutMs,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let parsed: Record<string, unknown> = {};
          try {
            parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            parsed = { text };
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** An account's access token, signed in again when it is 2 minutes old or refused (one sign-in at a time). */
export function tokenKeeper(signIn: () => Promise<string>) {
  let current: { token: string; at: number } | undefined;
  let pending: Promise<string> | undefined;
  const fresh = () =>
    (pending ??= signIn()
      .then((token) => {
        current = { token, at: Date.now() };
        return token;
      })
      .finally(() => (pending = undefined)));
  return {
    fresh,
    get: () => (current && Date.now() - current.at < 120_000 ? Promise.resolve(current.token) : fresh()),
  };
}

/**
 * One live stream (`GET /api/events`) kept open as the browser keeps it: reconnected with its last
 * event id after a drop (the delays of domain/events.ts), with a fresh token when refused. Every
 * event it receives is noted by its outbox id: a second delivery of one is a duplicate.
 */
export interface KeptStream {
  name: string;
  open: boolean;
  connects: number;
  drops: number;
  resyncs: number;
  /** Outbox ids received more than once. */
  duplicates: string[];
  /** Chat message id → how many times its event arrived. */
  messages: Map<string, number>;
  /** When the stream was last ready (performance.now()). */
  readyAt: number;
  stop(): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function keepStream(appUrl: string, name: string, keeper: ReturnType<typeof tokenKeeper>): KeptStream {
  const seen = new Set<string>();
  let lastEventId: string | undefined;
  let stopped = false;
  let current: http.ClientRequest | undefined;
  const stream: KeptStream = {
    name,
    open: false,
    connects: 0,
    drops: 0,
    resyncs: 0,
    duplicates: [],
    messages: new Map(),
    readyAt: 0,
    stop() {
      stopped = true;
      current?.destroy();
    },
  };
  const connectOnce = (token: string) =>
    new Promise<{ ready: boolean; refused: boolean }>((resolve) => {
      let ready = false;
      let refused = false;
      current = https.get(
        `${appUrl}/api/events`,
        {
          agent: false,
          headers: {
            accept: 'text/event-stream',
            authorization: `Bearer ${token}`,
            ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
          },
        },
        (response) => {
          if (response.statusCode !== 200) {
            refused = response.statusCode === 401;
            response.resume();
            return;
          }
          const parser = createParser({
            onEvent: (event) => {
              if (event.event === STREAM_EVENTS.ready) {
                // As EventSource does: a reconnection resumes after the position `ready` names.
                if (event.id) lastEventId = event.id;
                ready = true;
                stream.open = true;
                stream.readyAt = performance.now();
                return;
              }
              if (event.event === STREAM_EVENTS.reauthenticate) refused = true;
              if (event.event === STREAM_EVENTS.resync) stream.resyncs += 1;
              if (!event.id) return;
              lastEventId = event.id;
              if (seen.has(event.id)) stream.duplicates.push(event.id);
              seen.add(event.id);
              if (event.event === 'project.message') {
                const { messageId } = JSON.parse(event.data) as { messageId: string };
                stream.messages.set(messageId, (stream.messages.get(messageId) ?? 0) + 1);
              }
            },
          });
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => parser.feed(chunk));
        },
      );
      current.on('error', () => {});
      current.on('close', () => {
        if (stream.open) stream.drops += 1;
        stream.open = false;
        resolve({ ready, refused });
      });
    });
  void (async () => {
    let failures = 0;
    let refreshed = false;
    while (!stopped) {
      const token = await (refreshed ? keeper.fresh() : keeper.get()).catch(() => '');
      stream.connects += 1;
      const { ready, refused } = await connectOnce(token);
      if (stopped) return;
      failures = ready ? 0 : failures + 1;
      refreshed = refused;
      await sleep(reconnectDelay(failures));
    }
  })();
  return stream;
}

/** Chromium for the signed-in page (Caddy's local authority is not in its store: its errors are allowed). */
export { CHROMIUM } from '../e2e/chromium';
