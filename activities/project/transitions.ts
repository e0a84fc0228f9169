import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProjectStatus } from '../../domain/enums';
import type { OutboxEntry } from '../../domain/events';
import { CANCELLATION_NEEDS_ATTENTION, PROJECT_NOTICES, PROJECT_TIMELINE } from '../../domain/project-notices';
import { LIFECYCLE_MESSAGES } from '../../domain/project-rules';
import { REVIEW_MESSAGES } from '../../domain/review';
import { revisionsLeft } from '../../domain/revision-rule';
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
import type {
  NotificationSpec,
  ProjectActivities,
  StepActor,
  TransitionInput,
} from '../../workflows/project-activities';
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

/** What a step wrote beside its status: the timeline's comment, who is told, its own live events, its answer. */
interface Written<T> {
  comment: string;
  notifications: NotificationSpec[];
  events?: OutboxEntry[];
  result: T;
}

/** The admin an action is recorded for in the audit log. */
interface AuditActor {
  actorId: string;
  actorEmail: string;
}

type NamedTransitions = Pick<
  ProjectActivities,
  | 'recordWaitingForEditor'
  | 'recordStart'
  | 'recordDelivery'
  | 'recordRevisionRequest'
  | 'recordRevisionStart'
  | 'recordApproval'
  | 'recordWindowClosed'
  | 'recordQuestion'
  | 'recordAnswer'
  | 'recordCancellation'
  | 'recordDeadlineChange'
  | 'recordRevisionsAdded'
>;

const iso = (at: Date | number | null | undefined) => (at == null ? null : new Date(at).toISOString());

