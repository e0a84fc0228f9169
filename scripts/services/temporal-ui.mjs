// The Temporal UI server behind sign-in, for the cluster profile, as deploy/compose.yaml runs it:
// built from github.com/temporalio/ui-server into the tool cache, signing in through Keycloak's
// confidential client `rushflow-temporal-ui` (whose browser flow lets in the `admin` role only),
// read-only, behind Caddy's https. The dev and test stacks use the CLI's `start-dev` UI instead.
// Node built-ins only.
import fs from 'node:fs';
import path from 'node:path';
import { httpOk, log as defaultLog, startProcess, waitFor } from '../lib/process.mjs';
import { ensureGoTool } from '../lib/tools.mjs';

/** The UI server's binary in the tool cache (built once with `go install`, progress lines meanwhile). */
export function provisionTemporalUi() {
  return ensureGoTool('temporal-ui-server', 'provision');
}

/** deploy/compose.yaml's TEMPORAL_* settings of the temporal-ui service, as the server's YAML keys. */
function uiConfig({ port, temporalAddress, publicUrl, keycloakIssuerUrl, clientId, clientSecret, defaultNamespace }) {
  return {
    temporalGrpcAddress: temporalAddress,
    host: '127.0.0.1',
    port,
    enableUi: true,
    defaultNamespace,
    // For watching: terminating, resetting or signalling from here would bypass the product's
    // compensations and read models.
    disableWriteActions: true,
    cors: { allowOrigins: [publicUrl] },
    auth: {
      enabled: true,
      providers: [
        {
          label: 'Keycloak',
          type: 'oidc',
          providerUrl: keycloakIssuerUrl,
          clientId,
          clientSecret,
          callbackUrl: `${publicUrl}/auth/sso/callback`,
          scopes: ['openid', 'profile', 'email'],
        },
      ],
    },
  };
}

/**
 * Starts the UI server on `127.0.0.1:<port>` with `<dataDir>/temporal-ui.yaml` (written on every
 * start, JSON being YAML) and resolves to `{ child }` once it answers `/healthz`. It reads the
 * realm's discovery document at `keycloakIssuerUrl` when it starts, so Keycloak and Caddy must be
 * up; `caFile` is Caddy's root certificate, which Go's TLS client trusts through SSL_CERT_FILE.
 */
export async function startTemporalUi({
  bin,
  port,
  temporalAddress,
  publicUrl,
  keycloakIssuerUrl,
  clientId,
  clientSecret,
  caFile,
  defaultNamespace = 'default',
  dataDir,
  logDir,
  log = defaultLog,
}) {
  const start = Date.now();
  fs.mkdirSync(dataDir, { recursive: true });
  const settings = uiConfig({
    port,
    temporalAddress,
    publicUrl,
    keycloakIssuerUrl,
    clientId,
    clientSecret,
    defaultNamespace,
  });
  // It holds the client's secret: readable by its owner only.
  fs.writeFileSync(path.join(dataDir, 'temporal-ui.yaml'), `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
  const child = startProcess(
    'temporal-ui',
    bin,
    ['--root', dataDir, '--config', '.', '--env', 'temporal-ui', 'start'],
    { logDir, env: { SSL_CERT_FILE: caFile } },
  );
  await waitFor('Temporal UI server', () => httpOk(`http://127.0.0.1:${port}/healthz`), { child, timeoutMs: 30_000 });
  log('temporal', `Temporal UI server on ${publicUrl} (sign-in ${keycloakIssuerUrl}) in ${Date.now() - start} ms`);
  return { child };
}

/**
 * The Caddyfile site in front of the UI server (deploy/Caddyfile's `temporal.` site, on loopback).
 * Caddy starts before the UI server: checked every 2 s, it is served within 2 s of coming up.
 */
export function temporalUiCaddySite({ port, upstreamPort }) {
  return `
https://localhost:${port} {
	tls internal
	encode zstd gzip
	reverse_proxy 127.0.0.1:${upstreamPort} {
		health_uri /healthz
		health_interval 2s
		health_timeout 2s
	}
}
`;
}
