/** An error whose French message may be shown to the caller as is. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** A machine-readable reason the browser acts on (e.g. `proof_of_work_required`). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
