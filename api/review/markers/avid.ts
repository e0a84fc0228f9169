import { framesToTimecode } from '../../../domain/timecode';
import { commentBody, mergeByFrame, type MarkerComment, type MarkerVersion } from './model';
import { oneLine } from './text';

const COLOURS = { open: 'blue', resolved: 'green' } as const;

/**
 * Avid Media Composer: the tab-separated marker list of Tools › Markers › Import Markers, one line
 * per marker, CRLF: `user TAB timecode TAB V1 TAB colour TAB comment TAB duration (frames)`.
 * Media Composer keeps one marker per position and track, so comments on the same frame make one
 * marker (authors joined by `, `, texts by ` — `, the longest duration); blue while open, green
 * once resolved. Tabs and newlines in the texts become spaces.
 */
export function avidMarkers(version: MarkerVersion, comments: MarkerComment[]): string {
  return mergeByFrame(comments)
    .map((marker) => {
      const authors = [...new Set(marker.comments.map((comment) => oneLine(comment.authorName)))].join(', ');
      const text =
        marker.comments.length === 1
          ? oneLine(commentBody(marker.comments[0]))
          : marker.comments
              .map((comment) => `${oneLine(comment.authorName)} : ${oneLine(commentBody(comment))}`)
              .join(' — ');
      const timecode = framesToTimecode(version.startFrame + marker.frameIn, version.frameRate);
      return `${authors}\t${timecode}\tV1\t${COLOURS[marker.status]}\t${text}\t${marker.duration}\r\n`;
    })
    .join('');
}
