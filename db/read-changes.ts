/**
 * What the database says, at each commit, about rows the api keeps answers of in memory (the
 * project page, the project lists, the bell). Triggers of the tables these reads join NOTIFY on
 * this channel, so no writer (the api, the worker, a script, psql) can change them unheard.
 */
export const READS_CHANNEL = 'rushflow_reads';

export type ReadChange =
  /** A project's own row, or its files, versions and revisions (the lists offer their actions): its page and every list. */
  | { kind: 'project'; projectId: string }
  /** Something shown on a project's page only (its open question, its brief). */
  | { kind: 'page'; projectId: string }
  /** A user's notifications. */
  | { kind: 'user'; userId: string }
  /** Anything else (an editor's profile, a truncated table): every kept answer. */
  | { kind: 'all' };

/** Reads a NOTIFY payload (`project <id>`, `page <id>`, `user <id>`, `all`); anything else counts as `all`. */
export function parseReadChange(payload: string): ReadChange {
  const [kind, id] = payload.split(' ');
  if (id && kind === 'project') return { kind, projectId: id };
  if (id && kind === 'page') return { kind, projectId: id };
  if (id && kind === 'user') return { kind, userId: id };
  return { kind: 'all' };
}
