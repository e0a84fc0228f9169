import type { S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/common';
import { createAnalyzeRushesActivities } from './analyze-rushes';
import { createBriefActivities, type BriefActivityDeps } from './brief';
import { createPaymentActivities } from './payments';
import { createPingActivities } from './ping';
import { createProjectActivities, type UserDirectory } from './project';
import { s3DeleteObject } from './directory';

export interface ActivityDeps {
  /** Storage client on the internal endpoint; activities that read objects need it. */
  s3?: S3Client;
  /** Database, mail transport and site address for the brief's activities. */
  brief?: BriefActivityDeps;
  /**
   * Test hook: pause inside the project creation's transaction (the worker-crash test kills the
   * worker there). Never set in production.
   */
  pauseBeforeProjectInsert?: () => Promise<void>;
  /** Admins and editors' e-mail addresses (Keycloak in the worker, a stub in tests). */
  directory?: UserDirectory;
}

/** Fails without retry when the worker was started without the storage settings. */
function missingDependency(name: string): never {
  throw ApplicationFailure.nonRetryable(`The worker has no ${name} configured`, 'WorkerMisconfigured');
}

/** Every activity the worker registers, built from the worker's dependencies. */
export function createActivities(deps: ActivityDeps = {}) {
  return {
    ...createPingActivities(),
    ...createAnalyzeRushesActivities({
      get s3() {
        return deps.s3 ?? missingDependency('S3 storage');
      },
    }),
    ...createBriefActivities({
      get orm() {
        return deps.brief?.orm ?? missingDependency('database');
      },
      get mailTransport() {
        return deps.brief?.mailTransport ?? missingDependency('mail transport');
      },
      get mailFrom() {
        return deps.brief?.mailFrom ?? missingDependency('mail sender');
      },
      get appUrl() {
        return deps.brief?.appUrl ?? missingDependency('site address');
      },
    }),
    ...createPaymentActivities({
      get orm() {
        return deps.brief?.orm ?? missingDependency('database');
      },
      get appUrl() {
        return deps.brief?.appUrl ?? missingDependency('site address');
      },
      pauseBeforeProjectInsert: deps.pauseBeforeProjectInsert,
    }),
    ...createProjectActivities({
      get orm() {
        return deps.brief?.orm ?? missingDependency('database');
      },
      mailTransport: deps.brief?.mailTransport,
      mailFrom: deps.brief?.mailFrom,
      appUrl: deps.brief?.appUrl,
      directory: deps.directory,
      deleteObject: deps.s3 ? s3DeleteObject(deps.s3) : undefined,
    }),
  };
}
