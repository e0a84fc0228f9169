import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailTest } from '../../db/entities';
import { readSettings } from '../../db/settings';
import { EMAIL_TEST_LIST_LIMIT, type EmailTestsAnswer, type EmailTestView } from '../../domain/email-tests';
import { emailTestRequestSchema } from '../../domain/schemas/email-tests';
import { parseInput } from '../lib/validation';
import { currentUser, requireRole } from '../middleware/auth';
import { startOrUndo } from '../lib/start-or-undo';
import type { EmailTestWorkflowClient } from './email-test-workflow-client';

export interface EmailTestRouteDeps {
  em: () => EntityManager;
  workflows: EmailTestWorkflowClient;
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
    await startOrUndo(
      () => deps.workflows.start(test.id),
      () => deps.em().nativeDelete(EmailTest, { id: test.id }),
      `email test ${test.id}`,
    );
    // The outcome usually arrives within a second; past the wait the list shows it `pending`.
    await deps.workflows.settle(test.id);
    ctx.status = 201;
    ctx.body = { test: view(await deps.em().findOneOrFail(EmailTest, { id: test.id })) };
  });

  return router;
}
