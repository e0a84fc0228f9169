/**
 * Rush analysis shared by the workflow (building the 001 §3.4 result) and the browser (the
 * discrepancy rules of 001 §8.5 and the messages of §8.2, §8.4).
 */
import { formatCount } from './format';

export const ANALYSIS_MESSAGES = {
  analysing: 'Analyse des rushs en cours…',
  failedTitle: "Erreur d'analyse",
  failed: 'Impossible d’analyser les vidéos. Durée estimée manuellement.',
  succeeded: 'Analyse précise terminée',
  notMedia: 'Ce fichier n’est pas une vidéo ni un fichier audio lisible : type de fichier non supporté',
  unreadable: 'Durée illisible pour ce fichier.',
} as const;

/** What the activity measured for one file. */
export interface FileMeasurement {
  fileId: string;
  name: string;
  size: number;
  /** null when the file has no duration (an image) or could not be read. */
  durationSeconds: number | null;
  /** false when ffprobe found no audio or video stream: the file is reported, not counted. */
  isMedia: boolean;
  error?: string;
}

type EstimatedComplexity = 'faible' | 'moyenne' | 'élevée';

/** 001 §3.4, durations in seconds and minutes, average size in MB. */
export interface RushAnalysisResult {
  totalRushDuration: number;
  totalRushDurationMinutes: number;
  fileCount: number;
  averageFileSize: number;
  estimatedComplexity: EstimatedComplexity;
  recommendations: string[];
  fileAnalyses: {
    fileId: string;
    name: string;
    durationSeconds: number;
    durationMinutes: number;
    isMedia: boolean;
    /**
     * true when the file has a measured duration (a readable video or audio file); false for an
     * image or anything ffprobe gives no duration for: such a file is not part of the total nor of
     * the discrepancy rules.
     */
    timed: boolean;
    error?: string;
  }[];
  /** Files with a measured duration: with none, the analysis says nothing about the length. */
  timedFileCount: number;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Complexity from the amount of material an editor has to go through: under 10 minutes and at most
 * 3 files is light; over an hour or more than 10 files is heavy.
 */
function estimateComplexity(totalSeconds: number, fileCount: number): EstimatedComplexity {
  if (totalSeconds > 3600 || fileCount > 10) return 'élevée';
  if (totalSeconds > 600 || fileCount > 3) return 'moyenne';
  return 'faible';
}

function recommendationsFor(totalSeconds: number, measured: FileMeasurement[]): string[] {
  const recommendations: string[] = [];
  const rejected = measured.filter((file) => !file.isMedia);
  if (rejected.length > 0) {
    recommendations.push(
      `${formatCount(rejected.length, { one: 'fichier n’est pas un média lisible et n’est pas compté', other: 'fichiers ne sont pas des médias lisibles et ne sont pas comptés' })} : ${rejected.map((file) => file.name).join(', ')}.`,
    );
  }
  const untimed = measured.filter((file) => file.isMedia && !isTimed(file));
  if (untimed.length > 0) {
    recommendations.push(
      `${formatCount(untimed.length, { one: 'fichier sans durée (image) n’est pas compté', other: 'fichiers sans durée (images) ne sont pas comptés' })} dans la durée des rushs : ${untimed.map((file) => file.name).join(', ')}.`,
    );
  }
  if (totalSeconds > 3600)
    recommendations.push(
      'Plus d’une heure de rushs : prévoyez un temps de dérushage supplémentaire et indiquez les passages prioritaires.',
    );
  if (measured.length > 10)
    recommendations.push('Nombreux fichiers : nommez-les dans l’ordre souhaité pour faciliter le montage.');
  if (measured.some((file) => file.isMedia && file.durationSeconds !== null && file.durationSeconds < 3)) {
    recommendations.push(
      'Certains fichiers durent moins de 3 secondes : vérifiez qu’il ne s’agit pas d’enregistrements incomplets.',
    );
  }
  if (recommendations.length === 0) recommendations.push('Vos rushs sont prêts pour le montage.');
  return recommendations;
}

/** A readable media file with a positive measured duration: the only kind the length counts. */
function isTimed(file: FileMeasurement): boolean {
  return (
    file.isMedia && file.durationSeconds !== null && Number.isFinite(file.durationSeconds) && file.durationSeconds > 0
  );
}

/** Builds the 001 §3.4 result from the activity's measurements. Pure: the workflow calls it. */
export function summariseAnalysis(measured: FileMeasurement[]): RushAnalysisResult {
  const timed = measured.filter(isTimed);
  const totalSeconds = timed.reduce((sum, file) => sum + (file.durationSeconds ?? 0), 0);
  const totalBytes = measured.reduce((sum, file) => sum + file.size, 0);
  return {
    totalRushDuration: round(totalSeconds, 3),
    totalRushDurationMinutes: round(totalSeconds / 60, 2),
    fileCount: measured.length,
    averageFileSize: measured.length ? round(totalBytes / measured.length / (1024 * 1024), 2) : 0,
    estimatedComplexity: estimateComplexity(totalSeconds, measured.length),
    recommendations: recommendationsFor(totalSeconds, measured),
    fileAnalyses: measured.map((file) => ({
      fileId: file.fileId,
      name: file.name,
      durationSeconds: round(file.durationSeconds ?? 0, 3),
      durationMinutes: round((file.durationSeconds ?? 0) / 60, 2),
      isMedia: file.isMedia,
      timed: isTimed(file),
      ...(file.error ? { error: file.error } : {}),
    })),
    timedFileCount: timed.length,
  };
}

// — 001 §8.5: declared vs analysed duration

type DiscrepancyLevel = 'none' | 'silent' | 'minor' | 'significant' | 'major';

export interface DurationDiscrepancy {
  level: DiscrepancyLevel;
  /** Absolute difference in seconds. */
  differenceSeconds: number;
  /** The duration to keep, in seconds: the analysed one, exactly as measured, whenever they differ. */
  correctedSeconds: number;
  /** The same in minutes, unrounded (correctedSeconds / 60); the field gets `correctedRushMinutes`. */
  correctedMinutes: number;
  /** The toast to show (none for 'none' and 'silent'). */
  toast?: { title: string; description: string; destructive: boolean };
}

export const DISCREPANCY_MESSAGES = {
  minor: 'Durée corrigée automatiquement',
  significant: 'Discrepance significative détectée',
  major: 'Discrepance majeure détectée',
} as const;

const frenchNumber = (value: number) => round(value, 2).toLocaleString('fr-FR');

/** A length for people: « 45 s », « 1 min 3,52 s », « 1 h 02 min 05 s » (seconds to the hundredth). */
export function formatRushDuration(totalSeconds: number): string {
  const seconds = round(Math.max(0, totalSeconds), 2);
  if (seconds < 60) return `${frenchNumber(seconds)} s`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds - hours * 3600) / 60);
  const rest = round(seconds - hours * 3600 - minutes * 60, 2);
  const restText = rest > 0 ? ` ${frenchNumber(rest)} s` : '';
  if (hours === 0) return `${minutes} min${restText}`;
  return `${hours} h ${String(minutes).padStart(2, '0')} min${restText}`;
}

