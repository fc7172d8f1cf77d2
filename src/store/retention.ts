import { transaction, type Database } from "./db.ts";
import { dropDocIfOrphan } from "./index-source.ts";

/**
 * Deletes sources last indexed before `cutoffMs` whose origin starts with one of `originPrefixes`
 * (e.g. fetched pages: `http://`, `https://`), and the content only they held. Looks first and
 * takes the write lock only when something is due, so a no-op costs one read.
 */
export function deleteSourcesIndexedBefore(db: Database, cutoffMs: number, originPrefixes: string[]): number {
  if (originPrefixes.length === 0) return 0;
  // One statement shape for any number of prefixes: they are bound as a JSON array.
  const where = "indexed_at < $cutoff AND EXISTS (SELECT 1 FROM json_each($prefixes) p WHERE substr(origin, 1, length(p.value)) = p.value)";
  const params = { cutoff: cutoffMs, prefixes: JSON.stringify(originPrefixes) };
  const due = db.prepare<{ n: number }>(`SELECT count(*) AS n FROM sources WHERE ${where}`).get(params);
  if (!due?.n) return 0;
  return transaction(db, () => {
    const rows = db.prepare<{ id: number; doc_id: number }>(`SELECT id, doc_id FROM sources WHERE ${where}`).all(params);
    const del = db.prepare("DELETE FROM sources WHERE id = $id");
    for (const r of rows) del.run({ id: r.id });
    for (const docId of new Set(rows.map((r) => r.doc_id))) dropDocIfOrphan(db, docId);
    return rows.length;
  });
}
