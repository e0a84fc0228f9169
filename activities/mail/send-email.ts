import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Transporter } from 'nodemailer';
import type { SendEmailInput, SendEmailResult } from '../../workflows/brief-activities';

export interface MailDeps {
  orm: MikroORM;
  transport: Transporter;
  /** `Name <address>` of the sender. */
  from: string;
}

/** A stable Message-ID per key, so even a send repeated after a crash is one message to mail clients. */
function messageIdFor(idempotencyKey: string): string {
  return `<${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}@rushflow>`;
}

/**
 * Sends an e-mail once per idempotency key. The `sent_emails` row is claimed and locked in a
 * transaction around the SMTP call: a retry (or a concurrent duplicate) waits for the lock, sees
 * `sent_at` and returns without sending. If the SMTP call fails the transaction rolls back, the key
 * is free again and Temporal's retry sends it.
 */
export async function sendEmailOnce(deps: MailDeps, input: SendEmailInput): Promise<SendEmailResult> {
  const em = deps.orm.em.fork();
  return em.transactional(async (tx) => {
    await tx.execute(
      `insert into "sent_emails" ("idempotency_key", "template", "recipient", "subject")
       values (?, ?, ?, ?) on conflict ("idempotency_key") do nothing`,
      [input.idempotencyKey, input.template, input.to, input.subject],
    );
    const [claimed] = await tx.execute<{ sent_at: Date | null; message_id: string | null }[]>(
      `select "sent_at", "message_id" from "sent_emails" where "idempotency_key" = ? for update`,
      [input.idempotencyKey],
    );
    if (claimed?.sent_at) return { sentNow: false, messageId: claimed.message_id };

    const info = await deps.transport.sendMail({
      from: deps.from,
      to: input.to,
      subject: input.subject,
      html: input.html,
      text: input.text,
      ...(input.replyTo ? { replyTo: input.replyTo } : {}),
      ...(input.attachments?.length ? { attachments: input.attachments } : {}),
      messageId: messageIdFor(input.idempotencyKey),
    });
    const messageId = typeof info.messageId === 'string' ? info.messageId : null;
    await tx.execute(`update "sent_emails" set "sent_at" = now(), "message_id" = ? where "idempotency_key" = ?`, [
      messageId,
      input.idempotencyKey,
    ]);
    return { sentNow: true, messageId };
  });
}
