import { randomUUID } from 'node:crypto';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { createBillingDocumentActivities } from '../../activities/billing-documents';
import { loadConfig } from '../../api/config';
import { DEMO_SELLER } from '../../api/setup/demo-seller';
import { createStripeClient } from '../../clients/stripe-client';
import { BUCKETS, createS3Client, storageSettingsOf } from '../../clients/storage';
import { recordBillingDocument, takeDocumentNumber } from '../../db/billing-documents';
import { BillingDocument } from '../../db/entities';
import { buildInvoiceDocument, documentYear } from '../../domain/invoicing';
import { billingDocumentWorkflow } from '../../workflows';
import { billingRetentionEnd } from '../../workflows/contracts/billing-document';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { createScratchDatabase } from '../support/brief-scratch-db';
import { recordHistoryIfAsked } from '../support/histories';
import { createTimeSkippingEnv } from '../support/temporal-test-env';

/**
 * billingDocumentWorkflow on the time-skipping server with its real activities: the invoice's row
 * in a scratch database, its PDF in the stack's MinIO. It is stored once, kept ten years after the
 * close of its year (a run per year), then deleted with its PDF.
 */
jest.setTimeout(180_000);

const DAY_MS = 24 * 60 * 60_000;
const config = loadConfig();
const s3 = createS3Client(storageSettingsOf(config));

let env: TestWorkflowEnvironment;
let db: Awaited<ReturnType<typeof createScratchDatabase>>;

beforeAll(async () => {
  [env, db] = await Promise.all([createTimeSkippingEnv(), createScratchDatabase('billing_documents')]);
});

afterAll(async () => {
  await env?.teardown();
  await db?.drop();
});

const pdfExists = (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: BUCKETS.invoices, Key: key })).then(
    () => true,
    () => false,
  );

test('an invoice’s PDF is stored once, kept ten years after its year’s close, then deleted with its row', async () => {
  const issuedAt = new Date(await env.currentTimeMs());
  const checkoutSessionId = randomUUID();
  const em = db.orm.em.fork();
  const invoiceId = await em.transactional(async (tx) => {
    const year = documentYear(issuedAt);
    const numbering = await takeDocumentNumber(tx, 'invoice', year);
    const document = buildInvoiceDocument({
      number: numbering.number,
      issuedAt,
      paidAt: issuedAt,
      seller: DEMO_SELLER,
      buyer: {
        email: 'client@example.com',
        name: null,
        companyName: null,
        address: null,
        siren: null,
        vatNumber: null,
      },
      currency: 'EUR',
      projectReference: 'ABCDEF12',
      projectTitle: 'Film de dix ans',
      videoTypeWords: 'vidéo YouTube',
      hours: 4,
      chargedCents: 10_800,
      fullPriceCents: null,
      launchOfferLabel: 'Offre de lancement (-30 %)',
      serviceTerms: null,
    });
    const row = recordBillingDocument(
      tx,
      document,
      { year, sequence: numbering.sequence },
      {
        checkoutSessionId,
        briefId: null,
        clientId: null,
      },
    );
    await tx.flush();
    return row.id;
  });

  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities: createBillingDocumentActivities({
      orm: db.orm,
      s3,
      stripe: createStripeClient('', config.STRIPE_API_BASE),
      appUrl: config.APP_URL,
    }),
  });
  await worker.runUntil(async () => {
    const handle = await env.client.workflow.start(billingDocumentWorkflow, {
      taskQueue: TASK_QUEUE,
      workflowId: `invoice-${checkoutSessionId}`,
      args: [{ kind: 'invoice', checkoutSessionId }],
    });
    // Two days before the tenth anniversary of the issue year's close, the invoice and its PDF are still there.
    const end = billingRetentionEnd(issuedAt.getTime());
    expect(new Date(end).getUTCFullYear()).toBe(issuedAt.getUTCFullYear() + 11);
    await env.sleep(end - (await env.currentTimeMs()) - 2 * DAY_MS);
    const kept = await db.orm.em.fork().findOneOrFail(BillingDocument, { id: invoiceId });
    expect(kept.pdfKey).toBe(`${kept.year}/${kept.number}-${kept.pdfSha256!.slice(0, 16)}.pdf`);
    expect(kept.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await pdfExists(kept.pdfKey!)).toBe(true);

    await handle.result();
    // The first run (issued, a year kept, continued as new) and the last (kept, then deleted).
    await recordHistoryIfAsked(
      'billing-document-workflow-first-year',
      env.client.workflow.getHandle(handle.workflowId, handle.firstExecutionRunId),
    );
    await recordHistoryIfAsked('billing-document-workflow-last-year', handle);
    expect(await db.orm.em.fork().findOne(BillingDocument, { id: invoiceId })).toBeNull();
    expect(await pdfExists(kept.pdfKey!)).toBe(false);
  });
});
