import http from 'node:http';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * A test's view of one `GET /api/events` stream, read over a raw HTTP connection (no automatic
 * reconnection: a test decides when to reconnect and with which `Last-Event-ID`). Every message is
 * kept in order; comments (keep-alives) are counted.
 */
export interface OpenedStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The JSON error body when the server refused the stream. */
  body: unknown;
  messages: EventSourceMessage[];
  comments: number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
  /** Waits until `predicate` holds for the messages received so far. */
  waitFor(predicate: (messages: EventSourceMessage[]) => boolean, timeoutMs?: number, what?: string): Promise<void>;
  /** The last `id:` received (the value a reconnect sends as `Last-Event-ID`). */
  lastEventId(): string | undefined;
}

export function openStream(
  baseUrl: string,
  token: string | null,
  options: { lastEventId?: string } = {},
): Promise<OpenedStream> {
  const url = new URL('/api/events', baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      {
        headers: {
          accept: 'text/event-stream',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(options.lastEventId !== undefined ? { 'last-event-id': options.lastEventId } : {}),
        },
      },
      (response) => {
        const messages: EventSourceMessage[] = [];
        let comments = 0;
        let last: string | undefined = options.lastEventId;
        const waiters = new Set<() => void>();
        const parser = createParser({
          onEvent: (message) => {
            messages.push(message);
            if (message.id) last = message.id;
            waiters.forEach((check) => check());
          },
          onComment: () => {
            comments += 1;
          },
        });
        let body = '';
        const ended = new Promise<void>((done) => {
          response.on('end', done);
          response.on('close', done);
          response.on('error', () => done());
        });
        const isStream = (response.headers['content-type'] ?? '').startsWith('text/event-stream');
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (isStream) parser.feed(chunk);
          else body += chunk;
        });
        const stream: OpenedStream = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          get body() {
            return body ? (JSON.parse(body) as unknown) : undefined;
          },
          messages,
          get comments() {
            return comments;
          },
          ended,
          close: () => request.destroy(),
          lastEventId: () => last,
          waitFor(predicate, timeoutMs = 10_000, what = 'the expected events') {
            return new Promise((done, fail) => {
              const check = () => {
                if (!predicate(messages)) return;
                clearTimeout(timer);
                waiters.delete(check);
                done();
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(new Error(`${what} did not arrive within ${timeoutMs} ms (${messages.length} messages)`));
              }, timeoutMs);
              waiters.add(check);
              check();
            });
          },
        };
        if (isStream) resolve(stream);
        else void ended.then(() => resolve(stream));
      },
    );
    request.on('error', reject);
  });
}

/** The outbox events of a stream (not the `stream.*` control events), parsed. */
export function liveEvents(
  messages: EventSourceMessage[],
): { id: string; type: string; data: Record<string, unknown> }[] {
  return messages
    .filter((message) => message.event && !message.event.startsWith('stream.'))
    .map((message) => ({ id: message.id ?? '', type: message.event!, data: JSON.parse(message.data) }));
}
