import { expect, test } from "bun:test";
import { openDatabase } from "#sqlite";
import { STATEMENT_CACHE_SIZE, StatementCache } from "../../src/runtime/statement-cache.ts";

test("the least recently used statement goes first, and is disposed when it goes", () => {
  const disposed: string[] = [];
  const cache = new StatementCache((sql) => ({ statement: { sql }, dispose: () => disposed.push(sql) }), 3);
  const a = cache.get("a");
  cache.get("b");
  cache.get("c");
  expect(cache.get("a")).toBe(a); // a is now the youngest
  cache.get("d");
  expect({ disposed, size: cache.size }).toEqual({ disposed: ["b"], size: 3 });
  cache.clear();
  expect({ disposed: disposed.sort(), size: cache.size }).toEqual({ disposed: ["a", "b", "c", "d"], size: 0 });
});

test("a connection keeps at most STATEMENT_CACHE_SIZE statements, and one held past its eviction still runs", () => {
  const db = openDatabase(":memory:", { busyTimeoutMs: 1000 });
  try {
    db.exec("CREATE TABLE t(x INTEGER)");
    const insert = db.prepare("INSERT INTO t(x) VALUES ($x)");
    insert.run({ x: 1 });
    // Distinct SQL texts, as a caller that inlined values would make.
    for (let i = 0; i < STATEMENT_CACHE_SIZE * 3; i++) expect(db.prepare<{ v: number }>(`SELECT ${i} AS v`).get()?.v).toBe(i);
    insert.run({ x: 2 });
    expect(db.prepare<{ n: number }>("SELECT count(*) AS n FROM t").get()?.n).toBe(2);
    expect(db.prepare("SELECT 1 AS v")).toBe(db.prepare("SELECT 1 AS v"));
  } finally {
    db.close();
  }
});
