import { ApplicationFailure } from '@temporalio/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OutboxEntry } from '../../domain/events';
import { LIFECYCLE_MESSAGES } from '../../domain/project-rules';
import { REVIEW_MESSAGES } from '../../domain/review';
import { recordAudit } from '../../db/audit';
import {
  ClientQuestion,
  Project,
  ProjectFile,
  ProjectRevision,
  ProjectVersion,
  StatusHistory,
} from '../../db/entities';
import { appendEvents, notificationCreated } from '../../db/outbox';
import { readRevisionProgress } from '../../db/revision-progress';
import { readSettings } from '../../db/settings';
import { NO_FINAL_FILE, NO_NEW_VERSION, VERSION_NOT_FOUND } from '../../workflows/contracts/project';
import type { ProjectActivities, RecordTransitionInput } from '../../workflows/project-activities';
import type { ProjectActivityDeps } from './deps';
import type { ProjectNotices } from './notices';
import {
  approvedVersionOf,
  approveVersion,
  lockProject,
  moveLatestRevision,
  projectChanged,
  refuse,
  sendRoundComments,
  updateEditorCounters,
} from './rows';
import { DAY_MS } from '../../domain/delivery';

/**
 * `recordTransition` and `readRevisionWindow`: how every step was recorded before the named
 * transitions (transitions.ts). Kept registered for the project workflows whose histories were
 * recorded before `NAMED_TRANSITIONS_PATCH` (project-steps.ts); remove them once none is open.
 */

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
  if (input.requireNewVersion && !(await readRevisionProgress(em, project.id)).new_version_since_revision)
    refuse(LIFECYCLE_MESSAGES.revisionNeedsNewVersion, NO_NEW_VERSION);
  let roundFeedback: string | undefined;
  const round = input.revision?.create?.versionNumber;
  if (round !== undefined) {
    // The round is the revision about to be created (revision_count + 1, incremented with it).
    const sent = await sendRoundComments(em, project, round, project.revisionCount + 1);
    events.push(...sent.events);
    roundFeedback = input.revision!.create!.feedback || sent.summary;
  }
  let approvedVersion: number | null | undefined;
  if (input.approveVersion) {
    const version =
      input.approveVersion === 'latest'
        ? (await approvedVersionOf(em, project.id)) !== null
          ? null
          : await em.findOne(ProjectVersion, { project: project.id }, { orderBy: { number: 'desc' } })
        : ((await em.findOne(ProjectVersion, { project: project.id, number: input.approveVersion.number })) ??
          refuse(REVIEW_MESSAGES.versionNotFound, VERSION_NOT_FOUND));
    if (version) {
      const by = {
        id: input.approveVersion === 'latest' ? null : input.approveVersion.by,
        name: input.actorName ?? 'Rushflow',
      };
      events.push(...(await approveVersion(em, version, by, new Date())));
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

export function createLegacyTransitionActivities(
  deps: ProjectActivityDeps,
  notices: ProjectNotices,
): Pick<ProjectActivities, 'recordTransition' | 'readRevisionWindow'> {
  return {
    async readRevisionWindow() {
      const days = (await readSettings(deps.orm.em.fork())).revisionWindowDays;
      return { ms: days * DAY_MS, days };
    },

    async recordTransition(input) {
      const admins = await notices.adminsFor(input.notifications ?? []);
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
          await moveLatestRevision(em, project.id, revision.complete ? 'completed' : 'in_progress');
        }
        await updateEditorCounters(em, project, {
          releaseSlot: input.releaseEditorSlot === true,
          countCompletion: input.countCompletion === true,
        });
        const created = await notices.write(em, input.key, project, input.notifications ?? [], admins);
        await appendEvents(em, () => [projectChanged(project), ...review.events, ...created.map(notificationCreated)]);
        return {
          recordedNow: true,
          ...(review.approvedVersion !== undefined ? { approvedVersion: review.approvedVersion } : {}),
        };
      });
    },
  };
}
