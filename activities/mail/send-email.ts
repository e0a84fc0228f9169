import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Transporter } from 'nodemailer';
import { inClientSpan } from '../../observability/trace-context';
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

/** What a sent-once e-mail is recorded as in `sent_emails`. */
interface SentEmailClaim {
  idempotencyKey: string;
  template: string;
  recipient: string;
  subject: string;
}

/**
 * Sends an e-mail once per idempotency key, whoever delivers it (SMTP, or Keycloak's own mail).
 * The `sent_emails` row is claimed and locked in a transaction around `send`: a retry (or a
 * concurrent duplicate) waits for the lock, sees `sent_at` and returns without sending. If `send`
 * fails the transaction rolls back, the key is free again and Temporal's retry sends it.
 * `send` answers the message's id, when the transport gives one.
 */
export async function sendOnce(
  orm: MikroORM,
  claim: SentEmailClaim,
  send: () => Promise<string | null>,
): Promise<SendEmailResult> {
  return orm.em.fork().transactional(async (tx) => {
    await tx.execute(
      `insert into "sent_emails" ("idempotency_key", "template", "recipient", "subject")
       values (?, ?, ?, ?) on conflict ("idempotency_key") do nothing`,
      [claim.idempotencyKey, claim.template, claim.recipient, claim.subject],
    );
    const [claimed] = await tx.execute<{ sent_at: Date | null; message_id: string | null }[]>(
      `select "sent_at", "message_id" from "sent_emails" where "idempotency_key" = ? for update`,
      [claim.idempotencyKey],
    );
    if (claimed?.sent_at) return { sentNow: false, messageId: claimed.message_id };
    const messageId = await send();
    await tx.execute(`update "sent_emails" set "sent_at" = now(), "message_id" = ? where "idempotency_key" = ?`, [
      messageId,
      claim.idempotencyKey,
    ]);
    return { sentNow: true, messageId };
  });
}

/** Sends an e-mail through SMTP once per idempotency key (`sendOnce`). */
export async function sendEmailOnce(deps: MailDeps, input: SendEmailInput): Promise<SendEmailResult> {
  const claim = {
    idempotencyKey: input.idempotencyKey,
    template: input.template,
    recipient: input.to,
    subject: input.subject,
  };
  return sendOnce(deps.orm, claim, async () => {
    // Nodemailer has no instrumentation of its own: the SMTP call gets a span here, without the recipient.
    const info = await inClientSpan('smtp send', { 'rushflow.mail.template': input.template }, () =>
      deps.transport.sendMail({
        from: deps.from,
        to: input.to,
        subject: input.subject,
        html: input.html,
        text: input.text,
        ...(input.replyTo ? { replyTo: input.replyTo } : {}),
        ...(input.attachments?.length ? { attachments: input.attachments } : {}),
        messageId: messageIdFor(input.idempotencyKey),
      }),
    );
    return typeof info.messageId === 'string' ? info.messageId : null;
  });
}
