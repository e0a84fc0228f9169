import { Migration } from '@mikro-orm/migrations';

/**
 * Typed addresses are confirmed through an e-mailed link before the product writes to them again. A
 * call booked by a visitor takes its slot only once confirmed (the calls booked before were
 * confirmed when made); an anonymous brief's reminders wait for its address (the briefs before
 * keep their reminders: their address counts as confirmed).
 */
export class Migration20261220000000_address_confirmation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "call_bookings" add column "confirmed_at" timestamptz null;`);
    this.addSql(`alter table "call_bookings" add column "confirmation_token_hash" text null;`);
    this.addSql(`update "call_bookings" set "confirmed_at" = "created_at";`);
    this.addSql(`alter table "call_bookings" drop constraint "call_bookings_starts_at_unique";`);
    this.addSql(
      `create unique index "call_bookings_confirmed_starts_at_unique" on "call_bookings" ("starts_at") where "confirmed_at" is not null;`,
    );
    this.addSql(
      `alter table "call_bookings" add constraint "call_bookings_confirmation_token_hash_unique" unique ("confirmation_token_hash");`,
    );
    this.addSql(`drop index "call_bookings_email_index";`);
    this.addSql(`create index "call_bookings_email_created_at_index" on "call_bookings" ("email", "created_at");`);
    this.addSql(`alter table "briefs" add column "address_confirmed_at" timestamptz null;`);
    this.addSql(`alter table "briefs" add column "address_confirmation_token_hash" text null;`);
    this.addSql(`update "briefs" set "address_confirmed_at" = "created_at";`);
    this.addSql(
      `alter table "briefs" add constraint "briefs_address_confirmation_token_hash_unique" unique ("address_confirmation_token_hash");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "briefs" drop constraint "briefs_address_confirmation_token_hash_unique";`);
    this.addSql(`alter table "briefs" drop column "address_confirmation_token_hash";`);
    this.addSql(`alter table "briefs" drop column "address_confirmed_at";`);
    this.addSql(`drop index "call_bookings_email_created_at_index";`);
    this.addSql(`create index "call_bookings_email_index" on "call_bookings" ("email");`);
    this.addSql(`alter table "call_bookings" drop constraint "call_bookings_confirmation_token_hash_unique";`);
    this.addSql(`drop index "call_bookings_confirmed_starts_at_unique";`);
    this.addSql(`delete from "call_bookings" where "confirmed_at" is null;`);
    this.addSql(`alter table "call_bookings" add constraint "call_bookings_starts_at_unique" unique ("starts_at");`);
    this.addSql(`alter table "call_bookings" drop column "confirmation_token_hash";`);
    this.addSql(`alter table "call_bookings" drop column "confirmed_at";`);
  }
}
