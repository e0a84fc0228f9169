import { Migration } from '@mikro-orm/migrations';

/**
 * A version's delivery analysis, measured on the preview's pass: the QC report against the brief,
 * the scene cuts and the waveform, and when the editor showed the report to the client. Versions
 * made before it have none ('unavailable'); new ones wait for it ('pending').
 */
export class Migration20261229000000_version_analysis extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "project_versions"
      add column "video_codec" text null,
      add column "has_audio" boolean null,
      add column "analysis_status" text not null default 'unavailable'
        constraint "project_versions_analysis_status_check" check ("analysis_status" in ('pending', 'ready', 'unavailable')),
      add column "qc_report" jsonb null,
      add column "scene_cuts" jsonb null,
      add column "waveform" jsonb null,
      add column "qc_shared_at" timestamptz null;`);
    this.addSql(`alter table "project_versions" alter column "analysis_status" set default 'pending';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "project_versions"
      drop column if exists "video_codec",
      drop column if exists "has_audio",
      drop column if exists "analysis_status",
      drop column if exists "qc_report",
      drop column if exists "scene_cuts",
      drop column if exists "waveform",
      drop column if exists "qc_shared_at";`);
  }
}
