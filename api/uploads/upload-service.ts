import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller, UploadServiceDeps } from './upload-context';
import { analyseSession } from './upload-analysis';
import { completeFile } from './upload-completion';
import { addFile, removeFile, signUploadRequest } from './upload-files';
import { attachSession, createSession, listFiles } from './upload-sessions';

/**
 * Upload sessions: the server creates every key and multipart upload, signs only the requests of
 * files it created for that session, checks the content once the browser says a file is complete,
 * and runs the rush analysis. Each step is its own function over the same deps.
 */
export function createUploadService(deps: UploadServiceDeps) {
  const context = { ...deps, now: deps.now ?? Date.now };
  return {
    /**
     * The session a brief or an application names, opened with the secret its uploader holds (same
     * checks as every upload call), and marked attached so the sweep of abandoned uploads keeps it.
     */
    openSessionForBrief: (em: EntityManager, sessionId: string, secret: string | undefined, caller: Caller) =>
      attachSession(context, em, sessionId, secret, caller),
    createSession: createSession.bind(null, context),
    listFiles: listFiles.bind(null, context),
    addFile: addFile.bind(null, context),
    sign: signUploadRequest.bind(null, context),
    completeFile: completeFile.bind(null, context),
    removeFile: removeFile.bind(null, context),
    analyse: analyseSession.bind(null, context),
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
