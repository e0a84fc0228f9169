import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { COMPONENTS, type HealthReport } from '../../api/health/checks';
import { testStack } from '../support/stack-env';
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

/** A mail server of this test's own, so stopping it leaves the shared stack alone. */
function startMailServer(smtpPort: number, webPort: number): ChildProcess {
  const bin = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'maildev');
  return spawn(bin, ['--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--silent'], {
    stdio: 'ignore',
  });
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('health answers 503 and names the component that went down', async () => {
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  let mail = startMailServer(smtpPort, webPort);
  const api = await startOwnApi({ ...config, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  const url = `${api.base}/api/health`;
  try {
    await waitUntil(async () => (await fetch(url)).status === 200);

    mail.kill('SIGKILL');
    await new Promise((resolve) => mail.once('exit', resolve));
    // A report lives a few seconds: the next one after that names the component that went down.
    let down = await fetch(url);
    await waitUntil(async () => (down = await fetch(url)).status === 503);
    const body = (await down.json()) as HealthReport;
    expect(down.status).toBe(503);
    expect(body.status).toBe('down');
    expect(body.components.smtp.status).toBe('down');
    for (const component of COMPONENTS.filter((name) => name !== 'smtp')) {
      expect(body.components[component].status).toBe('ok');
    }

    mail = startMailServer(smtpPort, webPort);
    await waitUntil(async () => (await fetch(url)).status === 200);
  } finally {
    mail.kill('SIGKILL');
    await api.close();
  }
});
