import type { Database } from "./db.ts";
import { FTS_TABLES, storeHealth } from "./fts-health.ts";

/**
 * A WAL past this is copied back and truncated. SQLite's own autocheckpoint (1,000 pages) copies
 * frames but can restart the WAL only when no reader is using it; with a server and hook
 * processes reading all the time that moment never comes, and a 1,000-call soak grew the WAL to
 * 150 MB. A TRUNCATE checkpoint waits (within the busy timeout) for the readers to move on.
 */
export const WAL_LIMIT_BYTES = 16 * 1024 * 1024;
/** Segments per FTS5 index past which a merge step runs; every query reads every segment. */
export const SEGMENT_LIMIT = 24;
/** Pages one merge step may write (FTS5 'merge' with a positive count): a few ms of work. */
const MERGE_PAGES = 400;

export interface MaintenanceStep {
  checkpointed: boolean;
  merged: string[];
}

/**
 * Keeps a long-lived connection's files bounded: a TRUNCATE checkpoint when the WAL is past
 * `WAL_LIMIT_BYTES`, and a bounded merge step for an FTS5 index past `SEGMENT_LIMIT` segments.
 * Two stats and two one-row reads when nothing is due; the server calls it after each request. Never throws: a busy
 * database only means the next call tries again.
 */
export function maintainStore(db: Database, path: string): MaintenanceStep {
  const step: MaintenanceStep = { checkpointed: false, merged: [] };
  try {
    const { segments, walBytes } = storeHealth(db, path);
    for (const table of FTS_TABLES) {
      if (segments[table] <= SEGMENT_LIMIT) continue;
      db.exec(`INSERT INTO ${table}(${table}, rank) VALUES ('merge', ${MERGE_PAGES})`);
      step.merged.push(table);
    }
    if (walBytes > WAL_LIMIT_BYTES) {
      db.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get();
      step.checkpointed = true;
    }
  } catch {
    // busy or read-only: left to the next call
  }
  return step;
}
