/**
 * Full-text rows written later. A source indexed with `deferSearch` (a server's ctx_index, a
 * hook's replaced output) has its chunks stored at once and its doc listed in fts_pending;
 * flushPending writes the porter and trigram rows (and the new vocabulary words) of listed docs.
 * A server flushes when it goes idle, boundPending keeps what waits under a cap, and every search
 * path that must see what was just indexed flushes first, so nothing indexed is ever missing from a search.
 */
import { hasTable, transaction, type Database } from "./db.ts";
import { writeWaitingRows } from "./index-source.ts";
import { knownWords, recordVocab, type WordSink } from "./vocab.ts";

/** True when some stored doc still waits for its full-text rows. */
export function hasPending(db: Database): boolean {
  return hasTable(db, "fts_pending") && db.prepare("SELECT 1 AS x FROM fts_pending LIMIT 1").get() !== undefined;
}

/** Bytes of text waiting for full-text rows. */
export function waitingBytes(db: Database): number {
  if (!hasPending(db)) return 0;
  return Number(db.prepare<{ n: number | null }>("SELECT sum(d.bytes) AS n FROM fts_pending p JOIN docs d ON d.id = p.doc_id").get()?.n ?? 0);
}

/**
 * Writes the full-text rows of waiting docs, oldest first, in one IMMEDIATE transaction, until
 * at least `maxBytes` of text is done (all of them by default). Returns true when none is left.
 */
export function flushPending(db: Database, maxBytes = Number.POSITIVE_INFINITY): boolean {
  if (!hasPending(db)) return true;
  return transaction(db, () => {
    // Read again under the write lock: another process may have flushed meanwhile.
    db.exec("DELETE FROM fts_pending WHERE doc_id NOT IN (SELECT id FROM docs)");
    const docs = db
      .prepare<{ doc_id: number; bytes: number }>("SELECT p.doc_id, d.bytes FROM fts_pending p JOIN docs d ON d.id = p.doc_id ORDER BY p.doc_id")
      .all();
    const sink: WordSink = { into: new Set<string>(), known: knownWords(db) };
    let done = 0;
    let bytes = 0;
    for (const { doc_id, bytes: size } of docs) {
      if (bytes >= maxBytes) break;
      writeWaitingRows(db, doc_id, sink);
      bytes += size;
      done++;
    }
    recordVocab(db, [...sink.into].join(" "));
    return done === docs.length;
  });
}

/**
 * Most text left waiting for its full-text rows: calls that come back to back (a script, no model
 * turn between them) write the oldest beyond it themselves, so the next search never has more
 * than about a second of that work to do first.
 */
export const BACKLOG_BYTES = 8 * 1024 * 1024;
/**
 * A call over the cap writes this much more than the excess, in the same transaction: FTS5 pays
 * a segment flush and merge work per commit, so writing 1 MB every fourth call instead of 256 KB
 * every call cut the commits' share (50 MB back to back, in process: 49 -> 21 ms per MB written).
 * The backlog left for the next search is at most this much smaller, so it stays small.
 */
export const BACKLOG_SLACK = 1024 * 1024;

/**
 * Writes the oldest waiting full-text rows once more than `cap` bytes of text wait: a server's
 * ctx_index after each call, and a hook after each output it replaces (a project whose server is
 * never asked anything gets no idle flush, so without this its next search would pay for every
 * output replaced since).
 */
export function boundPending(db: Database, cap = BACKLOG_BYTES, slack = BACKLOG_SLACK): void {
  const over = waitingBytes(db) - cap;
  if (over > 0) flushPending(db, over + slack);
}
