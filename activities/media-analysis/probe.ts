/** ffprobe on a stored object (a presigned URL): what the worker's media activities read first. */
import { execFile } from 'node:child_process';
import type { FrameRate } from '../../domain/review';
import { reduceRate } from '../../domain/timecode';

export interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}

export interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { duration?: string; tags?: Record<string, string> };
}

/** ffprobe's and ffmpeg's words for a file that holds no readable media. */
export const NOT_MEDIA =
  /Invalid data found|could not find codec|moov atom not found|End of file|does not contain any stream|no such stream|matches no streams/i;

/** A stream's `num/den` rate, reduced; null when absent or absurd. */
export function rateOf(text: string | undefined): FrameRate | null {
  const match = /^(\d+)\/(\d+)$/.exec(text ?? '');
  if (!match) return null;
  const num = Number(match[1]);
  const den = Number(match[2]);
  if (!num || !den || num / den > 1000) return null;
  return reduceRate({ num, den });
}

/** The streams and format of `url`; rejects with ffprobe's words in `stderr`. */
export function runProbe(ffprobe: string, url: string): Promise<ProbeOutput> {
  return new Promise((resolve, reject) => {
    execFile(
      ffprobe,
      ['-v', 'error', '-rw_timeout', '30000000', '-show_streams', '-show_format', '-of', 'json', url],
      { timeout: 90_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(Object.assign(new Error(`${error.message}\n${stderr}`), { stderr: String(stderr) }));
        else resolve(JSON.parse(stdout) as ProbeOutput);
      },
    );
  });
}
