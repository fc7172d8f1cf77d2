// Worker thread of a server's indexing spool (spool.ts): applies the server's spool files to the
// database on its own connection, a slice per transaction, while the main thread answers calls.
import { parentPort, workerData } from "node:worker_threads";
import type { Database } from "../runtime/sqlite.types.ts";
import { openStore } from "./db.ts";
import { maintainStore, mergeStep, READ_SEGMENTS_MAX } from "./maintenance.ts";
import { applySpools, type GivenSource } from "./spool.ts";
import { upgradePending, upgradeStep } from "./upgrade.ts";

/** What the worker is told at start. */
export interface SpoolWorkerData {
  dbPath: string;
  root: string;
  spool: string;
  busyTimeoutMs: number;
}

/**
 * Main thread → worker: a file written, and what it holds (so the worker need not read it back);
 * or, when the server is idle, merge the FTS5 segments (maintenance.ts mergeStep) until a file
 * comes or nothing is left, off the thread that answers calls; or, for a read right after a run
 * of calls (`"down"`), merge only until no index holds more than a read should seek
 * (maintenance.ts mergeStep `above`).
 */
export type SpoolWorkerMessage = { seq: number; source: GivenSource } | { merge: true | "down" };

/**
 * Worker → main thread: how far the spool is applied, why a slice failed, or that it is done with
 * the words and the maintenance after a run (`settled`: the messages it had received by then) and
 * no longer holds the write lock.
 */
export type SpoolWorkerReply = { mark: number } | { error: string } | { settled: number };

/**
 * Text per transaction (about 110 ms of writes): FTS5 pays a segment flush and merge work per
 * commit, so much smaller slices cost more per MB, and a hook writing meanwhile waits up to one.
 */
const SLICE_BYTES = 2 * 1024 * 1024;

/** Chunks read into the vocabulary per transaction once caught up (about 4 MB of the bench corpus). */
const VOCAB_BATCH_CHUNKS = 2000;

const data = workerData as SpoolWorkerData;
const given = new Map<string, GivenSource>();
let newest = 0;
let applied = 0;
let scheduled = false;
let merging: boolean | "down" = false;
/** Messages received: the main thread counts a `settled` as current only once it covers every message it sent. */
let received = 0;
let db: Database | undefined;

parentPort?.on("message", (msg: SpoolWorkerMessage) => {
  received++;
  // A full merge asked for meanwhile takes in the lighter one.
  if ("merge" in msg) merging = merging === true || msg.merge === true ? true : "down";
  else {
    given.set(`${data.spool}/${msg.seq}`, msg.source);
    newest = Math.max(newest, msg.seq);
    // A run of calls goes on: merging waits for the server's next idle moment.
    merging = false;
  }
  schedule();
});

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(run);
}

/** One slice per turn, so the messages that came meanwhile raise `newest` before the next. */
function run(): void {
  scheduled = false;
  try {
    if (!db) {
      db = openStore(data.dbPath, { busyTimeoutMs: data.busyTimeoutMs });
      // Copy the WAL back every 32 MB instead of 8: each copy syncs the database file, and
      // applying 30 MB took 7% less. A caught-up worker truncates it past 16 MB (maintainStore).
      db.exec("PRAGMA wal_autocheckpoint = 4000");
    }
    if (applied === newest) {
      caughtUp(db);
      return;
    }
    const before = applied;
    const { marks } = applySpools(db, data.root, { only: data.spool, given, maxBytes: SLICE_BYTES, upTo: newest, deferWords: true });
    applied = Math.max(applied, marks.get(data.spool) ?? 0);
    for (const key of given.keys()) if (Number(key.slice(data.spool.length + 1)) <= applied) given.delete(key);
    if (applied < newest && applied === before) throw new Error(`spool file ${applied + 1} of ${data.spool} is missing`);
    parentPort!.postMessage({ mark: applied } satisfies SpoolWorkerReply);
    if (applied < newest) schedule();
    else caughtUp(db);
  } catch (err) {
    parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies SpoolWorkerReply);
  }
}

/**
 * Nothing left to apply: read the words of the chunks just written into the spelling
 * vocabulary, a batch per turn (a new file waiting goes first), then bound the WAL, here, where
 * the writes were; when asked, merge segments a step per turn. A busy database leaves the words
 * for the next turn.
 */
function caughtUp(db: Database): void {
  try {
    if (upgradePending(db) && !upgradeStep(db, VOCAB_BATCH_CHUNKS)) {
      schedule();
      return;
    }
  } catch {
    // busy: the next catch-up, the server's next start or a CLI command reads them in
  }
  maintainStore(db, data.dbPath);
  if (merging && !mergeStep(db, data.dbPath, merging === "down" ? READ_SEGMENTS_MAX : 0)) {
    schedule();
    return;
  }
  merging = false;
  parentPort!.postMessage({ settled: received } satisfies SpoolWorkerReply);
}
