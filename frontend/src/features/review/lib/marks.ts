import type { CommentView } from '@domain/review';

/** The frames the studio's « previous / next » keys stop at: the scene cuts and the comments' first frames, in order. */
export function jumpMarks(sceneCuts: readonly number[], comments: readonly CommentView[]): number[] {
  const commentFrames = comments.flatMap((comment) => (comment.frameIn === null ? [] : [comment.frameIn]));
  return [...new Set([...sceneCuts, ...commentFrames])].sort((a, b) => a - b);
}

/** The nearest mark strictly before (−1) or after (+1) `frame`, or null when there is none that way. */
export function markFrom(marks: readonly number[], frame: number, direction: 1 | -1): number | null {
  if (direction === 1) return marks.find((mark) => mark > frame) ?? null;
  const before = marks.filter((mark) => mark < frame);
  return before.length > 0 ? before[before.length - 1] : null;
}
