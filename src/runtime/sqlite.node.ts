import { DatabaseSync, type StatementSync } from "node:sqlite";
import { StatementCache } from "./statement-cache.ts";
import type { Database, OpenOptions, Params, Row, RunResult, Statement } from "./sqlite.types.ts";

export const runtimeName = "node";

/** Opens a database with node:sqlite (Node >= 22.13). Rows come back null-prototype; callers only read fields. */
export function openDatabase(path: string, options: OpenOptions): Database {
  const db = new DatabaseSync(path, {
    readOnly: options.readonly ?? false,
    timeout: Math.floor(options.busyTimeoutMs),
  });
  const cache = new StatementCache<Statement<any>>((sql) => {
    let raw: StatementSync | undefined = db.prepare(sql);
    // An evicted statement a caller still holds is prepared again on its next use.
    const live = () => (raw ??= db.prepare(sql));
    return {
      statement: {
        run(params?: Params): RunResult {
          const r = params ? live().run(params as any) : live().run();
          return { changes: Number(r.changes), lastInsertRowid: Number(r.lastInsertRowid) };
        },
        get(params?: Params) {
          return params ? live().get(params as any) : live().get();
        },
        all(params?: Params) {
          return params ? live().all(params as any) : live().all();
        },
      },
      // node:sqlite frees a statement when it is collected (it has no finalize): drop our reference.
      dispose() {
        raw = undefined;
      },
    };
  });
  return {
    path,
    exec: (sql) => db.exec(sql),
    prepare: <R = Row>(sql: string) => cache.get(sql) as Statement<R>,
    close() {
      cache.clear();
      db.close();
    },
  };
}
