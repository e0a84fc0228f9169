/**
 * Delivery QC of a version (the review studio's second step): what the worker measured on the
 * uploaded original (loudness, black, frozen and silent stretches, picture format) checked against
 * what the brief asked for, as findings the studio shows in French, each tied to its frames.
 * Shared by the worker (which builds the report), the api and the browser (which words it).
 * Every position is a frame counted from the version's first frame, as comments are.
 */
import { formatDecimal } from './format';
import type { AnalysisStatus, FrameRate } from './review';
import { framesToTimecode, nominalFps } from './timecode';

/** A stretch of frames, `frameOut` included. */
export interface FrameSpan {
  frameIn: number;
  frameOut: number;
}

/** What the worker measured on the original (ffmpeg's ebur128, blackdetect, freezedetect, silencedetect). */
export interface MediaMeasures {
  /** Null when the file has no audio stream. */
  loudness: { integratedLufs: number; rangeLu: number; truePeakDbtp: number } | null;
  silences: FrameSpan[];
  blacks: FrameSpan[];
  freezes: FrameSpan[];
  picture: { width: number; height: number; frameRate: FrameRate; codec: string; durationSeconds: number };
}

/** What the brief asked for, as the QC reads it. */
export interface DeliveryExpectations {
  platforms: string[];
  /** The wizard's `delivery_formats` (horizontal, vertical, carré, stories). */
  deliveryFormats: string[];
  /** The form's aspect ratio (16:9, 9:16, 1:1, autre). */
  aspectRatio: string | null;
  /** The form's resolution (1080p, 4K, autre). */
  resolution: string | null;
  finalDurationSeconds: number | null;
}

export interface LoudnessTarget {
  key: 'streaming' | 'broadcast';
  lufs: number;
  /** Allowed distance from `lufs`, in LU. */
  toleranceLu: number;
  /** Highest true peak allowed, dBTP. */
  maxTruePeakDbtp: number;
}

/** YouTube, Instagram and TikTok normalise around −14 LUFS; French TV asks EBU R128: −23 LUFS ± 0.5 LU. */
export const LOUDNESS_TARGETS: Record<LoudnessTarget['key'], LoudnessTarget> = {
  streaming: { key: 'streaming', lufs: -14, toleranceLu: 1, maxTruePeakDbtp: -1 },
  broadcast: { key: 'broadcast', lufs: -23, toleranceLu: 0.5, maxTruePeakDbtp: -1 },
};

/** A broadcast master is the binding one: with TV among the platforms, EBU R128 applies. */
export function loudnessTargetOf(platforms: readonly string[]): LoudnessTarget {
  return platforms.includes('TV') ? LOUDNESS_TARGETS.broadcast : LOUDNESS_TARGETS.streaming;
}

/** Shortest stretches reported: shorter ones are editing, not faults. */
export const QC_MIN_SECONDS = { black: 0.5, freeze: 2, silence: 2 } as const;
/** Below this level (dBFS) the audio counts as silent. */
export const SILENCE_THRESHOLD_DB = -50;
/** A delivery whose length is this far from the brief's (share of it) is flagged. */
const DURATION_TOLERANCE = 0.1;

export type QcCheck =
  | 'loudness'
  | 'truePeak'
  | 'audio'
  | 'silence'
  | 'black'
  | 'freeze'
  | 'resolution'
  | 'aspectRatio'
  | 'frameRate'
  | 'codec'
  | 'duration';

/** One line of the report: a passed check, or a warning (with its frames when it has a place). */
export interface QcFinding {
  check: QcCheck;
  status: 'ok' | 'warning';
  /** Frames of the stretch concerned (black, frozen, silent), when the finding has a place. */
  span?: FrameSpan;
  /** What was measured, worded (« −17,2 LUFS », « 1280 × 720 », « 30 i/s »). */
  measured?: string;
  /** What was expected, worded (« −14 LUFS ± 1 LU », « 16:9 »). */
  expected?: string;
}

export interface DeliveryQcReport {
  target: LoudnessTarget;
  findings: QcFinding[];
  /** Number of warnings: 0 means every check passed. */
  warnings: number;
}

const ASPECT_OF_FORMAT: Record<string, string> = {
  horizontal: '16:9',
  vertical: '9:16',
  stories: '9:16',
  carré: '1:1',
  '16:9': '16:9',
  '9:16': '9:16',
  '1:1': '1:1',
};
const ASPECT_VALUE: Record<string, number> = { '16:9': 16 / 9, '9:16': 9 / 16, '1:1': 1 };
/** Web platforms take 23.976 to 60 frames a second; French TV is 25 (or 50). */
const WEB_RATES = { min: 23.9, max: 60.01 };
const TV_RATES = [25, 50];
/** Codecs every platform of the brief accepts as a master. */
const ACCEPTED_CODECS = ['h264', 'hevc', 'prores', 'dnxhd', 'vp9', 'av1'];

