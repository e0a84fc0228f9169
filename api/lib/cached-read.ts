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
