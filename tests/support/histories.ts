import fs from 'node:fs';
import path from 'node:path';
import type { WorkflowHandle } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';

export const HISTORIES_DIR = path.join(__dirname, '..', 'workflows', 'histories');

/**
 * With RECORD_HISTORIES=1, saves a finished workflow's history as `<name>.json` so the replay test
 * keeps checking that today's workflow code still replays it (determinism across changes).
 */
export async function recordHistoryIfAsked(name: string, handle: WorkflowHandle): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  const history = await handle.fetchHistory();
  fs.mkdirSync(HISTORIES_DIR, { recursive: true });
  fs.writeFileSync(path.join(HISTORIES_DIR, `${name}.json`), historyToJSON(history));
}
