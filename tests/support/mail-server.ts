import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
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

const MAILDEV_START_ATTEMPTS = 3;
const MAILDEV_START_TIMEOUT_MS = 60_000;

const answersHttp = (url: string) =>
  fetch(url).then(
    (response) => response.ok,
    () => false,
  );

/** Whether something listens on the loopback port (MailDev's SMTP side starts after its web side). */
function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A MailDev process on two given loopback ports, or why it did not start. */
async function launchMailDev(smtpPort: number, webPort: number): Promise<ChildProcess | string> {
  const bin = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'maildev');
  const child = spawn(bin, ['--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const start = Date.now();
  while (child.exitCode === null && child.signalCode === null) {
    if ((await answersHttp(`http://127.0.0.1:${webPort}/email`)) && (await acceptsConnections(smtpPort))) {
      // Its log is no longer needed; drained so a full pipe never blocks it.
      child.stdout?.off('data', keep).resume();
      child.stderr?.off('data', keep).resume();
      return child;
    }
    if (Date.now() - start > MAILDEV_START_TIMEOUT_MS) {
      child.kill('SIGKILL');
      return `no answer after ${MAILDEV_START_TIMEOUT_MS / 1000} s; output: ${output.trim()}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return `exited (${child.exitCode ?? child.signalCode}); output: ${output.trim()}`;
}

/** A MailDev of the test's own on free ports, so the shared stack's mailbox is left alone. */
export class TestMailServer {
  private constructor(
    private child: ChildProcess,
    private readonly smtpPort: number,
    private readonly webPort: number,
  ) {}

  get smtpUrl(): string {
    return `smtp://127.0.0.1:${this.smtpPort}`;
  }

  get apiUrl(): string {
    return `http://127.0.0.1:${this.webPort}`;
  }

  /**
   * Starts MailDev on two free ports. A port found free may be taken by another process (a
   * client connection's local port, another suite's server) before MailDev binds it; MailDev then
   * exits, and it is started again on other ports. On a loaded machine its start can take many
   * seconds, so the wait is long and ends early only when the process has exited.
   */
  static async start(): Promise<TestMailServer> {
    const failures: string[] = [];
    for (let attempt = 1; attempt <= MAILDEV_START_ATTEMPTS; attempt += 1) {
      const smtpPort = await freePort();
      let webPort = await freePort();
      while (webPort === smtpPort) webPort = await freePort();
      const launched = await launchMailDev(smtpPort, webPort);
      if (typeof launched !== 'string') return new TestMailServer(launched, smtpPort, webPort);
      failures.push(`attempt ${attempt} (smtp ${smtpPort}, web ${webPort}): ${launched}`);
    }
    throw new Error(`MailDev did not start:\n${failures.join('\n')}`);
  }

  /** Kills the server at once, as a crash would. */
  async crash(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }

  /** Starts it again on the same ports, as after a crash (its mailbox starts empty). */
  async restart(): Promise<void> {
    await this.crash();
    const launched = await launchMailDev(this.smtpPort, this.webPort);
    if (typeof launched === 'string') throw new Error(`MailDev did not restart: ${launched}`);
    this.child = launched;
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
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}
