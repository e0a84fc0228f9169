import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { ContactSheetRecord } from '../domain/contact-sheet';
import { projectEvent } from '../domain/events';
import { ProjectFile } from './entities';
import { appendEvents } from './outbox';

/**
 * Writes a file's contact sheet under its row lock, with the `project.file` event its viewers
 * follow, unless `keep` says the stored sheet stays (the worker's outcome, the api's retry).
 */
export async function writeContactSheet(
  em: EntityManager,
  fileId: string,
  sheet: ContactSheetRecord,
  keep: (stored: ContactSheetRecord | null) => boolean = () => false,
): Promise<void> {
  await em.transactional(async (tx) => {
    const file = await tx.findOne(ProjectFile, { id: fileId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!file || keep(file.contactSheet ?? null)) return;
    file.contactSheet = sheet;
    const projectId = file.project.id;
    await appendEvents(tx, () => [
      projectEvent({ type: 'project.file', projectId, fileId: file.id, fileType: file.fileType }),
    ]);
  });
}
