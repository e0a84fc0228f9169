import fs from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { HISTORIES_DIR } from '../support/histories';

// Every recorded history (RECORD_HISTORIES=1 on the workflow tests) must replay on the current
// workflow code: a non-deterministic change fails here before it reaches running workflows.
// Histories named `*-before-<patch>` were recorded before that patch and are kept as they are
// (a new recording never overwrites them) until the workflows of that shape have closed.
const files = fs.readdirSync(HISTORIES_DIR).filter((file) => file.endsWith('.json'));
const historyOf = (file: string) => JSON.parse(fs.readFileSync(path.join(HISTORIES_DIR, file), 'utf8'));

/** The activities a history scheduled, by type name. */
function scheduledActivities(file: string): string[] {
  const { events } = historyOf(file) as {
    events: { activityTaskScheduledEventAttributes?: { activityType: { name: string } } }[];
  };
  return events.flatMap((event) => event.activityTaskScheduledEventAttributes?.activityType.name ?? []);
}

test('there are recorded histories to replay', () => {
  expect(files.length).toBeGreaterThan(0);
});

test('project histories of both shapes are kept: the flag-bag recordTransition and the named transitions', () => {
  const projectFiles = files.filter((file) => file.startsWith('project-workflow-'));
  const oldShape = projectFiles.filter((file) => scheduledActivities(file).includes('recordTransition'));
  const newShape = projectFiles.filter((file) => scheduledActivities(file).includes('recordDelivery'));
  expect(oldShape.length).toBeGreaterThan(0);
  expect(newShape.length).toBeGreaterThan(0);
  expect(newShape.flatMap(scheduledActivities)).not.toContain('recordTransition');
  expect(newShape.flatMap(scheduledActivities)).not.toContain('readRevisionWindow');
});

test.each(files)('%s replays on the current workflow code', async (file) => {
  const history = historyOf(file);
  await Worker.runReplayHistory(
    { workflowsPath: require.resolve('../../workflows') },
    history,
    file.replace(/\.json$/, ''),
  );
});
