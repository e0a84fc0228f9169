import { Migration } from '@mikro-orm/migrations';
import { CONTACT_SHEET_MESSAGES, type ContactSheetRecord } from '../../domain/contact-sheet';
import { VIDEO_EXTENSIONS } from '../../domain/uploads';

/**
 * The rushes sent with a brief become its project's sources (issue 33): paid projects made before
 * get theirs from `brief_data.uploaded_files`, as new ones do at payment. A migration starts no
 * workflow: each video's sheet waits for « Relancer l’analyse », whose reason says so.
 */
export class Migration20261229000200_brief_rushes_as_sources extends Migration {
  override async up(): Promise<void> {
    const waiting: ContactSheetRecord = { status: 'failed', error: CONTACT_SHEET_MESSAGES.notStarted };
    // The extensions are the code's own constants, not input.
    const videoExtensions = VIDEO_EXTENSIONS.map((extension) => `'${extension}'`).join(', ');
    this.addSql(
      this.getKnex().raw(
        `insert into "project_files"
           ("project_id", "filename", "file_type", "storage_bucket", "storage_key", "mime_type", "file_size",
            "uploaded_by", "contact_sheet", "created_at")
         select p."id", rush->>'name', 'source', rush->>'bucket', rush->>'key', nullif(rush->>'type', ''),
                (rush->>'size')::bigint, coalesce(p."client_id", ''),
                case when lower(substring(rush->>'name' from '.\\.([^.]+)$')) in (${videoExtensions}) then ?::jsonb end,
                p."created_at"
         from "projects" p
         cross join lateral jsonb_array_elements(coalesce(p."brief_data"->'uploaded_files', '[]'::jsonb)) rush
         on conflict ("storage_bucket", "storage_key") do nothing`,
        [JSON.stringify(waiting)],
      ),
    );
  }

  override async down(): Promise<void> {
    // Only a brief's rushes live in its bucket.
    this.addSql(`delete from "project_files" where "storage_bucket" = 'briefs';`);
  }
}
