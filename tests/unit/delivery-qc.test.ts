/**
 * The delivery QC's rules (domain/delivery-qc.ts): what the worker measured checked against what
 * the brief asked (loudness target from its platforms, picture format, rate, codec, duration),
 * and each finding as the studio words it in French.
 */
import {
  checkDelivery,
  describeFinding,
  loudnessTargetOf,
  type DeliveryExpectations,
  type MediaMeasures,
  type QcCheck,
  type QcFinding,
} from '../../domain/delivery-qc';

const PAL = { num: 25, den: 1 };
const NTSC = { num: 30000, den: 1001 };

/** A clean 1080p25 H.264 master at −14 LUFS, one minute long. */
function measures(change: Partial<MediaMeasures> = {}, picture: Partial<MediaMeasures['picture']> = {}): MediaMeasures {
  return {
    loudness: { integratedLufs: -14.2, rangeLu: 6, truePeakDbtp: -1.5 },
    silences: [],
    blacks: [],
    freezes: [],
    ...change,
    picture: { width: 1920, height: 1080, frameRate: PAL, codec: 'h264', durationSeconds: 60, ...picture },
  };
}

function brief(change: Partial<DeliveryExpectations> = {}): DeliveryExpectations {
  return {
    platforms: ['YouTube'],
    deliveryFormats: ['horizontal'],
    aspectRatio: '16:9',
    resolution: '1080p',
    finalDurationSeconds: 60,
    ...change,
  };
}

const findingsOf = (report: { findings: QcFinding[] }, check: QcCheck) =>
  report.findings.filter((finding) => finding.check === check);
const statusOf = (report: { findings: QcFinding[] }, check: QcCheck) => {
  const [finding, ...others] = findingsOf(report, check);
  if (!finding || others.length > 0) throw new Error(`expected one ${check} finding`);
  return finding.status;
};
const words = (finding: QcFinding, startFrame = 0, frameRate = PAL) =>
  describeFinding(finding, { frameRate, startFrame });

describe('the loudness target follows the brief’s platforms', () => {
  test('TV among the platforms: EBU R128, −23 LUFS ± 0.5 LU; web platforms only: −14 LUFS ± 1 LU', () => {
    expect(loudnessTargetOf(['YouTube', 'TV'])).toMatchObject({ key: 'broadcast', lufs: -23, toleranceLu: 0.5 });
    expect(loudnessTargetOf(['YouTube', 'Instagram'])).toMatchObject({ key: 'streaming', lufs: -14, toleranceLu: 1 });
    expect(loudnessTargetOf([])).toMatchObject({ key: 'streaming' });
  });

  test('the same −23,2 LUFS master passes for TV and is flagged for YouTube, worded with both figures', () => {
    const master = measures({ loudness: { integratedLufs: -23.2, rangeLu: 8, truePeakDbtp: -2 } });
    const forTv = checkDelivery(master, brief({ platforms: ['TV'] }));
    const forYouTube = checkDelivery(master, brief({ platforms: ['YouTube'] }));
    expect(statusOf(forTv, 'loudness')).toBe('ok');
    expect(forTv.target.key).toBe('broadcast');
    const [finding] = findingsOf(forYouTube, 'loudness');
    expect(finding!.status).toBe('warning');
    expect(words(finding!)).toMatch(/^Sonie intégrée hors cible : [-−]23,2 LUFS \(attendu [-−]14 LUFS ± 1 LU\)$/);
  });

  test('broadcast is strict: −23,6 LUFS is out, −22,6 in; a true peak over −1 dBTP warns everywhere', () => {
    const tv = brief({ platforms: ['TV'] });
    const at = (integratedLufs: number, truePeakDbtp = -3) =>
      checkDelivery(measures({ loudness: { integratedLufs, rangeLu: 5, truePeakDbtp } }), tv);
    expect(statusOf(at(-23.6), 'loudness')).toBe('warning');
    expect(statusOf(at(-22.6), 'loudness')).toBe('ok');
    const hot = at(-23, -0.4);
    expect(statusOf(hot, 'truePeak')).toBe('warning');
    expect(words(findingsOf(hot, 'truePeak')[0]!)).toMatch(
      /^Crête vraie trop haute : [-−]0,4 dBTP \(attendu ≤ [-−]1 dBTP\)$/,
    );
    expect(statusOf(checkDelivery(measures(), brief()), 'truePeak')).toBe('ok');
  });

  test('no sound at all: one warning « Aucune piste audio », no loudness nor silence line', () => {
    const report = checkDelivery(measures({ loudness: null }), brief());
    expect(findingsOf(report, 'audio')).toEqual([{ check: 'audio', status: 'warning' }]);
    expect(words(findingsOf(report, 'audio')[0]!)).toBe('Aucune piste audio');
    expect(findingsOf(report, 'loudness')).toEqual([]);
    expect(findingsOf(report, 'silence')).toEqual([]);
  });
});

