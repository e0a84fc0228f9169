import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { MikroORM, OptimisticLockError, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Brief, Project, Setting, StatusHistory } from '../../db/entities';
import { migrateDownAll, migrateUp } from '../../db/migrate';
import { CONTACT_SHEET_MESSAGES } from '../../domain/contact-sheet';
import { SETTING_DEFAULTS } from '../../domain/settings';
import { MIGRATIONS } from '../../db/migrations';
import { createOrmConfig } from '../../db/mikro-orm.config';

/**
 * The migrations against a scratch database created on the server of `DATABASE_URL` (and dropped
 * afterwards), so the application's own data is never touched.
 */
jest.setTimeout(60_000);

const APP_TABLES = [
  'access_revocations',
  'admin_audit_log',
  'briefs',
  'call_bookings',
  'checkout_sessions',
  'client_questions',
  'contact_messages',
  'editor_applications',
  'editor_profiles',
  'email_tests',
  'events',
  'invoice_counters',
  'invoices',
  'notifications',
  'processed_webhook_events',
  'project_files',
  'project_messages',
  'project_revisions',
  'project_versions',
  'projects',
  'rate_limits',
  'sent_emails',
  'session_revocations',
  'settings',
  'status_history',
  'upload_sessions',
  'uploaded_files',
  'version_comments',
];

const EXPECTED_INDEXES = [
  'projects_client_id_created_at_index',
  'projects_client_email_created_at_index',
  'projects_editor_id_created_at_index',
  'projects_brief_id_unique',
  'notifications_user_id_created_at_index',
  'notifications_project_id_user_id_created_at_index',
  'notifications_unread_user_id_index',
  'project_revisions_project_id_created_at_index',
  'project_files_project_id_created_at_index',
  'project_messages_project_id_created_at_index',
  'briefs_email_created_at_index',
  'briefs_idempotency_key_unique',
  'briefs_stripe_checkout_session_id_unique',
  'editor_applications_created_at_index',
  'status_history_project_id_created_at_index',
  'events_created_at_index',
  'project_versions_project_id_number_index',
  'version_comments_version_id_created_at_index',
  'client_questions_project_id_asked_at_index',
  'admin_audit_log_created_at_index',
  'admin_audit_log_target_index',
  'contact_messages_created_at_index',
  'call_bookings_confirmed_starts_at_unique',
  'call_bookings_confirmation_token_hash_unique',
  'call_bookings_email_created_at_index',
  'briefs_address_confirmation_token_hash_unique',
  'email_tests_created_at_index',
  'upload_sessions_unattached_created_at_index',
  'uploaded_files_unfinished_created_at_index',
];

const serverUrl = process.env.DATABASE_URL;
const scratchName = `rushflow_migration_${randomBytes(6).toString('hex')}`;
let scratchUrl = '';
let orm: MikroORM | undefined;

function urlForDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function withClient<T>(url: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const onScratch = <T>(run: (client: Client) => Promise<T>) => withClient(scratchUrl, run);
const onServer = <T>(run: (client: Client) => Promise<T>) =>
  withClient(urlForDatabase(serverUrl as string, 'postgres'), run);

async function publicTables(): Promise<string[]> {
  return onScratch(async (client) => {
    const { rows } = await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    return rows.map((row) => row.table_name);
  });
}

/** Runs `sql` on the scratch database and returns the PostgreSQL error it raised. */
async function sqlError(sql: string, params: unknown[]): Promise<{ code?: string; constraint?: string }> {
  return onScratch(async (client) => {
    try {
      await client.query(sql, params);
    } catch (error) {
      return error as { code?: string; constraint?: string };
    }
    throw new Error(`expected the statement to fail: ${sql}`);
  });
}

beforeAll(async () => {
  if (!serverUrl) throw new Error('DATABASE_URL must point at a PostgreSQL server for the migration tests');
  await onServer((client) => client.query(`create database "${scratchName}"`));
  scratchUrl = urlForDatabase(serverUrl, scratchName);
});

afterAll(async () => {
  await orm?.close(true);
  if (serverUrl) await onServer((client) => client.query(`drop database if exists "${scratchName}" with (force)`));
});

test('the migrations apply to an empty database: tables, indexes and default settings', async () => {
  expect(await publicTables()).toEqual([]);

  const applied = await migrateUp(scratchUrl);
  expect(applied).toEqual(MIGRATIONS.map((migration) => migration.name));
  expect(await migrateUp(scratchUrl)).toEqual([]);

  expect(await publicTables()).toEqual([...APP_TABLES, 'mikro_orm_migrations'].sort());

  const indexes = await onScratch(async (client) => {
    const { rows } = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public'`,
    );
    return new Map(rows.map((row) => [row.indexname, row.indexdef]));
  });
  for (const name of EXPECTED_INDEXES) expect(indexes.has(name)).toBe(true);
  expect(indexes.get('notifications_unread_user_id_index')).toMatch(/WHERE \(NOT is_read\)/);
  expect(indexes.get('projects_client_id_created_at_index')).toMatch(/client_id, created_at DESC/);
  // Only a confirmed call takes its slot.
  expect(indexes.get('call_bookings_confirmed_starts_at_unique')).toMatch(/WHERE \(confirmed_at IS NOT NULL\)/);

  const settings = await onScratch(async (client) => {
    const { rows } = await client.query<{ key: string; value: unknown }>(
      'select key, value from settings order by key',
    );
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  });
  expect(settings).toEqual({
    revision_window_days: 3,
    max_revisions: 3,
    launch_offer_places: 10,
    express_enabled: true,
    contact_email: 'contact@rushflow.fr',
  });
  expect(settings).toEqual(SETTING_DEFAULTS);
});

test('the entities describe exactly the migrated schema', async () => {
  orm = await MikroORM.init(createOrmConfig(scratchUrl));
  expect(await orm.schema.getUpdateSchemaSQL({ wrap: false })).toBe('');
  const setting = await orm.em.fork().findOneOrFail(Setting, { key: 'max_revisions' });
  expect(setting.value).toBe(3);
});

