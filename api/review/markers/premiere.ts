import { framesToTimecode, isDropFrame, isNtscRate, nominalFps } from '../../../domain/timecode';
import type { FrameRate } from '../../../domain/review';
import {
  commentBody,
  durationOf,
  sequenceName,
  sortedComments,
  STATUS_LABELS,
  type MarkerComment,
  type MarkerVersion,
} from './model';
import { oneLine, xmlText } from './text';

/** FCP7's `<rate>`: the timecode base and whether it runs 1000/1001 slower (23.976, 29.97, 59.94). */
function rateXml(rate: FrameRate, indent: string): string {
  return [
    `${indent}<rate>`,
    `${indent}  <timebase>${nominalFps(rate)}</timebase>`,
    `${indent}  <ntsc>${isNtscRate(rate) ? 'TRUE' : 'FALSE'}</ntsc>`,
    `${indent}</rate>`,
  ].join('\n');
}

/** A sequence marker: in/out in frames from the sequence's start, `<out>-1</out>` on a single frame. */
function markerXml(comment: MarkerComment): string {
  const name = `${oneLine(comment.authorName)}${comment.status === 'resolved' ? ` (${STATUS_LABELS.resolved})` : ''}`;
  const out = comment.frameOut === null ? -1 : comment.frameIn + durationOf(comment);
  return [
    '    <marker>',
    `      <comment>${xmlText(commentBody(comment))}</comment>`,
    `      <name>${xmlText(name)}</name>`,
    `      <in>${comment.frameIn}</in>`,
    `      <out>${out}</out>`,
    '    </marker>',
  ].join('\n');
}

/**
 * Premiere Pro: an FCP7 XML (`xmeml` version 4) file holding one sequence as long as the version,
 * its timecode starting at the version's start, and one sequence marker per comment (Premiere reads
 * markers from XML only this way: File › Import, then the markers are on the imported sequence).
 * The marker's name is its author (« (résolu) » once resolved), its comment the text and replies.
 */
export function premiereXml(version: MarkerVersion, comments: MarkerComment[]): string {
  const rate = version.frameRate;
  const name = xmlText(sequenceName(version));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE xmeml>',
    '<xmeml version="4">',
    '  <sequence id="sequence-1">',
    `    <name>${name}</name>`,
    `    <duration>${version.frameCount}</duration>`,
    rateXml(rate, '    '),
    '    <media>',
    '      <video>',
    '        <format>',
    '          <samplecharacteristics>',
    rateXml(rate, '            '),
    `            <width>${version.width ?? 1920}</width>`,
    `            <height>${version.height ?? 1080}</height>`,
    '            <anamorphic>FALSE</anamorphic>',
    '            <pixelaspectratio>square</pixelaspectratio>',
    '            <fielddominance>none</fielddominance>',
    '          </samplecharacteristics>',
    '        </format>',
    '        <track>',
    '          <enabled>TRUE</enabled>',
    '          <locked>FALSE</locked>',
    '        </track>',
    '      </video>',
    '    </media>',
    '    <timecode>',
    rateXml(rate, '      '),
    `      <string>${framesToTimecode(version.startFrame, rate)}</string>`,
    `      <frame>${version.startFrame}</frame>`,
    `      <displayformat>${isDropFrame(rate) ? 'DF' : 'NDF'}</displayformat>`,
    '    </timecode>',
    ...sortedComments(comments).map(markerXml),
    '  </sequence>',
    '</xmeml>',
    '',
  ].join('\n');
}
