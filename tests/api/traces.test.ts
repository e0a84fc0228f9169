import { randomBytes, randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createStripeClient } from '../../clients/stripe-client';
import { EditorProfile, Project } from '../../db/entities';
import { initOrm } from '../../db/orm';
import {
  parseTraceparent,
  TRACEPARENT_HEADER,
  TRACEPARENT_RANDOM_BYTES,
  traceparentFrom,
} from '../../domain/trace-context';
import { briefWorkflowId } from '../../workflows/contracts/brief';
import { projectWorkflowId } from '../../workflows/contracts/project';
import { standardWizardBrief } from '../support/brief-fixtures';
import { startOtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { seedBurstEditors } from '../support/paid-brief-burst';
import { checkoutEvent, deliverWebhook, postJson } from '../support/payment-stack';
import { openStream, type OpenedStream } from '../support/sse-reader';
import { testStack } from '../support/stack-env';

/**
 * One paid brief is one trace: the test stack's api and worker export their spans over OTLP to a
 * receiver in this process, and the trace of the payment webhook's request must hold the brief
 * workflow's signal, the project workflow, the assignment activity with its SQL, and the live
 * stream's write of the event that assignment wrote, each span's parent in the same trace.
 */
jest.setTimeout(180_000);

const { config, accounts, appUrl, signIn } = testStack();
const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let orm: MikroORM;
let editorIds: string[] = [];
let stream: OpenedStream | undefined;

beforeAll(async () => {
  if (!endpoint) throw new Error('OTEL_EXPORTER_OTLP_ENDPOINT is not set: run the api tests through `npm test`.');
  receiver = await startOtlpReceiver(endpoint);
  orm = await initOrm(config.DATABASE_URL);
  // A free editor, so the project is assigned whatever the other suites left.
  editorIds = await seedBurstEditors(orm, 1, 5, 'Traces');
});

afterAll(async () => {
  stream?.close();
  await orm?.em.fork().nativeUpdate(EditorProfile, { userId: { $in: editorIds } }, { status: 'inactive' });
  await orm?.close();
  await receiver?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The spans of one trace received so far. */
const traceOf = (traceId: string) => receiver.spans.filter((span) => span.traceId === traceId);

/** The workflow a span belongs to: named by the client and activity spans, and by the workflow's own. */
const workflowOf = (span: ReceivedSpan) =>
  (span.attributes.temporalWorkflowId ?? span.attributes.workflowId) as string | undefined;

/** The spans whose parent is not in the trace. */
function brokenLinks(trace: ReceivedSpan[]): ReceivedSpan[] {
  const ids = new Set(trace.map((span) => span.spanId));
  return trace.filter((span) => span.parentSpanId !== null && !ids.has(span.parentSpanId));
}

/** The span's ancestors in its trace, nearest first. */
function ancestorsOf(span: ReceivedSpan, trace: ReceivedSpan[]): ReceivedSpan[] {
  const byId = new Map(trace.map((each) => [each.spanId, each]));
  const chain: ReceivedSpan[] = [];
  for (let parent = byId.get(span.parentSpanId ?? ''); parent; parent = byId.get(parent.parentSpanId ?? '')) {
    chain.push(parent);
  }
  return chain;
}

test('a paid brief is one connected trace, from the webhook request to the live stream', async () => {
  const token = await signIn(accounts.admin.email, accounts.admin.password);
  stream = await openStream(appUrl, token);
  expect(stream.status).toBe(200);

  const email = `traces-${randomUUID()}@example.com`;
  const brief = await postJson(`${appUrl}/api/briefs`, standardWizardBrief(email));
  expect(brief.status).toBe(201);
  const briefId = brief.body.briefId as string;
  const checkout = await postJson(`${appUrl}/api/briefs/${briefId}/checkout`);
  expect(checkout.status).toBe(200);
  const payload = JSON.stringify(
    checkoutEvent('checkout.session.completed', {
      id: checkout.body.sessionId as string,
      briefId,
      amount: checkout.body.amount as number,
    }),
  );
  const stripe = createStripeClient('', config.STRIPE_API_BASE);
  expect(await deliverWebhook(appUrl, stripe, payload, config.STRIPE_WEBHOOK_SECRET)).toBe(200);

  // The webhook's signal to this brief's workflow names the trace.
  const signal = async () => {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(250)) {
      const found = receiver.spans.find(
        (span) =>
          span.name === 'SignalWorkflow:paymentConfirmed' &&
          span.attributes.temporalWorkflowId === briefWorkflowId(briefId),
      );
      if (found) return found;
    }
    throw new Error(`no span signalled ${briefWorkflowId(briefId)}: ${receiver.spans.length} spans received`);
  };
  const { traceId } = await signal();

  const assignmentSql = (trace: ReceivedSpan[]) =>
    trace.filter(
      (span) => span.attributes['db.system.name'] === 'postgresql' || span.attributes['db.system'] === 'postgresql',
    );
  const named = (trace: ReceivedSpan[], name: string, workflowId?: string) =>
    trace.find((span) => span.name === name && (!workflowId || workflowOf(span) === workflowId));

  let trace: ReceivedSpan[] = [];
  let assignment: ReceivedSpan | undefined;
  let projectId: string | undefined;
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(500)) {
    trace = traceOf(traceId);
    const projectRun = trace.find((span) => span.name === 'RunWorkflow:projectWorkflow');
    projectId = projectRun ? workflowOf(projectRun)?.replace(/^project-/, '') : undefined;
    assignment = named(trace, 'RunActivity:assignEditor');
    const delivered = trace.filter((span) => span.name.startsWith('sse.deliver '));
    // A span leaves when it ends: a parent (an activity's start, say) may arrive after its children.
    if (
      brokenLinks(trace).length === 0 &&
      assignment &&
      delivered.some((span) => ancestorsOf(span, trace).includes(assignment!)) &&
      assignmentSql(trace).some((span) => ancestorsOf(span, trace).includes(assignment!))
    )
      break;
  }

  // The webhook's request is the root: an api server span on its route pattern.
  const roots = trace.filter((span) => span.parentSpanId === null);
  expect(roots.map((span) => [span.service, span.kind, span.attributes['http.route']])).toEqual([
    ['rushflow-api', 2, '/api/webhooks/stripe'],
  ]);
  // Every other span's parent is in the same trace: no link is broken on the way.
  expect(brokenLinks(trace)).toEqual([]);

  // Both workflows: the brief's, signalled by the api, which starts the project's.
  expect(projectId).toBeDefined();
  const handled = named(trace, 'HandleSignal:paymentConfirmed', briefWorkflowId(briefId));
  expect(handled?.service).toBe('rushflow-worker');
  expect(named(trace, 'RunActivity:createProjectForBrief', briefWorkflowId(briefId))).toBeDefined();
  const childStart = named(trace, 'StartChildWorkflow:projectWorkflow');
  const projectRun = named(trace, 'RunWorkflow:projectWorkflow', projectWorkflowId(projectId!));
  expect(projectRun && ancestorsOf(projectRun, trace)).toContain(childStart);

  // The assignment activity, run by the project workflow, its SQL, and the stream write of its event.
  expect(assignment).toBeDefined();
  expect(workflowOf(assignment!)).toBe(projectWorkflowId(projectId!));
  expect(ancestorsOf(assignment!, trace)).toContain(projectRun);
  expect(assignmentSql(trace).filter((span) => ancestorsOf(span, trace).includes(assignment!)).length).toBeGreaterThan(
    0,
  );
  const write = trace.find(
    (span) => span.name.startsWith('sse.deliver ') && ancestorsOf(span, trace).includes(assignment!),
  );
  expect(write?.service).toBe('rushflow-api');
  // The admin's stream was open: the write reached it.
  expect(Number(write?.attributes['rushflow.streams'])).toBeGreaterThanOrEqual(1);

  // The project keeps the trace's id: the admin's link to it.
  const project = await orm.em.fork().findOneOrFail(Project, { id: projectId! });
  expect(project.traceId).toBe(traceId);
});

test("the browser's traceparent makes the api's request span join the page's trace", async () => {
  const header = traceparentFrom(randomBytes(TRACEPARENT_RANDOM_BYTES));
  const sent = parseTraceparent(header)!;
  const response = await fetch(`${appUrl}/api/pricing/settings`, { headers: { [TRACEPARENT_HEADER]: header } });
  expect(response.status).toBe(200);

  let request: ReceivedSpan | undefined;
  for (const deadline = Date.now() + 30_000; !request && Date.now() < deadline; await sleep(250)) {
    request = traceOf(sent.traceId).find((span) => span.kind === 2);
  }
  expect(request).toMatchObject({
    service: 'rushflow-api',
    parentSpanId: sent.spanId,
    attributes: expect.objectContaining({ 'http.route': '/api/pricing/settings' }),
  });
});
