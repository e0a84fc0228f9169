import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type Stripe from 'stripe';
import { createActivities } from '../../activities';
import { createApp } from '../../api/app';
import { buildAppDeps, type AppTestHooks } from '../../api/bootstrap';
import { loadConfig, type ApiConfig } from '../../api/config';
import { Brief } from '../../db/entities';
import { createMailTransport } from '../../clients/mail';
import { createS3Client, storageSettingsOf } from '../../clients/storage';
import { createStripeClient } from '../../clients/stripe-client';
import { quoteWizardBrief } from '../../domain/brief-estimate';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { createScratchDatabase } from './brief-scratch-db';
import { TestMailServer } from './mail-server';
import { ensureNamespace } from './temporal-namespace';

export interface PaymentStack {
  config: ApiConfig;
  baseUrl: string;
  db: Awaited<ReturnType<typeof createScratchDatabase>>;
  mail: TestMailServer;
  temporal: Client;
  stripe: Stripe;
  /** Starts this suite's in-process worker (not started by default where a test runs its own). */
  startWorker(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The api in process (simulated checkout: no Stripe key, stripe-mock at STRIPE_API_BASE) on a
 * scratch database, a MailDev and a Temporal namespace of the suite's own.
 */
export async function startPaymentStack(prefix: string, hooks: AppTestHooks = {}): Promise<PaymentStack> {
  const base = loadConfig();
  const namespace = `rushflow-${prefix}`;
  // One after the other: a failed database start must not leave a MailDev running.
  const db = await createScratchDatabase(`rushflow_${prefix.replace(/-/g, '_')}`);
  const mail = await TestMailServer.start().catch(async (error: unknown) => {
    await db.drop();
    throw error;
  });
  const connection = await Connection.connect({ address: base.TEMPORAL_ADDRESS });
  await ensureNamespace(connection, namespace);
  const temporal = new Client({ connection, namespace });
  const config: ApiConfig = {
    ...base,
    DATABASE_URL: db.url,
    TEMPORAL_NAMESPACE: namespace,
    SMTP_URL: mail.smtpUrl,
    STRIPE_SECRET_KEY: '',
    STRIPE_API_BASE: base.STRIPE_API_BASE || 'http://localhost:12111',
  };
  const deps = buildAppDeps(config, db.orm, hooks);
  const server = await new Promise<http.Server>((resolve) => {
    const listening = createApp(deps).listen(0, '127.0.0.1', () => resolve(listening));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let worker: { run: Promise<void>; instance: Worker; connection: NativeConnection } | undefined;

  return {
    config,
    baseUrl,
    db,
    mail,
    temporal,
    stripe: createStripeClient('', config.STRIPE_API_BASE),
    async startWorker() {
      const workerConnection = await NativeConnection.connect({ address: base.TEMPORAL_ADDRESS });
      const instance = await Worker.create({
        connection: workerConnection,
        namespace,
        taskQueue: TASK_QUEUE,
        workflowsPath: require.resolve('../../workflows'),
        activities: createActivities({
          db: db.orm,
          mail: { transport: createMailTransport(mail.smtpUrl), from: base.MAIL_FROM },
          appUrl: base.APP_URL,
          stripe: createStripeClient('', config.STRIPE_API_BASE),
          storage: createS3Client(storageSettingsOf(base)),
        }),
      });
      worker = { run: instance.run(), instance, connection: workerConnection };
    },
    async stop() {
      for await (const execution of temporal.workflow.list({ query: 'ExecutionStatus = "Running"' })) {
        await temporal.workflow
          .getHandle(execution.workflowId)
          .terminate('fin du test')
          .catch(() => undefined);
      }
      worker?.instance.shutdown();
      await worker?.run.catch(() => undefined);
      await worker?.connection.close();
      await deps.closeTemporal();
      await connection.close();
      await new Promise((resolve) => server.close(resolve));
      await mail.stop();
      await db.drop();
    },
  };
}

/** A wizard brief stored as the api stores it (no workflow): for checkout-only tests. */
export async function storeWizardBrief(
  db: PaymentStack['db'],
  email = `client-${randomUUID()}@example.com`,
): Promise<Brief> {
  const quote = quoteWizardBrief({
    final_duration: 3,
    total_rush_duration: 45,
    delivery_formats: 'horizontal',
    deadline: 'standard',
  });
  const em = db.orm.em.fork();
  const brief = em.create(Brief, {
    funnel: 'wizard',
    email,
    videoType: 'youtube',
    deliveryFormats: ['horizontal'],
    finalDurationMinutes: 3,
    currency: 'EUR',
    estimatedDeliveryDays: quote.deliveryDays,
    priceCents: quote.priceCents,
    offerPriceCents: quote.offerPriceCents,
  });
  await em.flush();
  return brief;
}

export async function postJson(url: string, body: unknown = {}, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

/** A Stripe-shaped checkout.session event, as the webhook endpoint receives it. */
export function checkoutEvent(
  type:
    | 'checkout.session.completed'
    | 'checkout.session.async_payment_succeeded'
    | 'checkout.session.async_payment_failed'
    | 'checkout.session.expired',
  session: { id: string; briefId: string; amount: number; paymentStatus?: 'paid' | 'unpaid' },
) {
  return {
    id: `evt_test_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        client_reference_id: session.briefId,
        metadata: { briefId: session.briefId },
        amount_total: session.amount,
        currency: 'eur',
        status: type === 'checkout.session.expired' ? 'expired' : 'complete',
        payment_status: session.paymentStatus ?? (type === 'checkout.session.expired' ? 'unpaid' : 'paid'),
        payment_intent: `pi_test_${session.briefId.slice(0, 8)}`,
      },
    },
  };
}

/** Delivers a payload to the webhook endpoint with a signature made by `secret` at `timestamp`. */
export async function deliverWebhook(
  baseUrl: string,
  stripe: Stripe,
  payload: string,
  secret: string,
  timestamp?: number,
): Promise<number> {
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  const response = await fetch(`${baseUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  await response.arrayBuffer();
  return response.status;
}
