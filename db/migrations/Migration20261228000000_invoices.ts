import { Migration } from '@mikro-orm/migrations';

const AUDIT_ACTIONS_BEFORE = [
  'project.assign',
  'project.cancel',
  'project.reassign',
  'project.deadline',
  'project.revisions',
  'user.invite',
  'role.assign',
  'role.remove',
  'application.update',
  'application.invite',
  'settings.update',
  'payment.refund',
];
const auditActionCheck = (actions: string[]) => [
  `alter table "admin_audit_log" drop constraint "admin_audit_log_action_check";`,
  `alter table "admin_audit_log" add constraint "admin_audit_log_action_check" check ("action" in (${actions.map((action) => `'${action}'`).join(', ')}));`,
];

/**
 * Invoices and credit notes (`invoices`), their yearly sequences (`invoice_counters`), and what
 * the client gives at checkout for the invoice (company, address, SIREN, VAT number). The audit
 * log records the seller's identity changes and the credit notes.
 */
export class Migration20261228000000_invoices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "invoice_counters" (
        "kind" text not null constraint "invoice_counters_kind_check" check ("kind" in ('invoice', 'credit_note')),
        "year" int not null,
        "last_sequence" int not null,
        constraint "invoice_counters_pkey" primary key ("kind", "year")
      );`);
    this.addSql(`
      create table "invoices" (
        "id" uuid not null default gen_random_uuid(),
        "kind" text not null constraint "invoices_kind_check" check ("kind" in ('invoice', 'credit_note')),
        "year" int not null,
        "sequence" int not null,
        "number" text not null,
        "checkout_session_id" uuid null,
        "refers_to_id" uuid null,
        "brief_id" uuid null,
        "client_id" text null,
        "issued_at" timestamptz not null,
        "currency" text not null constraint "invoices_currency_check" check ("currency" in ('EUR', 'USD')),
        "ht_cents" int not null,
        "vat_cents" int not null,
        "ttc_cents" int not null,
        "buyer_label" text not null,
        "document" jsonb not null,
        "pdf_key" text null,
        "pdf_sha256" text null,
        "pdf_stored_at" timestamptz null,
        "created_at" timestamptz not null default now(),
        constraint "invoices_pkey" primary key ("id"),
        constraint "invoices_sequence_check" check (sequence > 0),
        constraint "invoices_pdf_sha256_check" check (pdf_sha256 ~ '^[0-9a-f]{64}$'),
        constraint "invoices_refers_to_id_check" check ((kind = 'credit_note') = (refers_to_id is not null))
      );`);
    this.addSql(`alter table "invoices" add constraint "invoices_number_unique" unique ("number");`);
    this.addSql(
      `alter table "invoices" add constraint "invoices_checkout_session_id_unique" unique ("checkout_session_id");`,
    );
    this.addSql(`alter table "invoices" add constraint "invoices_refers_to_id_unique" unique ("refers_to_id");`);
    this.addSql(
      `alter table "invoices" add constraint "invoices_kind_year_sequence_unique" unique ("kind", "year", "sequence");`,
    );
    this.addSql(`create index "invoices_issued_at_index" on "invoices" ("issued_at");`);
    this.addSql(`create index "invoices_brief_id_index" on "invoices" ("brief_id");`);
    this.addSql(`alter table "checkout_sessions" add column "buyer" jsonb null;`);
    for (const sql of auditActionCheck([...AUDIT_ACTIONS_BEFORE, 'settings.seller', 'invoice.credit_note']))
      this.addSql(sql);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "admin_audit_log" where "action" in ('settings.seller', 'invoice.credit_note');`);
    for (const sql of auditActionCheck(AUDIT_ACTIONS_BEFORE)) this.addSql(sql);
    this.addSql(`alter table "checkout_sessions" drop column if exists "buyer";`);
    this.addSql(`drop table if exists "invoices";`);
    this.addSql(`drop table if exists "invoice_counters";`);
  }
}
