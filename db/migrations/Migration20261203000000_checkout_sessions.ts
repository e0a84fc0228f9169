import { Migration } from '@mikro-orm/migrations';

/**
 * Checkout sessions recorded by the api (amount, launch-offer place, state from the verified
 * webhooks). At most one open session per brief, so a double click or two tabs reuse it instead
 * of claiming a second offer place.
 */
export class Migration20261203000000_checkout_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "checkout_sessions" (
        "id" uuid not null default gen_random_uuid(),
        "brief_id" uuid not null,
        "session_id" text null,
        "checkout_url" text null,
        "simulated" boolean not null default false,
        "status" text not null default 'open' constraint "checkout_sessions_status_check" check ("status" in ('open', 'processing', 'paid', 'expired', 'failed')),
        "amount_cents" int not null,
        "currency" text not null,
        "launch_offer_claimed" boolean not null default false,
        "expires_at" timestamptz not null,
        "paid_at" timestamptz null,
        "amount_paid_cents" int null,
        "payment_intent_id" text null,
        "settled_by_event_id" text null,
        "needs_attention" text null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "checkout_sessions_pkey" primary key ("id"),
        constraint "checkout_sessions_amount_cents_check" check (amount_cents >= 0),
        constraint "checkout_sessions_currency_check" check (currency in ('eur', 'usd')),
        constraint "checkout_sessions_brief_id_foreign" foreign key ("brief_id") references "briefs" ("id") on update cascade on delete cascade
      );`);
    this.addSql(
      `alter table "checkout_sessions" add constraint "checkout_sessions_session_id_unique" unique ("session_id");`,
    );
    this.addSql(
      `create index "checkout_sessions_brief_id_created_at_index" on "checkout_sessions" ("brief_id", "created_at" desc);`,
    );
    this.addSql(
      `create index "checkout_sessions_launch_offer_index" on "checkout_sessions" ("status") where "launch_offer_claimed";`,
    );
    this.addSql(
      `create unique index "checkout_sessions_one_open_per_brief" on "checkout_sessions" ("brief_id") where "status" = 'open';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "checkout_sessions";`);
  }
}
