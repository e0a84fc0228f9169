import { MESSAGES } from '../../domain/messages';
import { HttpError } from './http-error';

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
    console.error(`[api] ${what}: workflow not started`, error);
    await undo().catch((undoError: unknown) => console.error(`[api] ${what}: not removed`, undoError));
    throw new HttpError(503, MESSAGES.serviceUnavailable);
  }
}
