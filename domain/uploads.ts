/**
 * Upload rules shared by the browser (early feedback) and the api (the decision): limits,
 * accepted types, the object-key builder and the French messages of 001 §5.2, §8.1, §9.1.
 */

const MAX_FILES_PER_BRIEF = 20;
/** 500 GB (decimal, as the spec's label 'max 500GB par fichier' reads). */
export const MAX_FILE_SIZE_BYTES = 500 * 1000 ** 3;
const MAX_FILE_SIZE_LABEL = '500GB';
const MIB = 1024 * 1024;
/** S3 takes at most 10,000 parts per multipart upload, each at least 5 MiB except the last. */
export const S3_MAX_PARTS = 10_000;
/**
 * The smallest part sent. Parts are small so that a reload costs little (see `uploadPartSize`), and
 * not smaller, so that each request carries enough bytes for its overhead not to show.
 */
const MIN_PART_SIZE_BYTES = 8 * MIB;
/**
 * Part PUTs in flight at once in one browser (all files together). A reload loses the parts in
 * flight: with 8 MiB parts, at most 16 MiB to send again.
 */
export const UPLOAD_PARALLEL_LIMIT = 2;
/** Part URLs the api signs in one call, so that parts do not each wait for a round trip to the api. */
export const MAX_PART_URLS_PER_REQUEST = 100;
/** Delays before the 1st, 2nd and 3rd retry of a failed upload (001 §9.1). */
export const UPLOAD_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
/** How long a presigned part URL stays valid: long enough for a batch of parts on a slow line. */
export const PART_URL_EXPIRY_SECONDS = 60 * 60;

export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'avi', 'mkv', 'm4v', 'webm'] as const;
const AUDIO_EXTENSIONS = ['mp3', 'wav', 'flac', 'aac', 'ogg', 'm4a', 'wma'] as const;
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

export type MediaKind = 'video' | 'audio' | 'image';

/**
 * Where the uploader is used. Images are accepted only in the wizard, whose upload area advertises
 * them (001 §5.3); the full form accepts video and audio (001 §5.2). The project page has two more
 * (000 §2 Files tab): the client's sources and the editor's final video.
 */
export const BRIEF_UPLOAD_AREAS = ['brief', 'wizard'] as const;
const PROJECT_UPLOAD_AREAS = ['project_source', 'project_final'] as const;
/** The profile photo of an editor application (/recrutement): one image, a few MB. */
export const APPLICATION_PHOTO_AREA = 'application_photo';
export const UPLOAD_AREAS = [...BRIEF_UPLOAD_AREAS, ...PROJECT_UPLOAD_AREAS, APPLICATION_PHOTO_AREA] as const;
export type UploadArea = (typeof UPLOAD_AREAS)[number];
/** Areas whose session a brief or an application takes; left untaken, their files are swept after a day. */
export const ATTACHABLE_UPLOAD_AREAS: readonly UploadArea[] = [...BRIEF_UPLOAD_AREAS, APPLICATION_PHOTO_AREA];
type ProjectUploadArea = (typeof PROJECT_UPLOAD_AREAS)[number];

/** A brief's files are submitted with the brief: they stay listed until then, reloads included. */
export function isBriefUploadArea(area: UploadArea): boolean {
  return (BRIEF_UPLOAD_AREAS as readonly string[]).includes(area);
}

function isProjectUploadArea(area: UploadArea): area is ProjectUploadArea {
  return (PROJECT_UPLOAD_AREAS as readonly string[]).includes(area);
}

/** The final video (000 §9): .mp4, .mov, .avi only, at most 5 files. */
const FINAL_VIDEO_EXTENSIONS = ['mp4', 'mov', 'avi'] as const;
const MAX_FINAL_FILES = 5;
/** The project page's source uploader keeps the spec's uploader default (000 §2: maxFiles 10). */
const MAX_SOURCE_FILES = 10;
/** An application's photo: one JPG or PNG of at most 5 MB. */
export const MAX_PHOTO_SIZE_BYTES = 5 * 1000 ** 2;
const MAX_PHOTO_SIZE_LABEL = '5 Mo';

export function acceptedExtensions(area: UploadArea): readonly string[] {
  switch (area) {
    case 'wizard':
    case 'project_source':
      return [...VIDEO_EXTENSIONS, ...AUDIO_EXTENSIONS, ...IMAGE_EXTENSIONS];
    case 'project_final':
      return FINAL_VIDEO_EXTENSIONS;
    case 'brief':
      return [...VIDEO_EXTENSIONS, ...AUDIO_EXTENSIONS];
    case 'application_photo':
      return IMAGE_EXTENSIONS;
  }
}

/** How many files one upload session of the area may keep. */
export function maxFilesFor(area: UploadArea): number {
  if (area === 'project_final') return MAX_FINAL_FILES;
  if (area === 'project_source') return MAX_SOURCE_FILES;
  if (area === APPLICATION_PHOTO_AREA) return 1;
  return MAX_FILES_PER_BRIEF;
}

