import { Migration } from '@mikro-orm/migrations';
import { briefTitle } from '../../domain/brief-options';

interface UnnamedProject {
  id: string;
  video_type: string | null;
  video_type_custom: string | null;
  video_types: string[];
  objective: string | null;
  objective_custom: string | null;
}

/**
 * Projects people can tell apart: each gets a short reference (`RF-2026-0042`: the year of its
 * creation, Paris time, and a number from one sequence, four digits or more), given by the
 * database on insert so no path can create a project without one; the existing projects are
 * numbered in creation order. Projects named by the old rule (« Montage YouTube ») take the name
 * their brief gives them now. An application's review keeps the reviewer's name.
 */
export class Migration20261216000000_project_references extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create sequence "project_reference_seq" as bigint;`);
    this.addSql(`
      create function "project_reference"(made_at timestamptz, number bigint) returns text
      language sql stable as $$
        select 'RF-' || to_char(made_at at time zone 'Europe/Paris', 'YYYY') || '-'
               || lpad(number::text, greatest(4, length(number::text)), '0')
      $$;`);
    this.addSql(`alter table "projects" add column "reference" text null;`);
    this.addSql(`
      update "projects" p set "reference" = project_reference(p."created_at", numbered.n)
        from (select "id", row_number() over (order by "created_at", "id") as n from "projects") numbered
       where numbered."id" = p."id";`);
    this.addSql(
      `select setval('project_reference_seq', greatest((select count(*) from "projects"), 1), (select count(*) from "projects") > 0);`,
    );
    this.addSql(
      `alter table "projects" alter column "reference" set default project_reference(now(), nextval('project_reference_seq'));`,
    );
    this.addSql(`alter table "projects" alter column "reference" set not null;`);
    this.addSql(`alter table "projects" add constraint "projects_reference_unique" unique ("reference");`);
    this.addSql(`alter sequence "project_reference_seq" owned by "projects"."reference";`);

    const unnamed = await this.execute(
      `select p."id", b."video_type", b."video_type_custom", b."video_types", b."objective", b."objective_custom"
         from "projects" p join "briefs" b on b."id" = p."brief_id"
        where coalesce(trim(b."project_name"), '') = ''`,
    );
    for (const project of unnamed as UnnamedProject[]) {
      const title = briefTitle({
        videoType: project.video_type,
        videoTypeCustom: project.video_type_custom,
        videoTypes: project.video_types,
        objective: project.objective,
        objectiveCustom: project.objective_custom,
      });
      this.addSql(this.getKnex().raw(`update "projects" set "title" = ? where "id" = ?`, [title, project.id]));
    }

    this.addSql(`alter table "editor_applications" add column "reviewed_by_name" text null;`);
    // Reviews made before the name was kept show the e-mail the admin signed the journal with.
    this.addSql(`
      update "editor_applications" a set "reviewed_by_name" = (
        select l."actor_email" from "admin_audit_log" l
         where l."target_type" = 'application' and l."target_id" = a."id"::text and l."actor_id" = a."reviewed_by"
         order by l."created_at" desc limit 1)
       where a."reviewed_by" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "editor_applications" drop column "reviewed_by_name";`);
    this.addSql(`alter table "projects" drop column "reference";`);
    this.addSql(`drop function "project_reference"(timestamptz, bigint);`);
  }
}
