import { strToU8, zipSync } from 'fflate';
import type { MarkerFormat } from '../../../domain/review';
import { avidMarkers } from './avid';
import { commentsCsv } from './csv';
import { finalCutXml } from './fcpxml';
import type { MarkerComment, MarkerVersion } from './model';
import { premiereXml } from './premiere';
import { resolveEdls } from './resolve';
import { fileSlug } from './text';

export { markerCommentsOf, type MarkerComment, type MarkerVersion } from './model';

/** What `GET …/versions/{n}/markers` answers: one file to download. */
export interface MarkerDownload {
  filename: string;
  contentType: string;
  body: string | Buffer;
}

const FORMATS: Record<
  Exclude<MarkerFormat, 'resolve'>,
  { extension: string; contentType: string; render: (version: MarkerVersion, comments: MarkerComment[]) => string }
> = {
  premiere: { extension: 'xml', contentType: 'application/xml; charset=utf-8', render: premiereXml },
  fcpxml: { extension: 'fcpxml', contentType: 'application/xml; charset=utf-8', render: finalCutXml },
  avid: { extension: 'txt', contentType: 'text/plain; charset=utf-8', render: avidMarkers },
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8', render: commentsCsv },
};

/**
 * The version's comments as markers in `format`, named `<project>-v<n>.<ext>`. Resolve beyond 999
 * markers (CMX 3600's last event number) answers a ZIP of `<project>-v<n>-1.edl`, `-2.edl`, … —
 * one download that Resolve users unpack and import file by file; up to 999, a plain `.edl`.
 */
export function exportMarkers(
  format: MarkerFormat,
  version: MarkerVersion,
  comments: MarkerComment[],
  now = new Date(),
): MarkerDownload {
  const base = `${fileSlug(version.projectTitle)}-v${version.number}`;
  if (format !== 'resolve') {
    const { extension, contentType, render } = FORMATS[format];
    return { filename: `${base}.${extension}`, contentType, body: render(version, comments) };
  }
  const edls = resolveEdls(version, comments);
  if (edls.length === 1) return { filename: `${base}.edl`, contentType: 'text/plain; charset=utf-8', body: edls[0] };
  return {
    filename: `${base}.zip`,
    contentType: 'application/zip',
    // Stored, not deflated: a few hundred KiB of text that Resolve users unpack at once.
    body: Buffer.from(
      zipSync(Object.fromEntries(edls.map((content, index) => [`${base}-${index + 1}.edl`, strToU8(content)])), {
        level: 0,
        mtime: now,
      }),
    ),
  };
}
