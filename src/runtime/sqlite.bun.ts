import { Database as BunDatabase } from "bun:sqlite";
import type { Database, OpenOptions, Params, Row, RunResult, Statement } from "./sqlite.types.ts";

export const runtimeName = "bun";

/** Opens a database with bun:sqlite. `strict` lets named params be passed without their `$` prefix. */
export function openDatabase(path: string, options: OpenOptions): Database {
  const db = options.readonly
    ? new BunDatabase(path, { readonly: true, strict: true })
    : new BunDatabase(path, { create: true, readwrite: true, strict: true });
  db.run(`PRAGMA busy_timeout = ${Math.floor(options.busyTimeoutMs)}`);
  const cache = new Map<string, Statement<any>>();
  return {
    path,
    exec: (sql) => db.run(sql),
    prepare<R = Row>(sql: string): Statement<R> {
      let stmt = cache.get(sql) as Statement<R> | undefined;
      if (stmt) return stmt;
      const raw = db.prepare(sql);
      stmt = {
        run(params?: Params): RunResult {
          const r = params ? raw.run(params as any) : raw.run();
          return { changes: r.changes, lastInsertRowid: Number(r.lastInsertRowid) };
        },
        get(params?: Params): R | undefined {
          const row = params ? raw.get(params as any) : raw.get();
          return (row ?? undefined) as R | undefined;
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
      db.close(false);
    },
  };
}
