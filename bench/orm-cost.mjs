// The ORM's own cost on this machine (`npm run bench:orm`), no HTTP in the way: a scratch database
// (migrated, seeded with BENCH_PROJECTS (20) projects of one client, dropped at the end), then, each
// BENCH_ITERATIONS (300) times on a fresh fork, as the api's reads and writes do:
//
// 1. `init`: MikroORM.init (metadata discovery and the first connection), once;
// 2. `list`: the client's 20 projects, newest first, with their brief and editor populated;
// 3. `detail`: one project with its brief and editor, then its messages and its status history;
// 4. `write`: a notification created and flushed, then marked read and flushed (the unit of work).
//
// Per operation: median and p95 in ms, and the process's RSS at the end. PostgreSQL is the running
// stack's (`npm start`, or the test profile with BENCH_PROFILE=test) or DATABASE_URL's: run it in two
// checkouts against the same server to compare two ORM versions.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Notification, Project, ProjectMessage, StatusHistory } from '../db/entities/index.ts';
import { initOrm } from '../db/orm.ts';
import { createScratchDatabase } from '../tests/support/brief-scratch-db.ts';
import { seedProject } from '../tests/support/project-seed.ts';
import { stackConfig } from '../scripts/lib/stack-config.mjs';
import { loadAverage } from './lib/kit.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.env.DATABASE_URL = stackConfig(process.env.BENCH_PROFILE ?? 'dev', ROOT).env.DATABASE_URL;
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 20);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const CLIENT_ID = '00000000-0000-4000-8000-00000000b0b0';
const log = (...parts) => console.log('[bench:orm]', ...parts);

async function timed(name, operation) {
  // A few untimed rounds first: the JIT and the pool warm up on them.
  for (let round = 0; round < 10; round += 1) await operation();
  const samples = [];
  for (let round = 0; round < ITERATIONS; round += 1) {
    const started = performance.now();
    await operation();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (share) => samples[Math.min(samples.length - 1, Math.floor(share * samples.length))].toFixed(2);
  log(`${name}: median ${at(0.5)} ms, p95 ${at(0.95)} ms (${ITERATIONS} rounds)`);
}

const ormPackage = await import('@mikro-orm/core/package.json', { with: { type: 'json' } });
log(`@mikro-orm/core ${ormPackage.default.version}, node ${process.version}; load before: ${loadAverage()}`);
const db = await createScratchDatabase('rushflow_bench_orm');
try {
  const projectIds = [];
  for (let index = 0; index < PROJECTS; index += 1) {
    projectIds.push(
      await seedProject(db.orm.em.fork(), {
        client: { id: CLIENT_ID, email: 'mesure@rushflow.local' },
        status: index % 2 ? 'in_progress' : 'completed',
        title: `Projet de mesure ${index + 1}`,
        createdAt: new Date(Date.now() - (index + 1) * 3_600_000),
        messages: Array.from({ length: 5 }, (_, message) => ({
          senderId: CLIENT_ID,
          senderName: 'Client',
          content: `Message ${message + 1}`,
        })),
        history: [{ oldStatus: null, newStatus: 'brief_received', comment: 'Paiement reçu' }],
      }),
    );
  }

  const initStarted = performance.now();
  const orm = await initOrm(db.url);
  await orm.em.fork().count(Project, {});
  log(`init: ${(performance.now() - initStarted).toFixed(1)} ms (discovery and first query)`);
  try {
    await timed(`list (${PROJECTS} projects, brief and editor populated)`, async () => {
      const projects = await orm.em
        .fork()
        .find(
          Project,
          { clientId: CLIENT_ID },
          { populate: ['brief', 'editor'], orderBy: { createdAt: 'desc' }, limit: PROJECTS },
        );
      if (projects.length !== PROJECTS) throw new Error(`list found ${projects.length} projects`);
    });
    await timed('detail (project, brief, editor, messages, history)', async () => {
      const em = orm.em.fork();
      const project = await em.findOneOrFail(Project, { id: projectIds[0] }, { populate: ['brief', 'editor'] });
      await em.find(ProjectMessage, { project }, { orderBy: { createdAt: 'asc' } });
      await em.find(StatusHistory, { project }, { orderBy: { createdAt: 'asc' } });
    });
    await timed('write (notification created, then read: two flushes)', async () => {
      const em = orm.em.fork();
      const notification = em.create(Notification, {
        userId: CLIENT_ID,
        project: projectIds[0],
        type: 'project_status',
        title: 'Mesure',
        message: 'Votre projet avance.',
      });
      await em.flush();
      notification.isRead = true;
      await em.flush();
    });
  } finally {
    await orm.close(true);
  }
  log(`rss at the end: ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB; load after: ${loadAverage()}`);
} finally {
  await db.drop();
}
