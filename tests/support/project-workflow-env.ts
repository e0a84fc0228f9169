import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { createActivities } from '../../activities';
import { createProjectActivities, type ProjectActivityDeps } from '../../activities/project';
import { Notification, ProjectFile, ProjectVersion, SentEmail } from '../../db/entities';
import { createMailTransport } from '../../clients/mail';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import type { ProjectActivities } from '../../workflows/project-activities';
import type { ProjectActor } from '../../workflows/contracts/project';
import { createScratchDatabase } from './brief-scratch-db';
import { TestMailServer } from './mail-server';
import { createTimeSkippingEnv } from './temporal-test-env';

const TEST_APP_URL = 'http://localhost:3000';

/** The one admin the tests' user directory knows. */
export const testAdmin: ProjectActor = {
  id: 'admin-1',
  email: 'admin@rushflow.test',
  emailVerified: true,
  roles: ['admin'],
  name: 'Admin Test',
};

export function clientActor(id = `client-${randomUUID()}`): ProjectActor {
  return { id, email: `${id}@clients.rushflow.test`, emailVerified: true, roles: ['user'], name: 'Client Test' };
}

export function editorActor(id: string): ProjectActor {
  return { id, email: `${id}@editors.rushflow.test`, emailVerified: true, roles: ['editor'], name: 'Monteur Test' };
}
const MAIL_FROM = 'Rushflow <bonjour@rushflow.local>';

/** What a ProjectWorkflow test runs on: the time-skipping server, its own MailDev and scratch database. */
export interface ProjectWorkflowTestEnv {
  env: TestWorkflowEnvironment;
  mail: TestMailServer;
  db: Awaited<ReturnType<typeof createScratchDatabase>>;
  /** Storage is the api tests' part: here `bucket/key` of each deletion is recorded. */
  deletedObjects: string[];
  /** The project activities' dependencies, for a test that calls an activity itself. */
  projectDeps: ProjectActivityDeps;
  /** The types of the notifications `userId` received about the project, oldest first. */
  notificationTypes(projectId: string, userId: string): Promise<string[]>;
  /** The templates of the e-mails sent to `address`, oldest first. */
  templatesTo(address: string): Promise<string[]>;
  /** A new version of the final video as the api records an upload, already probed (25 fps, 10 s, from 01:00:00:00). */
  addVersion(projectId: string, uploadedBy: string): Promise<ProjectVersion>;
  stop(): Promise<void>;
}

/** What an update's refusal looks like to the client: its failure's type and French message. */
export function refusal(type: string, message?: string) {
  return { cause: expect.objectContaining({ type, ...(message ? { message } : {}) }) };
}

/**
 * The time-skipping server, a MailDev and a scratch database, with a worker running the real
 * activities; `testAdmin` is the one admin the directory knows. `override` replaces project activities
 * (a test holding the project's load, say).
 */
export async function startProjectWorkflowEnv(
  database: string,
  override: (activities: ProjectActivities) => Partial<ProjectActivities> = () => ({}),
): Promise<ProjectWorkflowTestEnv> {
  const [env, mail, db] = await Promise.all([
    createTimeSkippingEnv(),
    TestMailServer.start(),
    createScratchDatabase(database),
  ]);
  const deletedObjects: string[] = [];
  const transport = createMailTransport(mail.smtpUrl);
  const directory = {
    admins: async () => [{ id: testAdmin.id, email: testAdmin.email }],
    emailOf: async (userId: string) => `${userId}@editors.rushflow.test`,
  };
  const projectDeps: ProjectActivityDeps = {
    orm: db.orm,
    mailTransport: transport,
    mailFrom: MAIL_FROM,
    appUrl: TEST_APP_URL,
    directory,
    deleteObject: async (bucket, key) => {
      deletedObjects.push(`${bucket}/${key}`);
    },
  };
  const project = createProjectActivities(projectDeps);
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities: {
      ...createActivities({ db: db.orm, mail: { transport, from: MAIL_FROM }, appUrl: TEST_APP_URL, directory }),
      ...project,
      ...override(project),
    },
  });
  const running = worker.run();
  const em = () => db.orm.em.fork();
  return {
    env,
    mail,
    db,
    deletedObjects,
    projectDeps,
    async notificationTypes(projectId, userId) {
      const rows = await em().find(Notification, { project: projectId, userId }, { orderBy: { createdAt: 'asc' } });
      return rows.map((row) => row.type);
    },
    async templatesTo(address) {
      const rows = await em().find(SentEmail, { recipient: address }, { orderBy: { createdAt: 'asc' } });
      return rows.filter((row) => row.sentAt).map((row) => row.template);
    },
    async addVersion(projectId, uploadedBy) {
      const forked = em();
      const last = await forked.findOne(ProjectVersion, { project: projectId }, { orderBy: { number: 'desc' } });
      const number = (last?.number ?? 0) + 1;
      const file = forked.create(ProjectFile, {
        project: projectId,
        filename: `final-v${number}.mp4`,
        fileType: 'final',
        storageBucket: 'video-uploads',
        storageKey: `${projectId}/final/${Date.now()}-final-v${number}.mp4`,
        mimeType: 'video/mp4',
        fileSize: 4096,
        uploadedBy,
      });
      const version = forked.create(ProjectVersion, {
        project: projectId,
        number,
        projectFile: file,
        filename: file.filename,
        uploadedBy,
        previewStatus: 'ready',
        previewProgress: 100,
        frameRateNum: 25,
        frameRateDen: 1,
        frameCount: 250,
        durationSeconds: 10,
        width: 1920,
        height: 1080,
        startFrame: 90_000,
      });
      await forked.flush();
      return version;
    },
    async stop() {
      worker.shutdown();
      await running;
      await env.teardown();
      await mail.stop();
      await db.drop();
    },
  };
}
