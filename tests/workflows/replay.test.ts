import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger, Worker } from '@temporalio/worker';
import { WORKFLOW_INTERCEPTOR_MODULES, workerTracingOptions } from '../../activities/worker-tracing';
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

test('project histories from before the local assignment steps are kept beside those after', () => {
  const scheduledLoad = (file: string) => scheduledActivities(file).includes('loadProjectSnapshot');
  const projectFiles = files.filter((file) => file.startsWith('project-workflow-'));
  const before = projectFiles.filter((file) => file.endsWith('-before-local-assignment-activities.json'));
  const after = projectFiles.filter((file) => !file.includes('-before-'));
  expect(before.length).toBeGreaterThan(0);
  expect(before.every(scheduledLoad)).toBe(true);
  // Since the patch the project's load runs as a local activity: a marker, no activity task.
  expect(after.length).toBeGreaterThan(0);
  expect(after.some(scheduledLoad)).toBe(false);
});

/** The child workflows a history started, by type name. */
function startedChildren(file: string): string[] {
  const { events } = historyOf(file) as {
    events: { startChildWorkflowExecutionInitiatedEventAttributes?: { workflowType: { name: string } } }[];
  };
  return events.flatMap((event) => event.startChildWorkflowExecutionInitiatedEventAttributes?.workflowType.name ?? []);
}

test('a paid brief’s history from before its rushes had contact sheets is kept beside one that starts them', () => {
  expect(startedChildren('brief-workflow-paid-before-brief-rush-contact-sheets.json')).toEqual(['projectWorkflow']);
  expect(startedChildren('brief-workflow-paid.json')).toEqual(['projectWorkflow', 'rushContactSheetWorkflow']);
});

// One bundle for every history, with the tracing interceptors the worker runs: they must not change
// what old histories replay.
let workflowBundle: { code: string };
beforeAll(async () => {
  workflowBundle = await bundleWorkflowCode({
    workflowsPath: require.resolve('../../workflows'),
    workflowInterceptorModules: WORKFLOW_INTERCEPTOR_MODULES,
    logger: new DefaultLogger('WARN'),
  });
}, 180_000);

test.each(files)('%s replays on the current workflow code', async (file) => {
  const history = historyOf(file);
  await Worker.runReplayHistory(
    { workflowBundle, sinks: workerTracingOptions(undefined).sinks },
    history,
    file.replace(/\.json$/, ''),
  );
});
