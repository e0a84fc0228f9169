import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/common';
import type { Transporter } from 'nodemailer';
import { levelsFor, pickLeastLoaded, specialtiesFor } from '../domain/assignment';
import { projectEvent, type OutboxEntry } from '../domain/events';
import { LIFECYCLE_MESSAGES } from '../domain/project-lifecycle';
import { REVIEW_MESSAGES } from '../domain/review';
import { revisionsLeft } from '../domain/revision-rule';
import {
  AuditLogEntry,
  ClientQuestion,
  EditorProfile,
  Notification,
  Project,
  ProjectFile,
  ProjectRevision,
  ProjectVersion,
  StatusHistory,
  VersionComment,
} from '../db/entities';
import { recordAudit } from '../db/audit';
import { readRevisionProgress } from '../db/revision-progress';
import { appendEvents, notificationCreated } from '../db/outbox';
import { readSettings } from '../db/settings';
import {
  EDITOR_NOT_AVAILABLE,
  NO_FINAL_FILE,
  NO_NEW_VERSION,
  NO_OPEN_COMMENTS,
  PROJECT_ACTION_MESSAGES,
  PROJECT_NOT_FOUND,
  PROJECT_NOTICES,
  PROJECT_TIMELINE,
  VERSION_NOT_FOUND,
} from '../workflows/contracts/project';
import type {
  Audience,
  NotificationSpec,
  ProjectActivities,
  RecordTransitionInput,
} from '../workflows/project-activities';
import { keyedUuid } from './keyed-uuid';
import { projectEmail } from './mail/project-emails';
import { sendEmailOnce } from './mail/send-email';

/** The people the project activities notify, from the identity provider (Keycloak). */
export interface UserDirectory {
  /** Users holding the admin role: notified when a project waits or is overdue. */
  admins(): Promise<{ id: string; email: string }[]>;
  /** An editor's e-mail address; null when unknown. */
  emailOf(userId: string): Promise<string | null>;
  /** A user's display name (first and last name); null when unknown. For the previews' watermark. */
  nameOf?(userId: string): Promise<string | null>;
}

/** Deletes one object; deleting a missing object succeeds (S3 semantics), so retries are safe. */
export type DeleteObject = (bucket: string, key: string) => Promise<void>;

export interface ProjectActivityDeps {
  orm: MikroORM;
  /** Needed by the e-mails; the activities that only write rows work without them. */
  mailTransport?: Transporter;
  mailFrom?: string;
  appUrl?: string;
  directory?: UserDirectory;
  deleteObject?: DeleteObject;
}

const DAY_MS = 86_400_000;

function projectNotFound(projectId: string): never {
  throw ApplicationFailure.nonRetryable(`Project ${projectId} not found`, PROJECT_NOT_FOUND);
}

