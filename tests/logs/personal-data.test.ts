import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '../../api/keycloak/seed-demo-accounts';
import { Project } from '../../db/entities';
import { PROJECT_WORKFLOW_TYPE } from '../../workflows/contracts/project';
import { adminKit } from '../support/admin-kit';
import { editorApplicationBody } from '../support/application-answers';
import { standardWizardBrief } from '../support/brief-fixtures';
import { waitUntil } from '../support/mail-server';
import { testStack } from '../support/stack-env';

/**
 * The stack's api and worker logs after flows that carry personal data: the demo accounts sign in,
 * one of them writes to the team, applies as an editor, pays a brief and writes in its project's
 * chat, and a request with bad input names an address. The lines are JSON, a request's line names
 * its route and status, an activity's names its workflow and type, and none holds an address, a
 * name or a text a user sent.
 */
jest.setTimeout(180_000);

const kit = adminKit();
const logFile = (name: 'api' | 'worker') => path.join(testStack().logDir(), `${name}.log`);
const [admin, editor, client] = (['admin', 'editor', 'client'] as const).map((key) =>
  DEMO_ACCOUNTS.find((account) => account.key === key)!,
);

/** The demo admin is called « Admin Rushflow »: alone, those words are the product's and a role's. */
const PRODUCT_WORDS = ['Admin', 'Rushflow'];

interface LogLine {
  level?: unknown;
  time?: unknown;
  msg?: unknown;
  [field: string]: unknown;
}

/** The JSON lines a file gained since `from` (its size before the flows). */
function linesSince(file: string, from: number): { lines: LogLine[] } {
  const lines = fs
    .readFileSync(file)
    .subarray(from)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LogLine);
  return { lines };
}

afterAll(() => kit.cleanUp());

test('a full run’s api and worker logs are JSON lines without any address, name or text a user sent', async () => {
  const start = { api: fs.statSync(logFile('api')).size, worker: fs.statSync(logFile('worker')).size };
  const stamp = randomUUID().slice(0, 8);
  const sentTexts = {
    contact: `Bonjour, voici mon projet confidentiel ${stamp}`,
    application: `Ma motivation personnelle ${stamp}`,
    chat: `Message privé dans le fil du projet ${stamp}`,
  };

  // The three demo accounts sign in through Keycloak and call the api with their tokens.
  expect((await kit.call('admin', 'GET', '/api/admin/settings')).status).toBe(200);
  expect((await kit.call('editor', 'GET', '/api/projects/mine')).status).toBe(200);
  expect((await kit.call('client', 'GET', '/api/projects/mine')).status).toBe(200);

  // A contact message and an editor application, signed with the demo accounts' names.
  const contact = await kit.call('anonymous', 'POST', '/api/contact', {
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    subject: 'Un devis',
    message: sentTexts.contact,
    website: '',
  });
  expect(contact.status).toBe(201);
  const application = await kit.call(
    'anonymous',
    'POST',
    '/api/editor-applications',
    editorApplicationBody(kit.uniqueEmail('candidate'), {
      firstName: editor.firstName,
      lastName: editor.lastName,
      motivation: sentTexts.application,
    }),
  );
  expect(application.status).toBe(201);

  // The client's brief, paid through the simulated checkout: the worker makes and assigns its project.
  const brief = await kit.call('anonymous', 'POST', '/api/briefs', standardWizardBrief(client.email));
  expect(brief.status).toBe(201);
  const checkout = await kit.call('anonymous', 'POST', `/api/briefs/${String(brief.body.briefId)}/checkout`, {});
  expect(checkout.status).toBe(200);
  const paid = await kit.call(
    'anonymous',
    'POST',
    `/api/payments/simulated/${String(checkout.body.sessionId)}/pay`,
    {},
  );
  expect(paid.status).toBe(200);
  const em = async () => (await kit.db()).em.fork();
  await waitUntil(
    async () => (await (await em()).count(Project, { brief: String(brief.body.briefId) })) === 1,
    60_000,
    'the project',
  );
  const project = await (await em()).findOneOrFail(Project, { brief: String(brief.body.briefId) });
  const chat = await kit.call('client', 'POST', `/api/projects/${project.id}/messages`, { content: sentTexts.chat });
  expect(chat.status).toBe(201);

  // Bad input naming an address, and an unknown route with an address in its query.
  const refused = await kit.call('anonymous', 'POST', '/api/briefs', { email: client.email, video_type: 'inconnu' });
  expect(refused.status).toBe(400);
  const unknown = await kit.call('anonymous', 'GET', `/api/nulle-part?email=${encodeURIComponent(client.email)}`);
  expect(unknown.status).toBe(404);

  // The assignment activity reports its outcome in the worker's log, with its workflow's ids.
  const workflowId = `project-${project.id}`;
  await waitUntil(
    async () => linesSince(logFile('worker'), start.worker).lines.some((line) => line.workflowId === workflowId),
    30_000,
    'the assignment’s line in the worker’s log',
  );

  const api = linesSince(logFile('api'), start.api);
  const worker = linesSince(logFile('worker'), start.worker);
  for (const { lines } of [api, worker]) {
    for (const line of lines) {
      expect(line).toEqual(
        expect.objectContaining({ level: expect.any(String), time: expect.any(String), msg: expect.any(String) }),
      );
    }
  }
  const requests = api.lines.filter((line) => line.msg === 'request');
  expect(requests).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ method: 'POST', route: '/api/contact', status: 201 }),
      expect.objectContaining({ method: 'POST', route: '/api/projects/:projectId/messages', status: 201 }),
      expect.objectContaining({ method: 'POST', route: '/api/briefs', status: 400 }),
      expect.objectContaining({ method: 'GET', route: 'unmatched', status: 404 }),
    ]),
  );
  expect(worker.lines).toContainEqual(
    expect.objectContaining({ workflowId, workflowType: PROJECT_WORKFLOW_TYPE, activityType: 'assignEditor' }),
  );

  // The whole files: every line the stack wrote since it started, all the suites before this one included.
  for (const name of ['api', 'worker'] as const) {
    const whole = fs.readFileSync(logFile(name), 'utf8');
    for (const account of [admin, editor, client]) {
      expect(whole.toLowerCase()).not.toContain(account.email.toLowerCase());
      expect(whole).not.toContain(`${account.firstName} ${account.lastName}`);
      for (const word of [account.firstName, account.lastName].filter((word) => !PRODUCT_WORDS.includes(word)))
        expect(whole).not.toMatch(new RegExp(`(?<![\\p{L}\\d])${word}(?![\\p{L}\\d])`, 'u'));
    }
    for (const text of Object.values(sentTexts)) expect(whole).not.toContain(text);
  }
});
