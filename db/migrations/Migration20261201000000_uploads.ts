import { Migration } from '@mikro-orm/migrations';

/** Upload sessions and their files: browser uploads straight to S3 (multipart), then analysis. */
export class Migration20261201000000_uploads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "upload_sessions" (
        "id" uuid not null default gen_random_uuid(),
        "secret_hash" text not null,
        "user_id" text null,
        "area" text not null constraint "upload_sessions_area_check" check ("area" in ('brief', 'wizard')),
        "analysis" jsonb null,
        "analysed_at" timestamptz null,
        "created_at" timestamptz not null default now(),
        constraint "upload_sessions_pkey" primary key ("id")
      );`);
    this.addSql(`
      create table "uploaded_files" (
        "id" uuid not null default gen_random_uuid(),
        "session_id" uuid not null,
        "name" text not null,
        "size" bigint not null constraint "uploaded_files_size_check" check (size >= 0),
        "mime_type" text not null,
        "kind" text not null constraint "uploaded_files_kind_check" check ("kind" in ('video', 'audio', 'image')),
        "bucket" text not null,
        "storage_key" text not null,
        "multipart_upload_id" text not null,
        "status" text not null default 'uploading' constraint "uploaded_files_status_check" check ("status" in ('uploading', 'completed', 'rejected', 'cancelled')),
        "error" text null,
        "duration_seconds" numeric(12,3) null,
        "completed_at" timestamptz null,
        "created_at" timestamptz not null default now(),
        constraint "uploaded_files_pkey" primary key ("id"),
        constraint "uploaded_files_session_id_foreign" foreign key ("session_id") references "upload_sessions" ("id") on update cascade on delete cascade,
        constraint "uploaded_files_bucket_storage_key_unique" unique ("bucket", "storage_key")
      );`);
    this.addSql(
      `create index "uploaded_files_session_id_created_at_index" on "uploaded_files" ("session_id", "created_at");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "uploaded_files" cascade;');
    this.addSql('drop table if exists "upload_sessions" cascade;');
  }
}
