import { Migration } from '@mikro-orm/migrations';

/**
 * Upload sessions of the project page (000 §2 Files tab): two more areas, and the project the
 * session uploads to (a completed file there becomes a `project_files` row).
 */
export class Migration20261204000000_project_uploads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "upload_sessions" drop constraint "upload_sessions_area_check";`);
    this.addSql(
      `alter table "upload_sessions" add constraint "upload_sessions_area_check" check ("area" in ('brief', 'wizard', 'project_source', 'project_final'));`,
    );
    this.addSql(`alter table "upload_sessions" add column "project_id" uuid null;`);
    this.addSql(
      `alter table "upload_sessions" add constraint "upload_sessions_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "upload_sessions" where "area" in ('project_source', 'project_final');`);
    this.addSql(`alter table "upload_sessions" drop constraint "upload_sessions_project_id_foreign";`);
    this.addSql(`alter table "upload_sessions" drop column "project_id";`);
    this.addSql(`alter table "upload_sessions" drop constraint "upload_sessions_area_check";`);
    this.addSql(
      `alter table "upload_sessions" add constraint "upload_sessions_area_check" check ("area" in ('brief', 'wizard'));`,
    );
  }
}
