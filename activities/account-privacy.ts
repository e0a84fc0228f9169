import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Transporter } from 'nodemailer';
import { Context } from '@temporalio/activity';
import { WorkflowNotFoundError } from '@temporalio/client';
import { ZipFile } from 'yazl';
import { KeycloakAdminError, type KeycloakAdminClient, type KeycloakUser } from '../clients/keycloak-admin';
import { BUCKETS } from '../clients/storage';
import type { AccountPrivacyActivities } from '../workflows/account-privacy-activities';
import { DATA_EXPORT_LINK } from '../domain/retention';
import { daysMs } from '../workflows/contracts/account-privacy';
import { forgetClientSignal, projectWorkflowId } from '../workflows/contracts/project';
import { accountErasedEmail, accountPrivacyEmail } from './mail/account-emails';
import { sendEmailOnce, sendOnce } from './mail/send-email';

export interface AccountPrivacyDeps {
  orm: MikroORM;
  /** Storage on the internal endpoint: reads the person's files, writes and deletes objects. */
  storage: S3Client;
  /** Storage on the address browsers reach: signs the export's download link. */
  publicStorage: S3Client;
  keycloak: KeycloakAdminClient;
  mail: { transport: Transporter; from: string };
  appUrl: string;
}

/** What replaces the person wherever others still need the row (a message in a shared project…). */
const ERASED_ACCOUNT_LABEL = 'Compte supprimé';

/**
 * The invoice archive is kept 10 years (legal obligation): erasure never touches it. The
 * migrations' own bookkeeping holds nobody's data.
 */
const UNTOUCHED_TABLES = new Set(['invoices', 'mikro_orm_migrations']);

/** The person as Keycloak knows them; an account already deleted is only its id. */
interface Person {
  id: string;
  email: string | null;
  fullName: string | null;
  account: KeycloakUser | null;
}

interface TextColumn {
  table: string;
  column: string;
  kind: 'text' | 'jsonb' | 'array';
}

/** Every text, JSON and text-array column of the product's tables, from the catalogue (no list to keep up to date). */
async function textColumns(em: EntityManager): Promise<TextColumn[]> {
  const rows = await em.execute<{ table_name: string; column_name: string; data_type: string; udt_name: string }[]>(
    `select c.table_name, c.column_name, c.data_type, c.udt_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'jsonb', 'json') or c.udt_name in ('_text', '_varchar'))
      order by c.table_name, c.ordinal_position`,
  );
  return rows.map((row) => ({
    table: row.table_name,
    column: row.column_name,
    kind: row.data_type === 'ARRAY' ? 'array' : row.data_type.startsWith('json') ? 'jsonb' : 'text',
  }));
}

async function tableNames(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<{ table_name: string }[]>(
    `select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

/** `values` as a PostgreSQL text array, one placeholder each (knex would spread a bound array). */
function textArray(values: readonly string[]): { sql: string; params: string[] } {
  return { sql: `array[${values.map(() => '?').join(', ')}]::text[]`, params: [...values] };
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const likeEscaped = (value: string) => value.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
const regexEscaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Ids of the projects the person is the client of (by account or e-mail) or the editor of. */
/**
 * The client's running project workflows forget them: the e-mail leaves their state and the
 * search attribute the admins filter on. A finished workflow is not signalled (Temporal keeps its
 * history for the namespace's retention only).
 */
async function forgetClientInWorkflows(projectIds: string[]): Promise<void> {
  const { client } = Context.current();
  await Promise.all(
    projectIds.map((projectId) =>
      client.workflow
        .getHandle(projectWorkflowId(projectId))
        .signal(forgetClientSignal)
        .catch((error: unknown) => {
          if (!(error instanceof WorkflowNotFoundError)) throw error;
        }),
    ),
  );
}

async function projectIdsOf(em: EntityManager, person: Person, asEditorToo: boolean): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select id from "projects" where client_id = ? or lower(client_email) = ? ${asEditorToo ? 'or editor_id = ?' : ''}`,
    asEditorToo ? [person.id, person.email ?? '', person.id] : [person.id, person.email ?? ''],
  );
  return rows.map((row) => row.id);
}

interface OwnFile {
  bucket: string;
  key: string;
  name: string;
  /** An upload (rushes, photo), or a project file the person added as a source or delivered as final. */
  kind: 'upload' | 'source' | 'final';
}

