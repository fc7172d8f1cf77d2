import { transaction, type Database } from "./db.ts";
import { dropDocIfOrphan } from "./index-source.ts";
import { forgetVocab } from "./vocab.ts";

interface PurgeResult {
  sources: number;
  chunks: number;
}

type PurgeTarget = { source: string } | { session: string } | { all: true };

/** Deletes sources (and chunks no other source shares) in one transaction; returns what went. */
export function purge(db: Database, target: PurgeTarget): PurgeResult {
  return transaction(db, () => {
    const where = "source" in target ? "label = $key" : "session" in target ? "session = $key" : "1 = 1";
    const params = "source" in target ? { key: target.source } : "session" in target ? { key: target.session } : undefined;
    const rows = db.prepare<{ id: number; doc_id: number }>(`SELECT id, doc_id FROM sources WHERE ${where}`).all(params);
    const before = chunkCount(db);
    if ("all" in target) {
      // Whole project: faster to empty every table than to walk docs.
      db.exec(
        "DELETE FROM sources; DELETE FROM chunks; DELETE FROM docs; DELETE FROM fts_pending;" +
          "INSERT INTO fts_words(fts_words) VALUES ('delete-all'); DELETE FROM fts_grams; DELETE FROM fts_titles;" +
          "DELETE FROM vocab; DELETE FROM store_meta WHERE key IN ('vocab_backfill', 'titles_backfill');",
      );
      forgetVocab(db);
      return { sources: rows.length, chunks: before };
    }
    const del = db.prepare("DELETE FROM sources WHERE id = $id");
    for (const r of rows) del.run({ id: r.id });
    for (const docId of new Set(rows.map((r) => r.doc_id))) dropDocIfOrphan(db, docId);
    return { sources: rows.length, chunks: before - chunkCount(db) };
  });
}

function chunkCount(db: Database): number {
  return Number(db.prepare<{ n: number }>("SELECT count(*) AS n FROM chunks").get()?.n ?? 0);
}

export interface SourceInfo {
  label: string;
  kind: string;
  origin: string;
  bytes: number;
  chunks: number;
  indexedAt: number;
  session: string;
}

/** Every source, newest first. */
export function listSources(db: Database): SourceInfo[] {
  return db
    .prepare<SourceInfo>(
      `SELECT s.label, d.kind, s.origin, d.bytes, d.chunk_count AS chunks, s.indexed_at AS indexedAt, s.session
     FROM sources s JOIN docs d ON d.id = s.doc_id ORDER BY s.indexed_at DESC, s.id DESC`,
    )
    .all();
}
