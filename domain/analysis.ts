/**
 * Rush analysis shared by the workflow (building the 001 §3.4 result) and the browser (the
 * discrepancy rules of 001 §8.5 and the messages of §8.2, §8.4).
 */

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
    error?: string;
  }[];
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
      `${rejected.length} fichier(s) ne sont pas des médias lisibles et ne sont pas comptés : ${rejected.map((file) => file.name).join(', ')}.`,
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

/** Builds the 001 §3.4 result from the activity's measurements. Pure: the workflow calls it. */
export function summariseAnalysis(measured: FileMeasurement[]): RushAnalysisResult {
  const media = measured.filter((file) => file.isMedia);
  const totalSeconds = media.reduce((sum, file) => sum + (file.durationSeconds ?? 0), 0);
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
      ...(file.error ? { error: file.error } : {}),
    })),
  };
}

// — 001 §8.5: declared vs analysed duration

type DiscrepancyLevel = 'none' | 'silent' | 'minor' | 'significant' | 'major';

export interface DurationDiscrepancy {
  level: DiscrepancyLevel;
  /** Absolute difference in seconds. */
  differenceSeconds: number;
  /** The duration to keep, in minutes: the analysed one whenever they differ. */
  correctedMinutes: number;
  /** The toast to show (none for 'none' and 'silent'). */
  toast?: { title: string; description: string; destructive: boolean };
}

export const DISCREPANCY_MESSAGES = {
  minor: 'Durée corrigée automatiquement',
  significant: 'Discrepance significative détectée',
  major: 'Discrepance majeure détectée',
} as const;

function formatMinutes(minutes: number): string {
  return `${round(minutes, 2).toLocaleString('fr-FR')} min`;
}

/**
 * Differences up to 0.01 s are equal; up to 1 s corrected silently; up to 10 s a toast; up to 60 s
 * a destructive toast; above, a destructive "major" toast. The analysed duration always wins.
 */
export function classifyDurationDiscrepancy(declaredMinutes: number, analysedSeconds: number): DurationDiscrepancy {
  const analysedMinutes = analysedSeconds / 60;
  const differenceSeconds = Math.abs(declaredMinutes * 60 - analysedSeconds);
  const correctedMinutes = round(analysedMinutes, 2);
  const description = `Durée déclarée : ${formatMinutes(declaredMinutes)} · durée analysée : ${formatMinutes(analysedMinutes)}.`;
  if (differenceSeconds <= 0.01) return { level: 'none', differenceSeconds, correctedMinutes: declaredMinutes };
  if (differenceSeconds <= 1) return { level: 'silent', differenceSeconds, correctedMinutes };
  if (differenceSeconds <= 10) {
    return {
      level: 'minor',
      differenceSeconds,
      correctedMinutes,
      toast: { title: DISCREPANCY_MESSAGES.minor, description, destructive: false },
    };
  }
  if (differenceSeconds <= 60) {
    return {
      level: 'significant',
      differenceSeconds,
      correctedMinutes,
      toast: { title: DISCREPANCY_MESSAGES.significant, description, destructive: true },
    };
  }
  return {
    level: 'major',
    differenceSeconds,
    correctedMinutes,
    toast: { title: DISCREPANCY_MESSAGES.major, description, destructive: true },
  };
}
