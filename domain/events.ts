import type { ProjectFileType, ProjectStatus } from './enums';
import type { PaymentState } from './payments';
import type { PreviewStatus } from './review';

/**
 * The live channel's contract (`GET /api/events`, Server-Sent Events), shared by the api, the
 * worker's activities and the browser. Each event is a row of the outbox, written in the same
 * transaction as the change it describes; its row id is the SSE `id:`. Events carry ids and small
 * fields only: the browser refetches what it shows (TanStack Query), it never keeps a second copy.
 *
 * Audience: a `user` event goes to that user's streams only; a `project` event to the project's
 * client, its current editor and admins, checked when the event is delivered (so a reassigned
 * editor stops receiving them at once).
 */

/** A notification was created for the user (the bell, the toast, the project page's list). */
interface NotificationCreatedEvent {
  type: 'notification.created';
  notification: {
    id: string;
    type: string;
    title: string;
    message: string;
    projectId: string | null;
    createdAt: string;
  };
}

/** Some of the user's notifications were marked read (another tab may show them). */
interface NotificationsReadEvent {
  type: 'notifications.read';
  /** The ids, or 'all' for "mark all as read". */
  ids: string[] | 'all';
}

/** The project changed: status, assignment, counters, dates (the page and the lists refetch). */
interface ProjectChangedEvent {
  type: 'project.changed';
  projectId: string;
  status: ProjectStatus;
}

interface ProjectMessageEvent {
  type: 'project.message';
  projectId: string;
  messageId: string;
  senderId: string;
}

interface ProjectFileEvent {
  type: 'project.file';
  projectId: string;
  /** Null when every file of the project was deleted (retention). */
  fileId: string | null;
  fileType: ProjectFileType | null;
}

/**
 * A version of the final video was created or changed: its probe, its preview's progress (at most
 * about once a second while rendering), the preview ready or failed, the version approved.
 */
interface ProjectVersionEvent {
  type: 'project.version';
  projectId: string;
  versionNumber: number;
  previewStatus: PreviewStatus;
  /** 0–100. */
  progress: number;
}

/**
 * A comment of a version was posted (or a reply), resolved, reopened, sent to the editor in a
 * revision round, or carried to the next version (then `versionNumber` is the new version's).
 */
interface ProjectCommentEvent {
  type: 'project.comment';
  projectId: string;
  versionNumber: number;
  commentId: string;
  change: 'created' | 'resolved' | 'reopened' | 'sent' | 'carried';
}

/** A paid checkout moved on (paid, project created, failed): `/payment-success` follows it. */
interface PaymentChangedEvent {
  type: 'payment.changed';
  sessionId: string;
  state: PaymentState['state'];
  projectId: string | null;
}

/** The user's roles or access changed: their streams end and reconnect with a fresh token. */
interface AccessChangedEvent {
  type: 'access.changed';
}

export type UserEvent = NotificationCreatedEvent | NotificationsReadEvent | PaymentChangedEvent | AccessChangedEvent;
export type ProjectEvent =
  ProjectChangedEvent | ProjectMessageEvent | ProjectFileEvent | ProjectVersionEvent | ProjectCommentEvent;
export type LiveEvent = UserEvent | ProjectEvent;

/** What the outbox stores: the event and who may receive it. */
export type OutboxEntry = { userId: string; event: UserEvent } | { projectId: string; event: ProjectEvent };

export function userEvent(userId: string, event: UserEvent): OutboxEntry {
  return { userId, event };
}

export function projectEvent(event: ProjectEvent): OutboxEntry {
  return { projectId: event.projectId, event };
}

/**
 * Stream-level events the server sends that are not outbox rows. `stream.ready` carries the
 * stream's starting point as its id (a reconnect from there misses nothing); `stream.resync`
 * says events were lost to retention (refetch everything); `stream.reauthenticate` ends a stream
 * whose token expired or whose access changed (reconnect with a fresh token).
 */
export const STREAM_EVENTS = {
  ready: 'stream.ready',
  resync: 'stream.resync',
  reauthenticate: 'stream.reauthenticate',
} as const;

/** The api sends a keep-alive comment this often (15–25 s, 000 §9 heartbeat). */
export const KEEP_ALIVE_MS = 20_000;
/** The browser waits 1, 2, 5 then 10 s between reconnections (000 §9). */
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** The "connexion perdue — reconnexion…" notice shows once the stream is down this long. */
export const STREAM_DOWN_NOTICE_MS = 3_000;
export const EVENT_MESSAGES = {
  connectionLost: 'Connexion perdue — reconnexion…',
} as const;

/** The reconnection delay after `failures` failed attempts in a row. */
export function reconnectDelay(failures: number): number {
  return RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
}
