import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from './mikro-orm.config';
import { refuseUnsafeProductionSettings, startFailureFields } from './production-settings';
import { processLogger } from '../observability/logger';

const log = processLogger('migrate');

/** Applies every pending migration; returns the names applied, in order. */
export async function migrateUp(databaseUrl: string): Promise<string[]> {
  const orm = await MikroORM.init(createOrmConfig(databaseUrl));
  try {
    const applied = await orm.getMigrator().up();
    return applied.map((migration) => migration.name);
  } finally {
    await orm.close(true);
  }
}

/** Rolls back every applied migration (newest first); returns the names reverted, in order. */
export async function migrateDownAll(databaseUrl: string): Promise<string[]> {
  const orm = await MikroORM.init(createOrmConfig(databaseUrl));
  try {
    const reverted = await orm.getMigrator().down({ to: 0 });
    return reverted.map((migration) => migration.name);
  } finally {
    await orm.close(true);
  }
}

async function main(argv: string[]): Promise<void> {
  const command = argv[0];
  const databaseUrl = process.env.DATABASE_URL;
  if (command !== 'up' && command !== 'down') {
    // A person at a terminal typed the command: plain text for them.
    console.error('usage: tsx db/migrate.ts up|down   (down rolls back every migration)');
    process.exitCode = 2;
    return;
  }
  if (!databaseUrl) {
    log.error('DATABASE_URL is not set');
    process.exitCode = 2;
    return;
  }
  refuseUnsafeProductionSettings(process.env.NODE_ENV, { DATABASE_URL: databaseUrl });
  if (command === 'up') {
    const applied = await migrateUp(databaseUrl);
    log.info({ applied }, applied.length ? 'migrations applied' : 'nothing to apply: the schema is up to date');
  } else {
    const reverted = await migrateDownAll(databaseUrl);
    log.info({ reverted }, reverted.length ? 'migrations reverted' : 'nothing to revert: no migration applied');
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    log.error(startFailureFields(error), 'migration failed');
    process.exit(1);
  });
}
