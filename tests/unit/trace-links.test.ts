import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../api/config';
import { traceUrl } from '../../api/admin/trace-links';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const links = (traceUrlTemplate?: string) => ({ namespace: 'default', traceUrlTemplate });

describe('the admin’s link to a project’s trace', () => {
  test('the template with the trace id in place of {traceId}, wherever it stands', () => {
    expect(traceUrl(links('https://jaeger.example/trace/{traceId}'), TRACE_ID)).toBe(
      `https://jaeger.example/trace/${TRACE_ID}`,
    );
    expect(traceUrl(links('https://grafana.example/explore?trace={traceId}&again={traceId}'), TRACE_ID)).toBe(
      `https://grafana.example/explore?trace=${TRACE_ID}&again=${TRACE_ID}`,
    );
  });

  test('no link without a template or without a recorded trace', () => {
    expect(traceUrl(links(), TRACE_ID)).toBeNull();
    expect(traceUrl(links('https://jaeger.example/trace/{traceId}'), null)).toBeNull();
  });
});

describe('TRACE_URL_TEMPLATE', () => {
  const required = {
    DATABASE_URL: 'postgres://db.example.com/rushflow',
    SMTP_URL: 'smtp://smtp.example.com',
    KEYCLOAK_URL: 'https://auth.example.com',
    ...Object.fromEntries(
      [
        'KEYCLOAK_API_CLIENT_SECRET',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'PAGE_SESSION_SECRET',
        'METRICS_TOKEN',
      ].map((name) => [name, randomBytes(32).toString('hex')]),
    ),
  };

  test('is optional, and kept as written when it names {traceId}', () => {
    expect(loadConfig(required).TRACE_URL_TEMPLATE).toBeUndefined();
    expect(
      loadConfig({ ...required, TRACE_URL_TEMPLATE: 'http://localhost:16686/trace/{traceId}' }).TRACE_URL_TEMPLATE,
    ).toBe('http://localhost:16686/trace/{traceId}');
  });

  test('without {traceId}, or not a URL, the api refuses to start and says why', () => {
    expect(() => loadConfig({ ...required, TRACE_URL_TEMPLATE: 'http://localhost:16686/trace/' })).toThrow(
      'TRACE_URL_TEMPLATE: doit contenir {traceId}',
    );
    expect(() => loadConfig({ ...required, TRACE_URL_TEMPLATE: 'jaeger/{traceId}' })).toThrow('TRACE_URL_TEMPLATE');
  });
});
