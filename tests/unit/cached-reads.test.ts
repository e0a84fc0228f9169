import { cachedReads } from '../../api/lib/cached-read';
import { parseReadChange } from '../../db/read-changes';

/** The api's kept reads (`cachedReads`) and the database's change notices they follow. */

function counting<T>(answers: T[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    load: () => Promise.resolve(answers[calls++ % answers.length]),
  };
}

test('a key is read once while fresh, again once its time is up', async () => {
  let clock = 0;
  const reads = cachedReads<string, string>({ ttlMs: 1_000, maxEntries: 10, now: () => clock });
  const source = counting(['a', 'b']);
  expect(await reads.read('k', source.load)).toBe('a');
  clock = 999;
  expect(await reads.read('k', source.load)).toBe('a');
  clock = 1_000;
  expect(await reads.read('k', source.load)).toBe('b');
  expect(source.calls).toBe(2);
});

test('concurrent reads of a key share one load; other keys load their own', async () => {
  const reads = cachedReads<string, number>({ ttlMs: 60_000, maxEntries: 10 });
  let calls = 0;
  const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 10));
  const answers = await Promise.all([reads.read('a', load), reads.read('a', load), reads.read('b', load)]);
  expect(answers).toEqual([1, 1, 2]);
});

test('forgetting a key drops its load in flight: an answer read before a change is not kept after it', async () => {
  const reads = cachedReads<string, string>({ ttlMs: 60_000, maxEntries: 10 });
  let release!: (value: string) => void;
  const before = reads.read('k', () => new Promise((resolve) => (release = resolve)));
  reads.forget('k');
  release('avant');
  expect(await before).toBe('avant');
  expect(await reads.read('k', () => Promise.resolve('après'))).toBe('après');
});

test('forgetAll forgets every key; forget only its own', async () => {
  const reads = cachedReads<string, string>({ ttlMs: 60_000, maxEntries: 10 });
  await reads.read('a', () => Promise.resolve('a1'));
  await reads.read('b', () => Promise.resolve('b1'));
  reads.forget('a');
  expect(await reads.read('a', () => Promise.resolve('a2'))).toBe('a2');
  expect(await reads.read('b', () => Promise.resolve('b2'))).toBe('b1');
  reads.forgetAll();
  expect(await reads.read('a', () => Promise.resolve('a3'))).toBe('a3');
  expect(await reads.read('b', () => Promise.resolve('b3'))).toBe('b3');
});

test('a failed load is not kept', async () => {
  const reads = cachedReads<string, string>({ ttlMs: 60_000, maxEntries: 10 });
  await expect(reads.read('k', () => Promise.reject(new Error('base indisponible')))).rejects.toThrow(
    'base indisponible',
  );
  expect(await reads.read('k', () => Promise.resolve('ok'))).toBe('ok');
});

test('past maxEntries the oldest key is forgotten first', async () => {
  const reads = cachedReads<number, string>({ ttlMs: 60_000, maxEntries: 3 });
  for (const key of [1, 2, 3, 4]) await reads.read(key, () => Promise.resolve(`v${key}`));
  expect(await reads.read(1, () => Promise.resolve('relu'))).toBe('relu');
  expect(await reads.read(4, () => Promise.resolve('relu'))).toBe('v4');
});

test("the database's change notices name a project, a page, a user, or everything", () => {
  const id = '0b7f3c1e-9a58-4a43-8f43-1b2f7e3c9d10';
  expect(parseReadChange(`project ${id}`)).toEqual({ kind: 'project', projectId: id });
  expect(parseReadChange(`page ${id}`)).toEqual({ kind: 'page', projectId: id });
  expect(parseReadChange(`user ${id}`)).toEqual({ kind: 'user', userId: id });
  expect(parseReadChange('all')).toEqual({ kind: 'all' });
  // A notice it cannot read forgets everything rather than nothing.
  expect(parseReadChange('')).toEqual({ kind: 'all' });
  expect(parseReadChange('project')).toEqual({ kind: 'all' });
  expect(parseReadChange(`autre ${id}`)).toEqual({ kind: 'all' });
});
