import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** A message as MailDev's HTTP API lists it (`GET /email`). */
export interface CapturedEmail {
  id: string;
  subject: string;
  html: string;
  text: string;
  to: { address: string; name?: string }[];
  from: { address: string; name?: string }[];
  messageId?: string;
  /** Header names lower-cased (`reply-to`…). */
  headers?: Record<string, string>;
  attachments?: { fileName: string; generatedFileName: string; contentType: string }[];
}

export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A MailDev of the test's own on free ports, so the shared stack's mailbox is left alone. */
export class TestMailServer {
  private constructor(
    private readonly child: ChildProcess,
    readonly smtpUrl: string,
    readonly apiUrl: string,
  ) {}

  static async start(): Promise<TestMailServer> {
    const [smtpPort, webPort] = [await freePort(), await freePort()];
    const bin = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'maildev');
    const child = spawn(bin, ['--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--silent'], {
      stdio: 'ignore',
    });
    const server = new TestMailServer(child, `smtp://127.0.0.1:${smtpPort}`, `http://127.0.0.1:${webPort}`);
    await waitUntil(async () => (await fetch(`${server.apiUrl}/email`)).ok, 20_000, 'MailDev');
    return server;
  }

  async emails(): Promise<CapturedEmail[]> {
    return (await (await fetch(`${this.apiUrl}/email`)).json()) as CapturedEmail[];
  }

  async emailsTo(address: string): Promise<CapturedEmail[]> {
    return (await this.emails()).filter((email) =>
      email.to.some((to) => to.address.toLowerCase() === address.toLowerCase()),
    );
  }

  /** The content of an e-mail's attachment (by MailDev's `generatedFileName`), as text. */
  async attachment(emailId: string, fileName: string): Promise<string> {
    const response = await fetch(`${this.apiUrl}/email/${emailId}/attachment/${encodeURIComponent(fileName)}`);
    if (!response.ok) throw new Error(`attachment ${fileName} of ${emailId}: ${response.status}`);
    return response.text();
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.child.kill('SIGTERM');
    await new Promise((resolve) => this.child.once('exit', resolve));
  }
}
