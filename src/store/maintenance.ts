import { statSync } from "node:fs";
import { fitCache, type Database } from "./db.ts";
import { FTS_TABLES, segmentCount, storeHealth, structureRecord } from "./fts-health.ts";

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
    const { segments, walBytes, dbBytes } = storeHealth(db, path);
    // The store grows over a session: its cache grows with it.
    fitCache(db, dbBytes);
    for (const table of FTS_TABLES) {
      if (segments[table] <= SEGMENT_LIMIT) continue;
      db.exec(`INSERT INTO ${table}(${table}, rank) VALUES ('merge', ${MERGE_PAGES})`);
      step.merged.push(table);
    }
    step.checkpointed = boundWal(db, walBytes);
  } catch {
    // busy or read-only: left to the next call
  }
  return step;
}

/**
 * Segments in one FTS5 index past which a read right after a run of indexing waits for them to be
 * merged: at 50 MB, the 13 segments a run of 193 ctx_index calls left cost a misspelt or pasted
 * query about 1 ms more than the 2 a merge leaves.
 */
export const READ_SEGMENTS_MAX = 4;

/** Whether an FTS5 index holds more than READ_SEGMENTS_MAX segments (a read of each structure record). */
export function mergeDue(db: Database): boolean {
  try {
    return FTS_TABLES.some((table) => {
      const block = structureRecord(db, table);
      return block !== undefined && segmentCount(block) > READ_SEGMENTS_MAX;
    });
  } catch {
    return false;
  }
}

/** Pages one idle merge step writes: 20-40 ms of work, so a call that comes in waits one step at most. */
const IDLE_MERGE_PAGES = 400;

/**
 * One step of the merging an idle server does: FTS5 merges the segments of a level once it has
 * two of them (usermerge 2, schema 10), so the indexes end with a segment or so per level instead
 * of up to 16 per level as indexing left them. At 50 MB that took searches from 13 segments to 2
 * and their time down by a third (bench/search-latency.ts); merging what 50 MB of indexing left
 * took about 0.8 s of steps. True when no index had anything left to merge; a merge with nothing
 * to do writes nothing. Busy or read-only: true, the next idle moment tries again.
 *
 * `above`: only an index with more segments than that is merged, as a read right after a run of
 * calls waits for (READ_SEGMENTS_MAX). FTS5 merges the level that holds most segments, which after
 * a run is the pile of small ones it left; levels above are left for the next idle moment once the
 * count is down (merging them all took 0.9 s after 50 MB, down to 4 about half that).
 */
export function mergeStep(db: Database, path: string, above = 0): boolean {
  try {
    for (const table of FTS_TABLES) {
      const before = structureRecord(db, table);
      if (!before || (above > 0 && segmentCount(before) <= above)) continue;
      db.exec(`INSERT INTO ${table}(${table}, rank) VALUES ('merge', ${IDLE_MERGE_PAGES})`);
      const after = structureRecord(db, table);
      if (!after || Buffer.compare(before, after) !== 0) {
        // The merged pages went to the WAL: bound it as a call's maintenance does.
        boundWal(db, statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0);
        return false;
      }
    }
  } catch {
    // busy or read-only
  }
  return true;
}

/** A TRUNCATE checkpoint when the WAL is past WAL_LIMIT_BYTES; true when it ran. */
function boundWal(db: Database, walBytes: number): boolean {
  if (walBytes <= WAL_LIMIT_BYTES) return false;
  db.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get();
  return true;
}
