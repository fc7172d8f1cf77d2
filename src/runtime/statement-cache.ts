/**
 * Most prepared statements one connection keeps. Statements are keyed by SQL text, and callers
 * bind values rather than inline them, so a process needs a few dozen shapes; the bound keeps a
 * server that runs for days from growing if some SQL is ever built per call.
 */
export const STATEMENT_CACHE_SIZE = 200;

/** What a runtime twin makes for one SQL text: the statement callers use and how to free it. */
export interface CachedStatement<S> {
  statement: S;
  /** Frees the native statement; a caller still holding `statement` must keep working (it re-prepares). */
  dispose(): void;
}

/**
 * A least-recently-used map from SQL text to prepared statement, shared by the bun:sqlite and
 * node:sqlite twins. Eviction disposes the statement's native handle at once instead of leaving
 * it to the garbage collector.
 */
export class StatementCache<S> {
  readonly #entries = new Map<string, CachedStatement<S>>();
  readonly #make: (sql: string) => CachedStatement<S>;
  readonly #capacity: number;

  constructor(make: (sql: string) => CachedStatement<S>, capacity = STATEMENT_CACHE_SIZE) {
    this.#make = make;
    this.#capacity = Math.max(1, capacity);
  }

  /** The statement for `sql`, prepared on first use; marks it most recently used. */
  get(sql: string): S {
    const hit = this.#entries.get(sql);
    if (hit) {
      // Map keeps insertion order: re-inserting moves the entry to the young end.
      this.#entries.delete(sql);
      this.#entries.set(sql, hit);
      return hit.statement;
    }
    const made = this.#make(sql);
    this.#entries.set(sql, made);
    if (this.#entries.size > this.#capacity) {
      const [oldest, entry] = this.#entries.entries().next().value as [string, CachedStatement<S>];
      this.#entries.delete(oldest);
      entry.dispose();
    }
    return made.statement;
  }

  /** Statements held now. */
  get size(): number {
    return this.#entries.size;
  }

  /** Disposes every statement (before the connection closes). */
  clear(): void {
    for (const entry of this.#entries.values()) entry.dispose();
    this.#entries.clear();
  }
}
