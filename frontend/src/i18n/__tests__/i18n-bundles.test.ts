/**
 * The interface texts reach i18next one way (`registerNamespace`, frontend/src/i18n): every
 * namespace's French is in French typography (non-breaking spaces before « ; : ! ? » and inside
 * guillemets), its lists still lists, and its English only arrives when English is chosen.
 */
import { beforeAll, expect, test } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import i18n from 'i18next';
import { frenchSpacing, withFrenchSpacing } from '../typography';
// The app's i18n, as main.tsx and prerender.tsx start it.
import '..';

const SRC = path.resolve(__dirname, '../..');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const sources = filesUnder(SRC).filter((file) => /\.tsx?$/.test(file) && !file.includes('__tests__'));
/** Every French bundle of the front end (a `fr.ts` beside its `en.ts`). */
const frenchFiles = sources.filter((file) => path.basename(file) === 'fr.ts');
/** The modules that register a feature's namespace (`features/<f>/locales/index.ts`, …). */
const registrations = sources.filter((file) => file.endsWith(path.join('locales', 'index.ts')));

/** Every text of a resource tree, with its key path. */
function texts(tree: unknown, at = ''): [string, string][] {
  if (typeof tree === 'string') return [[at, tree]];
  if (Array.isArray(tree)) return tree.flatMap((item, index) => texts(item, `${at}[${index}]`));
  if (tree && typeof tree === 'object')
    return Object.entries(tree).flatMap(([key, value]) => texts(value, at ? `${at}.${key}` : key));
  return [];
}

/** The key paths that hold a list. */
function lists(tree: unknown, at = ''): string[] {
  if (Array.isArray(tree)) return [at];
  if (tree && typeof tree === 'object')
    return Object.entries(tree).flatMap(([key, value]) => lists(value, at ? `${at}.${key}` : key));
  return [];
}

beforeAll(async () => {
  for (const file of registrations) await import(file);
});

test('French spacing keeps lists as lists and spaces each of their texts', () => {
  const spaced = withFrenchSpacing({ steps: ['Brief : décrivez', 'Paiement ?'], quote: { text: '« Oui » !' } });
  expect(Array.isArray(spaced.steps)).toBe(true);
  expect(spaced).toEqual({
    steps: ['Brief\u00a0: décrivez', 'Paiement\u00a0?'],
    quote: { text: '«\u00a0Oui\u00a0»\u00a0!' },
  });
});

test('every French bundle is registered, through the one registration, and no module adds texts its own way', () => {
  const registered = i18n.options.ns as string[];
  // The app shell (`translation`) and `common` beside one namespace per locales folder.
  expect(registered).toHaveLength(frenchFiles.length);
  expect(registered).toEqual(expect.arrayContaining(['translation', 'common', 'brief', 'howItWorks', 'uploader']));
  const addingTexts = sources.filter((file) => fs.readFileSync(file, 'utf8').includes('addResourceBundle('));
  expect(addingTexts.map((file) => path.relative(SRC, file))).toEqual([path.join('i18n', 'index.ts')]);
});

test('every French text of every namespace is in French typography, its lists still lists', async () => {
  const registered = i18n.options.ns as string[];
  const unspaced = registered.flatMap((namespace) =>
    texts(i18n.getResourceBundle('fr', namespace))
      .filter(([, text]) => frenchSpacing(text) !== text)
      .map(([key, text]) => `${namespace}:${key} ${JSON.stringify(text)}`),
  );
  expect(unspaced).toEqual([]);

  const sourceLists = (
    await Promise.all(frenchFiles.map(async (file) => lists(((await import(file)) as { fr: unknown }).fr)))
  ).flat();
  const bundleLists = registered.flatMap((namespace) => lists(i18n.getResourceBundle('fr', namespace)));
  expect(sourceLists.length).toBeGreaterThan(0); // the brief's next steps, the dialog's five steps…
  expect(bundleLists.sort()).toEqual(sourceLists.sort());
});

test('English loads only when chosen, for every namespace, then French comes back', async () => {
  const registered = i18n.options.ns as string[];
  expect(registered.filter((namespace) => i18n.hasResourceBundle('en', namespace))).toEqual([]);

  await i18n.changeLanguage('en');
  expect(registered.filter((namespace) => !i18n.hasResourceBundle('en', namespace))).toEqual([]);
  expect(i18n.t('common:retry')).toBe('Try again');
  expect(i18n.t('steps', { ns: 'howItWorks', returnObjects: true })).toHaveLength(5);

  await i18n.changeLanguage('fr');
  expect(i18n.t('common:retry')).toBe('Réessayer');
  expect(i18n.t('steps', { ns: 'howItWorks', returnObjects: true })).toContain(
    'Brief\u00a0: décrivez votre projet et obtenez une estimation immédiate.',
  );
});
