import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The text a PDF prints, as poppler's `pdftotext -layout` reads it (non-breaking spaces as spaces). */
export function printedText(pdf: Buffer | string): string {
  let file = typeof pdf === 'string' ? pdf : '';
  if (typeof pdf !== 'string') {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-text-')), 'document.pdf');
    fs.writeFileSync(file, pdf);
  }
  const result = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  if (result.error) throw new Error(`pdftotext does not run (${result.error.message}): install poppler-utils`);
  if (typeof pdf !== 'string') fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return result.stdout.replace(/\u00a0/g, ' ');
}
