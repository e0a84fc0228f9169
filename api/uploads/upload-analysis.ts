import type { RushAnalysisResult } from '../../domain/analysis';
import { UPLOAD_MESSAGES, areaRunsAnalysis } from '../../domain/uploads';
import type { RushAnalysisInput } from '../../workflows/contracts/rush-analysis';
import { UploadedFile } from '../../db/entities';
import { HttpError } from '../lib/http-error';
import type { Caller, UploadContext } from './upload-context';
import { openSession } from './upload-sessions';

/**
 * Runs rushAnalysisWorkflow over the session's completed files and records what it measured:
 * durations on the files, the result on the session; files ffprobe found not to be media are
 * marked rejected with the reason.
 */
export async function analyseSession(
  context: UploadContext,
  sessionId: string,
  secret: string | undefined,
  caller: Caller,
): Promise<RushAnalysisResult> {
  const em = context.em();
  const session = await openSession(em, sessionId, secret, caller);
  if (!areaRunsAnalysis(session.area)) throw new HttpError(409, UPLOAD_MESSAGES.notAnalysed);
  const files = await em.find(
    UploadedFile,
    { session: session.id, status: 'completed' },
    { orderBy: { createdAt: 'asc' } },
  );
  if (files.length === 0) throw new HttpError(409, UPLOAD_MESSAGES.nothingToAnalyse);
  const input: RushAnalysisInput = {
    sessionId: session.id,
    files: files.map((file) => ({
      fileId: file.id,
      name: file.name,
      size: file.size,
      bucket: file.bucket,
      key: file.storageKey,
      kind: file.kind,
    })),
  };
  const result = await context.rushAnalysis.analyse(input);
  for (const measured of result.fileAnalyses) {
    const file = files.find((candidate) => candidate.id === measured.fileId);
    if (!file) continue;
    if (measured.isMedia) {
      file.durationSeconds = measured.durationSeconds;
    } else {
      file.status = 'rejected';
      file.error = measured.error ?? UPLOAD_MESSAGES.unsupportedType;
    }
  }
  session.analysis = result;
  session.analysedAt = new Date(context.now());
  await em.flush();
  return result;
}
