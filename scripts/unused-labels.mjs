#!/usr/bin/env node
// `npm run lint` step: interface labels (i18next resources) that no code reads.
// The French resources are the reference: the `export const fr = {…}` of every `fr.ts` of the front
// end (`features/<f>/locales/fr.ts`, `i18n/locales/fr.ts`, `i18n/common/fr.ts`…), each beside its `en.ts`.
// A key is read when a string literal in the front end names it (`'common:retry'` names `retry`), or a
// template literal given to `t` matches it (`tabs.${name}` reads every `tabs.*`).
// Plural forms (`_one`, `_other`) and array values count as their key.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SRC = path.join(ROOT, 'frontend', 'src');

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const parsed = sourceFiles(SRC).map((file) => ({
  file,
  source: ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
}));

/** Flattened key paths of an object literal (`a.b.c`), with the node of each leaf. */
function keysOf(object, prefix = '') {
  return object.properties.flatMap((property) => {
    if (!ts.isPropertyAssignment(property)) return [];
    const name = ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : undefined;
    if (!name) return [];
    const key = prefix ? `${prefix}.${name}` : name;
    const value = property.initializer;
    return ts.isObjectLiteralExpression(value) ? keysOf(value, key) : [{ key, node: property }];
  });
}

/** `export const <language> = {…}` of a resource module (`<language>.ts`). */
function resources({ file, source }, language) {
  if (path.basename(file) !== `${language}.ts`) return [];
  const found = [];
  source.forEachChild(function visit(node) {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === language &&
      node.initializer
    ) {
      let init = node.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))
        init = init.expression;
      if (ts.isObjectLiteralExpression(init)) found.push(...keysOf(init).map((entry) => ({ ...entry, file })));
    }
    node.forEachChild(visit);
  });
  return found;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first argument of `t(…)` / `i18n.t(…)`: the only place a template literal names keys. */
function isTranslationKeyArgument(node) {
  const call = node.parent;
  if (!call || !ts.isCallExpression(call) || call.arguments[0] !== node) return false;
  const callee = call.expression;
  return (
    (ts.isIdentifier(callee) && callee.text === 't') ||
    (ts.isPropertyAccessExpression(callee) && callee.name.text === 't')
  );
}

/** Every string literal of the front end and the template literals given to `t`, outside the resources themselves. */
function readers({ source }, resourceNodes) {
  const exact = new Set();
  const patterns = [];
  source.forEachChild(function visit(node) {
    if (resourceNodes.has(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      exact.add(node.text);
      // A key named with its namespace: `'common:retry'`.
      const namespaced = /^[a-zA-Z]+:(.+)$/.exec(node.text);
      if (namespaced) exact.add(namespaced[1]);
    } else if (ts.isTemplateExpression(node) && isTranslationKeyArgument(node)) {
      const parts = [escape(node.head.text), ...node.templateSpans.map((span) => `.+${escape(span.literal.text)}`)];
      patterns.push(new RegExp(`^${parts.join('')}$`));
    }
    node.forEachChild(visit);
  });
  return { exact, patterns };
}

const french = parsed.flatMap((file) => resources(file, 'fr'));
const english = parsed.flatMap((file) => resources(file, 'en'));
const resourceNodes = new Set([...french, ...english].map((entry) => entry.node));
const exact = new Set();
const patterns = [];
for (const file of parsed) {
  const found = readers(file, resourceNodes);
  found.exact.forEach((literal) => exact.add(literal));
  patterns.push(...found.patterns);
}

const frenchKeys = new Set(french.map((entry) => entry.key));
const unused = [...french, ...english.filter((entry) => !frenchKeys.has(entry.key))].filter(({ key }) => {
  const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
  const read = (candidate) => exact.has(candidate) || patterns.some((pattern) => pattern.test(candidate));
  return !read(base);
});

// Every French label has its English text (`fr.ts` ↔ the `en.ts` beside it). English may hold
// more: translations of French texts that come from domain/ (role labels, option lists).
const keysIn = (entries, file) => new Set(entries.filter((entry) => entry.file === file).map((entry) => entry.key));
const englishTwin = (file) => (path.basename(file) === 'fr.ts' ? path.join(path.dirname(file), 'en.ts') : file);
const untranslated = [...new Set(french.map((entry) => entry.file))].flatMap((file) => {
  const en = keysIn(english, englishTwin(file));
  return [...keysIn(french, file)].filter((key) => !en.has(key)).map((key) => `  ${key}  ${path.relative(ROOT, file)}`);
});
if (untranslated.length > 0) {
  console.error(`Labels without English text (${untranslated.length}):`);
  untranslated.forEach((line) => console.error(line));
  process.exit(1);
}

if (unused.length > 0) {
  console.error(`Unused labels (${unused.length}): no code reads them; remove them from fr and en.`);
  for (const { key, file, node } of unused) {
    const { line } = node.getSourceFile().getLineAndCharacterOfPosition(node.getStart());
    console.error(`  ${key}  ${path.relative(ROOT, file)}:${line + 1}`);
  }
  process.exit(1);
}
console.log(`labels: ${french.length} French labels, each read by the front end and translated`);
