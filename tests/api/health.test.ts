import { COMPONENTS, type HealthReport } from '../../api/health/checks';
import { testStack } from '../support/stack-env';
import { TestMailServer, waitUntil } from '../support/mail-server';
import { startOwnApi } from '../support/own-api';

const { config, appUrl } = testStack();

test('health reports all six components ok on the running stack', async () => {
  const response = await fetch(`${appUrl}/api/health`);
  const body = (await response.json()) as HealthReport;
  expect(response.status).toBe(200);
  expect(body.status).toBe('ok');
  expect(Object.keys(body.components).sort()).toEqual([...COMPONENTS].sort());
  for (const component of COMPONENTS) {
    expect(body.components[component]).toEqual({ status: 'ok', latencyMs: expect.any(Number) });
  }
});

async function waitUntilStatus(url: string, status: number): Promise<Response> {
  let response: Response | undefined;
  await waitUntil(async () => (response = await fetch(url)).status === status, 20_000, `health ${status}`);
  return response!;
}

test('health answers 503 and names the component that went down', async () => {
  const mail = await TestMailServer.start();
  const api = await startOwnApi({ ...config, SMTP_URL: mail.smtpUrl });
  const url = `${api.base}/api/health`;
  try {
    await waitUntilStatus(url, 200);

    await mail.crash();
    // A report lives a few seconds: the next one after that names the component that went down.
    const down = await waitUntilStatus(url, 503);
    const body = (await down.json()) as HealthReport;
    expect(body.status).toBe('down');
    expect(body.components.smtp.status).toBe('down');
    for (const component of COMPONENTS.filter((name) => name !== 'smtp')) {
      expect(body.components[component].status).toBe('ok');
    }

    await mail.restart();
    await waitUntilStatus(url, 200);
  } finally {
    await mail.stop();
    await api.close();
  }
});
