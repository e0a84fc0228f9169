import { Migration } from '@mikro-orm/migrations';
import { READS_CHANNEL } from '../read-changes';

/** The tables each kept read joins, and what a change of one of their rows names (`db/read-changes.ts`). */
const TRIGGERS: Record<string, string> = {
  projects: `'project ' || changed.id`,
  project_files: `'page ' || changed.project_id`,
  project_versions: `'page ' || changed.project_id`,
  client_questions: `'page ' || changed.project_id`,
  notifications: `'user ' || changed.user_id`,
};

/**
 * Every committed change of a row the api keeps answers of in memory NOTIFYs `rushflow_reads`
 * (delivered at commit, once per distinct payload in a transaction): the api forgets those answers.
 */
export class Migration20261210000000_read_changes extends Migration {
  override async up(): Promise<void> {
    for (const [table, payload] of Object.entries(TRIGGERS)) {
      this.addSql(`
        create function "${table}_read_changed"() returns trigger language plpgsql as $$
        declare changed record;
        begin
          if tg_op = 'DELETE' then changed := old; else changed := new; end if;
          perform pg_notify('${READS_CHANNEL}', ${payload});
          -- A row moved to another project or user changes what the old one shows too.
          if tg_op = 'UPDATE' then
            changed := old;
            perform pg_notify('${READS_CHANNEL}', ${payload});
          end if;
          return null;
        end $$;`);
      this.addSql(
        `create trigger "${table}_read_changed" after insert or update or delete on "${table}" for each row execute function "${table}_read_changed"();`,
      );
    }
    // A brief's prices show on its project's page (a brief has one project at most).
    this.addSql(`
      create function "briefs_read_changed"() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${READS_CHANNEL}', 'page ' || p.id) from projects p where p.brief_id = new.id;
        return null;
      end $$;`);
    this.addSql(
      `create trigger "briefs_read_changed" after update on "briefs" for each row execute function "briefs_read_changed"();`,
    );
    // An editor's name shows on every page and list of theirs, their load on their list.
    this.addSql(`
      create function "read_changed_all"() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${READS_CHANNEL}', 'all');
        return null;
      end $$;`);
    this.addSql(
      `create trigger "editor_profiles_read_changed" after insert or update or delete on "editor_profiles" for each statement execute function "read_changed_all"();`,
    );
    // Row triggers do not fire on TRUNCATE.
    for (const table of [...Object.keys(TRIGGERS), 'briefs', 'editor_profiles']) {
      this.addSql(
        `create trigger "${table}_read_truncated" after truncate on "${table}" for each statement execute function "read_changed_all"();`,
      );
    }
  }

  override async down(): Promise<void> {
    for (const table of [...Object.keys(TRIGGERS), 'briefs', 'editor_profiles']) {
      this.addSql(`drop trigger if exists "${table}_read_truncated" on "${table}";`);
      this.addSql(`drop trigger if exists "${table}_read_changed" on "${table}";`);
    }
    for (const table of [...Object.keys(TRIGGERS), 'briefs'])
      this.addSql(`drop function if exists "${table}_read_changed"();`);
    this.addSql(`drop function if exists "read_changed_all"();`);
  }
}
