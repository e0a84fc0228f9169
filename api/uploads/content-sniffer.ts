import { fileTypeFromBuffer } from 'file-type';
import type { MediaKind } from '../../domain/uploads';

/** Bytes read from the start of an uploaded object to recognise its format (file-type's full sample). */
export const SNIFF_BYTES = 4100;

/** Containers file-type names by neither kind; audio and video share them. */
const AUDIO_OR_VIDEO_CONTAINERS = ['application/ogg', 'application/vnd.ms-asf'];
/** The only images accepted (001 §5.3, the application's photo): never SVG, nothing a browser runs. */
const IMAGE_TYPES = ['image/jpeg', 'image/png'];

/** What the server found an object to be: the type it is stored and served with, and its kind. */
export interface SniffedMedia {
  mimeType: string;
  kind: MediaKind;
}

/**
 * The media kind of a type the sniffer gives, or null for anything else (documents, archives,
 * other images). Also decides which stored types may be served as media.
 */
function mediaKindOfType(mimeType: string | null | undefined): MediaKind | null {
  // One bare type: a stored list (`video/mp4,text/html`) is no media.
  if (!mimeType || !/^[\w.+-]+\/[\w.+-]+$/.test(mimeType)) return null;
  if (IMAGE_TYPES.includes(mimeType)) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/') || AUDIO_OR_VIDEO_CONTAINERS.includes(mimeType)) return 'audio';
  return null;
}

/**
 * The media the first bytes of a file are, read by file-type (magic numbers of ISO-BMFF/QuickTime,
 * RIFF, Matroska/WebM, Ogg, FLAC, MP3, AAC, ASF, JPEG, PNG…), or null when they are no accepted
 * media (001 §5.2).
 */
export async function sniffMedia(bytes: Uint8Array): Promise<SniffedMedia | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return null;
  // Stored bare: a header value that is one type, whatever file-type adds (`audio/ogg; codecs=opus`).
  const mimeType = detected.mime.split(';')[0].trim().toLowerCase();
  const kind = mediaKindOfType(mimeType);
  return kind ? { mimeType, kind } : null;
}

/**
 * Whether the content fits the kind its extension declared. Containers shared by audio and video
 * (mp4/m4a, ogg/webm, asf) may hold either, so only "media vs not media" and "image vs not" count.
 */
export function contentMatchesKind(sniffed: MediaKind, declared: MediaKind): boolean {
  if (declared === 'image' || sniffed === 'image') return sniffed === declared;
  return true;
}

/**
 * The response headers a presigned download of a stored object is signed with: the type the server
 * sniffed, never the browser's, and `attachment` unless it is media (an image, audio or video).
 * `inline` is what the caller would like, for a photo shown in a page.
 */
export function downloadHeaders(
  mimeType: string | null | undefined,
  filename: string,
  disposition: 'inline' | 'attachment',
): { ResponseContentType: string; ResponseContentDisposition: string } {
  const media = mediaKindOfType(mimeType) !== null;
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    ResponseContentType: media ? mimeType! : 'application/octet-stream',
    // The original name, ASCII fallback plus RFC 5987 for accents.
    ResponseContentDisposition: `${media && disposition === 'inline' ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
  };
}