/** The largest file the area takes, and how the messages write it. */
function maxFileSizeFor(area: UploadArea): { bytes: number; label: string } {
  return area === APPLICATION_PHOTO_AREA
    ? { bytes: MAX_PHOTO_SIZE_BYTES, label: MAX_PHOTO_SIZE_LABEL }
    : { bytes: MAX_FILE_SIZE_BYTES, label: MAX_FILE_SIZE_LABEL };
}

/** Only a brief's rushes are analysed for their duration (001 §3.4); project files and photos are not. */
export function areaRunsAnalysis(area: UploadArea): boolean {
  return !isProjectUploadArea(area) && area !== APPLICATION_PHOTO_AREA;
}

/** The `accept` attribute of the file input: extensions, so a phone's picker offers the right files. */
export function acceptAttribute(area: UploadArea): string {
  return acceptedExtensions(area)
    .map((extension) => `.${extension}`)
    .join(',');
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function mediaKindOfExtension(extension: string): MediaKind | null {
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(extension)) return 'video';
  if ((AUDIO_EXTENSIONS as readonly string[]).includes(extension)) return 'audio';
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return 'image';
  return null;
}

/**
 * The MIME types a browser may declare for each kind, exactly: no parameters, no lists, so that
 * nothing the browser says can reach a response header. The content is sniffed after the upload.
 */
const DECLARED_MIME_TYPES: Record<MediaKind, readonly string[]> = {
  video: [
    'video/mp4',
    'video/quicktime',
    'video/x-msvideo',
    'video/avi',
    'video/vnd.avi',
    'video/x-matroska',
    'video/x-m4v',
    'video/webm',
    'video/ogg',
    'video/x-ms-asf',
    'video/x-ms-wmv',
  ],
  audio: [
    'audio/mpeg',
    'audio/mp3',
    'audio/wav',
    'audio/wave',
    'audio/x-wav',
    'audio/vnd.wave',
    'audio/flac',
    'audio/x-flac',
    'audio/aac',
    'audio/x-aac',
    'audio/aacp',
    'audio/vnd.dlna.adts',
    'audio/ogg',
    'audio/opus',
    'audio/mp4',
    'audio/x-m4a',
    'audio/m4a',
    'audio/webm',
    'audio/x-ms-wma',
    'application/ogg',
    'application/vnd.ms-asf',
  ],
  image: ['image/jpeg', 'image/png'],
};

/**
 * A declared MIME type is one of the kind's, or says nothing useful (browsers give '' or
 * application/octet-stream for .mkv, .wma…). Audio and video share containers (an .ogg/.webm/.m4a
 * labelled video/*, an .asf…), so either list serves both.
 */
function mimeAgrees(kind: MediaKind, mimeType: string): boolean {
  const type = mimeType.toLowerCase();
  if (!type || type === 'application/octet-stream') return true;
  if (kind === 'image') return DECLARED_MIME_TYPES.image.includes(type);
  return DECLARED_MIME_TYPES.video.includes(type) || DECLARED_MIME_TYPES.audio.includes(type);
}

export const UPLOAD_MESSAGES = {
  tooManyFilesTitle: 'Trop de fichiers',
  tooManyFiles: `Vous ne pouvez uploader que ${MAX_FILES_PER_BRIEF} fichiers maximum`,
  tooManyFilesFor: (max: number) => `Vous ne pouvez uploader que ${max} fichiers maximum`,
  tooLargeTitle: 'Fichiers trop volumineux',
  tooLarge: (name: string, limit: string = MAX_FILE_SIZE_LABEL) => `${name} dépasse la limite de ${limit} par fichier`,
  unsupportedType: 'type de fichier non supporté',
  unsupportedTypeTitle: 'Type de fichier non supporté',
  declaredTypeInvalid: 'Type MIME invalide : un seul type, sans paramètre ni liste.',
  areaLabel: `max ${MAX_FILE_SIZE_LABEL} par fichier`,
  noConnection: 'Pas de connexion internet. Vérifiez votre réseau.',
  storageUnavailable: 'Service de stockage temporairement indisponible. Réessayez dans quelques minutes.',
  payloadTooLarge: (size: string) => `Fichier trop volumineux (${size}). Limite: ${MAX_FILE_SIZE_LABEL}`,
  timeout: 'Upload annulé (timeout de 30 minutes dépassé)',
  network: 'Erreur de connexion réseau détectée',
  denied: 'Accès refusé - Session expirée',
  storageError: 'Service de stockage temporairement indisponible',
  chunkError: 'Erreur lors du traitement du fichier volumineux',
  uploadFailedTitle: 'Upload échoué',
  batchFailedTitle: "Erreur d'upload",
  batchFailed: "Certains fichiers n'ont pas pu être uploadés",
  uploadSucceeded: 'Upload réussi',
  sessionNotFound: "Session d'upload introuvable.",
  sessionDenied: "Cette session d'upload ne vous appartient pas.",
  fileNotFound: 'Fichier introuvable dans cette session.',
  fileNotUploading: "Ce fichier n'est plus en cours d'upload.",
  partOutOfRange: 'Numéro de partie invalide pour ce fichier.',
  notUploadedYet: "Le fichier n'est pas encore entièrement uploadé.",
  sizeMismatch: 'taille reçue différente de la taille annoncée',
  nothingToAnalyse: 'Aucun fichier terminé à analyser.',
  notAnalysed: 'Les fichiers d’un projet ne sont pas analysés.',
} as const;