/** A level to the tenth, with a true minus sign: « −17,2 ». */
const level = (value: number) => formatDecimal(value, 'fr', 1).replace('-', '−');
const lufs = (value: number) => `${level(value)} LUFS`;

/** The aspect ratios the brief allows (none when it asked for none). */
function expectedAspects(expectations: DeliveryExpectations): string[] {
  const asked = [...expectations.deliveryFormats, expectations.aspectRatio ?? ''];
  return [...new Set(asked.map((value) => ASPECT_OF_FORMAT[value]).filter((value): value is string => !!value))];
}

function frameSpanFindings(check: 'silence' | 'black' | 'freeze', spans: FrameSpan[]): QcFinding[] {
  if (spans.length === 0) return [{ check, status: 'ok' }];
  return spans.map((span) => ({ check, status: 'warning' as const, span }));
}

/** The report: every check once (passed), or as many warnings as it found. */
export function checkDelivery(measures: MediaMeasures, expectations: DeliveryExpectations): DeliveryQcReport {
  const target = loudnessTargetOf(expectations.platforms);
  const findings: QcFinding[] = [];
  const { picture } = measures;
  if (measures.loudness) {
    const { integratedLufs, truePeakDbtp } = measures.loudness;
    findings.push({
      check: 'loudness',
      status: Math.abs(integratedLufs - target.lufs) <= target.toleranceLu ? 'ok' : 'warning',
      measured: lufs(integratedLufs),
      expected: `${lufs(target.lufs)} ± ${formatDecimal(target.toleranceLu, 'fr', 1)} LU`,
    });
    findings.push({
      check: 'truePeak',
      status: truePeakDbtp <= target.maxTruePeakDbtp ? 'ok' : 'warning',
      measured: `${level(truePeakDbtp)} dBTP`,
      expected: `≤ ${level(target.maxTruePeakDbtp)} dBTP`,
    });
    findings.push(...frameSpanFindings('silence', measures.silences));
  } else {
    findings.push({ check: 'audio', status: 'warning' });
  }
  findings.push(...frameSpanFindings('black', measures.blacks), ...frameSpanFindings('freeze', measures.freezes));

  const sizeWords = `${picture.width} × ${picture.height}`;
  const shortSide = Math.min(picture.width, picture.height);
  const resolution = expectations.resolution;
  const wantedShortSide = resolution === '4K' ? 2160 : resolution === '1080p' ? 1080 : null;
  findings.push({
    check: 'resolution',
    status: shortSide >= (wantedShortSide ?? 720) ? 'ok' : 'warning',
    measured: sizeWords,
    expected: wantedShortSide ? resolution! : 'HD (720p ou plus)',
  });

  const aspects = expectedAspects(expectations);
  if (aspects.length > 0) {
    const ratio = picture.width / picture.height;
    const matches = aspects.some((aspect) => Math.abs(ratio - ASPECT_VALUE[aspect]!) / ASPECT_VALUE[aspect]! < 0.02);
    findings.push({
      check: 'aspectRatio',
      status: matches ? 'ok' : 'warning',
      measured: sizeWords,
      expected: aspects.join(' ou '),
    });
  }

  const fps = picture.frameRate.num / picture.frameRate.den;
  const rateWords = `${formatDecimal(Math.round(fps * 1000) / 1000, 'fr', fps % 1 === 0 ? 0 : 3)} i/s`;
  const forTv = expectations.platforms.includes('TV');
  findings.push({
    check: 'frameRate',
    status: forTv
      ? TV_RATES.includes(nominalFps(picture.frameRate)) && picture.frameRate.den === 1
        ? 'ok'
        : 'warning'
      : fps >= WEB_RATES.min && fps <= WEB_RATES.max
        ? 'ok'
        : 'warning',
    measured: rateWords,
    expected: forTv ? '25 ou 50 i/s' : 'de 23,976 à 60 i/s',
  });

  findings.push({
    check: 'codec',
    status: ACCEPTED_CODECS.includes(picture.codec) ? 'ok' : 'warning',
    measured: CODEC_NAMES[picture.codec] ?? picture.codec,
    expected: 'H.264, H.265, ProRes, DNxHD, VP9 ou AV1',
  });

  if (expectations.finalDurationSeconds) {
    const wanted = expectations.finalDurationSeconds;
    findings.push({
      check: 'duration',
      status: Math.abs(picture.durationSeconds - wanted) <= wanted * DURATION_TOLERANCE ? 'ok' : 'warning',
      measured: durationWords(picture.durationSeconds),
      expected: durationWords(wanted),
    });
  }
  return { target, findings, warnings: findings.filter((finding) => finding.status === 'warning').length };
}

