/**
 * The studio's waveform: min and max of the audio per bin, from the mono 16-bit samples ffmpeg
 * writes beside the analysis (`WAVEFORM_SAMPLE_RATE`), scaled to −127…127 as waveform-data does.
 */
import fs from 'node:fs';
import type { Waveform } from '../../domain/delivery-qc';

/** Samples a second of the waveform's source: enough for peaks, a fraction of the audio's bytes. */
export const WAVEFORM_SAMPLE_RATE = 8000;
/** Bins a second at most, and bins in all at most (a long film gets wider bins). */
const BINS_PER_SECOND = 20;
const MAX_BINS = 12_000;

/** The waveform of a raw s16le mono file; null when it holds no sample. */
export async function waveformOfRawSamples(file: string): Promise<Waveform | null> {
  if (!fs.existsSync(file)) return null;
  const sampleCount = Math.floor(fs.statSync(file).size / 2);
  if (sampleCount === 0) return null;
  const seconds = sampleCount / WAVEFORM_SAMPLE_RATE;
  const binCount = Math.max(1, Math.min(MAX_BINS, Math.ceil(seconds * BINS_PER_SECOND)));
  const samplesPerBin = Math.ceil(sampleCount / binCount);
  const peaks: number[] = [];
  let min = 0;
  let max = 0;
  let inBin = 0;
  let carry: Buffer | null = null;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    let data = chunk as Buffer;
    if (carry) {
      data = Buffer.concat([carry, data]);
      carry = null;
    }
    const whole = data.length - (data.length % 2);
    if (whole < data.length) carry = data.subarray(whole);
    for (let offset = 0; offset < whole; offset += 2) {
      const sample = data.readInt16LE(offset);
      if (sample < min) min = sample;
      if (sample > max) max = sample;
      inBin += 1;
      if (inBin === samplesPerBin) {
        peaks.push(Math.round(min / 258), Math.round(max / 258));
        min = 0;
        max = 0;
        inBin = 0;
      }
    }
  }
  if (inBin > 0) peaks.push(Math.round(min / 258), Math.round(max / 258));
  return { secondsPerBin: samplesPerBin / WAVEFORM_SAMPLE_RATE, peaks };
}
