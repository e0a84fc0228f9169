import { Migration } from '@mikro-orm/migrations';

/**
 * Rush contact sheets: a source video's shots (frames and thumbnail keys), its clock and the
 * sheet's status, as one jsonb value on its `project_files` row (read and written whole).
 */
export class Migration20261229000100_contact_sheets extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "project_files" add column "contact_sheet" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "project_files" drop column "contact_sheet";`);
  }
}
