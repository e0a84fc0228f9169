import { randomUUID } from 'node:crypto';
import { CheckoutSession, Project, SentEmail } from '../../db/entities';
import { briefWorkflow } from '../../workflows';
import { briefWorkflowId, PAYMENT_RECEIPT_TEMPLATE, paymentConfirmedSignal } from '../../workflows/contracts/brief';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { RUSHFLOW_CLIENT_EMAIL, RUSHFLOW_STATUS } from '../../workflows/contracts/project';
import { waitUntil } from '../support/mail-server';
import { startPaymentStack, storeWizardBrief, type PaymentStack } from '../support/payment-stack';
import { WorkerProcesses } from '../support/worker-process';

/**
 * A real worker process (the test worker, `tests/support/test-worker.ts`) is SIGKILLed while createProjectForBrief
 * holds its transaction open (a test-only pause); a new worker takes over after the activity's
 * timeout → exactly one project and one receipt.
 */
jest.setTimeout(240_000);

let stack: PaymentStack;
const workers = new WorkerProcesses(() => stack.config);

beforeAll(async () => {
  stack = await startPaymentStack('payments-crash');
});

afterAll(async () => {
  await workers.stopAll();
  await stack?.stop();
});

test('worker SIGKILLed inside the project creation, restarted → the project is created once, one receipt', async () => {
  const email = `crash-${randomUUID()}@example.com`;
  const brief = await storeWizardBrief(stack.db, email);
  const sessionId = `cs_test_${randomUUID().replace(/-/g, '')}`;
  const em = stack.db.orm.em.fork();
  em.create(CheckoutSession, {
    brief: brief.id,
    clientKey: brief.email,
    sessionId,
    amountCents: brief.offerPriceCents!,
    amountPaidCents: brief.offerPriceCents!,
    currency: 'eur',
    launchOfferClaimed: true,
    status: 'paid',
    paidAt: new Date(),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await em.flush();

  const first = workers.start({ RUSHFLOW_TEST_PROJECT_CREATION_PAUSE_MS: '120000' });
  const handle = await stack.temporal.workflow.start(briefWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId: briefWorkflowId(brief.id),
    args: [{ briefId: brief.id }],
  });
  await handle.signal(paymentConfirmedSignal, {
    sessionId,
    eventId: 'evt_crash',
    amount: brief.offerPriceCents!,
    currency: 'eur',
  });
  await waitUntil(
    async () => first.output().includes('project creation paused'),
    90_000,
    'the paused project creation',
  );
  await workers.kill(first.child);
  expect(await stack.db.orm.em.fork().count(Project, { brief: brief.id })).toBe(0);

  workers.start();
  const result = await handle.result();
  expect(result.paid).toBe(true);
  expect(await stack.db.orm.em.fork().count(Project, { brief: brief.id })).toBe(1);
  await waitUntil(
    async () =>
      (await stack.db.orm.em
        .fork()
        .count(SentEmail, { recipient: email, template: PAYMENT_RECEIPT_TEMPLATE, sentAt: { $ne: null } })) === 1,
    30_000,
    'the receipt',
  );
  expect(
    (await stack.mail.emailsTo(email)).filter((message) => message.subject.startsWith('Paiement confirmé')),
  ).toHaveLength(1);
  // The project workflow runs on the real server with its search attributes.
  const project = await stack.db.orm.em.fork().findOneOrFail(Project, { brief: brief.id });
  const description = await stack.temporal.workflow.getHandle(`project-${project.id}`).describe();
  expect(description.typedSearchAttributes.get(RUSHFLOW_CLIENT_EMAIL)).toBe(email);
  // The saga has moved on by now (assignment); the attribute follows the project's status.
  expect(['brief_received', 'waiting_for_editor', 'assigned']).toContain(
    description.typedSearchAttributes.get(RUSHFLOW_STATUS),
  );
});
