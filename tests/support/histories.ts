import fs from 'node:fs';
import path from 'node:path';
import type { WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { roots } from 'protobufjs';
import { toJson } from 'protobufjs/ext/protojson';

export const HISTORIES_DIR = path.join(__dirname, '..', 'workflows', 'histories');

/**
 * With RECORD_HISTORIES=1, saves a finished workflow's history as `<name>.json` so the replay test
 * keeps checking that today's workflow code still replays it (determinism across changes).
 */
export async function recordHistoryIfAsked(name: string, handle: WorkflowHandle): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  const history = await handle.fetchHistory();
  // @temporalio/proto registers its reflection root as `__temporal`: the canonical proto JSON that
  // Temporal's CLI and UI export, and that the replayer reads back.
  const historyType = roots.__temporal.lookupType('temporal.api.history.v1.History');
  const json = toJson(historyType, temporal.api.history.v1.History.fromObject(history));
  fs.mkdirSync(HISTORIES_DIR, { recursive: true });
  fs.writeFileSync(path.join(HISTORIES_DIR, `${name}.json`), JSON.stringify(json, null, 2));
}
