import fs from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { HISTORIES_DIR } from '../support/histories';

// Every recorded history (RECORD_HISTORIES=1 on the workflow tests) must replay on the current
// workflow code: a non-deterministic change fails here before it reaches running workflows.
const files = fs.readdirSync(HISTORIES_DIR).filter((file) => file.endsWith('.json'));

test('there are recorded histories to replay', () => {
  expect(files.length).toBeGreaterThan(0);
});

test.each(files)('%s replays on the current workflow code', async (file) => {
  const history = JSON.parse(fs.readFileSync(path.join(HISTORIES_DIR, file), 'utf8'));
  await Worker.runReplayHistory(
    { workflowsPath: require.resolve('../../workflows') },
    history,
    file.replace(/\.json$/, ''),
  );
});