describe('picture format against the brief', () => {
  test('a vertical brief: a 16:9 master warns, a 9:16 one passes; « carré » or horizontal accepts either', () => {
    const vertical = brief({ deliveryFormats: ['vertical'], aspectRatio: null });
    const landscape = checkDelivery(measures(), vertical);
    expect(statusOf(landscape, 'aspectRatio')).toBe('warning');
    expect(words(findingsOf(landscape, 'aspectRatio')[0]!)).toBe(
      'Format d’image différent du brief : 1920 × 1080 (attendu 9:16)',
    );
    expect(statusOf(checkDelivery(measures({}, { width: 1080, height: 1920 }), vertical), 'aspectRatio')).toBe('ok');
    const either = brief({ deliveryFormats: ['carré', 'horizontal'], aspectRatio: null });
    expect(statusOf(checkDelivery(measures({}, { width: 1080, height: 1080 }), either), 'aspectRatio')).toBe('ok');
    expect(statusOf(checkDelivery(measures(), either), 'aspectRatio')).toBe('ok');
    expect(statusOf(checkDelivery(measures({}, { width: 1440, height: 1080 }), either), 'aspectRatio')).toBe('warning');
  });

  test('no format asked: no aspect line at all', () => {
    const report = checkDelivery(measures(), brief({ deliveryFormats: [], aspectRatio: null }));
    expect(findingsOf(report, 'aspectRatio')).toEqual([]);
  });

  test('resolution: 1080p for a 4K brief warns; without a resolution asked, HD (720p) is the floor', () => {
    const for4k = checkDelivery(measures(), brief({ resolution: '4K' }));
    expect(words(findingsOf(for4k, 'resolution')[0]!)).toBe(
      'Résolution inférieure au brief : 1920 × 1080 (attendu 4K)',
    );
    const free = brief({ resolution: null, deliveryFormats: [], aspectRatio: null });
    expect(statusOf(checkDelivery(measures({}, { width: 1280, height: 720 }), free), 'resolution')).toBe('ok');
    const small = checkDelivery(measures({}, { width: 960, height: 540 }), free);
    expect(words(findingsOf(small, 'resolution')[0]!)).toBe(
      'Résolution inférieure au brief : 960 × 540 (attendu HD (720p ou plus))',
    );
    // A portrait master is measured on its short side.
    expect(statusOf(checkDelivery(measures({}, { width: 1080, height: 1920 }), free), 'resolution')).toBe('ok');
  });

  test('frame rate: 29,97 i/s is fine on the web and flagged for French TV, which takes 25 or 50', () => {
    const web = checkDelivery(measures({}, { frameRate: NTSC }), brief());
    expect(words(findingsOf(web, 'frameRate')[0]!)).toBe('Cadence conforme : 29,97 i/s (attendu de 23,976 à 60 i/s)');
    const tv = brief({ platforms: ['TV'] });
    const ntscForTv = checkDelivery(measures({}, { frameRate: NTSC }), tv);
    expect(words(findingsOf(ntscForTv, 'frameRate')[0]!)).toBe(
      'Cadence inattendue pour les plateformes du brief : 29,97 i/s (attendu 25 ou 50 i/s)',
    );
    expect(statusOf(checkDelivery(measures({}, { frameRate: { num: 50, den: 1 } }), tv), 'frameRate')).toBe('ok');
    expect(statusOf(checkDelivery(measures({}, { frameRate: { num: 15, den: 1 } }), brief()), 'frameRate')).toBe(
      'warning',
    );
  });

  test('codec: ProRes passes, MPEG-4 Part 2 warns', () => {
    expect(statusOf(checkDelivery(measures({}, { codec: 'prores' }), brief()), 'codec')).toBe('ok');
    const old = checkDelivery(measures({}, { codec: 'mpeg4' }), brief());
    expect(words(findingsOf(old, 'codec')[0]!)).toBe(
      'Codec inhabituel pour une livraison : MPEG-4 Part 2 (attendu H.264, H.265, ProRes, DNxHD, VP9 ou AV1)',
    );
  });

  test('duration: within 10 % of the brief’s passes, 1 min 32 s for 1 min warns; no duration asked, no line', () => {
    expect(statusOf(checkDelivery(measures({}, { durationSeconds: 65 }), brief()), 'duration')).toBe('ok');
    const long = checkDelivery(measures({}, { durationSeconds: 92 }), brief());
    expect(words(findingsOf(long, 'duration')[0]!)).toBe(
      'Durée éloignée de celle du brief : 1 min 32 s (attendu 1 min)',
    );
    expect(findingsOf(checkDelivery(measures(), brief({ finalDurationSeconds: null })), 'duration')).toEqual([]);
  });
});

