import { Migration } from '@mikro-orm/migrations';

/** E-mails sent by the worker, one row per idempotency key, so a retried send never sends twice. */
export class Migration20261202000000_sent_emails extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "sent_emails" (
        "id" uuid not null default gen_random_uuid(),
        "idempotency_key" text not null,
        "template" text not null,
        "recipient" text not null,
        "subject" text not null,
        "message_id" text null,
        "sent_at" timestamptz null,
        "created_at" timestamptz not null default now(),
        constraint "sent_emails_pkey" primary key ("id"),
        constraint "sent_emails_idempotency_key_unique" unique ("idempotency_key")
      );`);
    this.addSql(`create index "sent_emails_recipient_created_at_index" on "sent_emails" ("recipient", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "sent_emails";`);
  }
}
