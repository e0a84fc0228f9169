import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, PostgreSqlDriver, type Options } from '@mikro-orm/postgresql';
import { ALL_ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * MikroORM options for a PostgreSQL database URL. Entities and migrations are listed explicitly,
 * so nothing is discovered from files at run time; the schema comes only from the migrations.
 */
export function createOrmConfig(databaseUrl: string): Options {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    entities: ALL_ENTITIES,
    extensions: [Migrator],
    forceUtcTimezone: true,
    debug: false,
    discovery: { warnWhenNoEntities: true, requireEntitiesArray: true },
    migrations: {
      tableName: 'mikro_orm_migrations',
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      path: 'db/migrations',
      pathTs: 'db/migrations',
      silent: true,
    },
  });
}
