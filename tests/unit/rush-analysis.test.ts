import {
  classifyDurationDiscrepancy,
  correctedRushMinutes,
  discrepancyForAnalysis,
  DISCREPANCY_MESSAGES,
  formatRushDuration,
  summariseAnalysis,
  type FileMeasurement,
} from '../../domain/analysis';
import type { FfprobeData } from 'fluent-ffmpeg';
import { mediaDuration } from '../../activities/analyze-rushes';
import { quoteWizardBrief } from '../../domain/brief-estimate';

/**
 * 001 §8.5 as the brief funnels apply it (browser and server share domain/analysis.ts): only files
 * with a measured duration count, and the corrected duration is the analysed seconds as measured.
 */

const image = (name = 'photo.jpg'): FileMeasurement => ({
  fileId: `f-${name}`,
  name,
  size: 2_000_000,
  durationSeconds: null,
  isMedia: true,
});
const video = (seconds: number, name = 'rush.mp4'): FileMeasurement => ({
  fileId: `f-${name}`,
  name,
  size: 50_000_000,
  durationSeconds: seconds,
  isMedia: true,
});

describe('a photo is not a rush with a length', () => {
  test('5 min declared, only a .jpg uploaded: no discrepancy, no "major" toast, the typed duration stays', () => {
    const result = summariseAnalysis([image()]);
    expect(result.timedFileCount).toBe(0);
    expect(result.totalRushDuration).toBe(0);
    expect(result.fileAnalyses[0]).toMatchObject({ name: 'photo.jpg', isMedia: true, timed: false });
    expect(discrepancyForAnalysis(5, result)).toBeNull();
    // The field keeps the 5 min the client typed.
    expect(correctedRushMinutes(result)).toBeNull();
    // A neutral note says the image is not counted.
    expect(result.recommendations.join(' ')).toContain(
      '1\u00a0fichier sans durée (image) n’est pas compté dans la durée des rushs',
    );
    expect(result.recommendations.join(' ')).toContain('photo.jpg');
  });

  test('several images and a media file ffprobe gives no duration for: still no verdict', () => {
    const untimedAudio: FileMeasurement = { ...video(0, 'live.aac'), durationSeconds: null };
    const result = summariseAnalysis([image('a.png'), image('b.jpeg'), untimedAudio]);
    expect(result.timedFileCount).toBe(0);
    expect(result.recommendations.join(' ')).toContain('3\u00a0fichiers sans durée (images) ne sont pas comptés');
    expect(discrepancyForAnalysis(5, result)).toBeNull();
    expect(correctedRushMinutes(result)).toBeNull();
  });

  test('image + video: only the video counts, for the total and for the discrepancy', () => {
    const result = summariseAnalysis([image(), video(300)]);
    expect(result.timedFileCount).toBe(1);
    expect(result.fileCount).toBe(2);
    expect(result.totalRushDuration).toBe(300);
    expect(result.fileAnalyses.map((file) => file.timed)).toEqual([false, true]);
    // 5 min declared, 5 min of video: nothing to say, whatever the photo.
    expect(discrepancyForAnalysis(5, result)).toMatchObject({ level: 'none' });
    // 6 min declared: 60 s off the video alone → "significative", not "majeure".
    const off = discrepancyForAnalysis(6, result);
    expect(off).toMatchObject({ level: 'significant', differenceSeconds: 60, correctedSeconds: 300 });
    expect(off?.toast?.title).toBe(DISCREPANCY_MESSAGES.significant);
    expect(off?.toast?.description).toBe('Durée déclarée : 6 min · durée analysée : 5 min.');
  });

  test('ffprobe on a still picture (one frame of "0.04 s" through image2, or a *_pipe demuxer): no duration', () => {
    const probed = (format: string, codec: string, duration?: string) =>
      ({
        streams: [{ codec_type: 'video', codec_name: codec, duration }],
        format: { format_name: format, duration },
      }) as unknown as FfprobeData;
    // What Debian's ffprobe answers for a .jpg and a .png read over HTTP.
    expect(mediaDuration(probed('image2', 'mjpeg', '0.040000'))).toEqual({ isMedia: true, durationSeconds: null });
    expect(mediaDuration(probed('png_pipe', 'png'))).toEqual({ isMedia: true, durationSeconds: null });
    // A real video still has its length.
    expect(mediaDuration(probed('mov,mp4,m4a,3gp,3g2,mj2', 'h264', '63.520000'))).toEqual({
      isMedia: true,
      durationSeconds: 63.52,
    });
  });

  test('no declared duration: no verdict', () => {
    expect(discrepancyForAnalysis(undefined, summariseAnalysis([video(12)]))).toBeNull();
  });

  test('an analysis stored before timedFileCount existed is read the same way', () => {
    expect(discrepancyForAnalysis(5, { totalRushDuration: 0 })).toBeNull();
    expect(discrepancyForAnalysis(5, { totalRushDuration: 200 })).toMatchObject({ level: 'major' });
  });
});

