import { ApplicationFailure } from '@temporalio/common';
import { projectEvent } from '../../domain/events';
import { ProjectFile, ProjectVersion } from '../../db/entities';
import { appendEvents } from '../../db/outbox';
import type { ProjectActivities } from '../../workflows/project-activities';
import type { ProjectActivityDeps } from './deps';
import { lockProject, projectChanged } from './rows';

/** The end of the retention: the project's files leave storage, then their rows. */
export function createProjectFileActivities(deps: ProjectActivityDeps): Pick<ProjectActivities, 'deleteProjectFiles'> {
  return {
    async deleteProjectFiles(projectId) {
      const em = deps.orm.em.fork();
      const files = await em.find(ProjectFile, { project: projectId });
      const previews = await em.find(ProjectVersion, { project: projectId, previewKey: { $ne: null } });
      if (files.length + previews.length > 0 && !deps.deleteObject)
        throw ApplicationFailure.nonRetryable('The worker has no S3 storage configured', 'WorkerMisconfigured');
      for (const file of files) {
        await deps.deleteObject!(file.storageBucket, file.storageKey);
        // A rush's contact sheet shows its pictures: its thumbnails go with it.
        for (const shot of file.contactSheet?.shots ?? [])
          await deps.deleteObject!(file.storageBucket, shot.thumbnailKey);
      }
      // The previews go with the originals; the versions and their comments go with the files' rows.
      for (const version of previews) await deps.deleteObject!(version.previewBucket ?? '', version.previewKey!);
      return em.transactional(async (tx) => {
        const project = await lockProject(tx, projectId);
        const deleted = await tx.nativeDelete(ProjectFile, { project: projectId });
        project.filesPurgedAt ??= new Date();
        await appendEvents(tx, () => [
          projectEvent({ type: 'project.file', projectId, fileId: null, fileType: null }),
          projectChanged(project),
        ]);
        return { deleted };
      });
    },
  };
}
