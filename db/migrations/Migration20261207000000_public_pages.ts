import { Migration } from '@mikro-orm/migrations';

/**
 * The public pages' tables: contact messages, booked calls, the e-mail test page's results, the
 * rate limits' shared counters; an application's photo becomes a reference to its uploaded file
 * (upload area `application_photo`).
 */
export class Migration20261207000000_public_pages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "upload_sessions" drop constraint "upload_sessions_area_check";`);
    this.addSql(
      `alter table "upload_sessions" add constraint "upload_sessions_area_check" check ("area" in ('brief', 'wizard', 'project_source', 'project_final', 'application_photo'));`,
    );
    this.addSql(`alter table "editor_applications" drop column "profile_photo_url";`);
    this.addSql(`alter table "editor_applications" add column "profile_photo_file_id" uuid null;`);
    this.addSql(
      `alter table "editor_applications" add constraint "editor_applications_profile_photo_file_id_foreign" foreign key ("profile_photo_file_id") references "uploaded_files" ("id") on update cascade on delete set null;`,
    );

    this.addSql(`
      create table "contact_messages" (
        "id" uuid not null default gen_random_uuid(),
        "first_name" text not null,
        "last_name" text not null,
        "email" text not null,
        "subject" text null,
        "message" text not null,
        "created_at" timestamptz not null default now(),
        constraint "contact_messages_pkey" primary key ("id")
      );`);
    this.addSql(`create index "contact_messages_created_at_index" on "contact_messages" ("created_at" desc);`);

    this.addSql(`
      create table "call_bookings" (
        "id" uuid not null default gen_random_uuid(),
        "starts_at" timestamptz not null,
        "ends_at" timestamptz not null,
        "name" text not null,
        "email" text not null,
        "topic" text null,
        "created_at" timestamptz not null default now(),
        constraint "call_bookings_pkey" primary key ("id"),
        constraint "call_bookings_starts_at_unique" unique ("starts_at")
      );`);
    this.addSql(`create index "call_bookings_email_index" on "call_bookings" ("email");`);

    this.addSql(`
      create table "email_tests" (
        "id" uuid not null default gen_random_uuid(),
        "template" text not null constraint "email_tests_template_check" check ("template" in ('brief_submission', 'contact_form', 'email_notification', 'brief_confirmation')),
        "recipient" text not null,
        "requested_by" text not null,
        "status" text not null default 'pending' constraint "email_tests_status_check" check ("status" in ('pending', 'sent', 'failed')),
        "subjects" text[] not null default '{}',
        "error" text null,
        "created_at" timestamptz not null default now(),
        "finished_at" timestamptz null,
        constraint "email_tests_pkey" primary key ("id")
      );`);
    this.addSql(`create index "email_tests_created_at_index" on "email_tests" ("created_at" desc);`);

    // rate-limiter-flexible's PostgreSQL table, created here so the schema has one owner.
    this.addSql(
      `create table "rate_limits" ("key" varchar(255) not null, "points" int not null default 0, "expire" bigint null, constraint "rate_limits_pkey" primary key ("key"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limits" cascade;`);
    this.addSql(`drop table if exists "email_tests" cascade;`);
    this.addSql(`drop table if exists "call_bookings" cascade;`);
    this.addSql(`drop table if exists "contact_messages" cascade;`);
    this.addSql(
      `alter table "editor_applications" drop constraint "editor_applications_profile_photo_file_id_foreign";`,
    );
    this.addSql(`alter table "editor_applications" drop column "profile_photo_file_id";`);
    this.addSql(`alter table "editor_applications" add column "profile_photo_url" text null;`);
    this.addSql(`delete from "upload_sessions" where "area" = 'application_photo';`);
    this.addSql(`alter table "upload_sessions" drop constraint "upload_sessions_area_check";`);
    this.addSql(
      `alter table "upload_sessions" add constraint "upload_sessions_area_check" check ("area" in ('brief', 'wizard', 'project_source', 'project_final'));`,
    );
  }
}
