import { loadConfig } from '../config';
import { migrateUp } from '../../db/migrate';
import { initOrm } from '../../db/orm';
import { EditorProfile } from '../../db/entities/editor-profile';
import { KeycloakAdminClient } from '../../clients/keycloak-admin';
import { seedDemoAccounts } from '../keycloak/seed-demo-accounts';
import { createS3Client, storageSettingsOf } from '../../clients/storage';
import { ensureBuckets } from '../storage/buckets';
import { Setting } from '../../db/entities';
import { readSeller, SELLER_SETTING_KEY } from '../../db/settings';
import { DEMO_SELLER } from './demo-seller';

/**
 * Run by `npm start` and `npm test` once the services are up: schema migrations, buckets, demo
 * accounts in Keycloak, the demo editor's profile and the demonstration seller. Idempotent. Prints the demo accounts as JSON.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const applied = await migrateUp(config.DATABASE_URL);
  console.log(`migrations applied: ${applied.length ? applied.join(', ') : 'none (up to date)'}`);

  const s3 = createS3Client(storageSettingsOf(config));
  const origins = [config.APP_URL, process.env.VITE_URL ?? config.APP_URL];
  console.log('buckets:', JSON.stringify(await ensureBuckets(s3, origins)));

  const keycloak = new KeycloakAdminClient({
    url: config.KEYCLOAK_URL,
    realm: config.KEYCLOAK_REALM,
    clientId: config.KEYCLOAK_API_CLIENT_ID,
    clientSecret: config.KEYCLOAK_API_CLIENT_SECRET,
  });
  const accounts = await seedDemoAccounts(keycloak);

  const orm = await initOrm(config.DATABASE_URL);
  try {
    const em = orm.em.fork();
    const existing = await em.findOne(EditorProfile, { userId: accounts.editor.id });
    if (!existing) {
      em.create(EditorProfile, {
        userId: accounts.editor.id,
        firstName: 'Léa',
        lastName: 'Martin',
        specialties: ['youtube', 'tiktok', 'instagram', 'corporate'],
        visualComplexityLevels: ['simple', 'moderate', 'complex'],
        languages: ['français', 'anglais'],
        timezone: 'Europe/Paris',
        hourlyRate: '27.00',
        maxConcurrentProjects: 4,
        currentProjectsCount: 0,
        status: 'active',
        availabilityStart: '09:00',
        availabilityEnd: '18:00',
        bio: 'Monteuse vidéo depuis 8 ans : YouTube, formats courts et films d’entreprise.',
        portfolioLinks: [],
      });
      await em.flush();
    }
    // Never in production: there the admin enters the agency's identity before any payment.
    if (config.NODE_ENV !== 'production' && !(await readSeller(em))) {
      await em.upsert(Setting, { key: SELLER_SETTING_KEY, value: DEMO_SELLER, updatedAt: new Date() });
      console.log(`seller: ${DEMO_SELLER.legalName} (demonstration identity, until an admin enters the agency's)`);
    }
  } finally {
    await orm.close();
  }
  console.log(JSON.stringify(accounts));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
