import { KEEP_ALIVE_MS, reconnectDelay, STREAM_DOWN_NOTICE_MS, STREAM_EVENTS, type LiveEvent } from '@domain/events';
import type { EventSourceClient, EventSourceMessage, FetchLike } from 'eventsource-client';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { traceHeaders } from '@/lib/api-client';
import { getAuthSnapshot, getToken, subscribeAuth } from '@/lib/auth-client';

/**
 * The signed-in user's live channel (`GET /api/events`, Server-Sent Events): ONE stream per tab,
 * shared by every component through `subscribeStream`. It runs while someone listens and the
 * session is authenticated, and stops at sign-out.
 *
 * `eventsource-client` reads and parses the stream; reconnection is ours, so that every attempt
 * carries a fresh bearer token (never in the URL) and the last event id, after 1, 2, 5 then 10 s
 * (`reconnectDelay`). A 401 or a `stream.reauthenticate` forces a token refresh first.
 */

type StreamStatus =
  /** No stream: signed out, or nobody listens. */
  | 'idle'
  /** The first connection of the session is being made. */
  | 'connecting'
  | 'open'
  /** The stream was lost: waiting for the next attempt, or making it. */
  | 'reconnecting';

export interface StreamState {
  status: StreamStatus;
  /** Since when (ms since the epoch) the stream is wanted but not open; null while open or idle. */
  downSince: number | null;
}

export type StreamMessage =
  | {
      kind: 'event';
      event: LiveEvent;
      /** The outbox id. */
      id: string | null;
      /**
       * True when the event is newer than this page's first stream (its id is above the first
       * `stream.ready`): replays of older events never count as new (no toast for them).
       */
      newSinceLoad: boolean;
    }
  /** Events were lost to retention: everything must be refetched. */
  | { kind: 'resync' }
  /**
   * The stream is live. `resumed` is false when it started without a last event id (first
   * connection of the session): what changed before it is not replayed, so data read before
   * `requestedAt` may be stale.
   */
  | { kind: 'ready'; resumed: boolean; requestedAt: number };

type MessageListener = (message: StreamMessage) => void;

const STREAM_URL = '/api/events';
/** No byte (event or keep-alive comment) for this long: the connection is dead, start again. */
const SILENCE_LIMIT_MS = 2 * KEEP_ALIVE_MS + 5_000;
const IDLE: StreamState = { status: 'idle', downSince: null };
/** A stream that lived this long before the server asked for a new token reconnects without delay. */
const MIN_HEALTHY_STREAM_MS = 5_000;

const messageListeners = new Set<MessageListener>();
const stateListeners = new Set<() => void>();
let state: StreamState = IDLE;

/** The user the running stream belongs to (null: stopped). */
let streamUser: string | null = null;
/** Bumped at each start, stop and attempt: callbacks of an older attempt do nothing. */
let generation = 0;
let source: EventSourceClient | null = null;
let retryTimer: number | null = null;
let silenceTimer: number | null = null;
let failures = 0;
let lastEventId: string | undefined;
/** The id of the first `stream.ready` of this page: events above it are new since the page loaded. */
let baselineId: number | null = null;
let forceRefresh = false;
let watchingAuth = false;
let stopTimer: number | null = null;

function setState(next: StreamState): void {
  if (next.status === state.status && next.downSince === state.downSince) return;
  state = next;
  stateListeners.forEach((listener) => listener());
}

function emit(message: StreamMessage): void {
  for (const listener of messageListeners) {
    try {
      listener(message);
    } catch (error) {
      console.error('[events] a listener failed:', error);
    }
  }
}

function clearTimers(): void {
  if (retryTimer !== null) window.clearTimeout(retryTimer);
  if (silenceTimer !== null) window.clearTimeout(silenceTimer);
  retryTimer = null;
  silenceTimer = null;
}

function closeSource(): void {
  const current = source;
  source = null;
  current?.close();
}

function markDown(): void {
  setState({
    status: state.status === 'connecting' ? 'connecting' : 'reconnecting',
    downSince: state.downSince ?? Date.now(),
  });
}

function armSilenceTimer(onSilence: () => void): void {
  if (silenceTimer !== null) window.clearTimeout(silenceTimer);
  silenceTimer = window.setTimeout(onSilence, SILENCE_LIMIT_MS);
}

function scheduleAttempt(delay: number): void {
  if (retryTimer !== null) window.clearTimeout(retryTimer);
  const gen = generation;
  retryTimer = window.setTimeout(() => {
    retryTimer = null;
    if (gen === generation && streamUser !== null) void attempt();
  }, delay);
}

type EndReason = 'closed' | 'failed' | 'unauthorized' | 'reauthenticate';