/** One activity per step of the project's lifecycle, each over `inTransition`. */
export function createTransitionActivities(deps: ProjectActivityDeps, notices: ProjectNotices): NamedTransitions {
  /**
   * One step in one transaction, under the project's row lock: `write` makes the step's own
   * changes (and refuses it, typed, before anything is kept), then the status-history row keyed
   * by the step, the status, the notifications and the live events. A retry after the commit finds
   * its row and answers `recorded` (what the step answered) without changing anything.
   */
  async function inTransition<T>(
    input: TransitionInput & { actor?: StepActor },
    to: ProjectStatus,
    write: (em: EntityManager, project: Project) => Promise<Written<T>>,
    recorded: (em: EntityManager, project: Project) => Promise<T>,
    { notifiesAdmins = false } = {},
  ): Promise<T> {
    const admins = notifiesAdmins ? await notices.adminsFor([{ to: 'admins' }]) : [];
    return deps.orm.em.fork().transactional(async (em) => {
      const project = await lockProject(em, input.projectId);
      if ((await em.count(StatusHistory, { id: input.key })) > 0) return recorded(em, project);
      const step = await write(em, project);
      em.create(StatusHistory, {
        id: input.key,
        project,
        oldStatus: input.from,
        newStatus: to,
        comment: step.comment,
        changedBy: input.actor?.id ?? null,
        changerName: input.actor?.name ?? 'Rushflow',
      });
      project.status = to;
      const created = await notices.write(em, input.key, project, step.notifications, admins);
      await appendEvents(em, () => [
        projectChanged(project),
        ...(step.events ?? []),
        ...created.map(notificationCreated),
      ]);
      return step.result;
    });
  }

  const nothing = async () => undefined;

  /** An admin's change, in the audit log (keyed like its step), with its value before and after. */
  const audit = (
    em: EntityManager,
    key: string,
    actor: AuditActor,
    project: Project,
    action: 'project.cancel' | 'project.deadline' | 'project.revisions',
    before: unknown,
    after: unknown,
  ) =>
    recordAudit(em, {
      id: key,
      ...actor,
      action,
      targetType: 'project',
      targetId: project.id,
      targetLabel: project.title,
      before,
      after,
    });

  return {
    recordWaitingForEditor: (input) =>
      inTransition(
        input,
        'waiting_for_editor',
        async () => ({
          comment: PROJECT_TIMELINE.noEditorAvailable,
          notifications: [{ to: 'admins', ...PROJECT_NOTICES.waitingForEditor }],
          result: undefined,
        }),
        nothing,
        { notifiesAdmins: true },
      ),

    recordStart: (input) =>
      inTransition(
        input,
        'in_progress',
        async () => ({
          comment: PROJECT_TIMELINE.started,
          notifications: [{ to: 'client', ...PROJECT_NOTICES.started }],
          result: undefined,
        }),
        nothing,
      ),

    recordDelivery: (input) => {
      const first = input.from === 'in_progress';
      return inTransition(
        input,
        'completed',
        async (em, project) => {
          if (first && (await em.count(ProjectFile, { project: project.id, fileType: 'final' })) === 0)
            refuse(LIFECYCLE_MESSAGES.noFinalFile, NO_FINAL_FILE);
          if (!first && !(await readRevisionProgress(em, project.id)).new_version_since_revision)
            refuse(LIFECYCLE_MESSAGES.revisionNeedsNewVersion, NO_NEW_VERSION);
          // The window of the settings now, read in the delivery's own transaction.
          const days = (await readSettings(em)).revisionWindowDays;
          const endsAt = input.at + days * DAY_MS;
          project.completedAt = new Date(input.at);
          project.actualDeliveryDate = new Date(input.at);
          project.revisionWindowEndsAt = new Date(endsAt);
          if (first) await updateEditorCounters(em, project, { releaseSlot: true, countCompletion: true });
          else await moveLatestRevision(em, project.id, 'completed');
          const left = revisionsLeft(project);
          return {
            comment: first ? PROJECT_TIMELINE.delivered : PROJECT_TIMELINE.revisionDelivered(project.revisionCount),
            notifications: [
              {
                to: 'client',
                ...(first
                  ? PROJECT_NOTICES.delivered(left, days)
                  : PROJECT_NOTICES.revisionDelivered(project.revisionCount, left, days)),
              },
            ],
            result: { revisionWindowEndsAt: endsAt },
          };
        },
        async (_em, project) => ({ revisionWindowEndsAt: project.revisionWindowEndsAt!.getTime() }),
      );
    },

    recordRevisionRequest: (input) =>
      inTransition(
        input,
        'revision_requested',
        async (em, project) => {
          const { versionNumber, feedback } = input;
          const revisionNumber = project.revisionCount + 1;
          const round =
            versionNumber === undefined
              ? undefined
              : await sendRoundComments(em, project, versionNumber, revisionNumber);
          project.revisionCount = revisionNumber;
          em.create(ProjectRevision, {
            project,
            revisionNumber,
            requestedBy: input.actor.id,
            feedback: feedback || (round?.summary ?? ''),
            versionNumber: versionNumber ?? null,
            status: 'pending',
          });
          return {
            comment: PROJECT_TIMELINE.revisionRequested(revisionNumber),
            notifications: [
              {
                to: 'editor',
                ...(versionNumber === undefined
                  ? PROJECT_NOTICES.revisionRequested(feedback)
                  : PROJECT_NOTICES.revisionRound(versionNumber, feedback)),
              },
            ],
            events: round?.events,
            result: undefined,
          };
        },
        nothing,
      ),

    recordRevisionStart: (input) =>
      inTransition(
        input,
        'revision_requested',
        async (em, project) => {
          await moveLatestRevision(em, project.id, 'in_progress');
          return {
            comment: PROJECT_TIMELINE.revisionStarted(project.revisionCount),
            notifications: [{ to: 'client', ...PROJECT_NOTICES.revisionStarted }],
            result: undefined,
          };
        },
        nothing,
      ),

    recordApproval: (input) =>
      inTransition(
        input,
        'completed',
        async (em, project) => {
          const version =
            (await em.findOne(ProjectVersion, { project: project.id, number: input.versionNumber })) ??
            refuse(REVIEW_MESSAGES.versionNotFound, VERSION_NOT_FOUND);
          const events = await approveVersion(em, version, input.actor, new Date());
          project.revisionWindowEndsAt = new Date(input.at);
          const notice = PROJECT_NOTICES.versionApproved(input.versionNumber);
          return {
            comment: PROJECT_TIMELINE.approved(input.versionNumber),
            notifications: [
              { to: 'editor', ...notice },
              { to: 'admins', ...notice },
            ],
            events,
            result: undefined,
          };
        },
        nothing,
        { notifiesAdmins: true },
      ),

    recordWindowClosed: (input) =>
      inTransition(
        input,
        'completed',
        async (em, project) => {
          // The newest version, unless the client approved one already.
          const latest =
            input.approveLatest && (await approvedVersionOf(em, project.id)) === null
              ? await em.findOne(ProjectVersion, { project: project.id }, { orderBy: { number: 'desc' } })
              : null;
          const events = latest ? await approveVersion(em, latest, { id: null, name: 'Rushflow' }, new Date()) : [];
          return {
            comment: PROJECT_TIMELINE.closed,
            notifications: [
              { to: 'client', ...PROJECT_NOTICES.closed },
              ...(input.approveLatest
                ? [{ to: 'editor' as const, ...PROJECT_NOTICES.versionApprovedAutomatically }]
                : []),
            ],
            events,
            result: { approvedVersion: latest?.number ?? null },
          };
        },
        async (em, project) => ({
          approvedVersion: input.approveLatest ? await approvedVersionOf(em, project.id) : null,
        }),
      ),

    recordQuestion: (input) =>
      inTransition(
        input,
        input.from,
        async (em, project) => {
          const { id, question, askedAt } = input.question;
          em.create(ClientQuestion, {
            id,
            project,
            question,
            askedBy: input.actor.id,
            askedByName: input.actor.name,
            askedAt: new Date(askedAt),
          });
          return {
            comment: PROJECT_TIMELINE.questionAsked(question),
            notifications: [{ to: 'client', ...PROJECT_NOTICES.clientQuestion(question) }],
            result: undefined,
          };
        },
        nothing,
      ),

    recordAnswer: (input) =>
      inTransition(
        input,
        input.from,
        async (em, project) => {
          const { answer, shift } = input;
          const question = await em.findOneOrFail(ClientQuestion, { id: answer.id });
          question.answer = answer.answer;
          question.answeredAt = new Date(answer.answeredAt);
          question.answeredBy = input.actor.id;
          question.answeredByName = input.actor.name;
          question.pausedMs = answer.pausedMs;
          if (shift) project.deliveryDate = new Date(shift.deliveryDate);
          return {
            comment: PROJECT_TIMELINE.questionAnswered(shift?.ms ?? 0),
            notifications: [{ to: 'editor', ...PROJECT_NOTICES.clientAnswered(answer.answer) }],
            result: undefined,
          };
        },
        nothing,
      ),

    recordCancellation: (input) =>
      inTransition(
        input,
        'cancelled',
        async (em, project) => {
          if (input.audit)
            await audit(
              em,
              input.key,
              input.audit,
              project,
              'project.cancel',
              { status: project.status, editorId: project.editor?.userId ?? null },
              { status: 'cancelled', reason: input.reason ?? null },
            );
          const holdsSlot = input.from === 'assigned' || input.from === 'in_progress';
          await updateEditorCounters(em, project, { releaseSlot: holdsSlot, countCompletion: false });
          project.cancelledAt = new Date(input.at);
          // The refund is the admin's decision (policy): the project says so until it is handled.
          project.needsAttention = CANCELLATION_NEEDS_ATTENTION;
          return {
            comment: PROJECT_TIMELINE.cancelled(input.reason),
            notifications: [
              { to: 'client', ...PROJECT_NOTICES.cancelledForClient(input.reason) },
              ...(project.editor ? [{ to: 'editor' as const, ...PROJECT_NOTICES.cancelledForEditor }] : []),
            ],
            result: undefined,
          };
        },
        nothing,
      ),

    recordDeadlineChange: (input) =>
      inTransition(
        input,
        input.from,
        async (em, project) => {
          await audit(
            em,
            input.key,
            input.audit,
            project,
            'project.deadline',
            { deliveryDate: iso(project.deliveryDate) },
            { deliveryDate: iso(input.deliveryDate) },
          );
          project.deliveryDate = new Date(input.deliveryDate);
          const notice = PROJECT_NOTICES.deadlineChanged(input.deliveryDate);
          return {
            comment: PROJECT_TIMELINE.deadlineChanged(input.deliveryDate),
            notifications: [
              ...(project.editor ? [{ to: 'editor' as const, ...notice }] : []),
              { to: 'client', ...notice },
            ],
            result: undefined,
          };
        },
        nothing,
      ),

    recordRevisionsAdded: (input) =>
      inTransition(
        input,
        input.from,
        async (em, project) => {
          await audit(
            em,
            input.key,
            input.audit,
            project,
            'project.revisions',
            { maxRevisions: project.maxRevisions },
            { maxRevisions: input.maxRevisions },
          );
          project.maxRevisions = input.maxRevisions;
          return {
            comment: PROJECT_TIMELINE.revisionsAdded(input.count, input.maxRevisions),
            notifications: [{ to: 'client', ...PROJECT_NOTICES.revisionsAdded(input.count, input.maxRevisions) }],
            result: undefined,
          };
        },
        nothing,
      ),
  };
}