async function lockProject(em: EntityManager, projectId: string) {
  const project = await em.findOne(Project, { id: projectId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  return project ?? projectNotFound(projectId);
}

/** The live channel's event for a change of the project (status, assignment, dates, files). */
function projectChanged(project: Project): OutboxEntry {
  return projectEvent({ type: 'project.changed', projectId: project.id, status: project.status });
}

function versionChanged(version: ProjectVersion, projectId: string): OutboxEntry {
  return projectEvent({
    type: 'project.version',
    projectId,
    versionNumber: version.number,
    previewStatus: version.previewStatus,
    progress: version.previewProgress,
  });
}

const refuse = (message: string, type: string): never => {
  throw ApplicationFailure.nonRetryable(message, type);
};

/**
 * The review side of a transition, in its transaction: the round's comments, the new-version rule,
 * the approval, the client question. Returns the events to publish and the approved version.
 */
async function applyReview(
  em: EntityManager,
  project: Project,
  input: RecordTransitionInput,
): Promise<{ events: OutboxEntry[]; approvedVersion?: number | null; roundFeedback?: string }> {
  const events: OutboxEntry[] = [];
  const now = new Date();
  if (input.requireNewVersion && !(await readRevisionProgress(em, project.id)).new_version_since_revision)
    refuse(LIFECYCLE_MESSAGES.revisionNeedsNewVersion, NO_NEW_VERSION);
  let roundFeedback: string | undefined;
  const round = input.revision?.create?.versionNumber;
  if (round !== undefined) {
    const version =
      (await em.findOne(ProjectVersion, { project: project.id, number: round })) ??
      refuse(REVIEW_MESSAGES.versionNotFound, VERSION_NOT_FOUND);
    const comments = await em.find(
      VersionComment,
      { version: version.id, parentId: null, status: 'open', revisionNumber: null },
      { orderBy: { frameIn: 'asc', createdAt: 'asc' } },
    );
    if (comments.length === 0) refuse(REVIEW_MESSAGES.noOpenComments, NO_OPEN_COMMENTS);
    // The round is the revision about to be created (revision_count + 1, incremented with it).
    for (const comment of comments) {
      comment.revisionNumber = project.revisionCount + 1;
      events.push(
        projectEvent({
          type: 'project.comment',
          projectId: project.id,
          versionNumber: version.number,
          commentId: comment.id,
          change: 'sent',
        }),
      );
    }
    const count = comments.length;
    roundFeedback =
      input.revision!.create!.feedback ||
      `${count} commentaire${count > 1 ? 's' : ''} sur la version v${version.number} à traiter.`;
  }
  let approvedVersion: number | null | undefined;
  if (input.approveVersion) {
    const version =
      input.approveVersion === 'latest'
        ? (await em.count(ProjectVersion, { project: project.id, approvedAt: { $ne: null } })) > 0
          ? null
          : await em.findOne(ProjectVersion, { project: project.id }, { orderBy: { number: 'desc' } })
        : ((await em.findOne(ProjectVersion, { project: project.id, number: input.approveVersion.number })) ??
          refuse(REVIEW_MESSAGES.versionNotFound, VERSION_NOT_FOUND));
    if (version) {
      version.approvedAt ??= now;
      version.approvedBy ??= input.approveVersion === 'latest' ? null : input.approveVersion.by;
      events.push(versionChanged(version, project.id));
      events.push(...(await settleOpenComments(em, project.id, input, now)));
    }
    approvedVersion = version?.number ?? null;
  }
  const ask = input.question?.ask;
  if (ask) {
    em.create(ClientQuestion, {
      id: ask.id,
      project,
      question: ask.question,
      askedBy: input.actorId ?? '',
      askedByName: input.actorName ?? 'Rushflow',
      askedAt: new Date(ask.askedAt),
    });
  }
  const answer = input.question?.answer;
  if (answer) {
    const question = await em.findOneOrFail(ClientQuestion, { id: answer.id });
    question.answer = answer.answer;
    question.answeredAt = new Date(answer.answeredAt);
    question.answeredBy = input.actorId ?? null;
    question.answeredByName = input.actorName ?? null;
    question.pausedMs = answer.pausedMs;
  }
  return { events, approvedVersion, roundFeedback };
}

/** What an admin's change was and became, for its audit entry (read before the change is applied). */
function auditedChange(project: Project, input: RecordTransitionInput): { before: unknown; after: unknown } {
  const iso = (at: Date | number | null | undefined) => (at == null ? null : new Date(at).toISOString());
  switch (input.audit?.action) {
    case 'project.deadline':
      return {
        before: { deliveryDate: iso(project.deliveryDate) },
        after: { deliveryDate: iso(input.set?.deliveryDate) },
      };
    case 'project.revisions':
      return { before: { maxRevisions: project.maxRevisions }, after: { maxRevisions: input.set?.maxRevisions } };
    default:
      return {
        before: { status: project.status, editorId: project.editor?.userId ?? null },
        after: { status: input.to, reason: input.audit?.reason ?? null },
      };
  }
}

/**
 * The approval settles the review (docs/review.md): the comments still open on the project are
 * resolved by it, so nothing reads « ouvert » on a video the client accepted.
 */
async function settleOpenComments(
  em: EntityManager,
  projectId: string,
  input: RecordTransitionInput,
  now: Date,
): Promise<OutboxEntry[]> {
  const open = await em.find(
    VersionComment,
    { project: projectId, parentId: null, status: 'open' },
    { populate: ['version'] },
  );
  return open.map((comment) => {
    comment.status = 'resolved';
    comment.resolvedAt = now;
    comment.resolvedBy = input.actorId ?? null;
    comment.resolvedByName = input.actorName ?? 'Rushflow';
    return projectEvent({
      type: 'project.comment',
      projectId,
      versionNumber: comment.version.number,
      commentId: comment.id,
      change: 'resolved',
    });
  });
}

/** The approved version of a transition already recorded (a retried activity answers the same). */
async function approvedVersionOf(em: EntityManager, projectId: string): Promise<number | null> {
  const approved = await em.findOne(
    ProjectVersion,
    { project: projectId, approvedAt: { $ne: null } },
    { orderBy: { number: 'desc' } },
  );
  return approved?.number ?? null;
}

/** Activities of projectWorkflow; every write is idempotent (run twice, one effect). */
export function createProjectActivities(deps: ProjectActivityDeps): ProjectActivities {
  const directory = () => deps.directory;

  /** Resolves the audiences of `specs` to user ids (admins from the directory, outside any transaction). */
  async function recipients(specs: NotificationSpec[]): Promise<{ admins: string[] }> {
    if (!specs.some((spec) => spec.to === 'admins')) return { admins: [] };
    const admins = (await directory()?.admins()) ?? [];
    return { admins: admins.map((admin) => admin.id) };
  }

  /**
   * Creates the notifications of `specs` with ids derived from `key`, and returns those created now:
   * a retried activity finds its rows, creates nothing more and announces nothing twice.
   */
  async function writeNotifications(
    em: EntityManager,
    key: string,
    project: Project,
    specs: NotificationSpec[],
    admins: string[],
  ): Promise<Notification[]> {
    // A /test run's project notifies only its own stand-ins, never the real admins.
    const adminIds = project.systemTestRun ? [] : admins;
    const rows = specs.flatMap((spec, index) => {
      const users =
        typeof spec.to === 'object'
          ? [spec.to.userId]
          : spec.to === 'client'
            ? [project.clientId]
            : spec.to === 'editor'
              ? [project.editor?.userId]
              : adminIds;
      return users
        .filter((userId): userId is string => Boolean(userId))
        .map((userId) => ({ id: keyedUuid(key, String(index), userId), userId, spec }));
    });
    if (rows.length === 0) return [];
    const existing = new Set(
      (await em.find(Notification, { id: { $in: rows.map((row) => row.id) } }, { fields: ['id'] })).map(
        (row) => row.id,
      ),
    );
    return rows
      .filter((row) => !existing.has(row.id))
      .map(({ id, userId, spec }) =>
        em.create(Notification, { id, userId, type: spec.type, title: spec.title, message: spec.message, project }),
      );
  }

  async function addressesOf(audience: Audience, project: Project): Promise<string[]> {
    if (typeof audience === 'object') {
      const address = await directory()?.emailOf(audience.userId);
      return address ? [address] : [];
    }
    if (audience === 'client') return [project.clientEmail];
    if (audience === 'editor') {
      const editorId = project.editor?.userId;
      const address = editorId ? await directory()?.emailOf(editorId) : null;
      return address ? [address] : [];
    }
    return ((await directory()?.admins()) ?? []).map((admin) => admin.email).filter(Boolean);
  }

  return {
    async recordProjectStatus({ projectId, oldStatus, newStatus, comment }) {
      return deps.orm.em.fork().transactional(async (em) => {
        // The project's row lock makes "already recorded?" and the insert one step for concurrent retries.
        const project = await lockProject(em, projectId);
        const recorded = await em.count(StatusHistory, { project: projectId, oldStatus, newStatus });
        if (recorded > 0) return { recordedNow: false };
        em.create(StatusHistory, {
          project,
          oldStatus,
          newStatus,
          comment: comment ?? null,
          changedBy: null,
          changerName: 'Rushflow',
        });
        project.status = newStatus;
        await appendEvents(em, () => [projectChanged(project)]);
        return { recordedNow: true };
      });
    },

    async loadProjectSnapshot(projectId) {
      const project = (await deps.orm.em.fork().findOne(Project, { id: projectId })) ?? projectNotFound(projectId);
      return {
        status: project.status,
        clientId: project.clientId ?? null,
        clientEmail: project.clientEmail,
        editorId: project.editor?.userId ?? null,
        videoType: project.videoType ?? null,
        title: project.title,
        revisionCount: project.revisionCount,
        maxRevisions: project.maxRevisions,
        deliveryDate: project.deliveryDate ? project.deliveryDate.getTime() : null,
        approvedVersion: await approvedVersionOf(deps.orm.em.fork(), projectId),
      };
    },

    async readRevisionWindow() {
      const days = (await readSettings(deps.orm.em.fork())).revisionWindowDays;
      return { ms: days * DAY_MS, days };
    },

    async assignEditor({ key, projectId, from, editorId, actorId, actorName, audit }) {
      return deps.orm.em.fork().transactional(async (em) => {
        const project = await lockProject(em, projectId);
        if ((await em.count(StatusHistory, { id: key })) > 0) {
          // A retry after the commit: the assignment is done.
          const editor = await em.findOneOrFail(EditorProfile, { userId: project.editor!.userId });
          return {
            assigned: true as const,
            editorId: editor.userId,
            editorName: `${editor.firstName} ${editor.lastName}`.trim(),
          };
        }
        let editor: EditorProfile | undefined;
        if (editorId) {
          const named = await em.findOne(EditorProfile, { userId: editorId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
          // A /test run's editor takes only its run's project, and only it.
          if (!named || (named.systemTestRun ?? null) !== (project.systemTestRun ?? null))
            throw ApplicationFailure.nonRetryable(PROJECT_ACTION_MESSAGES.editorUnknown, EDITOR_NOT_AVAILABLE);
          if (named.status !== 'active' || named.currentProjectsCount >= named.maxConcurrentProjects) {
            throw ApplicationFailure.nonRetryable(PROJECT_ACTION_MESSAGES.editorNotAvailable, EDITOR_NOT_AVAILABLE);
          }
          editor = named;
        } else {
          // Row locks on every candidate, taken in one order (by id) so concurrent assignments
          // queue instead of deadlocking; the counts read under the lock are the committed ones.
          const complexity =
            typeof project.briefData?.visual_complexity === 'string' ? project.briefData.visual_complexity : null;
          const candidates = await em.find(
            EditorProfile,
            {
              status: 'active',
              specialties: { $overlap: specialtiesFor(project.videoType) },
              visualComplexityLevels: { $overlap: levelsFor(complexity) },
              // Real projects never go to a /test run's editor; a run's project only to its own.
              systemTestRun: project.systemTestRun ?? null,
            },
            { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { userId: 'asc' } },
          );
          editor = pickLeastLoaded(candidates);
          if (!editor) return { assigned: false as const };
        }
        const previousStatus = project.status;
        editor.currentProjectsCount += 1;
        editor.totalProjectsCount += 1;
        project.editor = editor;
        project.status = 'assigned';
        project.assignedAt = new Date();
        const editorName = `${editor.firstName} ${editor.lastName}`.trim();
        em.create(StatusHistory, {
          id: key,
          project,
          oldStatus: from,
          newStatus: 'assigned',
          comment: editorId ? PROJECT_TIMELINE.assignedByAdmin(editorName) : PROJECT_TIMELINE.assigned(editorName),
          changedBy: actorId ?? null,
          changerName: actorName ?? 'Rushflow',
        });
        const created = await writeNotifications(
          em,
          key,
          project,
          [
            { to: 'client', ...PROJECT_NOTICES.assignedToClient(editorName, project.title) },
            { to: 'editor', ...PROJECT_NOTICES.assignedToEditor(project.title) },
          ],
          [],
        );
        if (audit) {
          await recordAudit(em, {
            id: key,
            actorId: audit.actorId,
            actorEmail: audit.actorEmail,
            action: 'project.assign',
            targetType: 'project',
            targetId: project.id,
            targetLabel: project.title,
            before: { status: previousStatus, editorId: null },
            after: {
              status: 'assigned',
              editorId: editor.userId,
              editorName,
              editorLoad: `${editor.currentProjectsCount}/${editor.maxConcurrentProjects}`,
            },
          });
        }
        await appendEvents(em, () => [projectChanged(project), ...created.map(notificationCreated)]);
        return { assigned: true as const, editorId: editor.userId, editorName };
      });
    },

    async reassignEditor({ key, projectId, editorId, actorId, actorName, audit }) {
      return deps.orm.em.fork().transactional(async (em) => {
        const project = await lockProject(em, projectId);
        const previousId = project.editor?.userId;
        const nameOf = (editor: EditorProfile) => `${editor.firstName} ${editor.lastName}`.trim();
        if ((await em.count(StatusHistory, { id: key })) > 0) {
          // A retry after the commit: the reassignment is done.
          const editor = await em.findOneOrFail(EditorProfile, { userId: editorId });
          const entry = await em.findOneOrFail(AuditLogEntry, { id: key });
          const before = entry.before as { editorId: string };
          return { editorId, editorName: nameOf(editor), previousEditorId: before.editorId };
        }
        if (!previousId)
          throw ApplicationFailure.nonRetryable(PROJECT_ACTION_MESSAGES.editorUnknown, EDITOR_NOT_AVAILABLE);
        // Both profiles locked in one order (by id), as the assignment does, so concurrent changes queue.
        const locked = await em.find(
          EditorProfile,
          { userId: { $in: [previousId, editorId] } },
          { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { userId: 'asc' } },
        );
        const next = locked.find((editor) => editor.userId === editorId);
        const previous = locked.find((editor) => editor.userId === previousId);
        // A /test run's editor takes only its run's project, and only it.
        if (!next || (next.systemTestRun ?? null) !== (project.systemTestRun ?? null))
          throw ApplicationFailure.nonRetryable(PROJECT_ACTION_MESSAGES.editorUnknown, EDITOR_NOT_AVAILABLE);
        if (next.status !== 'active' || next.currentProjectsCount >= next.maxConcurrentProjects)
          throw ApplicationFailure.nonRetryable(PROJECT_ACTION_MESSAGES.editorNotAvailable, EDITOR_NOT_AVAILABLE);
        const load = (editor: EditorProfile | undefined) =>
          editor ? `${editor.currentProjectsCount}/${editor.maxConcurrentProjects}` : null;
        const previousName = previous ? nameOf(previous) : previousId;
        const before = { editorId: previousId, editorName: previousName, editorLoad: load(previous) };
        if (previous) previous.currentProjectsCount = Math.max(0, previous.currentProjectsCount - 1);
        next.currentProjectsCount += 1;
        next.totalProjectsCount += 1;
        project.editor = next;
        project.assignedAt = new Date();
        const editorName = nameOf(next);
        em.create(StatusHistory, {
          id: key,
          project,
          oldStatus: project.status,
          newStatus: project.status,
          comment: PROJECT_TIMELINE.reassigned(previousName, editorName),
          changedBy: actorId,
          changerName: actorName,
        });
        const created = await writeNotifications(
          em,
          key,
          project,
          [
            { to: 'client', ...PROJECT_NOTICES.reassignedToClient(editorName, project.title) },
            { to: 'editor', ...PROJECT_NOTICES.assignedToEditor(project.title) },
            { to: { userId: previousId }, ...PROJECT_NOTICES.reassignedAway(project.title) },
          ],
          [],
        );
        await recordAudit(em, {
          id: key,
          actorId: audit.actorId,
          actorEmail: audit.actorEmail,
          action: 'project.reassign',
          targetType: 'project',
          targetId: project.id,
          targetLabel: project.title,
          before,
          after: {
            editorId: next.userId,
            editorName,
            editorLoad: load(next),
            previousEditorLoad: load(previous),
          },
        });
        await appendEvents(em, () => [projectChanged(project), ...created.map(notificationCreated)]);
        return { editorId: next.userId, editorName, previousEditorId: previousId };
      });
    },

    async recordTransition(input) {
      const { admins } = await recipients(input.notifications ?? []);
      return deps.orm.em.fork().transactional(async (em) => {
        const project = await lockProject(em, input.projectId);
        if ((await em.count(StatusHistory, { id: input.key })) > 0)
          return {
            recordedNow: false,
            ...(input.approveVersion ? { approvedVersion: await approvedVersionOf(em, project.id) } : {}),
          };
        if (input.requireFinalFile && (await em.count(ProjectFile, { project: project.id, fileType: 'final' })) === 0) {
          throw ApplicationFailure.nonRetryable(LIFECYCLE_MESSAGES.noFinalFile, NO_FINAL_FILE);
        }
        if (input.audit) {
          await recordAudit(em, {
            id: input.key,
            actorId: input.audit.actorId,
            actorEmail: input.audit.actorEmail,
            action: input.audit.action,
            targetType: 'project',
            targetId: project.id,
            targetLabel: project.title,
            ...auditedChange(project, input),
          });
        }
        const review = await applyReview(em, project, input);
        em.create(StatusHistory, {
          id: input.key,
          project,
          oldStatus: input.from,
          newStatus: input.to,
          comment: input.comment ?? null,
          changedBy: input.actorId ?? null,
          changerName: input.actorName ?? 'Rushflow',
        });
        project.status = input.to;
        const set = input.set ?? {};
        const date = (value: number | null | undefined) => (value == null ? null : new Date(value));
        if ('completedAt' in set) project.completedAt = date(set.completedAt);
        if ('actualDeliveryDate' in set) project.actualDeliveryDate = date(set.actualDeliveryDate);
        if ('revisionWindowEndsAt' in set) project.revisionWindowEndsAt = date(set.revisionWindowEndsAt);
        if ('cancelledAt' in set) project.cancelledAt = date(set.cancelledAt);
        if ('needsAttention' in set) project.needsAttention = set.needsAttention ?? null;
        if ('deliveryDate' in set) project.deliveryDate = date(set.deliveryDate);
        if (set.maxRevisions !== undefined) project.maxRevisions = set.maxRevisions;
        if (input.incrementRevisionCount) project.revisionCount += 1;

        const revision = input.revision;
        if (revision?.create) {
          em.create(ProjectRevision, {
            project,
            revisionNumber: project.revisionCount,
            requestedBy: revision.create.requestedBy,
            feedback: review.roundFeedback ?? revision.create.feedback,
            versionNumber: revision.create.versionNumber ?? null,
            status: 'pending',
          });
        } else if (revision?.start || revision?.complete) {
          const latest = await em.findOne(
            ProjectRevision,
            { project: project.id },
            { orderBy: { revisionNumber: 'desc' } },
          );
          if (latest) {
            const now = new Date();
            latest.startedAt ??= now;
            latest.status = revision.complete ? 'completed' : 'in_progress';
            if (revision.complete) latest.completedAt = now;
          }
        }

        if ((input.releaseEditorSlot || input.countCompletion) && project.editor) {
          const editor = await em.findOne(
            EditorProfile,
            { userId: project.editor.userId },
            { lockMode: LockMode.PESSIMISTIC_WRITE },
          );
          if (editor) {
            if (input.releaseEditorSlot) editor.currentProjectsCount = Math.max(0, editor.currentProjectsCount - 1);
            if (input.countCompletion) editor.completedProjectsCount += 1;
          }
        }
        const created = await writeNotifications(em, input.key, project, input.notifications ?? [], admins);
        await appendEvents(em, () => [projectChanged(project), ...review.events, ...created.map(notificationCreated)]);
        return {
          recordedNow: true,
          ...(review.approvedVersion !== undefined ? { approvedVersion: review.approvedVersion } : {}),
        };
      });
    },

    async notify({ key, projectId, notifications }) {
      const { admins } = await recipients(notifications);
      await deps.orm.em.fork().transactional(async (em) => {
        const project = (await em.findOne(Project, { id: projectId })) ?? projectNotFound(projectId);
        const created = await writeNotifications(em, key, project, notifications, admins);
        await appendEvents(em, () => created.map(notificationCreated));
      });
    },

    async sendProjectEmail({ key, projectId, template, to, data }) {
      const { mailTransport, mailFrom, appUrl } = deps;
      if (!mailTransport || !mailFrom || !appUrl)
        throw ApplicationFailure.nonRetryable('The worker has no mail transport configured', 'WorkerMisconfigured');
      const em = deps.orm.em.fork();
      const project =
        (await em.findOne(Project, { id: projectId }, { populate: ['editor'] })) ?? projectNotFound(projectId);
      // A /test run's project writes to nobody: its client and editor are stand-ins.
      if (project.systemTestRun) return { sent: 0 };
      const details = {
        id: project.id,
        title: project.title,
        reference: project.reference,
        editorName: project.editor ? `${project.editor.firstName} ${project.editor.lastName}`.trim() : null,
        totalPriceCents: project.totalPriceCents,
        currency: project.currency,
        deliveryDate: project.deliveryDate ?? null,
        revisionsLeft: revisionsLeft(project),
      };
      let sent = 0;
      for (const address of await addressesOf(to, project)) {
        const message = await projectEmail(template, address, details, appUrl, data);
        const result = await sendEmailOnce(
          { orm: deps.orm, transport: mailTransport, from: mailFrom },
          { ...message, idempotencyKey: `${key}:${address.toLowerCase()}` },
        );
        if (result.sentNow) sent += 1;
      }
      return { sent };
    },

    async deleteProjectFiles(projectId) {
      const em = deps.orm.em.fork();
      const files = await em.find(ProjectFile, { project: projectId });
      const previews = await em.find(ProjectVersion, { project: projectId, previewKey: { $ne: null } });
      if (files.length + previews.length > 0 && !deps.deleteObject)
        throw ApplicationFailure.nonRetryable('The worker has no S3 storage configured', 'WorkerMisconfigured');
      for (const file of files) await deps.deleteObject!(file.storageBucket, file.storageKey);
      // The previews go with the originals; the versions and their comments go with the files' rows.
      for (const version of previews) await deps.deleteObject!(version.previewBucket ?? '', version.previewKey!);
      return em.transactional(async (tx) => {
        const project = await lockProject(tx, projectId);
        const deleted = await tx.nativeDelete(ProjectFile, { project: projectId });
        project.filesPurgedAt ??= new Date();
        await appendEvents(tx, () => [
          projectEvent({ type: 'project.file', projectId, fileId: null, fileType: null }),
          projectChanged(project),
        ]);
        return { deleted };
      });
    },
  };
}
