/**
 * The delivery QC's independent readers (pyloudnorm, PySceneDetect), run from the folder
 * `node scripts/test.mjs unit` installs them into (scripts/lib/tools.mjs, passed here as
 * RUSHFLOW_QC_PYTHONPATH); a missing install fails, naming the command that makes it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function qcReadersPath(): string {
  const folder =
    process.env.RUSHFLOW_QC_PYTHONPATH ??
    path.join(process.env.RUSHFLOW_TOOL_CACHE ?? path.join(os.homedir(), '.cache', 'rushflow'), 'python-qc');
  if (!fs.existsSync(path.join(folder, 'pyloudnorm')) || !fs.existsSync(path.join(folder, 'scenedetect')))
    throw new Error(
      `pyloudnorm and PySceneDetect are not installed in ${folder}: run \`node scripts/test.mjs unit\` once (it installs them there).`,
    );
  return folder;
}

function runReader(script: string, file: string): unknown {
  const output = execFileSync('python3', [path.join(__dirname, script), file], {
    env: { ...process.env, PYTHONPATH: qcReadersPath(), PYTHONIOENCODING: 'utf-8' },
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

/** Integrated loudness (LUFS) of a WAV by pyloudnorm. */
export function pyloudnormLoudness(wav: string): number {
  return (runReader('loudness.py', wav) as { integratedLufs: number }).integratedLufs;
}

export interface PySceneDetectCuts {
  frameCount: number;
  /** Frames starting a shot, by ContentDetector and AdaptiveDetector (default settings). */
  content: number[];
  adaptive: number[];
}

/** Scene cuts of a video by PySceneDetect. */
export function pySceneDetectCuts(video: string): PySceneDetectCuts {
  return runReader('scenes.py', video) as PySceneDetectCuts;
}
