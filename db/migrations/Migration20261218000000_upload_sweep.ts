import { Migration } from '@mikro-orm/migrations';

/**
 * Upload sessions say when a brief or an application took their files (`attached_at`), so the
 * sweep of abandoned uploads keeps those and removes the others after a day. Sessions already
 * used by a brief (its rushes name their bucket and key) or by an application (its photo) are
 * marked now.
 */
export class Migration20261218000000_upload_sweep extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "upload_sessions" add column "attached_at" timestamptz null;`);
    this.addSql(`
      update "upload_sessions" s set "attached_at" = now()
      where exists (
        select 1 from "uploaded_files" f
        join "briefs" b on b."uploaded_files" @> jsonb_build_array(jsonb_build_object('bucket', f."bucket", 'key', f."storage_key"))
        where f."session_id" = s."id"
      ) or exists (
        select 1 from "uploaded_files" f
        join "editor_applications" a on a."profile_photo_file_id" = f."id"
        where f."session_id" = s."id"
      );`);
    this.addSql(
      `create index "upload_sessions_unattached_created_at_index" on "upload_sessions" ("created_at") where "attached_at" is null;`,
    );
    this.addSql(
      `create index "uploaded_files_unfinished_created_at_index" on "uploaded_files" ("created_at") where "status" <> 'completed';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "uploaded_files_unfinished_created_at_index";`);
    this.addSql(`drop index "upload_sessions_unattached_created_at_index";`);
    this.addSql(`alter table "upload_sessions" drop column "attached_at";`);
  }
}
