/**
 * Full-text rows written later. A source indexed with `deferSearch` has its chunks stored at once
 * and its doc listed in fts_pending; flushPending writes the porter and trigram rows (and the new
 * vocabulary words) of listed docs. A server flushes when it goes idle; every search path that
 * must see what was just indexed flushes first, so nothing indexed is ever missing from a search.
 */
import { transaction, type Database } from "./db.ts";
import { writeWaitingRows } from "./index-source.ts";
import { knownWords, recordVocab, type WordSink } from "./vocab.ts";

const pendingTable = new WeakMap<Database, boolean>();

/** Whether the database has fts_pending (schema 7; a read-only connection to an older one has not). */
export function hasPendingTable(db: Database): boolean {
  let has = pendingTable.get(db);
  if (has === undefined) {
    has = db.prepare("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'fts_pending'").get() !== undefined;
    pendingTable.set(db, has);
  }
  return has;
}

/** True when some stored doc still waits for its full-text rows. */
export function hasPending(db: Database): boolean {
  return hasPendingTable(db) && db.prepare("SELECT 1 AS x FROM fts_pending LIMIT 1").get() !== undefined;
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