/** The person's own stored files: their uploads (rushes, application photo) and the project files they added. */
async function ownFiles(em: EntityManager, person: Person): Promise<OwnFile[]> {
  return em.execute<OwnFile[]>(
    `select f.bucket, f.storage_key as key, f.name, 'upload' as kind from "uploaded_files" f
      where f.status = 'completed'
        and (f.session_id in (select id from "upload_sessions" where user_id = ?)
             or f.id in (select profile_photo_file_id from "editor_applications" where lower(email) = ?))
     union
     select storage_bucket, storage_key, filename, file_type from "project_files" where uploaded_by = ?`,
    [person.id, person.email ?? '', person.id],
  );
}

/** The thumbnails of the contact sheets of the rushes the person added: pictures of their files. */
async function ownThumbnails(em: EntityManager, person: Person): Promise<{ bucket: string; key: string }[]> {
  return em.execute<{ bucket: string; key: string }[]>(
    `select f.storage_bucket as bucket, shot->>'thumbnailKey' as key
       from "project_files" f, jsonb_array_elements(coalesce(f.contact_sheet->'shots', '[]'::jsonb)) shot
      where f.uploaded_by = ? and f.file_type = 'source'`,
    [person.id],
  );
}

/**
 * Every row that names the person (id or e-mail, in any text or JSON column) or that belongs to
 * one of their projects or upload sessions, grouped by table: what the export holds
 * and what an audit of the erasure searches.
 */
async function rowsOf(em: EntityManager, person: Person): Promise<Record<string, unknown[]>> {
  const projectIds = await projectIdsOf(em, person, true);
  // Their name alone would also find a namesake's rows: a row tied to them names their id or e-mail, or is of their projects.
  const patterns = [person.id, person.email].flatMap((needle) => (needle ? [`%${likeEscaped(needle)}%`] : []));
  const columns = await textColumns(em);
  const result: Record<string, unknown[]> = {};
  for (const table of await tableNames(em)) {
    if (table === 'mikro_orm_migrations') continue;
    const own = columns.filter((column) => column.table === table).map((column) => column.column);
    const patternArray = textArray(patterns);
    const conditions = [`lower(to_jsonb(t)::text) like any (${patternArray.sql})`];
    const params: unknown[] = [...patternArray.params];
    const projectArray = textArray(projectIds);
    const allColumns = await em.execute<{ column_name: string }[]>(
      `select column_name from information_schema.columns where table_schema = current_schema() and table_name = ?`,
      [table],
    );
    const has = (name: string) => allColumns.some((column) => column.column_name === name);
    if (has('project_id')) {
      conditions.push(`t.project_id::text = any (${projectArray.sql})`);
      params.push(...projectArray.params);
    }
    if (table === 'uploaded_files') {
      conditions.push(
        `t.session_id in (select id from "upload_sessions" where user_id = ? or project_id::text = any (${projectArray.sql}))`,
      );
      params.push(person.id, ...projectArray.params);
    }
    if (own.length === 0 && conditions.length === 1) continue;
    const rows = await em.execute<{ row: unknown }[]>(
      `select to_jsonb(t) as row from ${quoted(table)} t where ${conditions.join(' or ')}`,
      params,
    );
    if (rows.length > 0) result[table] = rows.map((row) => row.row);
  }
  return result;
}

/** Runs a write and says how many rows it changed. */
async function affectedRows(em: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const result: unknown = await em.execute(sql, params, 'run');
  return (result as { affectedRows?: number }).affectedRows ?? 0;
}

const isMissingObject = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return name === 'NotFound' || name === 'NoSuchKey';
};

