import { randomUUID } from 'node:crypto';
import { WorkflowUpdateStage } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { createActivities } from '../../activities';
import { createProjectActivities } from '../../activities/project';
import { Project } from '../../db/entities';
import { createMailTransport } from '../../db/mail';
import { projectWorkflow } from '../../workflows';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { cancelUpdate, projectWorkflowId, type ProjectActor } from '../../workflows/contracts/project';
import { createScratchDatabase } from '../support/brief-scratch-db';
import { TestMailServer } from '../support/mail-server';
import { seedProject } from '../support/project-seed';
import { createTimeSkippingEnv } from '../support/temporal-test-env';

/**
 * An admin's action that reaches a project's workflow while it is still loading the project (a
 * project cancelled the moment it was paid): the workflow takes it once loaded, never answers
 * that it has no handler for it.
 */
jest.setTimeout(120_000);

const MAIL_FROM = 'Rushflow <bonjour@rushflow.local>';
const admin: ProjectActor = {
  id: 'admin-1',
  email: 'admin@rushflow.test',
  emailVerified: true,
  roles: ['admin'],
  name: 'Admin Test',
};

let env: TestWorkflowEnvironment;
let mail: TestMailServer;
let db: Awaited<ReturnType<typeof createScratchDatabase>>;
let worker: Worker;
let running: Promise<void>;
/** The project load waits for the test: `loading` resolves when it starts, `release` lets it finish. */
let loading: Promise<void>;
let release: () => void;

beforeAll(async () => {
  [env, mail, db] = await Promise.all([
    createTimeSkippingEnv(),
    TestMailServer.start(),
    createScratchDatabase('rushflow_project_early_update'),
  ]);
  const transport = createMailTransport(mail.smtpUrl);
  const project = createProjectActivities({
    orm: db.orm,
    mailTransport: transport,
    mailFrom: MAIL_FROM,
    appUrl: 'http://localhost:3000',
    directory: { admins: async () => [{ id: admin.id, email: admin.email }], emailOf: async (id) => `${id}@x.test` },
  });
  let started: () => void;
  loading = new Promise((resolve) => (started = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities: {
      ...createActivities({ db: db.orm, mail: { transport, from: MAIL_FROM }, appUrl: 'http://localhost:3000' }),
      ...project,
      async loadProjectSnapshot(projectId: string) {
        started();
        await released;
        return project.loadProjectSnapshot(projectId);
      },
    },
  });
  running = worker.run();
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
  await mail?.stop();
  await db?.drop();
});

test('a cancellation sent while the workflow loads its project is taken once it is loaded', async () => {
  const projectId = await seedProject(db.orm.em.fork(), {
    client: { id: 'client-1', email: 'client-1@clients.rushflow.test' },
    status: 'brief_received',
    title: `Projet ${randomUUID().slice(0, 6)}`,
  });
  const handle = await env.client.workflow.start(projectWorkflow, {
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
  expect((await db.orm.em.fork().findOneOrFail(Project, projectId)).status).toBe('cancelled');
});
