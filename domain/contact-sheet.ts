/**
 * Rush contact sheets (issue 33, item 3): each video the client uploads to a project's files is
 * cut into shots in the worker (activities/rush-contact-sheet.ts), each shot with a small
 * thumbnail, its timecode and duration; the files tab shows them and the api exports them as a
 * PDF contact sheet and a CSV shot list.
 */
import type { FrameRate } from './review';
import { framesToTimecode } from './timecode';

/**
 * `pending` while the worker reads the rush, `ready` with its shots, `failed` with a French reason;
 * `none` for a file that holds no readable video (no sheet, quietly).
 */
type ContactSheetStatus = 'pending' | 'ready' | 'failed' | 'none';

/** One shot as stored: its frames (counted from the rush's first frame) and its thumbnail's key. */
export interface StoredShot {
  frameIn: number;
  frameOut: number;
  thumbnailKey: string;
}

/** What `project_files.contact_sheet` holds. */
export interface ContactSheetRecord {
  status: ContactSheetStatus;
  error?: string | null;
  /** The rush's clock, once probed. */
  frameRate?: FrameRate;
  /** The rush's first frame on the timecode (its own start timecode, else 01:00:00:00). */
  startFrame?: number;
  frameCount?: number;
  shots?: StoredShot[];
}

/** The files list's summary; null on the file view where there is no sheet (finals, non-video files). */
export interface ContactSheetSummary {
  status: Exclude<ContactSheetStatus, 'none'>;
  shotCount: number;
  error: string | null;
}

/** One shot as `GET …/files/{fileId}/shots` answers it. */
export interface ShotView {
  /** 1, 2, … in the rush's order. */
  number: number;
  frameIn: number;
  frameOut: number;
  /** SMPTE timecodes of the first and last frames. */
  timecodeIn: string;
  timecodeOut: string;
  durationSeconds: number;
  /** Short-lived presigned link to the 320 px JPEG. */
  thumbnailUrl: string;
}

export type ShotTiming = Omit<ShotView, 'thumbnailUrl'>;

export interface ShotListView {
  filename: string;
  frameRate: FrameRate;
  shots: ShotView[];
}

/** Thumbnails are this wide (the height follows the picture). */
export const THUMBNAIL_WIDTH = 320;
/** A thumbnail candidate is taken at least this often, so a shot after a soft change still has one. */
export const THUMBNAIL_CANDIDATE_SECONDS = 2;
/** Presigned thumbnail links live this long. */
export const THUMBNAIL_URL_EXPIRY_SECONDS = 15 * 60;

export const CONTACT_SHEET_MESSAGES = {
  pending: 'La planche contact de ce rush est en cours d’analyse : réessayez dans un instant.',
  failed: 'La planche contact de ce rush n’a pas pu être calculée.',
  noSheet: 'Ce fichier n’a pas de planche contact (pas de vidéo lisible).',
  fileNotFound: 'Fichier introuvable.',
  notStarted: 'L’analyse de ce rush n’a pas pu démarrer : relancez-la.',
  alreadyReady: 'La planche contact de ce rush est déjà prête.',
  alreadyRunning: 'La planche contact de ce rush est déjà en cours d’analyse.',
} as const;

/** The CSV shot list's columns, in order. */
export const SHOT_CSV_COLUMNS = ['plan', 'début', 'fin', 'durée (s)', 'vignette'] as const;

/** The list's summary of a stored sheet; null where the file has none. */
export function contactSheetSummary(record: ContactSheetRecord | null | undefined): ContactSheetSummary | null {
  if (!record || record.status === 'none') return null;
  return { status: record.status, shotCount: record.shots?.length ?? 0, error: record.error ?? null };
}

/** The shots' frame spans from the frames that start a shot (frame 0 excluded), over `frameCount` frames. */
export function shotSpans(cuts: readonly number[], frameCount: number): { frameIn: number; frameOut: number }[] {
  const starts = [0, ...cuts.filter((cut) => cut > 0 && cut < frameCount)];
  return starts.map((frameIn, index) => ({ frameIn, frameOut: (starts[index + 1] ?? frameCount) - 1 }));
}

/**
 * The thumbnail of a shot: its first frame when it is a candidate (a hard cut always is), else the
 * first candidate inside the shot, else the last candidate before it. `candidates` sorted, with 0.
 */
export function thumbnailFrame(shot: { frameIn: number; frameOut: number }, candidates: readonly number[]): number {
  const inside = candidates.find((frame) => frame >= shot.frameIn && frame <= shot.frameOut);
  if (inside !== undefined) return inside;
  return candidates.filter((frame) => frame < shot.frameIn).at(-1) ?? candidates[0] ?? shot.frameIn;
}

/** Seconds of `frames` frames, to the tenth. */
function shotDurationSeconds(frames: number, rate: FrameRate): number {
  return Math.round(((frames * rate.den) / rate.num) * 10) / 10;
}

/** « 4,2 s » */
export function formatShotDuration(seconds: number): string {
  return `${seconds.toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`;
}

/** The stored shots with their timecodes and durations (the api adds the thumbnails' links). */
export function shotTimings(
  record: Required<Pick<ContactSheetRecord, 'frameRate' | 'startFrame' | 'shots'>>,
): ShotTiming[] {
  const { frameRate, startFrame } = record;
  return record.shots.map((shot, index) => ({
    number: index + 1,
    frameIn: shot.frameIn,
    frameOut: shot.frameOut,
    timecodeIn: framesToTimecode(startFrame + shot.frameIn, frameRate),
    timecodeOut: framesToTimecode(startFrame + shot.frameOut, frameRate),
    durationSeconds: shotDurationSeconds(shot.frameOut - shot.frameIn + 1, frameRate),
  }));
}

/** « Plan 3 — 00:00:12:05 — 4,2 s » */
export function shotCaption(shot: Pick<ShotView, 'number' | 'timecodeIn' | 'durationSeconds'>): string {
  return `Plan ${shot.number} — ${shot.timecodeIn} — ${formatShotDuration(shot.durationSeconds)}`;
}

function csvCell(value: string): string {
  return /[;"\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The shot list as French spreadsheets open it: UTF-8 with a BOM, `;` between cells, the duration
 * with a decimal comma, CRLF lines; `vignette` names each thumbnail's file.
 */
export function shotsCsv(shots: readonly ShotTiming[], thumbnailName: (number: number) => string): string {
  const rows = [
    [...SHOT_CSV_COLUMNS],
    ...shots.map((shot) => [
      String(shot.number),
      shot.timecodeIn,
      shot.timecodeOut,
      shot.durationSeconds.toFixed(1).replace('.', ','),
      thumbnailName(shot.number),
    ]),
  ];
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

/** `shot-0001.jpg`: a thumbnail's name, under `contact-sheets/{projectId}/{fileId}/`. */
export function thumbnailName(number: number): string {
  return `shot-${String(number).padStart(4, '0')}.jpg`;
}
