import { Client } from 'pg';
import type { Logger } from '../observability/logger';

export interface NotificationListenerOptions {
  databaseUrl: string;
  /** The PostgreSQL channel to LISTEN on. */
  channel: string;
  /** Where a lost connection is reported. */
  log: Logger;
  onNotification(payload: string): void;
  /** Listening (first, or again after a drop): whatever was notified in between is lost. */
  onListening?(): void;
  /** The connection dropped: nothing is heard until `onListening` again. */
  onLost?(): void;
}

/**
 * LISTENs on a connection of its own and opens it again after a drop: a second later, then every
 * second until the database takes it (a restart of PostgreSQL refuses connections for a while).
 */
export class NotificationListener {
  private client: Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly options: NotificationListenerOptions) {}

  /** Listens now; rejects when the database cannot be reached (no retry is planned then). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.options.databaseUrl });
    // A drop is handled once: the error event and the failed query may both report it.
    let dropped = false;
    const drop = () => {
      dropped = true;
      if (this.client === client) this.client = undefined;
      void client.end().catch(() => undefined);
    };
    client.on('notification', (message) => this.options.onNotification(message.payload ?? ''));
    client.on('error', (error) => {
      if (dropped) return;
      this.options.log.warn({ err: error, channel: this.options.channel }, 'LISTEN connection lost');
      drop();
      this.options.onLost?.();
      this.listenAgain();
    });
    try {
      await client.connect();
      await client.query(`listen ${this.options.channel}`);
    } catch (error) {
      if (dropped) return; // the error event has planned the next attempt
      drop();
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.options.onListening?.();
  }

  private listenAgain(): void {
    if (this.stopped) return;
    this.retry = setTimeout(() => {
      if (!this.stopped) void this.listen().catch(() => this.listenAgain());
    }, 1_000);
  }
}
