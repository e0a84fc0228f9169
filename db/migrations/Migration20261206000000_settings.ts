import { Migration } from '@mikro-orm/migrations';

/** Two more admin settings (domain/settings.ts): the 48 h express option, and the team's contact address. */
export class Migration20261206000000_settings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      insert into "settings" ("key", "value") values
        ('express_enabled', 'true'::jsonb),
        ('contact_email', '"contact@rushflow.fr"'::jsonb)
      on conflict ("key") do nothing;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "settings" where "key" in ('express_enabled', 'contact_email');`);
  }
}
