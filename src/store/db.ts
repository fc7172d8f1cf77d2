import { openDatabase } from "#sqlite";
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { CtxError, errorMessage } from "../errors.ts";
import { explainStoreError } from "./db-errors.ts";
import type { Database } from "../runtime/sqlite.types.ts";
import { MIGRATIONS, SCHEMA_VERSION } from "./schema.ts";

export type { Database } from "../runtime/sqlite.types.ts";

interface OpenStoreOptions {
  busyTimeoutMs: number;
  readonly?: boolean;
  /** Stop migrating at this version (tests build older databases with it). */
  targetVersion?: number;
}

/**
 * Opens (creating if needed) a project database in WAL mode and migrates it forward.
 * A new database is built under a temporary name and renamed into place, so a reader never
 * sees a half-made schema and two processes creating it at once both end up on one file.
 */
export function openStore(path: string, options: OpenStoreOptions): Database {
  try {
    return openOrCreate(path, options);
  } catch (err) {
    throw explainStoreError(err, dirname(path)) ?? err;
  }
}

function openOrCreate(path: string, options: OpenStoreOptions): Database {
  const target = options.targetVersion ?? SCHEMA_VERSION;
  if (!existsSync(path)) {
    if (options.readonly) throw new CtxError("NOT_FOUND", `no index yet at ${path}; run \`ctxmode index <path>\` first`);
    createFresh(path, options.busyTimeoutMs, target);
  }
  let db: Database;
  try {
    db = openDatabase(path, { busyTimeoutMs: options.busyTimeoutMs, readonly: options.readonly });
  } catch (err) {
    throw new CtxError("DB_ERROR", `cannot open ${path}: ${errorMessage(err)}`, { cause: err });
  }
  try {
    if (!options.readonly) {
      db.exec("PRAGMA journal_mode = WAL");
      db.exec("PRAGMA synchronous = NORMAL");
      migrate(db, target);
    }
    db.exec("PRAGMA foreign_keys = ON");
    fitCache(db, statSync(path, { throwIfNoEntry: false })?.size ?? 0);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

function createFresh(path: string, busyTimeoutMs: number, target: number): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  try {
    const db = openDatabase(tmp, { busyTimeoutMs });
    try {
      probeFts5(db);
      // 8 KB pages hold a 4 KB chunk without an overflow page (4 KB pages would spill every full chunk).
      db.exec("PRAGMA page_size = 8192");
      migrate(db, target);
      db.exec("PRAGMA journal_mode = WAL");
    } finally {
      db.close();
    }
    // Another process may have won the race; its file is as good as ours.
    if (existsSync(path)) rmSync(tmp, { force: true });
    else renameSync(tmp, path);
  } finally {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(tmp + suffix, { force: true });
  }
}

/** Throws FTS5_MISSING when the linked SQLite lacks FTS5 or its trigram tokenizer. */
function probeFts5(db: Database): void {
  try {
    db.exec("CREATE VIRTUAL TABLE temp.ctxmode_probe USING fts5(x, tokenize='trigram'); DROP TABLE temp.ctxmode_probe;");
  } catch (err) {
    throw new CtxError("FTS5_MISSING", `this SQLite has no FTS5 trigram support (${errorMessage(err)}); use the official ctxmode binary or Node >= 22.13`, {
      cause: err,
    });
  }
}

function userVersion(db: Database): number {
  return Number(db.prepare<{ user_version: number }>("PRAGMA user_version").get()?.user_version ?? 0);
}

/** Applies pending migrations in one IMMEDIATE transaction, re-reading the version under the lock. */
export function migrate(db: Database, target = SCHEMA_VERSION): void {
  if (userVersion(db) >= target) return;
  transaction(db, () => {
    const from = userVersion(db);
    for (let v = from; v < target; v++) {
      const step = MIGRATIONS[v]!;
      if (typeof step === "string") db.exec(step);
      else step(db);
    }
    if (from < target) db.exec(`PRAGMA user_version = ${target}`);
  });
}

/** Each connection's page cache, in KiB, as last set (see fitCache). */
const cacheKib = new WeakMap<Database, number>();
/** SQLite's default page cache (2 MB), and the most a connection to a large store gets. */
const CACHE_MIN_KIB = 2000;
const CACHE_MAX_KIB = 16000;

/**
 * Sizes a connection's page cache to its database: a sixteenth of the file, from SQLite's
 * default 2 MB up to 16 MB. The FTS5 pages a 50 MB store's searches keep reading (segment
 * roots, the long posting lists' first pages, the document sizes BM25 reads) are 8-16 MB; with
 * 2 MB each search read them again (frequent-word and pasted-line searches 15-25% slower). A
 * small store keeps the default, and the cache is only a bound: pages are held as they are read.
 */
export function fitCache(db: Database, dbBytes: number): void {
  const kib = Math.round(Math.min(CACHE_MAX_KIB, Math.max(CACHE_MIN_KIB, dbBytes / 1024 / 16)));
  // A new connection starts at SQLite's default: a small store (every hook's) sets nothing.
  if ((cacheKib.get(db) ?? CACHE_MIN_KIB) === kib) return;
  db.exec(`PRAGMA cache_size = -${kib}`);
  cacheKib.set(db, kib);
}

/** Tables and `table.column`s each connection was seen to have (they only appear, by a migration). */
const tables = new WeakMap<Database, Set<string>>();

/**
 * Whether the database has table `name`: a database of an older schema opened read-only (the
 * CLI's search, doctor) is not migrated, and then the feature the table serves is skipped.
 */
export function hasTable(db: Database, name: string): boolean {
  let seen = tables.get(db);
  if (seen?.has(name)) return true;
  if (db.prepare("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = $name").get({ name }) === undefined) return false;
  if (!seen) tables.set(db, (seen = new Set()));
  seen.add(name);
  return true;
}

/** Whether table `table` has column `column` (a database held at an older schema may lack it). */
export function hasColumn(db: Database, table: string, column: string): boolean {
  const key = `${table}.${column}`;
  let seen = tables.get(db);
  if (seen?.has(key)) return true;
  const found = db.prepare("SELECT 1 AS x FROM pragma_table_info($table) WHERE name = $column").get({ table, column }) !== undefined;
  if (!found) return false;
  if (!seen) tables.set(db, (seen = new Set()));
  seen.add(key);
  return true;
}

/** Transactions this process committed through each connection (see changeStamp). */
const commits = new WeakMap<Database, number>();

/**
 * Changes whenever the database may have changed since the last call with the same connection: a
 * commit of another connection (SQLite's data_version) or one of this connection's transactions.
 * Two integer reads, so per-connection caches can check it on every query.
 */
export function changeStamp(db: Database): string {
  const version = pinned?.db === db ? pinned.version : dataVersion(db);
  return `${version}:${commits.get(db) ?? 0}`;
}

/** SQLite's count of other connections' commits, as this connection sees it. */
const dataVersion = (db: Database) => db.prepare<{ data_version: number }>("PRAGMA data_version").get()?.data_version ?? 0;

/** The connection whose data_version one read stands for while `withOneSnapshot` runs. */
let pinned: { db: Database; version: number } | undefined;

/**
 * Runs `read` with other connections' commits looked for once, not at every cache check inside
 * it: a search checks its cached word counts dozens of times (a PRAGMA each, 5% of a pasted
 * line's search), and counts a moment old serve it as well. This connection's own transactions
 * still count at once.
 */
export function withOneSnapshot<T>(db: Database, read: () => T): T {
  if (pinned) return read();
  pinned = { db, version: dataVersion(db) };
  try {
    return read();
  } finally {
    pinned = undefined;
  }
}

/** Runs `fn` inside BEGIN IMMEDIATE … COMMIT (node:sqlite has no transaction helper; bun's is not shared). */
export function transaction<T>(db: Database, fn: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = fn();
    db.exec("COMMIT");
    commits.set(db, (commits.get(db) ?? 0) + 1);
    return result;
  } catch (err) {
    try {
      db.exec("ROLLBACK");
    } catch {
      // The transaction may already be gone (e.g. SQLITE_FULL rolled it back); the first error matters.
    }
    throw err;
  }
}

export function schemaVersion(db: Database): number {
  return userVersion(db);
}
