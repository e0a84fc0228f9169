/** Runtime configuration served by the api (`GET /api/config`), read once before Keycloak starts. */
export interface RuntimeConfig {
  keycloak: { url: string; realm: string; clientId: string };
  appName: string;
}

const CONFIG_TIMEOUT_MS = 8000;

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null) throw new Error('Configuration invalide');
  const record = value as Record<string, unknown>;
  const keycloak = record.keycloak as Record<string, unknown> | undefined;
  if (
    !keycloak ||
    !isNonEmptyString(keycloak.url) ||
    !isNonEmptyString(keycloak.realm) ||
    !isNonEmptyString(keycloak.clientId)
  ) {
    throw new Error('Configuration Keycloak invalide');
  }
  return {
    keycloak: { url: keycloak.url, realm: keycloak.realm, clientId: keycloak.clientId },
    appName: isNonEmptyString(record.appName) ? record.appName : 'Rushflow',
  };
}

let configPromise: Promise<RuntimeConfig> | null = null;

/** Fetches `/api/config` once; a failed attempt is forgotten so a later call can retry. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  if (!configPromise) {
    configPromise = (async () => {
      const controller = new AbortController();
      const timer = window.setTimeout(() => controller.abort(), CONFIG_TIMEOUT_MS);
      try {
        const response = await fetch('/api/config', {
          headers: { Accept: 'application/json' },
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`GET /api/config: ${response.status}`);
        return parseRuntimeConfig(await response.json());
      } finally {
        window.clearTimeout(timer);
      }
    })();
    configPromise.catch(() => {
      configPromise = null;
    });
  }
  return configPromise;
}
