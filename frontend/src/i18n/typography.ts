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

/** A resource bundle's value: a text, a list of texts (`returnObjects`) or a group of keys. */
type Resource = string | readonly Resource[] | { readonly [key: string]: Resource };

/** Applies `frenchSpacing` to every text of a resource tree; lists stay lists. */
export function withFrenchSpacing<T extends Resource>(resource: T): T {
  if (typeof resource === 'string') return frenchSpacing(resource) as T;
  if (Array.isArray(resource)) return resource.map((item: Resource) => withFrenchSpacing(item)) as unknown as T;
  return Object.fromEntries(
    Object.entries(resource as { readonly [key: string]: Resource }).map(([key, value]) => [
      key,
      withFrenchSpacing(value),
    ]),
  ) as T;
}
