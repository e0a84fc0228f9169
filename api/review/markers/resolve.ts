import { framesToTimecode, isDropFrame } from '../../../domain/timecode';
import { mergeByFrame, mergedText, sequenceName, type MarkerComment, type MarkerVersion } from './model';

/** CMX 3600 numbers events 001–999: more markers than this go to further files. */
export const EDL_MAX_EVENTS = 999;

/** `|` separates a marker line's fields: in a text it becomes `/`. */
const PIPE_REPLACEMENT = '/';

const COLOURS = { open: 'ResolveColorBlue', resolved: 'ResolveColorGreen' } as const;

/**
 * DaVinci Resolve: marker EDLs (Timeline › Import › Timeline Markers from EDL). CMX 3600 header,
 * then one one-frame event per marker at its record timecode (the version's start + the frame),
 * followed by Resolve's marker line `|C:<colour> |M:<text> |D:<duration in frames>`. Comments on
 * the same frame make one marker (their texts joined by ` — `, the longest duration), blue while
 * any is open, green once all are resolved. Texts are one line; `|` becomes `/`.
 *
 * Returns one EDL per 999 markers (CMX 3600's event numbers stop at 999): one string in the
 * usual case, `[part 1, part 2, …]` beyond, each titled `<sequence> (k/n)` and numbered from 001.
 */
export function resolveEdls(version: MarkerVersion, comments: MarkerComment[]): string[] {
  const rate = version.frameRate;
  const markers = mergeByFrame(comments);
  const parts = Math.max(1, Math.ceil(markers.length / EDL_MAX_EVENTS));
  const title = sequenceName(version).replace(/\|/g, PIPE_REPLACEMENT);
  const fcm = isDropFrame(rate) ? 'DROP FRAME' : 'NON-DROP FRAME';
  const edls: string[] = [];
  for (let part = 0; part < parts; part += 1) {
    const lines = [`TITLE: ${parts > 1 ? `${title} (${part + 1}/${parts})` : title}`, `FCM: ${fcm}`, ''];
    markers.slice(part * EDL_MAX_EVENTS, (part + 1) * EDL_MAX_EVENTS).forEach((marker, index) => {
      const tcIn = framesToTimecode(version.startFrame + marker.frameIn, rate);
      const tcOut = framesToTimecode(version.startFrame + marker.frameIn + 1, rate);
      const event = String(index + 1).padStart(3, '0');
      const text = mergedText(marker).replace(/\|/g, PIPE_REPLACEMENT);
      lines.push(
        `${event}  001      V     C        ${tcIn} ${tcOut} ${tcIn} ${tcOut}`,
        ` |C:${COLOURS[marker.status]} |M:${text} |D:${marker.duration}`,
        '',
      );
    });
    edls.push(lines.join('\r\n'));
  }
  return edls;
}
