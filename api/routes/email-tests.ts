import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { EmailTest } from '../../db/entities';
import { readSettings } from '../../db/settings';
import {
  EMAIL_TEST_LIST_LIMIT,
  emailTestRequestSchema,
  type EmailTestsAnswer,
  type EmailTestView,
} from '../../domain/email-tests';
import {
  EMAIL_TEST_WAIT_MS,
  EMAIL_TEST_WORKFLOW_TYPE,
  emailTestWorkflowId,
  type EmailTestWorkflowInput,
} from '../../workflows/contracts/email-test';
import { parseInput } from '../lib/validation';
import { currentUser, requireRole } from '../middleware/auth';
import { startOrUndo, startWorkflowOnce } from '../temporal/client';

export interface EmailTestRouteDeps {
  em: () => EntityManager;
  temporal: () => Promise<Client>;
  /** The technical notes, read from the configuration (never a credential). */
  notes: Omit<EmailTestsAnswer['settings'], 'replyTo'>;
}

function view(test: EmailTest): EmailTestView {
  return {
    id: test.id,
    template: test.template,
    to: test.recipient,
    status: test.status,
    subjects: test.subjects,
    error: test.error ?? null,
    createdAt: test.createdAt.toISOString(),
    finishedAt: test.finishedAt?.toISOString() ?? null,
  };
}

/** `smtp://user:secret@host:25` → `host:25`: the notes name the server, never its credentials. */
export function smtpHostOf(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return url.port ? `${url.hostname}:${url.port}` : url.hostname;
  } catch {
    return '—';
  }
}

/**
 * /email-test (admins only, DESIGN decision): each press sends the product's real templates with
 * sample data to the typed address through emailTestWorkflow; the api waits for the outcome a
 * short while, then the results list (newest first) shows it.
 */
export function emailTestRoutes(deps: EmailTestRouteDeps): Router {
  const router = new Router({ prefix: '/api/admin/email-tests' });
  router.get('/', requireRole('admin'), async (ctx) => {
    const em = deps.em();
    const [tests, settings] = await Promise.all([
      em.find(EmailTest, {}, { orderBy: { createdAt: 'desc' }, limit: EMAIL_TEST_LIST_LIMIT }),
      readSettings(em.fork()),
    ]);
    const answer: EmailTestsAnswer = {
      tests: tests.map(view),
      settings: { ...deps.notes, replyTo: settings.contactEmail },
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });

  router.post('/', requireRole('admin'), async (ctx) => {
    const admin = currentUser(ctx);
    const request = parseInput(emailTestRequestSchema, ctx.request.body);
    const em = deps.em();
    const test = em.create(EmailTest, { template: request.template, recipient: request.to, requestedBy: admin.id });
    await em.flush();
    const workflowId = emailTestWorkflowId(test.id);
    const input: EmailTestWorkflowInput = { testId: test.id };
    await startOrUndo(
      () => startWorkflowOnce(deps.temporal, EMAIL_TEST_WORKFLOW_TYPE, workflowId, input),
      () => deps.em().nativeDelete(EmailTest, { id: test.id }),
      `email test ${test.id}`,
    );
    // The outcome usually arrives within a second; past the wait the list shows it `pending`.
    const client = await deps.temporal();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      client.workflow
        .getHandle(workflowId)
        .result()
        .catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, EMAIL_TEST_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    ctx.status = 201;
    ctx.body = { test: view(await deps.em().findOneOrFail(EmailTest, { id: test.id })) };
  });

  return router;
}
