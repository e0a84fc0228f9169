import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { killAndWait, spawnUntilReady, startOnFreePorts } from './free-port-process';

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

export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const MAILDEV_START_TIMEOUT_MS = 60_000;

/** Whether something listens on the loopback port. */
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

/**
 * MailDev on two given loopback ports, ready when its web API answers and its SMTP port takes
 * connections (its SMTP side starts after its web side, and fails alone when its port is taken).
 */
function launchMailDev(smtpPort: number, webPort: number): Promise<ChildProcess> {
  const bin = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'maildev');
  return spawnUntilReady(bin, ['--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1'], {
    ready: async () => (await fetch(`http://127.0.0.1:${webPort}/email`)).ok && (await acceptsConnections(smtpPort)),
    timeoutMs: MAILDEV_START_TIMEOUT_MS,
    what: 'MailDev',
  });
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

  /** Starts MailDev on two free ports (on others if one was taken meanwhile). */
  static start(): Promise<TestMailServer> {
    return startOnFreePorts(2, async ([smtpPort, webPort]) => {
      return new TestMailServer(await launchMailDev(smtpPort, webPort), smtpPort, webPort);
    });
  }

  /** Kills the server at once, as a crash would. */
  crash(): Promise<void> {
    return killAndWait(this.child, 'SIGKILL');
  }

  /** Starts it again on the same ports, as after a crash (its mailbox starts empty). */
  async restart(): Promise<void> {
    await this.crash();
    this.child = await launchMailDev(this.smtpPort, this.webPort);
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

  stop(): Promise<void> {
    return killAndWait(this.child, 'SIGTERM');
  }
}