describe('with a paid brief and its project', () => {
  const briefId = randomUUID();
  const projectId = randomUUID();
  const deliveryDate = new Date('2026-12-31T23:30:00.000Z');
  const changedAt = new Date('2026-06-15T00:15:30.123Z');

  test('a project with its brief and a status-history row round-trips with cents and UTC instants', async () => {
    const em = orm!.em.fork();
    const brief = em.create(Brief, {
      id: briefId,
      funnel: 'wizard',
      status: 'paid',
      email: 'client@example.com',
      videoType: 'youtube',
      finalDurationMinutes: 2.5,
      totalRushDurationMinutes: 42.25,
      deliveryFormats: ['horizontal', 'vertical'],
      currency: 'EUR',
      estimatedHours: 4.5,
      priceCents: 12_345,
      offerPriceCents: 8_642,
      launchOfferApplied: true,
      amountPaidCents: 8_642,
      stripeCheckoutSessionId: 'cs_test_roundtrip',
      idempotencyKey: randomUUID(),
      paidAt: changedAt,
    });
    const project = em.create(Project, {
      id: projectId,
      brief,
      title: 'Vlog de voyage',
      clientEmail: 'client@example.com',
      clientId: randomUUID(),
      totalPriceCents: 8_642,
      currency: 'EUR',
      deliveryDate,
      durationMinutes: 2.5,
      briefData: { objective: 'inspirer', delivery_formats: ['horizontal', 'vertical'], needs_subtitles: true },
    });
    em.create(StatusHistory, {
      project,
      oldStatus: null,
      newStatus: 'brief_received',
      comment: 'Paiement confirmé',
      changerName: 'Système',
      createdAt: changedAt,
    });
    await em.flush();

    const read = orm!.em.fork();
    const loaded = await read.findOneOrFail(Project, projectId, { populate: ['brief'] });
    expect(loaded.status).toBe('brief_received');
    expect(loaded.totalPriceCents).toBe(8_642);
    expect(loaded.currency).toBe('EUR');
    expect(loaded.deliveryDate?.toISOString()).toBe('2026-12-31T23:30:00.000Z');
    expect(loaded.durationMinutes).toBe(2.5);
    expect(loaded.revisionCount).toBe(0);
    expect(loaded.maxRevisions).toBe(3);
    expect(loaded.version).toBe(1);
    expect(loaded.reference).toMatch(/^RF-\d{4}-\d{4,}$/);
    expect(loaded.briefData).toEqual({
      objective: 'inspirer',
      delivery_formats: ['horizontal', 'vertical'],
      needs_subtitles: true,
    });
    expect(loaded.brief.id).toBe(briefId);
    expect(loaded.brief.priceCents).toBe(12_345);
    expect(loaded.brief.offerPriceCents).toBe(8_642);
    expect(loaded.brief.estimatedHours).toBe(4.5);
    expect(loaded.brief.totalRushDurationMinutes).toBe(42.25);
    expect(loaded.brief.deliveryFormats).toEqual(['horizontal', 'vertical']);
    expect(loaded.brief.videoTypes).toEqual([]);
    expect(loaded.brief.launchOfferApplied).toBe(true);
    expect(loaded.brief.paidAt?.toISOString()).toBe(changedAt.toISOString());

    const history = await read.find(StatusHistory, { project: projectId }, { orderBy: { createdAt: 'asc' } });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ oldStatus: null, newStatus: 'brief_received', changerName: 'Système' });
    expect(history[0].createdAt.toISOString()).toBe('2026-06-15T00:15:30.123Z');

    // Stored as the same instant, whatever the session's time zone.
    const stored = await onScratch(async (client) => {
      await client.query(`set time zone 'Pacific/Auckland'`);
      const { rows } = await client.query<{ epoch_ms: string; total_price_cents: number; utc: string }>(
        `select (extract(epoch from delivery_date) * 1000)::bigint as epoch_ms, total_price_cents,
                to_char(delivery_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as utc
           from projects where id = $1`,
        [projectId],
      );
      return rows[0];
    });
    expect(Number(stored.epoch_ms)).toBe(deliveryDate.getTime());
    expect(stored.total_price_cents).toBe(8_642);
    expect(stored.utc).toBe('2026-12-31T23:30:00');
  });

  test('the status CHECK constraint rejects an unknown status', async () => {
    const error = await sqlError(`update projects set status = 'archived' where id = $1`, [projectId]);
    expect(error.code).toBe('23514');
    expect(error.constraint).toBe('projects_status_check');
  });

  test('a second project for the same brief is refused', async () => {
    const em = orm!.em.fork();
    em.create(Project, {
      brief: briefId,
      title: 'Doublon',
      clientEmail: 'client@example.com',
      totalPriceCents: 8_642,
    });
    await expect(em.flush()).rejects.toBeInstanceOf(UniqueConstraintViolationException);

    const error = await sqlError(
      `insert into projects (brief_id, title, client_email) values ($1, 'Doublon', 'client@example.com')`,
      [briefId],
    );
    expect(error.code).toBe('23505');
    expect(error.constraint).toBe('projects_brief_id_unique');
  });

  test('the version column refuses a stale write', async () => {
    const first = orm!.em.fork();
    const second = orm!.em.fork();
    const mine = await first.findOneOrFail(Project, projectId);
    const theirs = await second.findOneOrFail(Project, projectId);
    mine.status = 'waiting_for_editor';
    await first.flush();
    expect(mine.version).toBe(2);
    theirs.status = 'cancelled';
    await expect(second.flush()).rejects.toBeInstanceOf(OptimisticLockError);
  });
});

test('rolling every migration back leaves no application table', async () => {
  await orm?.close(true);
  orm = undefined;
  const reverted = await migrateDownAll(scratchUrl);
  expect(reverted).toEqual(MIGRATIONS.map((migration) => migration.name).reverse());
  // Only the migrator's own bookkeeping table remains, and it is empty.
  expect(await publicTables()).toEqual(['mikro_orm_migrations']);
  const executed = await onScratch(
    async (client) => (await client.query('select count(*)::int as n from mikro_orm_migrations')).rows[0].n,
  );
  expect(executed).toBe(0);
});

