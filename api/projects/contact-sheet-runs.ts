import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { CONTACT_SHEET_MESSAGES, contactSheetSummary } from '../../domain/contact-sheet';
import { projectEvent } from '../../domain/events';
import { writeContactSheet } from '../../db/contact-sheets';
import { ProjectFile } from '../../db/entities';
import { appendEvents } from '../../db/outbox';
import { HttpError } from '../lib/http-error';
import type { ContactSheetWorkflowClient } from './contact-sheet-workflow-client';

/** A sheet whose run could not be started stops waiting: it says so, and its retry starts it. */
export function recordSheetNotStarted(em: EntityManager, fileId: string): Promise<void> {
  const notStarted = { status: 'failed' as const, error: CONTACT_SHEET_MESSAGES.notStarted };
  return writeContactSheet(em, fileId, notStarted, (stored) => stored?.status !== 'pending');
}

/**
 * Makes a file's sheet again: one that failed, or one left pending without a run (its start was
 * lost). 404 for a file of another project or without a sheet, 409 when ready or under way.
 */
export async function retryContactSheet(
  em: EntityManager,
  contactSheets: Pick<ContactSheetWorkflowClient, 'start' | 'running' | 'settle'>,
  projectId: string,
  fileId: string,
) {
  const file = await em.findOne(ProjectFile, { id: fileId, project: projectId });
  const stored = file?.contactSheet;
  if (!file) throw new HttpError(404, CONTACT_SHEET_MESSAGES.fileNotFound);
  if (!stored || stored.status === 'none') throw new HttpError(404, CONTACT_SHEET_MESSAGES.noSheet);
  if (stored.status === 'ready') throw new HttpError(409, CONTACT_SHEET_MESSAGES.alreadyReady);
  // A failed run has recorded its reason and is ending: let it close before starting the next.
  const running = await contactSheets.running(fileId);
  if (running && stored.status === 'pending') throw new HttpError(409, CONTACT_SHEET_MESSAGES.alreadyRunning);
  if (running) await contactSheets.settle(fileId);
  let summary = contactSheetSummary(stored);
  await em.transactional(async (tx) => {
    const locked = await tx.findOneOrFail(ProjectFile, fileId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (locked.contactSheet?.status === 'ready') throw new HttpError(409, CONTACT_SHEET_MESSAGES.alreadyReady);
    locked.contactSheet = { status: 'pending' };
    summary = contactSheetSummary(locked.contactSheet);
    await appendEvents(tx, () => [
      projectEvent({ type: 'project.file', projectId, fileId, fileType: locked.fileType }),
    ]);
    // Started before the commit: when the start is refused, the sheet stays as it was.
    await contactSheets.start(fileId);
  });
  return summary;
}
