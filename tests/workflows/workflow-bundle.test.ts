import { bundleWorkflowCode } from '@temporalio/worker';

// The worker keeps its open workflows in memory, and each one evaluates its own copy of every
// module the workflow code imports. zod and the schemas built with it made a cached workflow
// weigh about 1.1 MiB instead of about 120 KiB (`npm run bench:workflow-memory`): workflow code
// takes its messages and rules from zod-free `domain/` modules, never from `domain/schemas/`.
test('the workflow bundle the worker runs carries no zod and no input schema', async () => {
  const { code } = await bundleWorkflowCode({
    workflowsPath: require.resolve('../../workflows'),
    logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} },
  });
  const modules = [...code.matchAll(/^\/\*{3}\/ "([^"]+)"/gm)].map((match) => match[1]);

  expect(modules).toContain('./workflows/project-workflow.ts');
  expect(modules.filter((id) => /node_modules\/zod\/|\/domain\/schemas\//.test(id))).toEqual([]);
});
