// Worker thread for large index runs: chunks batch N+1 while the main thread writes batch N, and
// copies committed pages from the WAL into the database file (a checkpoint) while it writes more.
import { parentPort } from "node:worker_threads";
import { openDatabase } from "#sqlite";
import type { Database } from "../runtime/sqlite.types.ts";
import { prepareSource, type ChunkJob } from "./prepare-chunks.ts";
import { packSources } from "./prepare-pack.ts";
import { WordHashes } from "./word-hashes.ts";

// Words already sent to the writer in this run (a worker serves one database): each goes once.
const sent = new WordHashes();

parentPort?.on("message", (msg: { batch: number; jobs: ChunkJob[] } | { checkpoint: string }) => {
  if ("checkpoint" in msg) return checkpoint(msg.checkpoint);
  try {
    const packed = packSources(msg.jobs.map((job) => prepareSource(job, sent)));
    parentPort!.postMessage({ batch: msg.batch, packed }, [packed.lengths.buffer as ArrayBuffer, packed.numbers.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort!.postMessage({ batch: msg.batch, error: err instanceof Error ? err.message : String(err) });
  }
});

/**
 * A PASSIVE checkpoint never waits for a lock and never blocks the writer; whatever it cannot copy
 * now the next one (or SQLite's own autocheckpoint afterwards) does. Failure only costs speed.
 */
function checkpoint(path: string): void {
  let db: Database | undefined;
  try {
    // Opened per call (a few per index run): nothing stays open when the worker is terminated.
    db = openDatabase(path, { busyTimeoutMs: 0 });
    db.exec("PRAGMA wal_checkpoint(PASSIVE)");
  } catch {
    // A busy or vanished database: the writer's own autocheckpoint catches up later.
  } finally {
    db?.close();
  }
}
