import { Migration } from '@mikro-orm/migrations';
import { READS_CHANNEL } from '../read-changes';

const AUDIT_ACTIONS_BEFORE = [
  'project.assign',
  'project.cancel',
  'user.invite',
  'role.assign',
  'role.remove',
  'application.update',
  'application.invite',
  'settings.update',
];
const AUDIT_ACTIONS_AFTER = [
  ...AUDIT_ACTIONS_BEFORE.slice(0, 2),
  'project.reassign',
  'project.deadline',
  'project.revisions',
  ...AUDIT_ACTIONS_BEFORE.slice(2),
];

const auditActionCheck = (actions: string[]) =>
  `alter table "admin_audit_log" add constraint "admin_audit_log_action_check" check ("action" in (${actions
    .map((action) => `'${action}'`)
    .join(', ')}));`;

/** A project's files, versions and revisions change what its lists show too (the editor's actions). */
const projectRowChanged = (table: string) => `
  create or replace function "${table}_read_changed"() returns trigger language plpgsql as $$
  declare changed record;
  begin
    if tg_op = 'DELETE' then changed := old; else changed := new; end if;
    perform pg_notify('${READS_CHANNEL}', 'project ' || changed.project_id);
    return null;
  end $$;`;

/**
 * The admin's changes of a running project (reassignment, deadline, revisions quota) in the audit
 * log; the project lists, which now show the editor the actions of an open revision, hear of new
 * versions and revisions.
 */
export class Migration20261214000000_admin_project_changes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "admin_audit_log" drop constraint "admin_audit_log_action_check";`);
    this.addSql(auditActionCheck(AUDIT_ACTIONS_AFTER));
    this.addSql(projectRowChanged('project_files'));
    this.addSql(projectRowChanged('project_versions'));
    this.addSql(projectRowChanged('project_revisions'));
    this.addSql(
      `create trigger "project_revisions_read_changed" after insert or update or delete on "project_revisions" for each row execute function "project_revisions_read_changed"();`,
    );
    this.addSql(
      `create trigger "project_revisions_read_truncated" after truncate on "project_revisions" for each statement execute function "read_changed_all"();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "project_revisions_read_truncated" on "project_revisions";`);
    this.addSql(`drop trigger if exists "project_revisions_read_changed" on "project_revisions";`);
    this.addSql(`drop function if exists "project_revisions_read_changed"();`);
    for (const table of ['project_files', 'project_versions']) {
      this.addSql(`
        create or replace function "${table}_read_changed"() returns trigger language plpgsql as $$
        declare changed record;
        begin
          if tg_op = 'DELETE' then changed := old; else changed := new; end if;
          perform pg_notify('${READS_CHANNEL}', 'page ' || changed.project_id);
          if tg_op = 'UPDATE' then
            changed := old;
            perform pg_notify('${READS_CHANNEL}', 'page ' || changed.project_id);
          end if;
          return null;
        end $$;`);
    }
    this.addSql(
      `delete from "admin_audit_log" where "action" in ('project.reassign', 'project.deadline', 'project.revisions');`,
    );
    this.addSql(`alter table "admin_audit_log" drop constraint "admin_audit_log_action_check";`);
    this.addSql(auditActionCheck(AUDIT_ACTIONS_BEFORE));
  }
}
