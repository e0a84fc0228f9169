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
];
const AUDIT_TARGETS_BEFORE = ['project', 'user', 'application', 'settings'];

const inList = (values: string[]) => values.map((value) => `'${value}'`).join(', ');
const auditChecks = (actions: string[], targets: string[]) => [
  `alter table "admin_audit_log" drop constraint "admin_audit_log_action_check";`,
  `alter table "admin_audit_log" add constraint "admin_audit_log_action_check" check ("action" in (${inList(actions)}));`,
  `alter table "admin_audit_log" drop constraint "admin_audit_log_target_type_check";`,
  `alter table "admin_audit_log" add constraint "admin_audit_log_target_type_check" check ("target_type" in (${inList(targets)}));`,
];

/**
 * One launch-offer place per client, held 15 minutes, and refunds: each checkout records its
 * client (the brief's e-mail, lower case, `+tag` dropped; and its account), the end of its hold,
 * and, once refunded, why and Stripe's refund id. A partial unique index keeps one live place per
 * client whatever the number of api instances. Extra places a client already had keep their
 * payment but stop counting as places (the oldest stays theirs).
 */
export class Migration20261224000000_launch_offer_clients extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "checkout_sessions" add column "client_key" text null;`);
    this.addSql(`alter table "checkout_sessions" add column "client_account_id" text null;`);
    this.addSql(`alter table "checkout_sessions" add column "hold_expires_at" timestamptz null;`);
    this.addSql(`alter table "checkout_sessions" add column "refund_reason" text null;`);
    this.addSql(`alter table "checkout_sessions" add column "refund_id" text null;`);
    this.addSql(`
      update "checkout_sessions" c
         set "client_key" = regexp_replace(lower(trim(b."email")), '\\+[^@]*@', '@'),
             "client_account_id" = b."client_id",
             "hold_expires_at" = case when c."launch_offer_claimed"
               then least(c."expires_at", c."created_at" + interval '15 minutes') end
        from "briefs" b where b."id" = c."brief_id";`);
    this.addSql(`alter table "checkout_sessions" alter column "client_key" set not null;`);
    this.addSql(`
      update "checkout_sessions" c set "launch_offer_claimed" = false
       where c."launch_offer_claimed" and c."status" in ('open', 'processing', 'paid')
         and exists (select 1 from "checkout_sessions" o
                      where o."client_key" = c."client_key" and o."launch_offer_claimed"
                        and o."status" in ('open', 'processing', 'paid')
                        and (o."created_at", o."id") < (c."created_at", c."id"));`);
    this.addSql(`alter table "checkout_sessions" drop constraint "checkout_sessions_status_check";`);
    this.addSql(
      `alter table "checkout_sessions" add constraint "checkout_sessions_status_check" check ("status" in ('open', 'processing', 'paid', 'expired', 'failed', 'refunded'));`,
    );
    this.addSql(
      `alter table "checkout_sessions" add constraint "checkout_sessions_refund_reason_check" check ("refund_reason" in ('duplicate', 'amount', 'offer_gone'));`,
    );
    this.addSql(`
      create unique index "checkout_sessions_one_offer_place_per_client" on "checkout_sessions" ("client_key")
       where "launch_offer_claimed" and "status" in ('open', 'processing', 'paid');`);
    // Refunds are recorded in the audit log, on the brief.
    for (const sql of auditChecks([...AUDIT_ACTIONS_BEFORE, 'payment.refund'], [...AUDIT_TARGETS_BEFORE, 'brief']))
      this.addSql(sql);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "admin_audit_log" where "action" = 'payment.refund' or "target_type" = 'brief';`);
    for (const sql of auditChecks(AUDIT_ACTIONS_BEFORE, AUDIT_TARGETS_BEFORE)) this.addSql(sql);
    this.addSql(`drop index "checkout_sessions_one_offer_place_per_client";`);
    this.addSql(`alter table "checkout_sessions" drop constraint "checkout_sessions_refund_reason_check";`);
    this.addSql(`alter table "checkout_sessions" drop constraint "checkout_sessions_status_check";`);
    this.addSql(
      `alter table "checkout_sessions" add constraint "checkout_sessions_status_check" check ("status" in ('open', 'processing', 'paid', 'expired', 'failed'));`,
    );
    this.addSql(
      `alter table "checkout_sessions" drop column "client_key", drop column "client_account_id", drop column "hold_expires_at", drop column "refund_reason", drop column "refund_id";`,
    );
  }
}
