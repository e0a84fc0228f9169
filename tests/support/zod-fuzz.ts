import { parse as parseQueryString } from 'node:querystring';
import fc from 'fast-check';
import type { ZodType } from 'zod';

/**
 * Bad input derived from a shared zod schema: its fields are read from the schema's shape, each
 * gets values of the wrong type, out of its bounds, hostile text (emoji, right-to-left, control
 * characters, NUL), prototype keys…; the schema itself says which bodies are invalid. The fuzz
 * suite sends them and checks the api's answer.
 */

/** One request's input: a JSON text to send (bodies) or a query string (queries), and what it is. */
export interface FuzzInput {
  text: string;
  /** Why this input must be refused, for the failure's report. */
  label: string;
}

type Path = readonly string[];

/** What a field takes, as far as the candidates need to know. */
type Leaf =
  | { kind: 'string'; min: number | null; max: number | null }
  | { kind: 'number'; min: number | null; max: number | null; int: boolean }
  | { kind: 'enum'; options: string[] }
  | { kind: 'object'; fields: Record<string, Leaf> }
  | { kind: 'other' };

interface ZodInternals {
  _zod: { def: { type: string; innerType?: ZodType; in?: ZodType; out?: ZodType; shape?: Record<string, ZodType> } };
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
  options?: unknown[];
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema under its wrappers, preprocessing and transforms: what the value is checked against. */
function unwrap(schema: ZodType): ZodInternals {
  let current = schema as unknown as ZodInternals;
  for (;;) {
    const def = current._zod.def;
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType as unknown as ZodInternals;
    else if (def.type === 'pipe' && def.in && def.out)
      current = ((def.in as unknown as ZodInternals)._zod.def.type === 'transform'
        ? def.out
        : def.in) as unknown as ZodInternals;
    else return current;
  }
}

function leafOf(schema: ZodType): Leaf {
  const inner = unwrap(schema);
  const def = inner._zod.def;
  switch (def.type) {
    case 'string':
      return { kind: 'string', min: inner.minLength ?? null, max: inner.maxLength ?? null };
    case 'number':
      return { kind: 'number', min: inner.minValue ?? null, max: inner.maxValue ?? null, int: inner.isInt ?? false };
    case 'enum':
      return { kind: 'enum', options: (inner.options ?? []).map(String) };
    case 'object':
      return {
        kind: 'object',
        fields: Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, leafOf(field)])),
      };
    default:
      return { kind: 'other' };
  }
}

/** Every field of an object schema, nested ones included, with its path. */
function fieldsOf(schema: ZodType): { path: Path; leaf: Leaf }[] {
  const walk = (leaf: Leaf, path: Path): { path: Path; leaf: Leaf }[] =>
    leaf.kind === 'object'
      ? Object.entries(leaf.fields).flatMap(([key, field]) => [
          { path: [...path, key], leaf: field },
          ...walk(field, [...path, key]),
        ])
      : [];
  return walk(leafOf(schema), []);
}

/** A number JSON can write but `JSON.stringify` cannot (1e309 reads as Infinity, -0…). */
class RawNumber {
  constructor(readonly text: string) {}
}

const EMOJI = '🎬🎞️👩🏽‍💻';
const RIGHT_TO_LEFT = '\u202Eمرحبا بالعالم\u202C';
const CONTROL_CHARACTERS = 'a\u0001\u0007\b\u001b[31m\u007f\u0085\u2028\uFEFFz';
const NUL = 'avant\u0000après';

/** An object carrying `__proto__` as its own key, as `JSON.parse` makes it. */
function withProtoKey(value: unknown): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  Object.defineProperty(object, '__proto__', { value, enumerable: true, writable: true, configurable: true });
  return object;
}

const POLLUTERS = (): unknown[] => [
  withProtoKey({ polluted: 'oui' }),
  { constructor: { prototype: { polluted: 'oui' } } },
  { prototype: { polluted: 'oui' } },
];

/** Values no field of any type should take as they are (the schema decides which are refused). */
const ANY_FIELD: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  new RawNumber('1e309'),
  new RawNumber('-1e309'),
  new RawNumber('-0'),
  new RawNumber('123456789012345678901234567890'),
  '',
  '   ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x1F',
  '١٢٣',
  EMOJI,
  RIGHT_TO_LEFT,
  CONTROL_CHARACTERS,
  NUL,
  '__proto__',
  'constructor',
  'toString',
  'x'.repeat(100_000),
  [],
  ['a', 1, null],
  [{}],
  {},
  ...POLLUTERS(),
];