describe('the corrected duration is the analysed seconds, never rounded to 0.1 min', () => {
  test('63.52 s measured, 1.06 min declared: corrected to 63.52 s (not 1.1 min = 66 s)', () => {
    const result = summariseAnalysis([video(63.52)]);
    const discrepancy = discrepancyForAnalysis(1.06, result)!;
    // 1.06 min = 63.6 s: 0.08 s off → silent correction.
    expect(discrepancy.level).toBe('silent');
    expect(discrepancy.differenceSeconds).toBeCloseTo(0.08, 9);
    expect(discrepancy.correctedSeconds).toBe(63.52);
    expect(discrepancy.correctedMinutes * 60).toBeCloseTo(63.52, 9);
    // The field gets 1.059 min = 63.54 s: 0.02 s from the measure, under one frame.
    expect(correctedRushMinutes(result)).toBe(1.059);
    expect(Math.abs(correctedRushMinutes(result)! * 60 - 63.52)).toBeLessThan(0.04);
  });

  test('the estimate is priced on the 63.52 s (to the thousandth of a minute), from the value the form field receives', () => {
    const result = summariseAnalysis([video(63.52)]);
    // What RushDurationUploader writes into the duration field, and what the form then sends.
    const field = String(correctedRushMinutes(result));
    const quote = (rush: string) =>
      quoteWizardBrief({ final_duration: 0.5, total_rush_duration: rush, visual_complexity: 'professional' });
    // Classic, professional, F = 0.5: base = 0.015 × R + 0.2 × 0.5 (above the floor 0.5 / 4.5),
    // score = 1.3 × 1.2 (corrections) = 1.56.
    const hoursFor = (rushMinutes: number) => (0.015 * rushMinutes + 0.1) * 1.56;
    expect(field).toBe('1.059');
    expect(quote(field).estimate.hours).toBeCloseTo(hoursFor(1.059), 9);
    // The old rounding (1.1 min) gave another figure.
    expect(quote('1.1').estimate.hours).toBeCloseTo(hoursFor(1.1), 9);
    expect(Math.abs(quote(field).estimate.hours - quote('1.1').estimate.hours)).toBeGreaterThan(1e-4);
  });

  test('every level corrects to the exact analysed seconds', () => {
    for (const [declared, seconds, level] of [
      [1, 60.5, 'silent'],
      [1, 65.25, 'minor'],
      [1, 90.75, 'significant'],
      [5, 63.52, 'major'],
    ] as const) {
      const discrepancy = classifyDurationDiscrepancy(declared, seconds);
      expect(discrepancy.level).toBe(level);
      expect(discrepancy.correctedSeconds).toBe(seconds);
      expect(discrepancy.correctedMinutes).toBe(seconds / 60);
    }
  });

  test('the toast shows the measured length as people read it', () => {
    expect(classifyDurationDiscrepancy(5, 63.52).toast).toEqual({
      title: DISCREPANCY_MESSAGES.major,
      description: 'Durée déclarée : 5 min · durée analysée : 1 min 3,52 s.',
      destructive: true,
    });
    expect(formatRushDuration(45)).toBe('45 s');
    expect(formatRushDuration(1.06 * 60)).toBe('1 min 3,6 s');
    expect(formatRushDuration(3725.5)).toBe('1 h 02 min 5,5 s');
    expect(formatRushDuration(7200)).toBe('2 h 00 min');
  });
});
