import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EntityManager } from '@mikro-orm/postgresql';
import SseChannel from 'sse-channel';
import { KEEP_ALIVE_MS, reconnectDelay, STREAM_EVENTS, type LiveEvent } from '../../domain/events';
import { projectPartiesOf } from '../../domain/project-lifecycle';
import { NotificationListener } from '../../db/notification-listener';
import { EVENT_RETENTION_DAYS, EVENTS_CHANNEL } from '../../db/outbox';
import { inStoredTrace } from '../../observability/trace-context';
import type { AuthUser } from '../middleware/auth';
import { processLogger } from '../../observability/logger';

const log = processLogger('api').child({ component: 'events' });

/**
 * The api instance's side of the live channel (DESIGN.md): it LISTENs for the outbox's NOTIFY,
 * reads new outbox rows in id order (and every `pollMs` in case a wake-up was missed), and sends
 * each row to the streams allowed to see it, checked per event against the project's current
 * parties. A stream that reconnects with `Last-Event-ID` first gets what it missed (read from the
 * outbox with the same rule), then the live events, without gaps or duplicates.
 */

interface EventRow {
  id: string;
  type: string;
  payload: LiveEvent;
  user_id: string | null;
  project_id: string | null;
  trace_parent: string | null;
}

interface PartiesRow {
  id: string;
  client_id: string | null;
  client_email: string;
  editor_id: string | null;
}

interface Stream {
  user: AuthUser;
  res: ServerResponse;
  /** Live events that arrived while the stream was still replaying, sent right after it. */
  pending: EventRow[] | null;
  expiry: NodeJS.Timeout;
}

export interface EventHubOptions {
  em: () => EntityManager;
  /** A connection string for the LISTEN connection (one per api instance). */
  databaseUrl: string;
  /** Outbox polling fallback, so a missed NOTIFY delays an event but never loses it. */
  pollMs?: number;
  /** Keep-alive comment interval. */
  keepAliveMs?: number;
  /** Streams per account (a new one ends the account's oldest) and on this instance (a new one is refused). */
  limits: { perAccount: number; total: number };
}

const PAGE = 500;
const PRUNE_EVERY_MS = 60 * 60_000;

