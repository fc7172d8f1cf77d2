import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { changeStamp, fitCache, migrate, openStore, schemaVersion, transaction } from "../../src/store/db.ts";
import { maintainStore } from "../../src/store/maintenance.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { SCHEMA_VERSION } from "../../src/store/schema.ts";
import { search } from "../../src/store/search.ts";
import { tempDir } from "../helpers/temp.ts";

const opts = { busyTimeoutMs: 5000 };

describe("openStore", () => {
  test("creates the database in WAL mode at the current schema version, leaving no temp files", () => {
    const dir = tempDir();
    const path = join(dir, "nested", "context.db");
    const db = openStore(path, opts);
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(db.prepare<{ journal_mode: string }>("PRAGMA journal_mode").get()?.journal_mode).toBe("wal");
    db.close();
    expect(existsSync(path)).toBe(true);
    expect(readdirSync(join(dir, "nested")).filter((f) => f.includes(".tmp-"))).toEqual([]);
  });

  test("migrates an older database forward and keeps what it held", () => {
    const path = join(tempDir(), "context.db");
    const old = openStore(path, { ...opts, targetVersion: 1 });
    expect(schemaVersion(old)).toBe(1);
    indexSource(old, { label: "notes.md", text: "# Deploy\nrun the migration before the deploy\n", kind: "markdown", maxChunk: 4096 });
    old.close();

    const db = openStore(path, opts);
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(db.prepare("SELECT count(*) AS n FROM tool_stats").get()).toEqual({ n: 0 });
    expect(search(db, "migration", { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]?.source).toBe("notes.md");
    migrate(db); // a second run is a no-op
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    db.close();
  });

  test("a read-only open of a missing database says how to create it", () => {
    expect(() => openStore(join(tempDir(), "none.db"), { ...opts, readonly: true })).toThrow(/ctxmode index/);
  });

  test("a failed transaction rolls back", () => {
    const db = openStore(join(tempDir(), "context.db"), opts);
    expect(() =>
      transaction(db, () => {
        db.exec("INSERT INTO docs(sha256, kind, bytes, chunk_count, code_count) VALUES ('x', 'text', 1, 0, 0)");
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(db.prepare("SELECT count(*) AS n FROM docs").get()).toEqual({ n: 0 });
    db.close();
  });
});

test("a connection's page cache is a sixteenth of its database, from SQLite's 2 MB to 16 MB, and grows with the store", () => {
  const path = join(tempDir(), "context.db");
  const db = openStore(path, opts);
  const cacheKib = () => -Number(db.prepare<{ cache_size: number }>("PRAGMA cache_size").get()?.cache_size);
  expect(cacheKib()).toBe(2000);
  fitCache(db, 128 * 1024 * 1024);
  expect(cacheKib()).toBe(8192);
  fitCache(db, 4 * 1024 * 1024 * 1024);
  expect(cacheKib()).toBe(16000);
  fitCache(db, 0);
  expect(cacheKib()).toBe(2000);
  // The server's step after each call sizes it to the file as it now is.
  db.exec("CREATE TABLE pad (b BLOB); INSERT INTO pad VALUES (zeroblob(48 * 1024 * 1024)); PRAGMA wal_checkpoint(TRUNCATE);");
  maintainStore(db, path);
  const bytes = statSync(path).size;
  expect(bytes).toBeGreaterThan(32 * 1024 * 1024);
  expect(cacheKib()).toBe(Math.round(bytes / 1024 / 16));
  db.close();
});

test("changeStamp moves with a commit of this connection or another, and only then", () => {
  const path = join(tempDir(), "context.db");
  const a = openStore(path, { busyTimeoutMs: 5000 });
  const b = openStore(path, { busyTimeoutMs: 5000 });
  const first = changeStamp(a);
  a.prepare("SELECT count(*) AS n FROM chunks").get();
  expect(changeStamp(a)).toBe(first);
  transaction(b, () => b.exec("INSERT INTO store_meta(key, value) VALUES ('probe', '1')"));
  const second = changeStamp(a);
  expect(second).not.toBe(first);
  transaction(a, () => a.exec("UPDATE store_meta SET value = '2' WHERE key = 'probe'"));
  expect(changeStamp(a)).not.toBe(second);
  a.close();
  b.close();
});
