import { WorkflowUpdateStage } from '@temporalio/client';
import { EditorProfile, Notification, Project, ProjectFile, SentEmail, StatusHistory } from '../../db/entities';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import {
  completeUpdate,
  PROJECT_WORKFLOW_TYPE,
  projectWorkflowId,
  startUpdate,
  type ProjectActor,
  type ProjectWorkflowInput,
} from '../../workflows/contracts/project';
import { waitUntil } from '../support/mail-server';
import { startPaymentStack, type PaymentStack } from '../support/payment-stack';
import { seedProject } from '../support/project-seed';
import { testStack } from '../support/stack-env';
import { WorkerProcesses } from '../support/worker-process';

/**
 * The project saga survives its worker: a real worker process (`tsx activities/worker.ts`) is
 * SIGKILLed while the editor's 'start' is being handled, a new worker takes over → the update
 * completes, the next transition works, and each transition wrote one status-history row, one set
 * of notifications and one e-mail per recipient (keys made in the workflow: replays write nothing
 * twice).
 */
jest.setTimeout(240_000);

const { accounts } = testStack();
let stack: PaymentStack;
const workers = new WorkerProcesses(() => stack.config);

beforeAll(async () => {
  stack = await startPaymentStack('projects-crash');
});

afterAll(async () => {
  await workers.stopAll();
  await stack?.stop();
});

test('worker SIGKILLed during the editor’s start, restarted → the saga goes on, one history row, notification and e-mail per transition', async () => {
  const em = stack.db.orm.em.fork();
  await em.upsert(EditorProfile, {
    userId: accounts.editor.id,
    firstName: 'Démo',
    lastName: 'Monteur',
    specialties: ['general'],
    visualComplexityLevels: ['simple', 'moderate', 'complex', 'expert'],
    languages: ['français'],
    maxConcurrentProjects: 10,
    currentProjectsCount: 0,
    status: 'active',
  });
  const projectId = await seedProject(stack.db.orm.em.fork(), {
    client: { id: accounts.client.id, email: accounts.client.email },
    status: 'brief_received',
    title: 'Crash du worker',
    videoType: 'youtube',
    deliveryDate: new Date(Date.now() + 10 * 86_400_000),
  });
  const statusOf = async () => (await stack.db.orm.em.fork().findOneOrFail(Project, projectId)).status;
  const editor: ProjectActor = {
    id: accounts.editor.id,
    email: accounts.editor.email,
    emailVerified: true,
    roles: ['editor'],
    name: 'Démo Monteur',
  };

  let worker = workers.start().child;
  const args: [ProjectWorkflowInput] = [{ projectId, briefId: 'seeded' }];
  const handle = await stack.temporal.workflow.start(PROJECT_WORKFLOW_TYPE, {
    taskQueue: TASK_QUEUE,
    workflowId: projectWorkflowId(projectId),
    args,
  });
  await waitUntil(async () => (await statusOf()) === 'assigned', 90_000, 'the assignment');

  // 'start' accepted by the workflow, then the worker dies before (or while) its activity commits.
  const started = await handle.startUpdate(startUpdate, {
    args: [{ actor: editor }],
    waitForStage: WorkflowUpdateStage.ACCEPTED,
  });
  await workers.kill(worker);
  worker = workers.start().child;
  expect((await started.result()).status).toBe('in_progress');
  expect(await statusOf()).toBe('in_progress');

  // The next transition works on the new worker.
  const files = stack.db.orm.em.fork();
  files.create(ProjectFile, {
    project: projectId,
    filename: 'final.mp4',
    fileType: 'final',
    storageBucket: 'video-uploads',
    storageKey: `${projectId}/final/1-final.mp4`,
    fileSize: 10,
    uploadedBy: accounts.editor.id,
  });
  await files.flush();
  expect((await handle.executeUpdate(completeUpdate, { args: [{ actor: editor }] })).status).toBe('completed');

  // One status-history row per transition.
  const history = await stack.db.orm.em
    .fork()
    .find(StatusHistory, { project: projectId }, { orderBy: { createdAt: 'asc' } });
  expect(history.map((row) => `${row.oldStatus ?? '∅'}→${row.newStatus}`)).toEqual([
    '∅→brief_received',
    'brief_received→assigned',
    'assigned→in_progress',
    'in_progress→completed',
  ]);

  // One notification per recipient and transition.
  const notifications = await stack.db.orm.em.fork().find(Notification, { project: projectId });
  expect(notifications.map((row) => `${row.userId}:${row.type}`).sort()).toEqual(
    [
      `${accounts.client.id}:project_assigned`,
      `${accounts.editor.id}:project_assigned_to_editor`,
      `${accounts.client.id}:project_started`,
      `${accounts.client.id}:project_completed`,
    ].sort(),
  );

  // One e-mail per recipient and transition, in the table and in the mailbox.
  const client = accounts.client.email.toLowerCase();
  const editorMail = accounts.editor.email.toLowerCase();
  const expected = [
    `${editorMail}:project_assigned_editor`,
    `${client}:project_assigned_client`,
    `${client}:project_started`,
    `${client}:project_completed`,
  ].sort();
  const sentEmails = async () =>
    (await stack.db.orm.em.fork().find(SentEmail, { recipient: { $in: [client, editorMail] }, sentAt: { $ne: null } }))
      .map((row) => `${row.recipient}:${row.template}`)
      .sort();
  await waitUntil(async () => (await sentEmails()).length >= expected.length, 30_000, 'the e-mails');
  const mailbox = async () => [...(await stack.mail.emailsTo(client)), ...(await stack.mail.emailsTo(editorMail))];
  await waitUntil(async () => (await mailbox()).length >= expected.length, 30_000, 'the captured e-mails');
  // A late duplicate would show up within this pause.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(await sentEmails()).toEqual(expected);
  // One message per e-mail as mail clients count them. Killed after the SMTP server took an e-mail
  // but before its row was marked sent, the worker's retry sends it again, under the same
  // Message-ID (activities/mail/send-email.ts): the mailbox may hold that copy, never a new one.
  const messages = await mailbox();
  expect(messages.every((message) => message.messageId)).toBe(true);
  expect(new Set(messages.map((message) => message.messageId)).size).toBe(expected.length);
});
