import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import {
  expectedPong,
  HEALTH_TASK_QUEUE,
  PING_TIMEOUT,
  PING_WORKFLOW_TYPE,
  pingWorkflowId,
} from '../../workflows/contracts/ping';
import { BUCKETS } from '../../clients/storage';
import type { HealthProbes } from './checks';

export interface ProbeDeps {
  queryDatabase: () => Promise<unknown>;
  /** A client on the health namespace (`TEMPORAL_HEALTH_NAMESPACE`). */
  temporal: () => Promise<Client>;
  keycloakIssuer: string;
  s3: S3Client;
  verifySmtp: () => Promise<unknown>;
  stripe: Stripe;
}

export function createHealthProbes(deps: ProbeDeps): HealthProbes {
  return {
    database: deps.queryDatabase,
    // A real round trip: the worker must pick up the workflow and run its activity.
    async temporal() {
      const client = await deps.temporal();
      const nonce = randomUUID();
      const pong = await client.workflow.execute(PING_WORKFLOW_TYPE, {
        taskQueue: HEALTH_TASK_QUEUE,
        workflowId: pingWorkflowId(nonce),
        args: [nonce],
        workflowExecutionTimeout: PING_TIMEOUT,
      });
      if (pong !== expectedPong(nonce)) throw new Error(`unexpected answer ${String(pong)}`);
    },
    async keycloak() {
      const response = await fetch(`${deps.keycloakIssuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    },
    async storage() {
      await Promise.all(Object.values(BUCKETS).map((Bucket) => deps.s3.send(new HeadBucketCommand({ Bucket }))));
    },
    smtp: deps.verifySmtp,
    async payments() {
      await deps.stripe.balance.retrieve();
    },
  };
}
