import type { CommentView, FrameRate } from '../../../domain/review';
import { cleanText, oneLine } from './text';

/** What every marker export needs of the version. */
export interface MarkerVersion {
  /** The project's title: names the sequence (`<title> v<number>`). */
  projectTitle: string;
  number: number;
  frameRate: FrameRate;
  /** The version's first frame on the timeline, as a frame count at `frameRate` (01:00:00:00 by default). */
  startFrame: number;
  frameCount: number;
  /** Picture size for the formats that describe one (1920×1080 when unknown). */
  width?: number | null;
  height?: number | null;
}

/** A positioned comment (a thread's first message) with its replies. */
export interface MarkerComment {
  id: string;
  authorName: string;
  body: string;
  /** First frame, 0 = the version's first frame. */
  frameIn: number;
  /** Last frame of a range, inclusive; null for a comment on one frame. */
  frameOut: number | null;
  status: 'open' | 'resolved';
  createdAt: string;
  replies?: { authorName: string; body: string }[];
}

/** The exports' comments from the review studio's views: threads with a position, replies folded in. */
export function markerCommentsOf(views: CommentView[]): MarkerComment[] {
  return views
    .filter((view) => view.parentId === null && view.frameIn !== null)
    .map((view) => ({
      id: view.id,
      authorName: view.author.name,
      body: view.body,
      frameIn: view.frameIn ?? 0,
      frameOut: view.frameOut,
      status: view.status,
      createdAt: view.createdAt,
      replies: view.replies.map((reply) => ({ authorName: reply.author.name, body: reply.body })),
    }));
}

export const STATUS_LABELS: Record<MarkerComment['status'], string> = { open: 'ouvert', resolved: 'résolu' };

export const sequenceName = (version: MarkerVersion) =>
  `${oneLine(version.projectTitle) || 'Projet'} v${version.number}`;

/** Frames a comment covers: 1 for a point, `frameOut − frameIn + 1` for a range (its last frame included). */
export function durationOf(comment: MarkerComment): number {
  return comment.frameOut === null ? 1 : Math.max(1, comment.frameOut - comment.frameIn + 1);
}

/** Comments in timeline order: by first frame, then oldest first. */
export function sortedComments(comments: MarkerComment[]): MarkerComment[] {
  return [...comments].sort(
    (a, b) => a.frameIn - b.frameIn || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}

/**
 * The comment's body and its replies (`↳ Name : reply`), one per line, control characters removed:
 * multi-line formats keep the lines, line-based ones flatten them with `oneLine`.
 */
export function commentBody(comment: MarkerComment): string {
  const replies = (comment.replies ?? []).map((reply) => `↳ ${oneLine(reply.authorName)} : ${cleanText(reply.body)}`);
  return [cleanText(comment.body), ...replies].join('\n');
}

/** `Author : body` (+ replies): the marker's text where the format has no author field. */
export function commentText(comment: MarkerComment): string {
  return `${oneLine(comment.authorName)} : ${commentBody(comment)}`;
}

/** One marker per frame for the formats that keep a single marker at a position (Resolve, Avid). */
export interface MergedMarker {
  frameIn: number;
  /** The longest of the merged comments. */
  duration: number;
  /** Open while any of its comments is. */
  status: MarkerComment['status'];
  comments: MarkerComment[];
}

/** Comments on the same first frame merged into one marker, in timeline order. */
export function mergeByFrame(comments: MarkerComment[]): MergedMarker[] {
  const markers: MergedMarker[] = [];
  for (const comment of sortedComments(comments)) {
    const last = markers.at(-1);
    if (last && last.frameIn === comment.frameIn) {
      last.comments.push(comment);
      last.duration = Math.max(last.duration, durationOf(comment));
      if (comment.status === 'open') last.status = 'open';
    } else {
      markers.push({
        frameIn: comment.frameIn,
        duration: durationOf(comment),
        status: comment.status,
        comments: [comment],
      });
    }
  }
  return markers;
}

/** The merged comments' texts on one line: `A : … — B : …`. */
export function mergedText(marker: MergedMarker): string {
  return marker.comments.map((comment) => oneLine(commentText(comment))).join(' — ');
}
