import { Migration } from '@mikro-orm/migrations';

/**
 * Each outbox event keeps the W3C `traceparent` of the change that wrote it, so the api that sends
 * it to the live streams adds its delivery to that trace (none when tracing is off).
 */
export class Migration20261227000000_event_trace_context extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "events" add column "trace_parent" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "events" drop column if exists "trace_parent";`);
  }
}
