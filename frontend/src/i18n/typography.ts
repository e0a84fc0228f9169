const NBSP = '\u00a0';

/**
 * French typography: a non-breaking space before `: ; ! ? %` and between a number and its unit
 * (`27 €/h`, `24 h`), so punctuation and units never start a line.
 */
export function frenchSpacing(text: string): string {
  return text
    .replace(/ ([:;!?%»])/g, `${NBSP}$1`)
    .replace(/« /g, `«${NBSP}`)
    .replace(/(\d) (€|\$|h\b)/g, `$1${NBSP}$2`);
}

type Tree = { [key: string]: string | Tree };

/** Applies `frenchSpacing` to every string of a resource tree. */
export function withFrenchSpacing<T extends Tree>(tree: T): T {
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    out[key] = typeof value === 'string' ? frenchSpacing(value) : withFrenchSpacing(value);
  }
  return out as T;
}
