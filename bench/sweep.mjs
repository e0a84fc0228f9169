// How long the upload sweep takes to remove abandoned uploads: BENCH_SWEEP_OBJECTS (10,000)
// objects written to the running stack's MinIO (bucket `briefs`, under a prefix of the bench's own)
// with their rows (anonymous upload sessions of 100 files, made a day and an hour ago) in a scratch
// database, then uploadSweepWorkflow run on Temporal by a worker in the bench's process (its own
// namespace and task queue), exactly as the hourly Schedule starts it (default age). Prints the
// time from the workflow's start to its result and the objects removed per second, then checks
// that the objects and rows are gone. The scratch database is dropped at the end.
// Usage: npm run bench:sweep  (env: DATABASE_URL, TEMPORAL_ADDRESS, S3_* of a running `npm start`).
import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { createUploadSweepActivities } from '../activities/upload-sweep.ts';
import { BUCKETS, createS3Client } from '../clients/storage.ts';
import { createScratchDatabase } from '../tests/support/brief-scratch-db.ts';
import { ensureNamespace } from '../tests/support/temporal-namespace.ts';
import { loadAverage } from './lib/kit.mjs';

const OBJECTS = Number(process.env.BENCH_SWEEP_OBJECTS ?? 10_000);
const FILES_PER_SESSION = 100;
const PUTS_IN_FLIGHT = 32;
const NAMESPACE = 'rushflow-bench';
const TASK_QUEUE = 'rushflow-bench-sweep';
const log = (...args) => console.log('[bench:sweep]', ...args);

const s3 = createS3Client({
  endpoint: process.env.S3_ENDPOINT ?? 'http://127.0.0.1:9100',
  region: process.env.S3_REGION ?? 'us-east-1',
  accessKeyId: process.env.S3_ACCESS_KEY_ID ?? 'rushflow',
  secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? 'rushflow-secret',
});
const address = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
const prefix = `anonymous/bench-sweep-${Date.now()}`;
const keyOf = (index) => `${prefix}/${index}_rush.mp4`;

Runtime.install({ logger: new DefaultLogger('ERROR') });
const db = await createScratchDatabase('rushflow_bench_sweep');
const connection = await Connection.connect({ address });
const workerConnection = await NativeConnection.connect({ address });
let worker;
let running;
try {
  await ensureNamespace(connection, NAMESPACE);
  log(`load before: ${loadAverage()}`);

  // The objects, 1 KiB each: the sweep's cost is per object, not per byte.
  const body = Buffer.alloc(1024, 7);
  const t0 = Date.now();
  for (let start = 0; start < OBJECTS; start += PUTS_IN_FLIGHT) {
    await Promise.all(
      Array.from({ length: Math.min(PUTS_IN_FLIGHT, OBJECTS - start) }, (_, offset) =>
        s3.send(new PutObjectCommand({ Bucket: BUCKETS.briefs, Key: keyOf(start + offset), Body: body })),
      ),
    );
  }
  log(`${OBJECTS} objects written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // Their rows: anonymous wizard sessions never taken by a brief, a day and an hour old.
  const sql = db.orm.em.getConnection();
  const sessions = Math.ceil(OBJECTS / FILES_PER_SESSION);
  await sql.execute(
    `insert into "upload_sessions" ("id", "secret_hash", "area", "created_at")
     select gen_random_uuid(), md5(n::text), 'wizard', now() - interval '25 hours' from generate_series(1, ?) n`,
    [sessions],
  );
  await sql.execute(
    `insert into "uploaded_files" ("id", "session_id", "name", "size", "mime_type", "kind", "bucket", "storage_key",
                                   "multipart_upload_id", "status", "created_at")
     select gen_random_uuid(), s."id", 'rush.mp4', 1024, 'video/mp4', 'video', ?, ? || '/' || (n - 1) || '_rush.mp4',
            'completed-' || n, 'completed', now() - interval '25 hours'
     from generate_series(1, ?) n
     join (select "id", row_number() over () - 1 as i from "upload_sessions") s on s.i = (n - 1) / ?`,
    [BUCKETS.briefs, prefix, OBJECTS, FILES_PER_SESSION],
  );

  worker = await Worker.create({
    connection: workerConnection,
    namespace: NAMESPACE,
    taskQueue: TASK_QUEUE,
    workflowsPath: new URL('../workflows/index.ts', import.meta.url).pathname,
    activities: createUploadSweepActivities({ orm: db.orm, s3 }),
  });
  running = worker.run();
  const client = new Client({ connection, namespace: NAMESPACE });

  const t1 = Date.now();
  const result = await client.workflow.execute('uploadSweepWorkflow', {
    taskQueue: TASK_QUEUE,
    workflowId: `bench-upload-sweep-${randomUUID()}`,
    args: [{}],
  });
  const seconds = (Date.now() - t1) / 1000;
  log(
    `sweep: ${result.filesRemoved} files removed (objects and rows), ${result.uploadsAborted} stale uploads aborted, ` +
      `in ${seconds.toFixed(2)} s: ${Math.round(result.filesRemoved / seconds)} objects/s; load ${loadAverage()}`,
  );

  const [left] = await sql.execute(
    `select (select count(*)::int from "uploaded_files") as files, (select count(*)::int from "upload_sessions") as sessions`,
  );
  const sample = [0, Math.floor(OBJECTS / 2), OBJECTS - 1];
  const stillStored = await Promise.all(
    sample.map((index) =>
      s3.send(new HeadObjectCommand({ Bucket: BUCKETS.briefs, Key: keyOf(index) })).then(
        () => true,
        () => false,
      ),
    ),
  );
  log(`left: ${left.files} file rows, ${left.sessions} sessions; sampled objects still stored: ${stillStored}`);
  if (left.files !== 0 || left.sessions !== 0 || stillStored.some(Boolean)) process.exitCode = 1;
} finally {
  worker?.shutdown();
  await running;
  await workerConnection.close();
  await connection.close();
  await db.drop();
}
