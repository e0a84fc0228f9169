import type { MikroORM } from '@mikro-orm/core';
import type { Client } from '@temporalio/client';
import type { AppDeps } from './app';
import type { ApiConfig } from './config';
import { createHealthProbes } from './health/probes';
import { KeycloakAdminClient } from './keycloak/admin-client';
import { createMailTransport } from './lib/mailer';
import { createStripeClient } from './lib/payments';
import { createS3Client } from './lib/storage';
import { createTokenVerifier } from './middleware/auth';
import { connectTemporal } from './temporal/client';

/** Connects once and reconnects on the next call after a failure, so the api boots without Temporal. */
export function lazyTemporal(address: string, namespace: string): () => Promise<Client> {
  let pending: Promise<Client> | undefined;
  return () => {
    pending ??= connectTemporal(address, namespace).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/** Wires the api's dependencies from its configuration: one place for the server and the tests. */
export function buildAppDeps(config: ApiConfig, orm: MikroORM): AppDeps {
  const mail = createMailTransport(config.SMTP_URL);
  return {
    verifyToken: createTokenVerifier({ issuer: config.keycloakIssuer, audience: config.KEYCLOAK_API_CLIENT_ID }),
    keycloakAdmin: new KeycloakAdminClient({
      url: config.KEYCLOAK_URL,
      realm: config.KEYCLOAK_REALM,
      clientId: config.KEYCLOAK_API_CLIENT_ID,
      clientSecret: config.KEYCLOAK_API_CLIENT_SECRET,
    }),
    frontendDist: config.FRONTEND_DIST,
    publicConfig: {
      keycloak: { url: config.KEYCLOAK_URL, realm: config.KEYCLOAK_REALM, clientId: config.KEYCLOAK_SPA_CLIENT_ID },
      appName: 'Rushflow',
    },
    healthProbes: createHealthProbes({
      queryDatabase: () => orm.em.getConnection().execute('select 1'),
      temporal: lazyTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE),
      keycloakIssuer: config.keycloakIssuer,
      s3: createS3Client({
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      }),
      verifySmtp: () => mail.verify(),
      stripe: createStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE),
    }),
  };
}
