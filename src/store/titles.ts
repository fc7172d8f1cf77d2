/**
 * The title index: chunk titles alone in their own porter FTS5 table (schema 10). Search asks
 * for the chunks whose titles hold every query word; as a column filter on `fts_words` that read
 * the words' whole body postings first (0.5-0.9 ms a query at 50 MB), here it reads titles only.
 *
 * Chunks stored before the table existed are read into it later, a batch at a time (never in the
 * migration, which may run inside a hook); until then search asks `fts_words` as before.
 */
import { hasTable, transaction, type Database } from "./db.ts";

/** Chunk ids still to be read into the title index: what was stored before it existed. */
interface Backfill {
  next: number;
  end: number;
}

const KEY = "titles_backfill";

function pending(db: Database): Backfill | undefined {
  if (!hasTable(db, "fts_titles")) return undefined;
  const row = db.prepare<{ value: string }>(`SELECT value FROM store_meta WHERE key = '${KEY}'`).get();
  return row ? (JSON.parse(row.value) as Backfill) : undefined;
}

/** Whether every chunk with full-text rows has its title in `fts_titles` (false on a schema before it). */
export function titlesReady(db: Database): boolean {
  return hasTable(db, "fts_titles") && pending(db) === undefined;
}

/** True while chunks stored before the title index still have to be read into it. */
export function titlesPending(db: Database): boolean {
  return pending(db) !== undefined;
}

/**
 * Reads up to `maxChunks` older chunks' titles into the index in one short transaction and records
 * how far it got; returns true when nothing is left. A chunk whose doc still waits for its
 * full-text rows (pending.ts) is passed over: writing those rows adds its title. One that got its
 * title meanwhile (a reused id) is replaced, never doubled.
 */
export function backfillTitles(db: Database, maxChunks = 5000): boolean {
  if (!pending(db)) return true;
  transaction(db, () => {
    const current = pending(db);
    if (current) {
      const rows = db
        .prepare<{ id: number; title: string }>(
          "SELECT id, title FROM chunks WHERE id >= $next AND id <= $end AND doc_id NOT IN (SELECT doc_id FROM fts_pending) ORDER BY id LIMIT $n",
        )
        .all({ next: current.next, end: current.end, n: maxChunks });
      const drop = db.prepare("DELETE FROM fts_titles WHERE rowid = $id");
      const add = db.prepare("INSERT INTO fts_titles(rowid, title) VALUES ($id, $title)");
      for (const r of rows) {
        drop.run({ id: r.id });
        add.run({ id: r.id, title: r.title });
      }
      // Fewer rows than asked for: the range is done (passed-over chunks are not counted, so
      // the next batch may start past them only when this one was full).
      const last = rows.at(-1)?.id;
      if (rows.length < maxChunks || last === undefined || last >= current.end) db.exec(`DELETE FROM store_meta WHERE key = '${KEY}'`);
      else db.prepare(`UPDATE store_meta SET value = $v WHERE key = '${KEY}'`).run({ v: JSON.stringify({ next: last + 1, end: current.end }) });
    }
  });
  return !titlesPending(db);
}
