import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The progress of a project's latest revision, as SQL columns over the projects row aliased `p`:
 * `revision_started` (the editor clicked « Commencer ») and `new_version_since_revision` (a version
 * uploaded after the revision was requested). The project page reads them to offer its actions and
 * the workflow's activity reads them to accept « Révision terminée »: one answer for both.
 */
export const REVISION_PROGRESS_COLUMNS = `
  (select r.status = 'in_progress' from project_revisions r
    where r.project_id = p.id order by r.revision_number desc limit 1) as revision_started,
  exists(select 1 from project_versions v
          where v.project_id = p.id
            and v.created_at > (select max(r.created_at) from project_revisions r where r.project_id = p.id))
    as new_version_since_revision`;

export interface RevisionProgressRow {
  /** Null when the project has no revision. */
  revision_started: boolean | null;
  new_version_since_revision: boolean;
}

/** The latest revision's progress of one project, read now (in `em`'s transaction). */
export async function readRevisionProgress(em: EntityManager, projectId: string): Promise<RevisionProgressRow> {
  const [row] = await em.execute<RevisionProgressRow[]>(
    `select ${REVISION_PROGRESS_COLUMNS} from projects p where p.id = ?`,
    [projectId],
  );
  return row ?? { revision_started: null, new_version_since_revision: false };
}
