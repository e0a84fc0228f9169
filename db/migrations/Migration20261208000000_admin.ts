import { Migration } from '@mikro-orm/migrations';

/**
 * The administration: the audit log of admin actions (domain/admin.ts `AUDIT_ACTIONS`), and the
 * mark of the rows a /test run creates (its run id), which real assignments and lists leave out.
 */
export class Migration20261208000000_admin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "admin_audit_log" (
        "id" uuid not null default gen_random_uuid(),
        "actor_id" text not null,
        "actor_email" text not null,
        "action" text not null constraint "admin_audit_log_action_check" check ("action" in ('project.assign', 'project.cancel', 'user.invite', 'role.assign', 'role.remove', 'application.update', 'application.invite', 'settings.update')),
        "target_type" text not null constraint "admin_audit_log_target_type_check" check ("target_type" in ('project', 'user', 'application', 'settings')),
        "target_id" text null,
        "target_label" text null,
        "before" jsonb null,
        "after" jsonb null,
        "created_at" timestamptz not null default now(),
        constraint "admin_audit_log_pkey" primary key ("id")
      );
    `);
    this.addSql(`create index "admin_audit_log_created_at_index" on "admin_audit_log" ("created_at" desc);`);
    this.addSql(
      `create index "admin_audit_log_target_index" on "admin_audit_log" ("target_type", "target_id", "created_at" desc);`,
    );
    for (const table of ['briefs', 'projects', 'editor_profiles']) {
      this.addSql(`alter table "${table}" add column "system_test_run" uuid null;`);
    }
  }

  override async down(): Promise<void> {
    for (const table of ['editor_profiles', 'projects', 'briefs']) {
      this.addSql(`delete from "${table}" where "system_test_run" is not null;`);
      this.addSql(`alter table "${table}" drop column "system_test_run";`);
    }
    this.addSql(`drop table if exists "admin_audit_log" cascade;`);
  }
}
