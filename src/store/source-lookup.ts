import type { Database } from "./db.ts";
import type { SourceInfo } from "./purge.ts";

/** One source by its exact label, or undefined. */
export function findSource(db: Database, label: string): SourceInfo | undefined {
  return db
    .prepare<SourceInfo>(
      `SELECT s.label, d.kind, s.origin, d.bytes, d.chunk_count AS chunks, s.indexed_at AS indexedAt, s.session
     FROM sources s JOIN docs d ON d.id = s.doc_id WHERE s.label = $label`,
    )
    .get({ label });
}

/** The chunk titles of a source, in order. */
export function sourceTitles(db: Database, label: string): string[] {
  return db
    .prepare<{ title: string }>("SELECT c.title AS title FROM chunks c JOIN sources s ON s.doc_id = c.doc_id WHERE s.label = $label ORDER BY c.seq")
    .all({ label })
    .map((r) => r.title);
}