/**
 * Differences up to 0.01 s are equal; up to 1 s corrected silently; up to 10 s a toast; up to 60 s
 * a destructive toast; above, a destructive "major" toast. The analysed duration always wins, in
 * seconds as measured (never rounded to a tenth of a minute). Only for a measured length: see
 * `discrepancyForAnalysis`, which leaves out files without a duration.
 */
export function classifyDurationDiscrepancy(declaredMinutes: number, analysedSeconds: number): DurationDiscrepancy {
  const differenceSeconds = Math.abs(declaredMinutes * 60 - analysedSeconds);
  const corrected = { correctedSeconds: analysedSeconds, correctedMinutes: analysedSeconds / 60 };
  const description = `Durée déclarée : ${formatRushDuration(declaredMinutes * 60)} · durée analysée : ${formatRushDuration(analysedSeconds)}.`;
  if (differenceSeconds <= 0.01)
    return {
      level: 'none',
      differenceSeconds,
      correctedSeconds: declaredMinutes * 60,
      correctedMinutes: declaredMinutes,
    };
  if (differenceSeconds <= 1) return { level: 'silent', differenceSeconds, ...corrected };
  if (differenceSeconds <= 10) {
    return {
      level: 'minor',
      differenceSeconds,
      ...corrected,
      toast: { title: DISCREPANCY_MESSAGES.minor, description, destructive: false },
    };
  }
  if (differenceSeconds <= 60) {
    return {
      level: 'significant',
      differenceSeconds,
      ...corrected,
      toast: { title: DISCREPANCY_MESSAGES.significant, description, destructive: true },
    };
  }
  return {
    level: 'major',
    differenceSeconds,
    ...corrected,
    toast: { title: DISCREPANCY_MESSAGES.major, description, destructive: true },
  };
}

/** `timedFileCount` may be missing from an analysis stored before it existed. */
type TimedAnalysis = Pick<RushAnalysisResult, 'totalRushDuration'> & { timedFileCount?: number };

/**
 * The analysed length in seconds, exactly as measured, or null when no file has a duration (only
 * images, or nothing ffprobe could time): then there is nothing to correct the declared length with.
 */
function analysedRushSeconds(result: TimedAnalysis): number | null {
  const timedFiles = result.timedFileCount ?? (result.totalRushDuration > 0 ? 1 : 0);
  return timedFiles > 0 && result.totalRushDuration > 0 ? result.totalRushDuration : null;
}

/**
 * 001 §8.5 on an analysis: files without a duration (images, anything ffprobe gives no duration
 * for) take no part, and with no timed file at all there is no verdict (null), never a "major"
 * discrepancy against 0 min.
 */
export function discrepancyForAnalysis(
  declaredMinutes: number | null | undefined,
  result: TimedAnalysis,
): DurationDiscrepancy | null {
  const seconds = analysedRushSeconds(result);
  if (seconds === null) return null;
  if (declaredMinutes === null || declaredMinutes === undefined || !Number.isFinite(declaredMinutes)) return null;
  return classifyDurationDiscrepancy(declaredMinutes, seconds);
}

/**
 * The duration field's new value once rushes are analysed: the analysed seconds as minutes to the
 * thousandth (63.52 s → 1.059 min, never 1.1), or null to keep what the client typed. A thousandth
 * of a minute is 0.06 s: the field stays readable and is never more than 0.03 s, under one frame,
 * from what was measured.
 */
export function correctedRushMinutes(result: TimedAnalysis): number | null {
  const seconds = analysedRushSeconds(result);
  return seconds === null ? null : Math.round((seconds / 60) * 1000) / 1000;
}
