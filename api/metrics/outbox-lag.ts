import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Age in seconds of the oldest outbox event after `deliveredUpTo` (the first by id: the primary
 * key's index answers it), by the database's clock as its `created_at`; 0 when there is none, or
 * when the instance does not follow the outbox (`null`).
 */
export async function outboxLagSeconds(em: () => EntityManager, deliveredUpTo: number | null): Promise<number> {
  if (deliveredUpTo === null) return 0;
  const [row] = await em()
    .getConnection()
    .execute<{ lag: string | number }[]>(
      'select extract(epoch from (now() - "created_at")) as "lag" from "events" where "id" > ? order by "id" limit 1',
      [deliveredUpTo],
    );
  return row ? Math.max(0, Number(row.lag)) : 0;
}
