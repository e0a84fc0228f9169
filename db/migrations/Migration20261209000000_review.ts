import { Migration } from '@mikro-orm/migrations';

/**
 * The review studio: versions of the final video with their probe and preview, frame-accurate
 * comments (rounds, carried comments, drawings), the client questions that pause the deadline, the
 * version a revision round is about, and the note of a final upload session.
 */
export class Migration20261209000000_review extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "upload_sessions" add column "note" text null;`);
    this.addSql(`alter table "project_revisions" add column "version_number" int null;`);

    this.addSql(`
      create table "project_versions" (
        "id" uuid not null default gen_random_uuid(),
        "project_id" uuid not null,
        "number" int not null,
        "project_file_id" uuid not null,
        "note" text null,
        "filename" text not null,
        "uploaded_by" text not null,
        "preview_status" text not null default 'processing' constraint "project_versions_preview_status_check" check ("preview_status" in ('processing', 'ready', 'failed')),
        "preview_progress" int not null default 0,
        "preview_error" text null,
        "preview_key" text null,
        "preview_bucket" text null,
        "frame_rate_num" int null,
        "frame_rate_den" int null,
        "frame_count" int null,
        "duration_seconds" numeric(12,3) null,
        "width" int null,
        "height" int null,
        "start_frame" int null,
        "has_own_timecode" boolean not null default false,
        "probed_at" timestamptz null,
        "approved_at" timestamptz null,
        "approved_by" text null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "project_versions_pkey" primary key ("id"),
        constraint "project_versions_number_check" check (number >= 1),
        constraint "project_versions_preview_progress_check" check (preview_progress >= 0 and preview_progress <= 100),
        constraint "project_versions_frame_rate_check" check ((frame_rate_num is null) = (frame_rate_den is null))
      );
    `);
    this.addSql(
      `create index "project_versions_project_id_number_index" on "project_versions" ("project_id", "number" desc);`,
    );
    this.addSql(
      `alter table "project_versions" add constraint "project_versions_project_id_number_unique" unique ("project_id", "number");`,
    );
    this.addSql(
      `alter table "project_versions" add constraint "project_versions_project_file_id_unique" unique ("project_file_id");`,
    );
    this.addSql(
      `alter table "project_versions" add constraint "project_versions_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "project_versions" add constraint "project_versions_project_file_id_foreign" foreign key ("project_file_id") references "project_files" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`
      create table "version_comments" (
        "id" uuid not null default gen_random_uuid(),
        "project_id" uuid not null,
        "version_id" uuid not null,
        "parent_id" uuid null,
        "author_id" text not null,
        "author_name" text not null,
        "author_role" text not null constraint "version_comments_author_role_check" check ("author_role" in ('client', 'editor', 'admin')),
        "body" text not null,
        "frame_in" int null,
        "frame_out" int null,
        "rate_num" int null,
        "rate_den" int null,
        "drawing" jsonb null,
        "status" text not null default 'open' constraint "version_comments_status_check" check ("status" in ('open', 'resolved')),
        "resolved_at" timestamptz null,
        "resolved_by" text null,
        "resolved_by_name" text null,
        "carried_from_id" uuid null,
        "carried_from_version_number" int null,
        "revision_number" int null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "version_comments_pkey" primary key ("id"),
        constraint "version_comments_frame_in_check" check (frame_in >= 0),
        constraint "version_comments_frame_out_check" check (frame_out >= frame_in),
        constraint "version_comments_body_check" check (length(btrim(body)) > 0)
      );
    `);
    this.addSql(
      `create index "version_comments_version_id_created_at_index" on "version_comments" ("version_id", "created_at");`,
    );
    this.addSql(
      `create index "version_comments_parent_id_index" on "version_comments" ("parent_id") where "parent_id" is not null;`,
    );
    this.addSql(
      `alter table "version_comments" add constraint "version_comments_version_id_carried_from_id_unique" unique ("version_id", "carried_from_id");`,
    );
    this.addSql(
      `alter table "version_comments" add constraint "version_comments_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "version_comments" add constraint "version_comments_version_id_foreign" foreign key ("version_id") references "project_versions" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`
      create table "client_questions" (
        "id" uuid not null,
        "project_id" uuid not null,
        "question" text not null,
        "asked_by" text not null,
        "asked_by_name" text not null,
        "asked_at" timestamptz not null,
        "answer" text null,
        "answered_by" text null,
        "answered_by_name" text null,
        "answered_at" timestamptz null,
        "paused_ms" bigint null,
        "created_at" timestamptz not null default now(),
        constraint "client_questions_pkey" primary key ("id")
      );
    `);
    this.addSql(
      `create index "client_questions_project_id_asked_at_index" on "client_questions" ("project_id", "asked_at" desc);`,
    );
    this.addSql(
      `alter table "client_questions" add constraint "client_questions_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "client_questions" cascade;`);
    this.addSql(`drop table if exists "version_comments" cascade;`);
    this.addSql(`drop table if exists "project_versions" cascade;`);
    this.addSql(`alter table "project_revisions" drop column "version_number";`);
    this.addSql(`alter table "upload_sessions" drop column "note";`);
  }
}
