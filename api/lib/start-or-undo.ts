import { MESSAGES } from '../../domain/messages';
import { HttpError } from './http-error';
import { processLogger } from '../../observability/logger';

const log = processLogger('api').child({ component: 'workflow-start' });

/**
 * Starts the workflow of a row the caller just stored. When Temporal cannot take it, the row is
 * removed again, so the request leaves nothing half-done, and the caller answers 503.
 */
export async function startOrUndo(
  start: () => Promise<void>,
  undo: () => Promise<unknown>,
  what: string,
): Promise<void> {
  try {
    await start();
  } catch (error) {
    log.error({ err: error, what }, 'workflow not started');
    await undo().catch((undoError: unknown) => log.error({ err: undoError, what }, 'not removed'));
    throw new HttpError(503, MESSAGES.serviceUnavailable);
  }
}
