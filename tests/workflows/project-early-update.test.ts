import { randomUUID } from 'node:crypto';
import { WorkflowUpdateStage } from '@temporalio/client';
import { Project } from '../../db/entities';
import { projectWorkflow } from '../../workflows';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { cancelUpdate, projectWorkflowId } from '../../workflows/contracts/project';
import { seedProject } from '../support/project-seed';
import { type ProjectWorkflowTestEnv, startProjectWorkflowEnv, testAdmin } from '../support/project-workflow-env';

/**
 * An admin's action that reaches a project's workflow while it is still loading the project (a
 * project cancelled the moment it was paid): the workflow takes it once loaded, never answers
 * that it has no handler for it.
 */
jest.setTimeout(120_000);

const admin = testAdmin;

let setup: ProjectWorkflowTestEnv;
/** The project load waits for the test: `loading` resolves when it starts, `release` lets it finish. */
let loading: Promise<void>;
let release: () => void;

beforeAll(async () => {
  let started: () => void;
  loading = new Promise((resolve) => (started = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  setup = await startProjectWorkflowEnv('rushflow_project_early_update', (project) => ({
    async loadProjectSnapshot(projectId: string) {
      started();
      await released;
      return project.loadProjectSnapshot(projectId);
    },
  }));
});

afterAll(() => setup?.stop());

test('a cancellation sent while the workflow loads its project is taken once it is loaded', async () => {
  const projectId = await seedProject(setup.db.orm.em.fork(), {
    client: { id: 'client-1', email: 'client-1@clients.rushflow.test' },
    status: 'brief_received',
    title: `Projet ${randomUUID().slice(0, 6)}`,
  });
  const handle = await setup.env.client.workflow.start(projectWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId: projectWorkflowId(projectId),
    args: [{ projectId, briefId: 'unused', searchAttributes: false }],
  });
  await loading;
  const update = await handle.startUpdate(cancelUpdate, {
    args: [{ actor: admin, reason: 'Annulé aussitôt' }],
    waitForStage: WorkflowUpdateStage.ACCEPTED,
  });
  release();
  expect(await update.result()).toEqual({ status: 'cancelled', revisionCount: 0 });
  expect((await setup.db.orm.em.fork().findOneOrFail(Project, projectId)).status).toBe('cancelled');
});
