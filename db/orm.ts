import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from './mikro-orm.config';

/** Connects the ORM to `databaseUrl`. Callers close it with `orm.close()`. */
export async function initOrm(databaseUrl: string): Promise<MikroORM> {
  return MikroORM.init(createOrmConfig(databaseUrl));
}
