import type { S3Client } from '@aws-sdk/client-s3';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/common';
import type { Transporter } from 'nodemailer';
import type Stripe from 'stripe';
import type { KeycloakAdminClient } from '../clients/keycloak-admin';
import { createAccountPrivacyActivities } from './account-privacy';
import { createAdminUserActivities } from './admin-users';
import { createAnalyzeRushesActivities } from './analyze-rushes';
import { createBillingDocumentActivities } from './billing-documents';
import { createBriefActivities } from './brief';
import { createContactActivities } from './contact';
import { createEditorApplicationActivities } from './editor-application';
import { createEmailTestActivities } from './email-test';
import { s3DeleteObject } from './directory';
import { createPaymentActivities } from './payments';
import { createPaymentRefundActivities } from './payment-refunds';
import { createLaunchOfferHoldActivities } from './launch-offer-holds';
import { createPingActivities } from './ping';
import { createProjectActivities, type UserDirectory } from './project';
import { createRecordRetentionActivities } from './record-retention';
import { createRushContactSheetActivities } from './rush-contact-sheet';
import { createSystemTestActivities } from './system-test';
import { createVersionPreviewActivities } from './version-preview';
import { createUploadSweepActivities } from './upload-sweep';

/** What the worker's activities stand on, each named for what it is; absent ones fail the activities that need them. */
export interface ActivityDeps {
  /** The database (read models, idempotency records). */
  db?: MikroORM;
  /** Outgoing mail: the SMTP transport and the `Name <address>` sender. */
  mail?: { transport: Transporter; from: string };
  /** Storage client on the internal endpoint: the worker reads and deletes objects. */
  storage?: S3Client;
  /** Storage client on the address browsers reach (the internal one when absent): signs links sent by e-mail. */
  publicStorage?: S3Client;
  /** The site's public address, linked from every e-mail. */
  appUrl?: string;
  /** Admins' and editors' e-mail addresses (Keycloak in the worker, a stub in tests). */
  directory?: UserDirectory;
  /** Keycloak's admin api: the account changes an admin asks for (invitations, roles). */
  keycloak?: KeycloakAdminClient;
  /** Stripe (or stripe-mock without a key): refunds, lapsed launch-offer holds. */
  stripe?: Stripe;
  /** ffmpeg/ffprobe and the watermark's fonts (Debian's by default) for the versions' previews. */
  media?: { ffmpegPath?: string; ffprobePath?: string; fontDir?: string; x264Preset?: string };
}

/** Fails without retry when the worker was started without a dependency an activity needs. */
function missingDependency(name: string): never {
  throw ApplicationFailure.nonRetryable(`The worker has no ${name} configured`, 'WorkerMisconfigured');
}

/** Every activity the worker registers, built from the worker's dependencies. */
export function createActivities(deps: ActivityDeps = {}) {
  const db = () => deps.db ?? missingDependency('database');
  const appUrl = () => deps.appUrl ?? missingDependency('site address');
  return {
    ...createPingActivities(),
    ...createAnalyzeRushesActivities({
      get s3() {
        return deps.storage ?? missingDependency('S3 storage');
      },
    }),
    ...createBriefActivities({
      get orm() {
        return db();
      },
      get mailTransport() {
        return deps.mail?.transport ?? missingDependency('mail transport');
      },
      get mailFrom() {
        return deps.mail?.from ?? missingDependency('mail sender');
      },
      get appUrl() {
        return appUrl();
      },
    }),
    ...createPaymentActivities({
      get orm() {
        return db();
      },
      get appUrl() {
        return appUrl();
      },
    }),
    ...createPaymentRefundActivities({
      get orm() {
        return db();
      },
      get stripe() {
        return deps.stripe ?? missingDependency('Stripe client');
      },
      get appUrl() {
        return appUrl();
      },
    }),
    ...createBillingDocumentActivities({
      get orm() {
        return db();
      },
      get s3() {
        return deps.storage ?? missingDependency('S3 storage');
      },
      get stripe() {
        return deps.stripe ?? missingDependency('Stripe client');
      },
      get appUrl() {
        return appUrl();
      },
    }),
    ...createLaunchOfferHoldActivities({
      get orm() {
        return db();
      },
      get stripe() {
        return deps.stripe ?? missingDependency('Stripe client');
      },
    }),
    ...createProjectActivities({
      get orm() {
        return db();
      },
      mailTransport: deps.mail?.transport,
      mailFrom: deps.mail?.from,
      appUrl: deps.appUrl,
      directory: deps.directory,
      deleteObject: deps.storage ? s3DeleteObject(deps.storage) : undefined,
    }),
    ...createVersionPreviewActivities({
      get orm() {
        return db();
      },
      get s3() {
        return deps.storage ?? missingDependency('S3 storage');
      },
      directory: deps.directory,
      ...deps.media,
    }),
    ...createRushContactSheetActivities({
      get orm() {
        return db();
      },
      get s3() {
        return deps.storage ?? missingDependency('S3 storage');
      },
      ffmpegPath: deps.media?.ffmpegPath,
      ffprobePath: deps.media?.ffprobePath,
    }),
    ...createAdminUserActivities({
      get orm() {
        return db();
      },
      get keycloak() {
        return deps.keycloak ?? missingDependency('Keycloak admin client');
      },
    }),
    ...createUploadSweepActivities({
      get orm() {
        return db();
      },
      get s3() {
        return deps.storage ?? missingDependency('S3 storage');
      },
    }),
    ...createSystemTestActivities({
      get orm() {
        return db();
      },
    }),
    ...createEditorApplicationActivities({
      get orm() {
        return db();
      },
      get appUrl() {
        return appUrl();
      },
      directory: deps.directory,
    }),
    ...createContactActivities({
      get orm() {
        return db();
      },
      get appUrl() {
        return appUrl();
      },
    }),
    ...createAccountPrivacyActivities({
      get orm() {
        return db();
      },
      get storage() {
        return deps.storage ?? missingDependency('S3 storage');
      },
      get publicStorage() {
        return deps.publicStorage ?? deps.storage ?? missingDependency('S3 storage');
      },
      get keycloak() {
        return deps.keycloak ?? missingDependency('Keycloak admin client');
      },
      get mail() {
        return deps.mail ?? missingDependency('mail transport');
      },
      get appUrl() {
        return appUrl();
      },
    }),
    ...createEmailTestActivities({
      get orm() {
        return db();
      },
      get appUrl() {
        return appUrl();
      },
    }),
    ...createRecordRetentionActivities({
      get orm() {
        return db();
      },
      get deleteObject() {
        return s3DeleteObject(deps.storage ?? missingDependency('S3 storage'));
      },
    }),
  };
}
