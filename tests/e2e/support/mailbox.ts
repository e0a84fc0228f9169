import { expect } from '@playwright/test';

/** A message as the capturing SMTP server's HTTP API (MailDev) lists it. */
export interface MailboxMail {
  id: string;
  subject: string;
  to: { address: string }[];
  text?: string;
  html?: string;
  /** Header names lower-cased (`reply-to`…). */
  headers?: Record<string, string>;
  attachments?: { fileName: string; generatedFileName: string; contentType: string }[];
}

function mailApi(): string {
  const api = process.env.MAIL_API_URL;
  if (!api) throw new Error('MAIL_API_URL is not set: run the browser tests through `npm test`.');
  return api;
}

/** Every mail the server holds for `address`. */
export async function mailsTo(address: string): Promise<MailboxMail[]> {
  const mails = (await (await fetch(`${mailApi()}/email`)).json()) as MailboxMail[];
  return mails.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Waits until `address` holds at least `count` mails that `accept` takes, and returns them. */
export async function waitForMails(
  address: string,
  count: number,
  accept: (mail: MailboxMail) => boolean = () => true,
): Promise<MailboxMail[]> {
  let found: MailboxMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).filter(accept);
        return found.length;
      },
      { message: `${count} mail(s) for ${address}`, timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** The `.ics` invitation attached to a mail, as text. */
export async function calendarAttachment(mail: MailboxMail): Promise<{ contentType: string; content: string }> {
  const attachment = mail.attachments?.find((candidate) => candidate.fileName.endsWith('.ics'));
  if (!attachment) throw new Error(`no .ics attached to « ${mail.subject} »`);
  const response = await fetch(
    `${mailApi()}/email/${mail.id}/attachment/${encodeURIComponent(attachment.generatedFileName)}`,
  );
  expect(response.ok).toBe(true);
  return { contentType: attachment.contentType, content: await response.text() };
}
