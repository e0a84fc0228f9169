import { Migration } from '@mikro-orm/migrations';

/** Sessions that ended (signed out, or ended by Keycloak): their page sessions and tokens are refused. */
export class Migration20261222000000_session_revocations extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "session_revocations" ("session_id" text not null primary key, "revoked_at" timestamptz not null);`,
    );
    this.addSql(`create index "session_revocations_revoked_at_index" on "session_revocations" ("revoked_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "session_revocations" cascade;`);
  }
}
