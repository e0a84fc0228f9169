/**
 * Reading what ffmpeg's `metadata=print` / `ametadata=print` filters write: one block per frame,
 * `frame:N pts:P pts_time:T` then `key=value` lines (blackdetect, freezedetect, scdet,
 * silencedetect and ebur128 all put their findings in the frames' metadata).
 */
import fs from 'node:fs';
import readline from 'node:readline';

export interface FrameMetadata {
  /** The frame's time in seconds, as the container gives it. */
  time: number;
  values: Map<string, number>;
}

/** Calls `onFrame` for every frame block of `text` (a whole print file, or a part ending on a line). */
export function parseFrameMetadata(text: string, onFrame: (frame: FrameMetadata) => void): void {
  let current: FrameMetadata | null = null;
  for (const line of text.split('\n')) current = readLine(line, current, onFrame);
  if (current) onFrame(current);
}

function readLine(
  line: string,
  current: FrameMetadata | null,
  onFrame: (frame: FrameMetadata) => void,
): FrameMetadata | null {
  if (line.startsWith('frame:')) {
    if (current) onFrame(current);
    const time = /pts_time:(\S+)/.exec(line);
    return { time: time ? Number(time[1]) : Number.NaN, values: new Map() };
  }
  const equals = line.indexOf('=');
  if (current && equals > 0) current.values.set(line.slice(0, equals), Number(line.slice(equals + 1)));
  return current;
}

/** The same, read line by line from a file (a long programme prints tens of thousands of frames). */
export async function readFrameMetadataFile(file: string, onFrame: (frame: FrameMetadata) => void): Promise<void> {
  if (!fs.existsSync(file)) return;
  let current: FrameMetadata | null = null;
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) current = readLine(line, current, onFrame);
  if (current) onFrame(current);
}
