import { framesToTimecode } from '../../../domain/timecode';
import { commentBody, sortedComments, STATUS_LABELS, type MarkerComment, type MarkerVersion } from './model';
import { cleanText, oneLine } from './text';

const HEADER = ['Image début', 'Image fin', 'Timecode début', 'Timecode fin', 'Auteur', 'Commentaire', 'Statut'];

/**
 * RFC 4180 field: quoted when it holds a comma, a quote or a line break (quotes doubled). A text
 * that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first:
 * spreadsheets skip the last two before reading the formula) gets a leading `'`.
 */
function field(value: string | number | null, { userText = false } = {}): string {
  if (value === null) return '';
  let text = String(value);
  if (userText && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A spreadsheet of the comments, one row per comment in timeline order: first and last frame
 * (0 = the version's first; last empty for a single frame), their timecodes, author, text (with
 * replies, line breaks kept inside the quoted field), status. UTF-8 with a BOM so Excel reads the
 * accents; CRLF between records.
 */
export function commentsCsv(version: MarkerVersion, comments: MarkerComment[]): string {
  const timecode = (frame: number | null) =>
    frame === null ? null : framesToTimecode(version.startFrame + frame, version.frameRate);
  const rows = sortedComments(comments).map((comment) =>
    [
      field(comment.frameIn),
      field(comment.frameOut),
      field(timecode(comment.frameIn)),
      field(timecode(comment.frameOut)),
      field(oneLine(comment.authorName), { userText: true }),
      field(cleanText(commentBody(comment)).replace(/\n/g, '\r\n'), { userText: true }),
      field(STATUS_LABELS[comment.status]),
    ].join(','),
  );
  return `\uFEFF${[HEADER.map((name) => field(name)).join(','), ...rows].join('\r\n')}\r\n`;
}
