import { Database as BunDatabase, type Statement as BunStatement } from "bun:sqlite";
import { StatementCache } from "./statement-cache.ts";
import type { Database, OpenOptions, Params, Row, RunResult, Statement } from "./sqlite.types.ts";

export const runtimeName = "bun";

/** Opens a database with bun:sqlite. `strict` lets named params be passed without their `$` prefix. */
export function openDatabase(path: string, options: OpenOptions): Database {
  const db = options.readonly
    ? new BunDatabase(path, { readonly: true, strict: true })
    : new BunDatabase(path, { create: true, readwrite: true, strict: true });
  db.run(`PRAGMA busy_timeout = ${Math.floor(options.busyTimeoutMs)}`);
  const cache = new StatementCache<Statement<any>>((sql) => {
    let raw: BunStatement | undefined = db.prepare(sql);
    // An evicted statement a caller still holds is prepared again on its next use.
    const live = () => (raw ??= db.prepare(sql));
    return {
      statement: {
        run(params?: Params): RunResult {
          const r = params ? live().run(params as any) : live().run();
          return { changes: r.changes, lastInsertRowid: Number(r.lastInsertRowid) };
        },
        get(params?: Params) {
          const row = params ? live().get(params as any) : live().get();
          return row ?? undefined;
        },
        all(params?: Params) {
          return params ? live().all(params as any) : live().all();
        },
      },
      dispose() {
        raw?.finalize();
        raw = undefined;
      },
    };
  });
  return {
    path,
    exec: (sql) => db.run(sql),
    prepare: <R = Row>(sql: string) => cache.get(sql) as Statement<R>,
    close() {
      cache.clear();
      db.close(false);
    },
  };
}