describe('silent, black and frozen stretches', () => {
  test('each stretch is a warning at its frames, worded « Silence de 2,4 s à 00:01:12:05 »', () => {
    // 60 frames at 25 i/s from 00:01:12:05 (frame 1805).
    const silence = { frameIn: 1805, frameOut: 1864 };
    const report = checkDelivery(
      measures({ silences: [silence, { frameIn: 100, frameOut: 149 }], blacks: [{ frameIn: 0, frameOut: 12 }] }),
      brief(),
    );
    const silences = findingsOf(report, 'silence');
    expect(silences).toHaveLength(2);
    expect(silences[0]).toEqual({ check: 'silence', status: 'warning', span: silence });
    expect(words(silences[0]!)).toBe('Silence de 2,4 s à 00:01:12:05');
    expect(words(silences[1]!)).toBe('Silence de 2 s à 00:00:04:00');
    expect(words(findingsOf(report, 'black')[0]!)).toBe('Noir de 0,5 s à 00:00:00:00');
    expect(findingsOf(report, 'freeze')).toEqual([{ check: 'freeze', status: 'ok' }]);
    expect(words(findingsOf(report, 'freeze')[0]!)).toBe('Aucune image figée de 2 s ou plus');
  });

  test('the timecode is the version’s own: a master starting at 10:00:00:00 says so', () => {
    const freeze: QcFinding = { check: 'freeze', status: 'warning', span: { frameIn: 250, frameOut: 324 } };
    expect(words(freeze, 10 * 3600 * 25)).toBe('Image figée de 3 s à 10:00:10:00');
  });

  test('a compliant master: every check passed, no warning', () => {
    const report = checkDelivery(measures(), brief());
    expect(report.warnings).toBe(0);
    expect(report.findings.map((finding) => finding.check)).toEqual([
      'loudness',
      'truePeak',
      'silence',
      'black',
      'freeze',
      'resolution',
      'aspectRatio',
      'frameRate',
      'codec',
      'duration',
    ]);
    const faulty = checkDelivery(
      measures({ silences: [{ frameIn: 0, frameOut: 59 }] }, { codec: 'mpeg4', durationSeconds: 92 }),
      brief(),
    );
    expect(faulty.warnings).toBe(3);
  });
});