function candidatesFor(leaf: Leaf): unknown[] {
  switch (leaf.kind) {
    case 'string': {
      const values: unknown[] = [];
      if (leaf.max !== null) {
        const over = leaf.max + 1;
        values.push('x'.repeat(over), 'é'.repeat(over), '🎬'.repeat(Math.ceil(over / 2)), ` ${'x'.repeat(over)} `);
      }
      if (leaf.min !== null && leaf.min > 0) values.push('', ' \t\n ', 'x'.repeat(leaf.min - 1));
      values.push('camille@', '@exemple.fr', 'camille@exemple', 'javascript:alert(1)', '<b>gras</b>', '2026-13-45');
      return values;
    }
    case 'number': {
      const values: unknown[] = ['42', Number.MAX_SAFE_INTEGER + 2];
      if (leaf.min !== null) values.push(leaf.min - 1, leaf.min - 0.5);
      if (leaf.max !== null && leaf.max < Number.MAX_SAFE_INTEGER) values.push(leaf.max + 1, leaf.max + 0.5);
      if (leaf.int) values.push((leaf.min ?? 0) + 0.5);
      return values;
    }
    case 'enum':
      return leaf.options.flatMap((option) => [
        option.toUpperCase(),
        ` ${option}`,
        `${option}\u200B`,
        `${option}\u0000`,
        [option],
      ]);
    case 'object':
      return ['objet', [{}], [[]]];
    case 'other':
      return ['true', 'oui', 1, 'a,b', { 0: 'a' }, Array.from({ length: 500 }, () => 'x')];
  }
}

/** The JSON text of a body, raw numbers written as they are. */
function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, field: unknown) => {
    if (!(field instanceof RawNumber)) return field;
    raws.push(field.text);
    return `@@raw${raws.length - 1}@@`;
  });
  return text.replace(/"@@raw(\d+)@@"/g, (_match, index: string) => raws[Number(index)]);
}

function setAt(target: Record<string, unknown>, path: Path, value: unknown, remove = false): void {
  let node: Record<string, unknown> = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1];
  if (remove) delete node[last];
  else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
}

interface Change {
  path: Path;
  value?: unknown;
  remove?: boolean;
}

/** Noise added beside the change that makes a body invalid: unknown and prototype keys, hostile text in its strings. */
function noiseArbitrary(stringPaths: Path[]): fc.Arbitrary<Change> {
  const extraKeys = fc.constantFrom<Change>(
    { path: ['__proto__'], value: { polluted: 'oui' } },
    { path: ['constructor'], value: { prototype: { polluted: 'oui' } } },
    { path: ['prototype'], value: { polluted: 'oui' } },
    { path: ['champInconnu'], value: 'valeur' },
    { path: [EMOJI], value: RIGHT_TO_LEFT },
    { path: [''], value: '' },
  );
  if (stringPaths.length === 0) return extraKeys;
  const hostileText = fc
    .tuple(
      fc.constantFrom(...stringPaths),
      fc.constantFrom(EMOJI, RIGHT_TO_LEFT, CONTROL_CHARACTERS),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
    )
    .map(([path, hostile, random]): Change => ({ path, value: `${random}${hostile}` }));
  return fc.oneof(extraKeys, hostileText);
}

function applyChanges(base: Record<string, unknown>, changes: Change[]): Record<string, unknown> {
  const body = structuredClone(base);
  for (const change of changes) setAt(body, change.path, change.value, change.remove);
  return body;
}

