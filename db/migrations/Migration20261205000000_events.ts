import { Migration } from '@mikro-orm/migrations';

/**
 * The event outbox of the live channel (db/outbox.ts): rows written in the transaction of the change
 * they describe, read in id order by every api instance, pruned after their retention; and the
 * access revocations that end a user's streams when their roles change.
 */
export class Migration20261205000000_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "events" ("id" bigserial primary key, "type" text not null, "payload" jsonb not null, "user_id" text null, "project_id" uuid null, "created_at" timestamptz not null default now(), constraint events_audience_check check ("user_id" is not null or "project_id" is not null));`,
    );
    this.addSql(`create index "events_created_at_index" on "events" ("created_at");`);
    this.addSql(
      `create table "access_revocations" ("user_id" text not null primary key, "revoked_before" timestamptz not null);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "access_revocations" cascade;`);
    this.addSql(`drop table if exists "events" cascade;`);
  }
}
