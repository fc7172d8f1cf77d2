/**
 * Full-text rows written later. A source indexed with `deferSearch` has its chunks stored at once
 * and its doc listed in fts_pending; flushPending writes the porter and trigram rows (and the new
 * vocabulary words) of listed docs. A server flushes when it goes idle; every search path that
 * must see what was just indexed flushes first, so nothing indexed is ever missing from a search.
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