export type UploadRejection = { code: 'type' | 'size' | 'count'; title: string; message: string };

/**
 * Checks one more file against the limits; `filesAlreadyInBrief` counts the files kept so far.
 * Returns the rejection shown to the user, or null when the file is accepted.
 */
export function checkNewFile(
  file: { name: string; size: number; type: string },
  filesAlreadyInBrief: number,
  area: UploadArea,
): UploadRejection | null {
  const max = maxFilesFor(area);
  if (filesAlreadyInBrief >= max) {
    return { code: 'count', title: UPLOAD_MESSAGES.tooManyFilesTitle, message: UPLOAD_MESSAGES.tooManyFilesFor(max) };
  }
  const maxSize = maxFileSizeFor(area);
  if (file.size > maxSize.bytes) {
    return {
      code: 'size',
      title: UPLOAD_MESSAGES.tooLargeTitle,
      message: UPLOAD_MESSAGES.tooLarge(file.name, maxSize.label),
    };
  }
  const extension = fileExtension(file.name);
  const kind = mediaKindOfExtension(extension);
  if (!kind || !acceptedExtensions(area).includes(extension) || !mimeAgrees(kind, file.type)) {
    return {
      code: 'type',
      title: UPLOAD_MESSAGES.unsupportedTypeTitle,
      message: `${file.name} : ${UPLOAD_MESSAGES.unsupportedType}`,
    };
  }
  return null;
}

/** Letters, digits, dot and hyphen are kept; anything else becomes `_` (001 §7). */
function sanitiseFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9.-]/g, '_');
}

/**
 * The object key inside bucket `briefs`: `{userId|anonymous}/{timestamp}_{sanitised name}`. The
 * bucket already says "briefs", so the key starts with the owner segment. Only the server calls it.
 */
export function briefObjectKey(userId: string | null, timestampMs: number, name: string): string {
  return `${userId ?? 'anonymous'}/${timestampMs}_${sanitiseFileName(name)}`;
}

/** The object key of an application's photo inside bucket `application-photos`: `{sessionId}/{timestamp}_{name}`. */
export function applicationPhotoObjectKey(sessionId: string, timestampMs: number, name: string): string {
  return `${sessionId}/${timestampMs}_${sanitiseFileName(name)}`;
}

/**
 * The object key of a project file (000 §7 Storage): `{projectId}/{fileType}/{timestamp}-{name}`,
 * in bucket project-files (source) or video-uploads (final). Only the server calls it.
 */
export function projectObjectKey(
  projectId: string,
  fileType: 'source' | 'final',
  timestampMs: number,
  name: string,
): string {
  return `${projectId}/${fileType}/${timestampMs}-${sanitiseFileName(name)}`;
}

/**
 * The part size of a file, decided once from its size, so the browser and the api cut it the same
 * way before and after a reload: 8 MiB, or the whole MiB that keeps the file within S3's 10,000
 * parts when 8 MiB would not (over 78 GiB; 16 MiB at 156 GiB, 48 MiB at 500 GB).
 */
export function uploadPartSize(fileSize: number): number {
  return Math.max(MIN_PART_SIZE_BYTES, Math.ceil(fileSize / S3_MAX_PARTS / MIB) * MIB);
}

/** Parts needed for a file; an empty file still has one (empty) part. */
export function partCount(size: number): number {
  return Math.max(1, Math.ceil(size / uploadPartSize(size)));
}

/**
 * Bytes of part `partNumber` (from 1) of a file: the part size, the rest for the last part. Each
 * part URL is signed with it, so storage refuses a body of any other length.
 */
export function uploadPartLength(size: number, partNumber: number): number {
  const partSize = uploadPartSize(size);
  return Math.min(partSize, size - (partNumber - 1) * partSize);
}

/** Header carrying the session secret on every call after the session's creation. */
export const UPLOAD_SESSION_HEADER = 'X-Upload-Session';

export const UPLOADED_FILE_STATUSES = ['uploading', 'completed', 'rejected', 'cancelled'] as const;
type UploadedFileStatus = (typeof UPLOADED_FILE_STATUSES)[number];

/** Answers of the upload routes, typed for the browser client. */
export interface UploadSessionCreated {
  sessionId: string;
  secret: string;
}

export interface UploadFileCreated {
  fileId: string;
  key: string;
  uploadId: string;
  partSize: number;
}

export interface UploadFileView {
  fileId: string;
  name: string;
  size: number;
  kind: MediaKind;
  status: UploadedFileStatus;
  error: string | null;
  durationSeconds: number | null;
  /** The rush analysis has measured this file (a null duration is then an image, not a pending file). */
  analysed: boolean;
  /** While the file is uploading: what a browser needs to continue its multipart upload after a reload. */
  multipart: { key: string; uploadId: string; partSize: number } | null;
}
