// What the benches of project workflows share (`bench:projects`, `bench:workflow-memory`): against
// the running stack's Temporal dev server and PostgreSQL (loopback only), a namespace, a scratch
// database and a worker in the bench's process of their own; projects seeded and their workflows
// started; at the end every workflow started is terminated and the database dropped.
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import nodemailer from 'nodemailer';
import { createProjectActivities } from '../../activities/project/index.ts';
import { WORKFLOW_INTERCEPTOR_MODULES, workerTracingOptions } from '../../activities/worker-tracing.ts';
import { createScratchDatabase } from '../../tests/support/brief-scratch-db.ts';
import { seedProject } from '../../tests/support/project-seed.ts';
import { ensureNamespace } from '../../tests/support/temporal-namespace.ts';
import { projectWorkflowId } from '../../workflows/contracts/project.ts';

/**
 * Opens the bench: `{ client, db, startProjects, close }`. `startProjects(count, deadline)`
 * seeds projects that wait for their editor and starts their workflows, 50 at a time, until
 * `count` or the deadline (ms since epoch): their ids and when each workflow was started.
 */
export async function openProjectWorkflowBench({ namespace, taskQueue, database, maxCachedWorkflows }) {
  const address = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  const connection = await Connection.connect({ address });
  await ensureNamespace(connection, namespace);
  const client = new Client({ connection, namespace });
  const db = await createScratchDatabase(database);
  const workerConnection = await NativeConnection.connect({ address });
  const worker = await Worker.create({
    connection: workerConnection,
    namespace,
    taskQueue,
    workflowsPath: new URL('../../workflows/index.ts', import.meta.url).pathname,
    // As the product's worker runs them: the tracing interceptors in the bundle, their spans dropped.
    interceptors: { workflowModules: WORKFLOW_INTERCEPTOR_MODULES },
    sinks: workerTracingOptions(undefined).sinks,
    maxCachedWorkflows,
    activities: createProjectActivities({
      orm: db.orm,
      // E-mails are rendered and recorded, not delivered.
      mailTransport: nodemailer.createTransport({ jsonTransport: true }),
      mailFrom: 'Rushflow <bench@rushflow.local>',
      appUrl: 'http://localhost:3000',
      directory: { admins: async () => [], emailOf: async (id) => `${id}@bench.local` },
    }),
  });
  const running = worker.run();
  const started = [];

  async function startProjects(count, deadline = Infinity) {
    const ids = [];
    const startTimes = new Map();
    for (let i = 0; i < count && Date.now() < deadline; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, count - i) }, async () => {
          const projectId = await seedProject(db.orm.em.fork(), {
            client: { id: null, email: 'bench@rushflow.local' },
            status: 'brief_received',
            title: 'Bench',
            videoType: 'youtube',
            deliveryDate: new Date(Date.now() + 7 * 86_400_000),
          });
          startTimes.set(projectId, Date.now());
          await client.workflow.start('projectWorkflow', {
            taskQueue,
            workflowId: projectWorkflowId(projectId),
            args: [{ projectId, briefId: 'bench', searchAttributes: false }],
          });
          return projectId;
        }),
      );
      ids.push(...batch);
      started.push(...batch);
    }
    return { ids, startTimes };
  }

  async function close() {
    console.log(`[bench] cleaning up ${started.length} workflows…`);
    for (let i = 0; i < started.length; i += 100) {
      await Promise.all(
        started.slice(i, i + 100).map((id) =>
          client.workflow
            .getHandle(projectWorkflowId(id))
            .terminate('bench over')
            .catch(() => undefined),
        ),
      );
    }
    worker.shutdown();
    await running;
    await workerConnection.close();
    await connection.close();
    await db.drop();
  }

  return { client, db, worker, startProjects, close };
}