function parseLastEventId(header: string | undefined): number | null {
  if (!header || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

export class EventHub {
  private readonly channel: SseChannel;
  private readonly streams = new Set<Stream>();
  private cursor = 0;
  private readonly listener: NotificationListener;
  private pumping: Promise<void> | undefined;
  private again = false;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private started: Promise<void> | undefined;
  private following = false;

  constructor(private readonly options: EventHubOptions) {
    this.channel = new SseChannel({ pingInterval: options.keepAliveMs ?? KEEP_ALIVE_MS });
    // A drop is covered by the poll, and the first read after listening again.
    this.listener = new NotificationListener({
      databaseUrl: options.databaseUrl,
      channel: EVENTS_CHANNEL,
      log,
      onNotification: () => this.wake(),
      onListening: () => this.wake(),
    });
  }

  /** Streams connected to this instance. */
  get streamCount(): number {
    return this.streams.size;
  }

  /** The last outbox id this instance has read and sent on; null while it does not follow the outbox. */
  get deliveredUpTo(): number | null {
    return this.following && !this.stopped ? this.cursor : null;
  }

  /** Whether this instance holds as many streams as it may: the next one is refused. */
  get full(): boolean {
    return this.streams.size >= this.options.limits.total;
  }

  /** Starts following the outbox (once; the first stream starts it when the server did not). */
  start(): Promise<void> {
    this.started ??= this.boot().catch((error: unknown) => {
      this.started = undefined;
      throw error;
    });
    return this.started;
  }

  private async boot(): Promise<void> {
    this.cursor = await this.maxId();
    await this.listener.start();
    this.following = true;
    this.timers.push(setInterval(() => this.wake(), this.options.pollMs ?? 1_000));
    this.timers.push(
      setInterval(
        () => void this.prune().catch((error: unknown) => log.warn({ err: error }, 'prune failed')),
        PRUNE_EVERY_MS,
      ),
    );
  }

  /**
   * Ends every stream (at the api's shutdown), each first told by a `retry:` field to reconnect
   * after the browser's first reconnection delay: the load balancer then sends it to another instance.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const stream of this.streams) {
      // A field alone, not an event: browsers apply it and dispatch nothing.
      stream.res.write(`retry: ${reconnectDelay(0)}\n\n`);
      this.end(stream);
    }
    this.channel.close();
    await this.pumping;
    await this.listener.stop();
  }

  /**
   * Opens `user`'s stream on `res`: replays what came after `lastEventId` (when it is a number the
   * outbox knows), then follows live. A bad or future `Last-Event-ID` starts a clean stream from now.
   * The account's oldest streams end so that it holds `limits.perAccount` with this one. The hub
   * must be started and not `full`.
   */
  async connect(
    req: IncomingMessage,
    res: ServerResponse,
    user: AuthUser,
    lastEventIdHeader: string | undefined,
  ): Promise<void> {
    const own = [...this.streams].filter((stream) => stream.user.id === user.id);
    // Sets keep insertion order: the first are the oldest.
    for (const stream of own.slice(0, Math.max(0, own.length + 1 - this.options.limits.perAccount))) this.end(stream);
    // Proxies (nginx) must pass each event on at once, never buffer the stream.
    res.setHeader('X-Accel-Buffering', 'no');
    this.channel.addClient(req, res);
    const upTo = this.cursor;
    const requested = parseLastEventId(lastEventIdHeader);
    const from = requested !== null && requested <= upTo ? requested : upTo;
    const stream: Stream = {
      user,
      res,
      pending: from < upTo ? [] : null,
      expiry: this.expiryTimer(user, () => this.reauthenticate(stream)),
    };
    this.streams.add(stream);
    res.once('close', () => {
      clearTimeout(stream.expiry);
      this.streams.delete(stream);
    });

    if (stream.pending) {
      try {
        if (await this.pruned(from)) this.sendTo(stream, { event: STREAM_EVENTS.resync, data: '{}' });
        for (let after = from; after < upTo;) {
          const rows = await this.visibleRows(user, after, upTo);
          for (const row of rows) this.sendRow(row, [stream]);
          if (rows.length < PAGE) break;
          after = Number(rows[rows.length - 1].id);
        }
      } catch (error) {
        log.warn({ err: error }, 'replay failed');
        this.end(stream);
        return;
      }
    }
    this.sendTo(stream, { id: String(upTo), event: STREAM_EVENTS.ready, data: '{}' });
    const pending = stream.pending ?? [];
    stream.pending = null;
    for (const row of pending) this.sendRow(row, [stream]);
  }

  /** Asks the hub to read the outbox now (after a NOTIFY, on the poll timer). */
  wake(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.pump()
      .catch((error: unknown) => log.warn({ err: error }, 'outbox read failed'))
      .finally(() => {
        this.pumping = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async pump(): Promise<void> {
    for (;;) {
      const rows = await this.options
        .em()
        .getConnection()
        .execute<EventRow[]>(
          'select "id", "type", "payload", "user_id", "project_id", "trace_parent" from "events" where "id" > ? order by "id" limit ?',
          [this.cursor, PAGE],
        );
      if (rows.length === 0) return;
      const parties = await this.partiesOf(rows);
      for (const row of rows) {
        const recipients = [...this.streams].filter((stream) => this.mayReceive(stream.user, row, parties));
        for (const stream of recipients) {
          if (stream.pending) stream.pending.push(row);
        }
        // The stream write belongs to the trace of the change that wrote the event.
        inStoredTrace(
          row.trace_parent,
          `sse.deliver ${row.type}`,
          { 'rushflow.event.id': row.id, 'rushflow.streams': recipients.length },
          () =>
            this.sendRow(
              row,
              recipients.filter((stream) => !stream.pending),
            ),
        );
        if (row.type === 'access.changed') recipients.forEach((stream) => this.reauthenticate(stream));
      }
      this.cursor = Number(rows[rows.length - 1].id);
      if (rows.length < PAGE) return;
    }
  }

  private mayReceive(user: AuthUser, row: EventRow, parties: Map<string, PartiesRow>): boolean {
    if (row.user_id !== null) return row.user_id === user.id;
    if (user.roles.includes('admin')) return true;
    const project = row.project_id ? parties.get(row.project_id) : undefined;
    if (!project) return false;
    return (
      projectPartiesOf(user, {
        clientId: project.client_id,
        clientEmail: project.client_email,
        editorId: project.editor_id,
      }).length > 0
    );
  }

  /** The current client and editor of every project the rows name, in one query. */
  private async partiesOf(rows: EventRow[]): Promise<Map<string, PartiesRow>> {
    const ids = [...new Set(rows.map((row) => row.project_id).filter((id): id is string => id !== null))];
    if (ids.length === 0) return new Map();
    const found = await this.options
      .em()
      .getConnection()
      .execute<PartiesRow[]>(
        'select "id", "client_id", "client_email", "editor_id" from "projects" where "id" in (?)',
        [ids],
      );
    return new Map(found.map((row) => [row.id, row]));
  }

  /** The user's events in (after, upTo], in id order: their own, and those of projects they may see now. */
  private visibleRows(user: AuthUser, after: number, upTo: number): Promise<EventRow[]> {
    const admin = user.roles.includes('admin');
    const email = user.emailVerified && user.email ? user.email.toLowerCase() : null;
    return this.options
      .em()
      .getConnection()
      .execute<EventRow[]>(
        `select e."id", e."type", e."payload", e."user_id", e."project_id", e."trace_parent"
           from "events" e left join "projects" p on p."id" = e."project_id"
          where e."id" > ? and e."id" <= ?
            and (e."user_id" = ?
                 or (e."user_id" is null and (? or p."client_id" = ? or p."editor_id" = ? or lower(p."client_email") = ?)))
          order by e."id" limit ?`,
        [after, upTo, user.id, admin, user.id, user.id, email, PAGE],
      );
  }

  /** Whether events after `from` were already pruned (the stream must refetch everything). */
  private async pruned(from: number): Promise<boolean> {
    const [row] = await this.options
      .em()
      .getConnection()
      .execute<{ min: string | null }[]>('select min("id") as "min" from "events"');
    return row?.min !== null && row?.min !== undefined && Number(row.min) > from + 1;
  }

  private async maxId(): Promise<number> {
    const [row] = await this.options
      .em()
      .getConnection()
      .execute<{ max: string | null }[]>('select max("id") as "max" from "events"');
    return Number(row?.max ?? 0);
  }

  private async prune(): Promise<void> {
    await this.options
      .em()
      .getConnection()
      .execute(`delete from "events" where "created_at" < now() - interval '${EVENT_RETENTION_DAYS} days'`);
  }

  private sendRow(row: EventRow, streams: Stream[]): void {
    if (streams.length === 0) return;
    this.channel.send(
      { id: row.id, event: row.type, data: JSON.stringify(row.payload) },
      streams.map((stream) => stream.res),
    );
  }

  private sendTo(stream: Stream, message: { id?: string; event: string; data: string }): void {
    this.channel.send(message, [stream.res]);
  }

  /** The token's end (or a change of access) ends the stream: the browser reconnects with a fresh token. */
  private reauthenticate(stream: Stream): void {
    this.sendTo(stream, { event: STREAM_EVENTS.reauthenticate, data: '{}' });
    this.end(stream);
  }

  private end(stream: Stream): void {
    clearTimeout(stream.expiry);
    this.streams.delete(stream);
    stream.res.end();
  }

  private expiryTimer(user: AuthUser, onExpiry: () => void): NodeJS.Timeout {
    const left = user.tokenExpiresAt ? user.tokenExpiresAt - Date.now() : 60 * 60_000;
    return setTimeout(onExpiry, Math.max(1_000, Math.min(left, 2 ** 31 - 1)));
  }
}
