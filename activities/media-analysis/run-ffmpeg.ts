/** One ffmpeg run of the worker's media activities, killed when the activity is cancelled. */
import { spawn } from 'node:child_process';

/**
 * Runs `ffmpeg args`; `onProgress` receives the frame counts of `-progress pipe:1` when given.
 * Rejects with ffmpeg's last words (also on the error's `stderr`, beside its exit `code`).
 */
export function runFfmpeg(
  ffmpeg: string,
  args: string[],
  options: { signal?: AbortSignal; onProgress?: (frame: number) => void } = {},
): Promise<void> {
  const { signal, onProgress } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', onProgress ? 'pipe' : 'ignore', 'pipe'] });
    const kill = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', kill);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8_000);
    });
    // A chunk may end inside a line: only whole lines are read.
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (buffered + chunk.toString()).split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const frame = /^frame=(\d+)/.exec(line);
        if (frame) onProgress?.(Number(frame[1]));
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      signal?.removeEventListener('abort', kill);
      if (code === 0) resolve();
      else reject(Object.assign(new Error(`ffmpeg exited with ${code}: ${stderr.slice(-2_000)}`), { stderr, code }));
    });
  });
}
