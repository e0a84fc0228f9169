import { isDropFrame, rationalSeconds } from '../../../domain/timecode';
import { commentText, durationOf, sequenceName, sortedComments, type MarkerComment, type MarkerVersion } from './model';
import { oneLine, xmlText } from './text';

/**
 * Final Cut Pro: FCPXML 1.10 with the version's format (`frameDuration` = den/num seconds, e.g.
 * `1001/30000s`), a project whose sequence starts at the version's start timecode and whose spine
 * holds one gap spanning the version; the comments are to-do markers on the gap (`completed="1"`
 * once resolved, `"0"` while open). Every time is a rational number of seconds computed from
 * frames (`rationalSeconds`), so markers sit exactly on frame boundaries.
 */
export function finalCutXml(version: MarkerVersion, comments: MarkerComment[]): string {
  const rate = version.frameRate;
  const time = (frames: number) => rationalSeconds(frames, rate);
  const name = xmlText(sequenceName(version));
  const start = time(version.startFrame);
  const duration = time(version.frameCount);
  const markers = sortedComments(comments).map(
    (comment) =>
      `              <marker start="${time(version.startFrame + comment.frameIn)}" duration="${time(durationOf(comment))}" value="${xmlText(oneLine(commentText(comment)))}" completed="${comment.status === 'resolved' ? 1 : 0}"/>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE fcpxml>',
    '<fcpxml version="1.10">',
    '  <resources>',
    `    <format id="r1" frameDuration="${time(1)}" width="${version.width ?? 1920}" height="${version.height ?? 1080}"/>`,
    '  </resources>',
    '  <library>',
    '    <event name="Rushflow">',
    `      <project name="${name}">`,
    `        <sequence format="r1" duration="${duration}" tcStart="${start}" tcFormat="${isDropFrame(rate) ? 'DF' : 'NDF'}">`,
    '          <spine>',
    `            <gap name="${name}" offset="${start}" start="${start}" duration="${duration}">`,
    ...markers,
    '            </gap>',
    '          </spine>',
    '        </sequence>',
    '      </project>',
    '    </event>',
    '  </library>',
    '</fcpxml>',
    '',
  ].join('\n');
}