const preview = (value: unknown) => {
  const text = toJsonText(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 40)}… (${text.length} caractères)` : text;
};

/**
 * Bodies the schema refuses, made from `base` (a valid body): `runs` drawn by fast-check with
 * `seed` (one to three fields changed or removed, plus noise), then the hostile ones every string
 * field gets whatever its schema says (NUL, 100 000 characters) and the bodies that are no object.
 */
export function badBodies(
  schema: ZodType,
  base: Record<string, unknown>,
  { seed, runs }: { seed: number; runs: number },
): FuzzInput[] {
  if (!schema.safeParse(base).success) throw new Error(`the base body is not valid: ${JSON.stringify(base)}`);
  const fields = fieldsOf(schema);
  const stringPaths = fields
    .map(({ path }) => path)
    .filter(
      (path) =>
        typeof path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], base) ===
        'string',
    );
  const change = fc.oneof(
    ...fields.map(({ path, leaf }) =>
      fc.oneof(
        fc.constantFrom(...ANY_FIELD, ...candidatesFor(leaf)).map((value): Change => ({ path, value })),
        fc.constant<Change>({ path, remove: true }),
      ),
    ),
  );
  const invalid = fc
    .tuple(fc.array(change, { minLength: 1, maxLength: 3 }), fc.array(noiseArbitrary(stringPaths), { maxLength: 3 }))
    .map(([changes, noise]) => ({ changes, body: applyChanges(base, [...changes, ...noise]) }))
    .filter(({ body }) => !schema.safeParse(JSON.parse(toJsonText(body))).success);
  const drawn = fc.sample(invalid, { seed, numRuns: runs }).map(({ changes, body }) => ({
    text: toJsonText(body),
    label: changes
      .map((entry) => `${entry.path.join('.')} ${entry.remove ? 'absent' : `= ${preview(entry.value)}`}`)
      .join(', '),
  }));
  const hostile: FuzzInput[] = stringPaths.flatMap((path) => [
    {
      text: toJsonText(applyChanges(base, [{ path, value: NUL }])),
      label: `${path.join('.')} contient un caractère NUL`,
    },
    {
      text: toJsonText(applyChanges(base, [{ path, value: 'x'.repeat(100_000) }])),
      label: `${path.join('.')} fait 100 000 caractères`,
    },
  ]);
  const notObjects: FuzzInput[] = [[], [base], 'texte', 42, null, true].map((body) => ({
    text: JSON.stringify(body),
    label: `corps ${preview(body)}`,
  }));
  const huge = {
    text: toJsonText({ ...base, [stringPaths[0]?.[0] ?? 'texte']: 'x'.repeat(1_048_576) }),
    label: 'corps de 1 Mo',
  };
  return [...drawn, ...hostile, ...notObjects, huge];
}

const QUERY_VALUES: (string | string[])[] = [
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1.5',
  '1e309',
  '9'.repeat(400),
  '',
  ' ',
  'x'.repeat(5_000),
  EMOJI,
  RIGHT_TO_LEFT,
  CONTROL_CHARACTERS,
  NUL,
  '__proto__',
  'constructor',
  'toString',
  'TRUE',
  ['1', '2'],
];

function queryText(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const item of [value].flat()) params.append(key, item);
  return params.toString();
}

/**
 * Query strings the schema refuses (as Koa reads them: a repeated key is a list), made from
 * `base`: drawn values for its keys, plus a NUL in each, which no filter may pass to the database.
 */
export function badQueries(
  schema: ZodType,
  base: Record<string, string>,
  { seed, runs }: { seed: number; runs: number },
): FuzzInput[] {
  if (!schema.safeParse(base).success) throw new Error(`the base query is not valid: ${JSON.stringify(base)}`);
  const keys = fieldsOf(schema).map(({ path }) => path[0]);
  const values = (key: string) => {
    const leaf = leafOf((unwrap(schema)._zod.def.shape ?? {})[key]);
    const options = leaf.kind === 'enum' ? leaf.options.flatMap((option) => [option.toUpperCase(), `${option} `]) : [];
    return fc.constantFrom(...QUERY_VALUES, ...options);
  };
  const query = fc
    .tuple(
      fc.array(
        fc.constantFrom(...keys).chain((key) => values(key).map((value) => [key, value] as const)),
        { minLength: 1, maxLength: 3 },
      ),
      fc.constantFrom<Record<string, string>>(
        {},
        { __proto__: 'oui' },
        { 'constructor[prototype][polluted]': 'oui' },
        { [EMOJI]: RIGHT_TO_LEFT },
      ),
    )
    .map(([changes, extra]) => ({ changes, text: queryText({ ...base, ...Object.fromEntries(changes), ...extra }) }))
    .filter(({ text }) => !schema.safeParse({ ...parseQueryString(text) }).success);
  const drawn = fc.sample(query, { seed, numRuns: runs }).map(({ changes, text }) => ({
    text,
    label: changes.map(([key, value]) => `${key}=${preview(value)}`).join('&'),
  }));
  const hostile = keys.map((key) => ({
    text: queryText({ ...base, [key]: NUL }),
    label: `${key} contient un caractère NUL`,
  }));
  return [...drawn, ...hostile];
}