test('projects created before references exist get theirs in creation order, and a name from their brief', async () => {
  const mine = MIGRATIONS.findIndex((migration) => migration.name === 'Migration20261216000000_project_references');
  const migrator = await MikroORM.init(createOrmConfig(scratchUrl));
  try {
    await migrator.getMigrator().up({ to: MIGRATIONS[mine - 1].name });
    await onScratch(async (client) => {
      const briefs = await client.query<{ id: string }>(
        `insert into briefs (funnel, email, video_type, video_type_custom, objective, project_name)
         values ('wizard', 'a@example.com', 'autre', 'Vidéo de mariage', 'inspirer', null),
                ('full', 'b@example.com', null, null, 'vendre', 'Lancement printemps')
         returning id`,
      );
      // 23:30 UTC on 31 December 2025 is already 2026 in Paris, whose year the reference takes.
      await client.query(
        `insert into projects (brief_id, title, client_email, created_at) values
           ($1, 'Montage Autre', 'a@example.com', '2025-12-31T23:30:00Z'),
           ($2, 'Lancement printemps', 'b@example.com', '2025-06-01T10:00:00Z')`,
        [briefs.rows[0].id, briefs.rows[1].id],
      );
    });
    await migrator.getMigrator().up();
  } finally {
    await migrator.close(true);
  }
  const rows = await onScratch(
    async (client) =>
      (
        await client.query<{ title: string; reference: string }>(
          'select title, reference from projects order by created_at',
        )
      ).rows,
  );
  expect(rows).toEqual([
    { title: 'Lancement printemps', reference: 'RF-2025-0001' },
    { title: 'Vidéo de mariage · Inspirer', reference: 'RF-2026-0002' },
  ]);
  // The next project continues the sequence; a duplicate reference is refused.
  const next = await onScratch(async (client) => {
    const brief = await client.query<{ id: string }>(
      `insert into briefs (funnel, email) values ('wizard', 'c@example.com') returning id`,
    );
    return (
      await client.query<{ reference: string }>(
        `insert into projects (brief_id, title, client_email) values ($1, 'Vlog', 'c@example.com') returning reference`,
        [brief.rows[0].id],
      )
    ).rows[0].reference;
  });
  const year = new Intl.DateTimeFormat('fr-FR', { year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date());
  expect(next).toBe(`RF-${year}-0003`);
  const duplicate = await sqlError(`update projects set reference = 'RF-2025-0001' where reference = $1`, [next]);
  expect(duplicate).toMatchObject({ code: '23505', constraint: 'projects_reference_unique' });
});

test('upload sessions a brief or an application already took are marked attached, so the sweep keeps their files', async () => {
  const mine = MIGRATIONS.findIndex((migration) => migration.name === 'Migration20261218000000_upload_sweep');
  const migrator = await MikroORM.init(createOrmConfig(scratchUrl));
  let sessions: { taken: string; photo: string; untaken: string };
  try {
    await migrator.getMigrator().down({ to: MIGRATIONS[mine - 1].name });
    sessions = await onScratch(async (client) => {
      const made = await client.query<{ id: string }>(
        `insert into upload_sessions (secret_hash, area) values ('a', 'wizard'), ('b', 'application_photo'), ('c', 'wizard')
         returning id`,
      );
      const [taken, photo, untaken] = made.rows.map((row) => row.id);
      const files = await client.query<{ id: string }>(
        `insert into uploaded_files (session_id, name, size, mime_type, kind, bucket, storage_key, multipart_upload_id, status)
         values ($1, 'rush.mp4', 10, 'video/mp4', 'video', 'briefs', 'anonymous/1_rush.mp4', 'u1', 'completed'),
                ($2, 'moi.jpg', 10, 'image/jpeg', 'image', 'application-photos', 'photos/1_moi.jpg', 'u2', 'completed'),
                ($3, 'seul.mp4', 10, 'video/mp4', 'video', 'briefs', 'anonymous/2_seul.mp4', 'u3', 'completed')
         returning id`,
        [taken, photo, untaken],
      );
      await client.query(`insert into briefs (funnel, email, uploaded_files) values ('wizard', 'a@example.com', $1)`, [
        JSON.stringify([
          { bucket: 'briefs', key: 'anonymous/1_rush.mp4', name: 'rush.mp4', size: 10, type: 'video/mp4' },
        ]),
      ]);
      await client.query(
        `insert into editor_applications (first_name, last_name, email, accepts_terms, accepts_privacy, accepts_contract, profile_photo_file_id)
         values ('Léa', 'Martin', 'lea@example.com', true, true, true, $1)`,
        [files.rows[1].id],
      );
      return { taken, photo, untaken };
    });
    await migrator.getMigrator().up();
  } finally {
    await migrator.close(true);
  }
  const attached = await onScratch(
    async (client) =>
      (await client.query<{ id: string }>('select id from upload_sessions where attached_at is not null')).rows,
  );
  expect(attached.map((row) => row.id).sort()).toEqual([sessions.taken, sessions.photo].sort());
});

test('the rushes sent with the briefs of earlier projects become their sources, each video’s sheet one retry away', async () => {
  const mine = MIGRATIONS.findIndex(
    (migration) => migration.name === 'Migration20261229000200_brief_rushes_as_sources',
  );
  const migrator = await MikroORM.init(createOrmConfig(scratchUrl));
  let projectId = '';
  try {
    await migrator.getMigrator().down({ to: MIGRATIONS[mine - 1].name });
    projectId = await onScratch(async (client) => {
      const brief = await client.query<{ id: string }>(
        `insert into briefs (funnel, email) values ('wizard', 'rushes@example.com') returning id`,
      );
      const rushes = [
        { bucket: 'briefs', key: 'client-1/1_plateau.MOV', name: 'Plateau.MOV', size: 5000, type: 'video/quicktime' },
        { bucket: 'briefs', key: 'client-1/2_reperage.jpg', name: 'Repérage.jpg', size: 300, type: 'image/jpeg' },
      ];
      const project = await client.query<{ id: string }>(
        `insert into projects (brief_id, title, client_email, client_id, brief_data)
         values ($1, 'Salon', 'rushes@example.com', 'client-1', $2) returning id`,
        [brief.rows[0].id, JSON.stringify({ uploaded_files: rushes })],
      );
      // A project whose brief came without rushes gets nothing.
      const bare = await client.query<{ id: string }>(
        `insert into briefs (funnel, email) values ('wizard', 'bare@example.com') returning id`,
      );
      await client.query(
        `insert into projects (brief_id, title, client_email, brief_data) values ($1, 'Sans rush', 'bare@example.com', '{}')`,
        [bare.rows[0].id],
      );
      return project.rows[0].id;
    });
    await migrator.getMigrator().up();
  } finally {
    await migrator.close(true);
  }
  const files = await onScratch(
    async (client) =>
      (
        await client.query<Record<string, unknown>>(
          `select project_id, filename, file_type, storage_bucket, storage_key, mime_type, file_size, uploaded_by, contact_sheet
           from project_files where project_id in (select id from projects where client_email in ($1, $2))
           order by filename`,
          ['rushes@example.com', 'bare@example.com'],
        )
      ).rows,
  );
  expect(files).toEqual([
    {
      project_id: projectId,
      filename: 'Plateau.MOV',
      file_type: 'source',
      storage_bucket: 'briefs',
      storage_key: 'client-1/1_plateau.MOV',
      mime_type: 'video/quicktime',
      file_size: '5000',
      uploaded_by: 'client-1',
      contact_sheet: { status: 'failed', error: CONTACT_SHEET_MESSAGES.notStarted },
    },
    {
      project_id: projectId,
      filename: 'Repérage.jpg',
      file_type: 'source',
      storage_bucket: 'briefs',
      storage_key: 'client-1/2_reperage.jpg',
      mime_type: 'image/jpeg',
      file_size: '300',
      uploaded_by: 'client-1',
      contact_sheet: null,
    },
  ]);
});
