import { Migration } from '@mikro-orm/migrations';

/**
 * Each project keeps the id of the trace its creation ran in (the paid brief's, from the payment
 * webhook on), so the admin pages can link to it; null when tracing was off.
 */
export class Migration20261226000000_project_trace_ids extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "projects" add column "trace_id" text null;`);
    this.addSql(
      `alter table "projects" add constraint "projects_trace_id_check" check ("trace_id" ~ '^[0-9a-f]{32}$');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "projects" drop column "trace_id";`);
  }
}
