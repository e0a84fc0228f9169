import type { MediaKind } from '../../domain/uploads';

/** Bytes read from the start of an uploaded object to recognise its format. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));
const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

/** QuickTime/MP4 top-level atoms a file may open with (old .mov files have no `ftyp`). */
const QUICKTIME_ATOMS = ['ftyp', 'moov', 'mdat', 'free', 'wide', 'skip', 'pnot'];

/**
 * The media kind the first bytes of a file announce, or null when they match no accepted format
 * (001 §5.2): ISO-BMFF/QuickTime (mp4, mov, m4v, m4a), RIFF (avi, wav), Matroska/WebM, Ogg, FLAC,
 * MP3 (ID3 tag or frame sync), AAC (ADTS/ADIF), ASF (wma), JPEG and PNG.
 */
export function sniffMediaKind(bytes: Uint8Array): MediaKind | null {
  if (bytes.length >= 12 && QUICKTIME_ATOMS.includes(ascii(bytes, 4, 4))) {
    // `ftyp` brands of audio-only MP4 files.
    const brand = ascii(bytes, 8, 4);
    return ascii(bytes, 4, 4) === 'ftyp' && (brand === 'M4A ' || brand === 'M4B ') ? 'audio' : 'video';
  }
  if (ascii(bytes, 0, 4) === 'RIFF') {
    const form = ascii(bytes, 8, 4);
    if (form === 'AVI ') return 'video';
    if (form === 'WAVE') return 'audio';
    return null;
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'video';
  if (ascii(bytes, 0, 4) === 'OggS') return 'audio';
  if (ascii(bytes, 0, 4) === 'fLaC') return 'audio';
  if (ascii(bytes, 0, 3) === 'ID3') return 'audio';
  if (ascii(bytes, 0, 4) === 'ADIF') return 'audio';
  // MPEG audio frame sync (mp3) or ADTS (aac): 11 or 12 set bits.
  if (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0) return 'audio';
  if (startsWith(bytes, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'audio';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image';
  return null;
}

/**
 * Whether the content fits the kind its extension declared. Containers shared by audio and video
 * (mp4/m4a, ogg/webm, asf) may hold either, so only "media vs not media" and "image vs not" count.
 */
export function contentMatchesKind(sniffed: MediaKind | null, declared: MediaKind): boolean {
  if (sniffed === null) return false;
  if (declared === 'image' || sniffed === 'image') return sniffed === declared;
  return true;
}