/** Activities of accountPrivacyWorkflow: the export, the e-mails and the erasure of one account. */
export function createAccountPrivacyActivities(deps: AccountPrivacyDeps): AccountPrivacyActivities {
  async function personOf(userId: string): Promise<Person> {
    try {
      const account = await deps.keycloak.getUser(userId);
      const fullName = [account.firstName, account.lastName].filter(Boolean).join(' ').trim();
      return { id: userId, email: account.email?.toLowerCase() ?? null, fullName: fullName || null, account };
    } catch (error) {
      if (error instanceof KeycloakAdminError && error.isNotFound)
        return { id: userId, email: null, fullName: null, account: null };
      throw error;
    }
  }

  async function deleteObjects(objects: { bucket: string; key: string }[]): Promise<number> {
    for (const object of objects)
      await deps.storage.send(new DeleteObjectCommand({ Bucket: object.bucket, Key: object.key }));
    return objects.length;
  }

  /** The person's past exports (their keys start with the user id). */
  async function exportsOf(userId: string): Promise<{ bucket: string; key: string }[]> {
    const listed = await deps.storage.send(
      new ListObjectsV2Command({ Bucket: BUCKETS.accountExports, Prefix: `${userId}/` }),
    );
    return (listed.Contents ?? []).flatMap((object) =>
      object.Key ? [{ bucket: BUCKETS.accountExports, key: object.Key }] : [],
    );
  }

  return {
    async exportAccountData({ userId, exportId }) {
      const objectKey = `${userId}/${exportId}.zip`;
      try {
        await deps.storage.send(new HeadObjectCommand({ Bucket: BUCKETS.accountExports, Key: objectKey }));
        return { objectKey };
      } catch (error) {
        if (!isMissingObject(error)) throw error;
      }
      const person = await personOf(userId);
      const em = deps.orm.em.fork();
      const data = {
        exportedAt: new Date().toISOString(),
        account: person.account,
        tables: await rowsOf(em, person),
      };
      const files = await ownFiles(em, person);
      const dir = await mkdtemp(path.join(tmpdir(), 'rushflow-export-'));
      try {
        const zipPath = path.join(dir, 'export.zip');
        const zip = new ZipFile();
        zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), 'donnees.json');
        const written = pipeline(zip.outputStream, createWriteStream(zipPath));
        for (const [index, file] of files.entries()) {
          try {
            const object = await deps.storage.send(new GetObjectCommand({ Bucket: file.bucket, Key: file.key }));
            zip.addReadStream(object.Body as Readable, `fichiers/${index + 1}-${path.basename(file.name)}`);
          } catch (error) {
            // A file purged since (retention, sweep) is simply no longer held.
            if (!isMissingObject(error)) throw error;
          }
        }
        zip.end();
        await written;
        await deps.storage.send(
          new PutObjectCommand({
            Bucket: BUCKETS.accountExports,
            Key: objectKey,
            Body: createReadStream(zipPath),
            ContentLength: (await stat(zipPath)).size,
            ContentType: 'application/zip',
          }),
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      return { objectKey };
    },

    async sendAccountEmail({ userId, key, email }) {
      const person = await personOf(userId);
      if (!person.email) return;
      const downloadUrl =
        email.template === 'account_export_ready'
          ? await getSignedUrl(
              deps.publicStorage,
              new GetObjectCommand({
                Bucket: BUCKETS.accountExports,
                Key: email.objectKey,
                ResponseContentDisposition: 'attachment; filename="rushflow-mes-donnees.zip"',
              }),
              { expiresIn: daysMs(DATA_EXPORT_LINK) / 1000 },
            )
          : undefined;
      const message = await accountPrivacyEmail(email, person.email, deps.appUrl, downloadUrl);
      await sendEmailOnce({ orm: deps.orm, ...deps.mail }, { ...message, idempotencyKey: key });
    },

    async eraseAccountData(userId) {
      const person = await personOf(userId);
      const email = person.email ?? '';
      const em = deps.orm.em.fork();
      // Objects first, while the rows still say where they are: a retry finds the same list.
      const objectsDeleted = await deleteObjects([
        // A delivered video stays with the client who paid for it; only its uploader's name goes.
        ...(await ownFiles(em, person)).filter((file) => file.kind !== 'final'),
        ...(await ownThumbnails(em, person)),
        ...(await exportsOf(userId)),
      ]);
      const clientProjects = await projectIdsOf(em, person, false);
      await forgetClientInWorkflows(clientProjects);
      const personProjects = textArray(await projectIdsOf(em, person, true));
      return em.transactional(async (tx) => {
        let rowsDeleted = 0;
        const remove = async (sql: string, params: unknown[]) => {
          rowsDeleted += await affectedRows(tx, sql, params);
        };
        // What only the person had.
        const photoIds = (
          await tx.execute<{ id: string | null }[]>(
            `select profile_photo_file_id as id from "editor_applications" where lower(email) = ?`,
            [email],
          )
        ).flatMap((row) => (row.id ? [row.id] : []));
        await remove(`delete from "editor_applications" where lower(email) = ?`, [email]);
        const photos = textArray(photoIds);
        await remove(
          `delete from "uploaded_files" where id::text = any (${photos.sql})
              or session_id in (select id from "upload_sessions" where user_id = ?)`,
          [...photos.params, userId],
        );
        await remove(
          `delete from "upload_sessions" where user_id = ? and id not in (select session_id from "uploaded_files")`,
          [userId],
        );
        await remove(`delete from "project_files" where uploaded_by = ? and file_type = 'source'`, [userId]);
        await remove(`delete from "notifications" where user_id = ?`, [userId]);
        await remove(`delete from "events" where user_id = ?`, [userId]);
        await remove(`delete from "access_revocations" where user_id = ?`, [userId]);
        await remove(`delete from "contact_messages" where lower(email) = ?`, [email]);
        await remove(`delete from "call_bookings" where lower(email) = ?`, [email]);
        await remove(`delete from "email_tests" where lower(recipient) = ?`, [email]);
        await remove(`delete from "sent_emails" where lower(recipient) = ?`, [email]);
        await remove(
          `delete from "rate_limits" where position(? in key) > 0 or (? <> '' and position(? in lower(key)) > 0)`,
          [userId, email, email],
        );
        await remove(`delete from "editor_profiles" where user_id = ?`, [userId]);
        // What others still need (the editor's project, the paid brief behind an invoice): kept, without the person.
        await tx.execute(
          `update "briefs" set client_id = null, email = ?, submitted_payload = '{}', address_confirmation_token_hash = null
            where client_id = ? or lower(email) = ?`,
          [ERASED_ACCOUNT_LABEL, userId, email],
        );
        const projects = textArray(clientProjects);
        await tx.execute(
          `update "projects" set client_id = null, client_email = ? where id::text = any (${projects.sql})`,
          [ERASED_ACCOUNT_LABEL, ...projects.params],
        );
        // Then every other mention, in any table but the invoice archive: author names, ids, audit
        // e-mails, events. The name first, and only in rows tied to the person (their id or e-mail
        // in the row, or one of their projects), so that someone else of the same name keeps theirs;
        // then the id and the e-mail, wherever they are.
        const columns = (await textColumns(tx)).filter((column) => !UNTOUCHED_TABLES.has(column.table));
        const projectTables = new Set(
          (
            await tx.execute<{ table_name: string }[]>(
              `select table_name from information_schema.columns
                where table_schema = current_schema() and column_name = 'project_id'`,
            )
          ).map((row) => row.table_name),
        );
        const identifiers = [person.id, person.email]
          .flatMap((value) => (value ? [regexEscaped(value)] : []))
          .join('|');
        const passes = [
          ...(person.fullName ? [{ needle: person.fullName, tiedOnly: true }] : []),
          ...[person.email, person.id].flatMap((needle) => (needle ? [{ needle, tiedOnly: false }] : [])),
        ];
        let rowsPseudonymised = 0;
        for (const { needle, tiedOnly } of passes) {
          const pattern = regexEscaped(needle);
          for (const column of columns) {
            const table = quoted(column.table);
            const name = quoted(column.column);
            const [set, where] =
              column.kind === 'text'
                ? [`regexp_replace(${name}, ?, ?, 'gi')`, `${name} ~* ?`]
                : column.kind === 'jsonb'
                  ? [`regexp_replace(${name}::text, ?, ?, 'gi')::jsonb`, `${name}::text ~* ?`]
                  : [
                      `array(select regexp_replace(item, ?, ?, 'gi') from unnest(${name}) item)`,
                      `array_to_string(${name}, ' ') ~* ?`,
                    ];
            const tied = projectTables.has(column.table)
              ? {
                  sql: ` and (to_jsonb(${table})::text ~* ? or project_id::text = any (${personProjects.sql}))`,
                  params: [identifiers, ...personProjects.params],
                }
              : { sql: ` and to_jsonb(${table})::text ~* ?`, params: [identifiers] };
            rowsPseudonymised += await affectedRows(
              tx,
              `update ${table} set ${name} = ${set} where ${where}${tiedOnly ? tied.sql : ''}`,
              [pattern, ERASED_ACCOUNT_LABEL, pattern, ...(tiedOnly ? tied.params : [])],
            );
          }
        }
        return { rowsDeleted, rowsPseudonymised, objectsDeleted };
      });
    },

    async finishAccountErasure({ userId, key, reason }) {
      const person = await personOf(userId);
      if (!person.email) return;
      const message = await accountErasedEmail(reason, person.email, deps.appUrl);
      // Recorded without the address: the record only keeps the message from being sent twice.
      await sendOnce(
        deps.orm,
        { idempotencyKey: key, template: message.template, recipient: ERASED_ACCOUNT_LABEL, subject: message.subject },
        async () => {
          const info = await deps.mail.transport.sendMail({
            from: deps.mail.from,
            to: message.to,
            subject: message.subject,
            html: message.html,
            text: message.text,
          });
          return typeof info.messageId === 'string' ? info.messageId : null;
        },
      );
      try {
        await deps.keycloak.deleteUser(userId);
      } catch (error) {
        if (!(error instanceof KeycloakAdminError && error.isNotFound)) throw error;
      }
    },
  };
}
