import { DatabaseSync } from "node:sqlite";
import type { Database, OpenOptions, Params, Row, RunResult, Statement } from "./sqlite.types.ts";

export const runtimeName = "node";

/** Opens a database with node:sqlite (Node >= 22.13). Rows come back null-prototype; callers only read fields. */
export function openDatabase(path: string, options: OpenOptions): Database {
  const db = new DatabaseSync(path, {
    readOnly: options.readonly ?? false,
    timeout: Math.floor(options.busyTimeoutMs),
  });
  const cache = new Map<string, Statement<any>>();
  return {
    path,
    exec: (sql) => db.exec(sql),
    prepare<R = Row>(sql: string): Statement<R> {
      let stmt = cache.get(sql) as Statement<R> | undefined;
      if (stmt) return stmt;
      const raw = db.prepare(sql);
      stmt = {
        run(params?: Params): RunResult {
          const r = params ? raw.run(params as any) : raw.run();
          return { changes: Number(r.changes), lastInsertRowid: Number(r.lastInsertRowid) };
        },
        get(params?: Params): R | undefined {
          return (params ? raw.get(params as any) : raw.get()) as R | undefined;
        },
        all(params?: Params): R[] {
          return (params ? raw.all(params as any) : raw.all()) as R[];
        },
      };
      cache.set(sql, stmt);
      return stmt;
    },
    close() {
      cache.clear();
      db.close();
    },
  };
}
