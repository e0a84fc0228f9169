import { loadConfig } from '../config';
import { initOrm } from '../../db/orm';
import { createRecordRetentionClient } from '../privacy/record-retention-client';
import { lazyTemporal } from '../temporal/connection';

/**
 * Once, after upgrading a deployment to the version that keeps records only their promised time
 * (docs/deploy.md, "Upgrading"): starts the retention timer of every contact message, call booking
 * and rejected application stored before. Safe to run again: a running timer is never shortened.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const orm = await initOrm(config.DATABASE_URL);
  const temporal = lazyTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE);
  try {
    const kept = await createRecordRetentionClient(temporal).keepExistingRecords(orm.em.fork());
    console.log(`retention timers started or confirmed for ${kept} records`);
  } finally {
    await orm.close();
    await (await temporal()).connection.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
