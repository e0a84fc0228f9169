/** A read kept in memory: `read()` answers from memory while fresh, `invalidate()` forgets it. */
export interface CachedRead<T> {
  read(): Promise<T>;
  /** Call once the change is committed: the next `read()` runs `load` again. */
  invalidate(): void;
}

/**
 * Keeps what `load` answered for `ttlMs`. The process that writes invalidates it after its commit,
 * so its own next read sees the change; the expiry bounds how stale a write from another process
 * (or a plain lapse of time) can leave it. Concurrent reads share one `load` in flight; a failed
 * load is not kept.
 */
export function cachedRead<T>(
  load: () => Promise<T>,
  { ttlMs, now = Date.now }: { ttlMs: number; now?: () => number },
): CachedRead<T> {
  let kept: { value: Promise<T>; freshUntil: number } | undefined;
  return {
    read() {
      const at = now();
      if (kept && at < kept.freshUntil) return kept.value;
      const value = load();
      const entry = { value, freshUntil: at + ttlMs };
      kept = entry;
      value.catch(() => {
        if (kept === entry) kept = undefined;
      });
      return value;
    },
    invalidate() {
      kept = undefined;
    },
  };
}

/** Reads kept in memory by key; `load` is given at each read (it runs on the request's own connection). */
export interface CachedReads<K, T> {
  read(key: K, load: () => Promise<T>): Promise<T>;
  forget(key: K): void;
  forgetAll(): void;
}

/**
 * Keeps each key's answer for `ttlMs`, `maxEntries` keys at most (the oldest is forgotten first).
 * The loads in flight are kept too, so a key's concurrent reads share one load, and forgetting a
 * key drops its load in flight: an answer read before a change is never kept after it is known.
 */
export function cachedReads<K, T>({
  ttlMs,
  maxEntries,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): CachedReads<K, T> {
  const kept = new Map<K, { value: Promise<T>; freshUntil: number }>();
  return {
    read(key, load) {
      const at = now();
      const known = kept.get(key);
      if (known && at < known.freshUntil) return known.value;
      kept.delete(key);
      if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
      const value = load();
      const entry = { value, freshUntil: at + ttlMs };
      kept.set(key, entry);
      value.catch(() => {
        if (kept.get(key) === entry) kept.delete(key);
      });
      return value;
    },
    forget(key) {
      kept.delete(key);
    },
    forgetAll() {
      kept.clear();
    },
  };
}