/** One connection: a fresh token, the last event id, and our own handling of its end. */
async function attempt(): Promise<void> {
  const gen = ++generation;
  closeSource();
  // The stream's library loads with the first connection (visitors never need it).
  const [token, library] = await Promise.all([
    getToken({ forceRefresh }),
    import('eventsource-client').catch(() => null),
  ]);
  if (gen !== generation || streamUser === null) return;
  if (!token || !library) {
    // Signed out (the auth listener stops us), Keycloak or the server unreachable: try again later.
    markDown();
    scheduleAttempt(reconnectDelay(failures++));
    return;
  }
  forceRefresh = false;
  const requestedAt = Date.now();
  const resumed = lastEventId !== undefined;
  let ended = false;
  let client: EventSourceClient | null = null;

  const end = (reason: EndReason) => {
    if (ended || gen !== generation) return;
    ended = true;
    if (silenceTimer !== null) window.clearTimeout(silenceTimer);
    silenceTimer = null;
    client?.close();
    if (source === client) source = null;
    if (reason === 'unauthorized' || reason === 'reauthenticate') forceRefresh = true;
    markDown();
    // The server ended a healthy stream for a new token: reconnect at once (but never in a tight
    // loop, should it end every stream at once); otherwise back off.
    const healthy = failures === 0 && Date.now() - requestedAt >= MIN_HEALTHY_STREAM_MS;
    scheduleAttempt(reason === 'reauthenticate' && healthy ? 0 : reconnectDelay(failures++));
  };

  /** The library's fetch, checking the answer and watching the body so that every end is seen. */
  const streamFetch: FetchLike = async (url, init) => {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      end('failed');
      throw error;
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !response.body || !type.includes('text/event-stream')) {
      void response.body?.cancel().catch(() => undefined);
      end(response.status === 401 ? 'unauthorized' : 'failed');
      throw new Error(`event stream refused (${response.status})`);
    }
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          end('failed');
          controller.error(error);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return { body, url: response.url, status: response.status, redirected: response.redirected };
  };

  const onMessage = (message: EventSourceMessage) => {
    if (gen !== generation) return;
    armSilenceTimer(() => end('failed'));
    if (message.id) lastEventId = message.id;
    switch (message.event) {
      case STREAM_EVENTS.ready:
        // Live from here on (a resumed stream has replayed what it missed just before).
        failures = 0;
        setState({ status: 'open', downSince: null });
        if (baselineId === null && message.id) baselineId = Number(message.id);
        emit({ kind: 'ready', resumed, requestedAt });
        return;
      case STREAM_EVENTS.resync:
        emit({ kind: 'resync' });
        return;
      case STREAM_EVENTS.reauthenticate:
        end('reauthenticate');
        return;
    }
    let event: LiveEvent;
    try {
      event = JSON.parse(message.data) as LiveEvent;
    } catch {
      console.warn('[events] unreadable event:', message.event);
      return;
    }
    if (typeof event?.type !== 'string') return;
    if (event.type === 'access.changed') forceRefresh = true;
    const id = message.id ?? null;
    emit({ kind: 'event', event, id, newSinceLoad: baselineId !== null && id !== null && Number(id) > baselineId });
  };

  client = library.createEventSource({
    url: STREAM_URL,
    headers: { ...traceHeaders(), Authorization: `Bearer ${token}` },
    initialLastEventId: lastEventId,
    fetch: streamFetch,
    onConnect: () => {
      if (gen === generation) armSilenceTimer(() => end('failed'));
    },
    onMessage,
    onComment: () => {
      if (gen === generation) armSilenceTimer(() => end('failed'));
    },
    onDisconnect: () => end('closed'),
  });
  source = client;
}

function start(userId: string): void {
  stop();
  streamUser = userId;
  failures = 0;
  forceRefresh = false;
  setState({ status: 'connecting', downSince: Date.now() });
  void attempt();
}

function stop(): void {
  generation += 1;
  streamUser = null;
  clearTimers();
  closeSource();
  lastEventId = undefined;
  setState(IDLE);
}

/** Starts or stops the stream from the session and the listeners; restarts it for another user. */
function sync(): void {
  const { status, user } = getAuthSnapshot();
  const wanted = status === 'authenticated' && user !== null && messageListeners.size > 0 ? user.id : null;
  if (wanted === streamUser) return;
  if (wanted === null) stop();
  else start(wanted);
}

/** Back online: do not wait for the pending delay. */
function onOnline(): void {
  if (streamUser !== null && retryTimer !== null) scheduleAttempt(0);
}

function watchAuth(): void {
  if (watchingAuth) return;
  watchingAuth = true;
  subscribeAuth(sync);
  window.addEventListener('online', onOnline);
}

/**
 * Listens to the live channel (and starts it when the session is authenticated). The stream stops
 * shortly after the last listener leaves, so a quick unsubscribe/subscribe keeps it open.
 */
function subscribeStream(listener: MessageListener): () => void {
  watchAuth();
  messageListeners.add(listener);
  if (stopTimer !== null) window.clearTimeout(stopTimer);
  stopTimer = null;
  sync();
  return () => {
    messageListeners.delete(listener);
    if (messageListeners.size > 0 || stopTimer !== null) return;
    stopTimer = window.setTimeout(() => {
      stopTimer = null;
      sync();
    }, 0);
  };
}

function subscribeStreamState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

function getStreamState(): StreamState {
  return state;
}

/** The connection status, for the lost-connection notice and the pages that poll as a fallback. */
export function useStreamState(): StreamState {
  return useSyncExternalStore(subscribeStreamState, getStreamState, getStreamState);
}

/** Calls `onMessage` (the latest one given) for every message of the shared stream. */
export function useStreamMessages(onMessage: MessageListener): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => subscribeStream((message) => handler.current(message)), []);
}

/**
 * True once the stream has been down for `STREAM_DOWN_NOTICE_MS` (it is only wanted while signed
 * in), false again as soon as it is back: the "connexion perdue" notice.
 */
export function useConnectionLost(): boolean {
  const { downSince } = useStreamState();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (downSince === null) return;
    const timer = window.setTimeout(
      () => setNow(Date.now()),
      Math.max(0, downSince + STREAM_DOWN_NOTICE_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [downSince]);
  return downSince !== null && now - downSince >= STREAM_DOWN_NOTICE_MS;
}
