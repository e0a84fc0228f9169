/**
 * Text clean-up shared by the marker exports: control characters out, XML entities, line-based
 * flattening, and the file names of the downloads.
 */

/** Whether a code point may stay: printable text, tab and newline (XML 1.0 also forbids U+FFFE/U+FFFF). */
function keep(codePoint: number): boolean {
  if (codePoint === 0x09 || codePoint === 0x0a) return true;
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) return false;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return false; // a lone surrogate half
  return codePoint !== 0xfffe && codePoint !== 0xffff;
}

/** Control characters removed (tab and newline kept), CRLF and CR made LF. */
export function cleanText(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n')) if (keep(char.codePointAt(0) ?? 0)) out += char;
  return out;
}

/** For line-based formats: control characters removed, each run of tabs and newlines a single space, trimmed. */
export function oneLine(text: string): string {
  return cleanText(text)
    .replace(/[\t\n]+/g, ' ')
    .trim();
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for XML element content or attribute values: control characters removed, the five entities escaped. */
export function xmlText(text: string): string {
  return cleanText(text).replace(/[&<>"']/g, (char) => XML_ENTITIES[char]);
}

/**
 * The ASCII base of a download's file name: the project's title without accents, lower-case,
 * words joined by `-` (`Mon film d’été` → `mon-film-d-ete`), 60 characters at most.
 */
export function fileSlug(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'projet';
}
