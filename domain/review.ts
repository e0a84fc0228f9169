import type { ProjectParty } from './project-lifecycle';

/**
 * The review studio's contract (the project page's delivery side): versions of the editor's final
 * video with their watermarked previews, frame-accurate comments with drawings, revision rounds
 * made of comments, approval, and the client's answer to a question that pauses the deadline.
 * Shared by the api and the browser. Every position is an integer frame number at the version's
 * rational frame rate, never float seconds (see domain/timecode.ts). The inputs' zod schemas are in
 * `domain/schemas/review.ts`: no zod here, the workflows import these messages and rules.
 */

/** A rational frame rate, e.g. 30000/1001 for 29.97. */
export interface FrameRate {
  num: number;
  den: number;
}

export const PREVIEW_STATUSES = ['processing', 'ready', 'failed'] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];
export const ANALYSIS_STATUSES = ['pending', 'ready', 'unavailable'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/** What the probe of the uploaded original found (null until probed). */
export interface VersionMedia {
  frameRate: FrameRate;
  frameCount: number;
  durationSeconds: number;
  width: number;
  height: number;
  /** The first frame's timecode as a frame count at `frameRate` (01:00:00:00 when the file has none). */
  startFrame: number;
  /** Whether the file carried its own start timecode. */
  hasOwnTimecode: boolean;
}

/** `GET /api/projects/{projectId}/versions` answers `{ versions: VersionView[] }`, newest first. */
export interface VersionView {
  id: string;
  /** 1, 2, … in upload order: shown as v1, v2, … */
  number: number;
  note: string | null;
  filename: string;
  createdAt: string;
  preview: {
    status: PreviewStatus;
    /** 0–100 while processing. */
    progress: number;
    /** French reason of a failure. */
    error: string | null;
    /** Short-lived presigned link (`REVIEW_LINK_EXPIRY_SECONDS`) to the watermarked H.264 preview once ready. */
    url: string | null;
  };
  media: VersionMedia | null;
  comments: { open: number; resolved: number };
  /** Set once the client approved this version. */
  approvedAt: string | null;
  /**
   * The caller may download the original through `GET …/versions/{n}/original` (editor and admin
   * always; the client once a version of the project is approved). Until then the client sees only
   * the watermarked preview.
   */
  originalAvailable: boolean;
  /**
   * The delivery QC, waveform and scene cuts (`GET …/versions/{n}/analysis`): 'pending' until the
   * preview's pass has measured them, 'unavailable' for a version made before they existed or whose
   * preview failed. `warnings` is null for the client until the editor shared the report.
   */
  analysis: { status: AnalysisStatus; warnings: number | null; qcShared: boolean };
}

export interface VersionsAnswer {
  versions: VersionView[];
}

/** `GET /api/projects/{projectId}/versions/{n}/original`: a presigned download of the original file. */
export interface OriginalLinkView {
  url: string;
  filename: string;
  /** ISO instant the link stops working (`REVIEW_LINK_EXPIRY_SECONDS` after it was made). */
  expiresAt: string;
}

/** Vector drawing on a frame, coordinates 0–1 of the picture (x to the right, y down). */
export const DRAWING_COLORS = ['#ef4444', '#f59e0b', '#22c55e', '#3b82f6', '#ffffff'] as const;
interface DrawingPoint {
  x: number;
  y: number;
}
type DrawingShape =
  | { kind: 'arrow'; from: DrawingPoint; to: DrawingPoint }
  | { kind: 'rect'; from: DrawingPoint; to: DrawingPoint }
  | { kind: 'freehand'; points: DrawingPoint[] };
export interface Drawing {
  color: (typeof DRAWING_COLORS)[number];
  shapes: DrawingShape[];
}

export const COMMENT_MAX_LENGTH = 5_000;
/** The editor's note on a version (given when opening the final upload session). */
export const VERSION_NOTE_MAX_LENGTH = 2_000;

/**
 * `GET /api/projects/{projectId}/versions/{n}/comments` answers `{ comments: CommentView[] }`: the
 * threads of the version (top-level comments by `frameIn`, then creation), each with its replies
 * oldest first. `POST` answers `201 { comment }`; `POST …/comments/{commentId}/resolve` and
 * `…/reopen` answer `200 { comment }` (top-level comments only).
 */
export interface CommentView {
  id: string;
  versionNumber: number;
  parentId: string | null;
  author: { id: string; name: string; role: 'client' | 'editor' | 'admin' };
  body: string;
  /** Frames counted from the version's first frame (0); its timecode is `media.startFrame + frameIn`. Null on replies. */
  frameIn: number | null;
  frameOut: number | null;
  /** The rate the frames are counted at: the version's (stored with the comment). Null on replies. */
  frameRate: FrameRate | null;
  drawing: Drawing | null;
  status: 'open' | 'resolved';
  resolvedAt: string | null;
  resolvedByName: string | null;
  /** Carried, unresolved, from an earlier version at the same timecode. */
  carriedFrom: { versionNumber: number; commentId: string } | null;
  /** The revision round that sent it to the editor, if any. */
  revisionNumber: number | null;
  createdAt: string;
  replies: CommentView[];
}

/** The open question that pauses the deadline, shown on the project page. */
export interface ClientQuestionView {
  id: string;
  question: string;
  askedAt: string;
  askedByName: string;
}

/** Export formats of `GET /api/projects/{projectId}/versions/{n}/markers?format=…`. */
export const MARKER_FORMATS = ['premiere', 'resolve', 'fcpxml', 'avid', 'csv'] as const;
export type MarkerFormat = (typeof MARKER_FORMATS)[number];
/** The deadline clock stops while the editor waits on the client; the client is reminded after these. */
export const CLIENT_QUESTION_REMINDERS = ['24 hours', '72 hours'] as const;

/** A preview is at most this tall, with a key frame this often so a seek lands on the asked frame. */
export const PREVIEW_MAX_HEIGHT = 1080;
export const PREVIEW_KEYFRAME_INTERVAL = 6;
/** Presigned preview and original links live this long. */
export const REVIEW_LINK_EXPIRY_SECONDS = 10 * 60;

export const REVIEW_MESSAGES = {
  versionNotFound: 'Version introuvable',
  commentNotFound: 'Commentaire introuvable',
  noOpenComments: 'Ajoutez au moins un commentaire sur la version avant de demander une révision.',
  originalLocked: 'Les fichiers originaux sont disponibles une fois une version approuvée.',
  previewNotReady: 'L’aperçu de cette version n’est pas encore prêt.',
  previewFailed: 'L’aperçu n’a pas pu être créé.',
  approveClientOnly: 'Seul le client du projet peut approuver une version.',
  questionPending: 'Une question attend déjà la réponse du client.',
  noQuestion: 'Aucune question n’attend de réponse.',
  frameOutOfRange: 'Cette image n’existe pas dans la version.',
  replyToReply: 'On répond au commentaire principal, pas à une réponse.',
  resolveReply: 'Seul un commentaire principal se résout ou se rouvre.',
  alreadyApproved: 'Une version de ce projet est déjà approuvée.',
  approveWrongStatus: 'Une version s’approuve une fois livrée, pendant la période de révision.',
  questionWrongStatus: 'Une question au client se pose pendant le montage ou une révision.',
  previewNotVideo: 'Ce fichier n’est pas une vidéo lisible : aucun flux vidéo n’a été trouvé.',
  previewRenderFailed: 'La conversion de la vidéo en aperçu a échoué.',
  previewAlreadyRunning: 'L’aperçu de cette version est déjà en cours de création.',
  previewAlreadyReady: 'L’aperçu de cette version est déjà prêt.',
  previewRetryForbidden: 'Seuls le monteur du projet et les administrateurs relancent un aperçu.',
  filesPurged: 'Les fichiers de ce projet ont été supprimés (durée de conservation écoulée).',
} as const;

/**
 * Review actions beside the lifecycle's, on the same route (`POST …/actions/{action}`):
 * `approve` (`ApprovalInputSchema`), `askClient` (`ClientQuestionInputSchema`), `answerClient`
 * (`ClientAnswerInputSchema`). `ProjectDetail.reviewActions` lists those the caller may take now
 * (`availableReviewActions`, project-rules.ts).
 */
export const REVIEW_ACTIONS = {
  approve: { by: 'client', label: 'Approuver cette version' },
  askClient: { by: 'editor', label: 'En attente du client' },
  answerClient: { by: 'client', label: 'Répondre au monteur' },
} as const satisfies Record<string, { by: ProjectParty; label: string }>;
export type ReviewAction = keyof typeof REVIEW_ACTIONS;

/** A version's clock: its rate, the timecode of its first frame (as frames) and its length. */
interface VersionClock {
  frameRate: FrameRate;
  startFrame: number;
  frameCount: number;
}

/**
 * The frame of `to` at the same timecode as `frame` of `from`, for comments carried to the next
 * version. Same rate: the same timecode label (frames shift by the difference of the starts).
 * Another rate: the same instant, rounded to the nearest frame. Clamped to `to`'s frames.
 */
export function carryFrame(frame: number, from: VersionClock, to: VersionClock): number {
  const sameRate = from.frameRate.num * to.frameRate.den === to.frameRate.num * from.frameRate.den;
  const absolute = from.startFrame + frame;
  // Integers only: timecode frames × rate ratio, rounded half up, exact for any rate up to 1e6/1e3.
  const target = sameRate
    ? absolute - to.startFrame
    : Number(
        (BigInt(absolute) * BigInt(from.frameRate.den) * BigInt(to.frameRate.num) * 2n +
          BigInt(from.frameRate.num) * BigInt(to.frameRate.den)) /
          (BigInt(from.frameRate.num) * BigInt(to.frameRate.den) * 2n),
      ) - to.startFrame;
  return Math.min(Math.max(target, 0), Math.max(to.frameCount - 1, 0));
}