const CODEC_NAMES: Record<string, string> = {
  h264: 'H.264',
  hevc: 'H.265',
  prores: 'ProRes',
  dnxhd: 'DNxHD',
  vp9: 'VP9',
  av1: 'AV1',
  mpeg4: 'MPEG-4 Part 2',
  mpeg2video: 'MPEG-2',
};

/** « 1 min 32 s », « 45 s ». */
function durationWords(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** The version's clock: its rate and the timecode of its first frame. */
export interface VersionClock {
  frameRate: FrameRate;
  startFrame: number;
}

const STRETCH_NAMES = { silence: 'Silence', black: 'Noir', freeze: 'Image figée' } as const;
const PASSED = {
  loudness: 'Sonie intégrée conforme',
  truePeak: 'Crête vraie conforme',
  audio: 'Piste audio présente',
  silence: 'Aucun silence de 2 s ou plus',
  black: 'Aucune image noire de 0,5 s ou plus',
  freeze: 'Aucune image figée de 2 s ou plus',
  resolution: 'Résolution conforme',
  aspectRatio: 'Format d’image conforme au brief',
  frameRate: 'Cadence conforme',
  codec: 'Codec accepté',
  duration: 'Durée conforme au brief',
} as const satisfies Record<QcCheck, string>;
const FAILED = {
  loudness: 'Sonie intégrée hors cible',
  truePeak: 'Crête vraie trop haute',
  audio: 'Aucune piste audio',
  resolution: 'Résolution inférieure au brief',
  aspectRatio: 'Format d’image différent du brief',
  frameRate: 'Cadence inattendue pour les plateformes du brief',
  codec: 'Codec inhabituel pour une livraison',
  duration: 'Durée éloignée de celle du brief',
} as const;

/** The length of a span in seconds, worded « 2,4 s ». */
function spanSecondsWords(span: FrameSpan, rate: FrameRate): string {
  const seconds = ((span.frameOut - span.frameIn + 1) * rate.den) / rate.num;
  return `${formatDecimal(Math.round(seconds * 10) / 10, 'fr', 1)} s`;
}

/** The finding in French: « Silence de 2,4 s à 00:01:12:05 », « Sonie intégrée hors cible : −17,2 LUFS (attendu −14 LUFS ± 1 LU) ». */
export function describeFinding(finding: QcFinding, clock: VersionClock): string {
  if (finding.span && (finding.check === 'silence' || finding.check === 'black' || finding.check === 'freeze')) {
    const at = framesToTimecode(clock.startFrame + finding.span.frameIn, clock.frameRate);
    return `${STRETCH_NAMES[finding.check]} de ${spanSecondsWords(finding.span, clock.frameRate)} à ${at}`;
  }
  const title =
    finding.status === 'ok'
      ? PASSED[finding.check]
      : (FAILED[finding.check as keyof typeof FAILED] ?? PASSED[finding.check]);
  if (!finding.measured) return title;
  return finding.expected
    ? `${title} : ${finding.measured} (attendu ${finding.expected})`
    : `${title} : ${finding.measured}`;
}

export const QC_MESSAGES = {
  notAnalysed: 'Le contrôle qualité n’est pas disponible pour cette version.',
  notReady: 'Le contrôle qualité de cette version n’est pas encore terminé.',
  shareForbidden: 'Seuls le monteur du projet et les administrateurs partagent le rapport de contrôle.',
  notShared: 'Le monteur relit le contrôle qualité avant de vous le montrer.',
} as const;

/** The waveform under the studio's timeline: `peaks` holds a min and a max (−127…127) per bin. */
export interface Waveform {
  /** Seconds of audio per bin. */
  secondsPerBin: number;
  /** [min0, max0, min1, max1, …]. */
  peaks: number[];
}

/**
 * `GET /api/projects/{projectId}/versions/{n}/analysis`: the version's QC report, scene cuts and
 * waveform. `qc` is null for the client until the editor shared it (`qcShared`), and while the
 * analysis has not run.
 */
export interface VersionAnalysisView {
  status: AnalysisStatus;
  qc: DeliveryQcReport | null;
  qcShared: boolean;
  /** First frames of the shots after each cut (frame 0 excluded). */
  sceneCuts: number[];
  waveform: Waveform | null;
}
