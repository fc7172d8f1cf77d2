/** The small SQLite surface the store needs; bun:sqlite and node:sqlite each implement it in one file. */
export type SqlValue = string | number | bigint | null | Uint8Array;
/** Named parameters, keyed without the `$` that the SQL uses (`WHERE id = $id` takes `{ id }`). */
export type Params = Record<string, SqlValue>;
export type Row = Record<string, SqlValue>;

export interface RunResult {
  changes: number;
  lastInsertRowid: number;
}

export interface Statement<R = Row> {
  run(params?: Params): RunResult;
  /** The first row, or undefined when there is none (both runtimes agree on undefined). */
  get(params?: Params): R | undefined;
  all(params?: Params): R[];
}

export interface Database {
  readonly path: string;
  exec(sql: string): void;
  /** Prepared statements are cached per SQL text (the 200 most recently used; bind values, do not inline them). */
  prepare<R = Row>(sql: string): Statement<R>;
  close(): void;
}

export interface OpenOptions {
  readonly?: boolean;
  busyTimeoutMs: number;
}
