/**
 * Porter stems and document frequencies of query words, exactly as the index sees them: the
 * stems of plain ASCII words from porter.ts, others from SQLite's own porter tokenizer (a scratch
 * FTS5 table in the connection's temp schema, so a read-only connection works too), frequencies
 * from the porter index's vocabulary.
 * A frequency lookup counts a term's postings (about a millisecond for a word in every chunk at
 * 50 MB), so they are cached per connection until the index changes.
 */
import { changeStamp, hasTable, type Database } from "./db.ts";
import { stem, stemsHere } from "./porter.ts";

interface Cache {
  /** max(chunks.id), count(docs) and the docs waiting for full-text rows when the cache was filled: any index write changes one. */
  version: string;
  /** changeStamp when the version was last read. */
  stamp: string;
  df: Map<string, number>;
  total: number;
}

const caches = new WeakMap<Database, Cache>();
const ready = new WeakSet<Database>();
const CACHE_CAP = 4096;

function cache(db: Database): Cache {
  // Nothing committed since the last look: the counts below cannot have moved (they scan docs).
  const stamp = changeStamp(db);
  const known = caches.get(db);
  if (known && known.stamp === stamp && known.df.size <= CACHE_CAP) return known;
  // Docs waiting for their full-text rows (store/pending.ts) count too: a flush changes no chunk or doc.
  const waiting = hasTable(db, "fts_pending") ? "(SELECT count(*) FROM fts_pending)" : "0";
  const row = db
    .prepare<{ m: number | null; d: number; n: number | null; w: number }>(
      `SELECT (SELECT max(id) FROM chunks) AS m, count(*) AS d, sum(chunk_count) AS n, ${waiting} AS w FROM docs`,
    )
    .get();
  const version = `${row?.m ?? 0}:${row?.d ?? 0}:${row?.w ?? 0}`;
  let c = known;
  if (!c || c.version !== version || c.df.size > CACHE_CAP) {
    c = { version, stamp, df: new Map(), total: Number(row?.n ?? 0) };
    caches.set(db, c);
  }
  c.stamp = stamp;
  return c;
}

/** Chunks in the index (from the same snapshot as the frequencies). */
export function chunkTotal(db: Database): number {
  return cache(db).total;
}

/**
 * Porter stems of each word, in order ("" for a word the tokenizer drops): plain lower-case ASCII
 * words in process (porter.ts), the rest through SQLite's tokenizer.
 */
export function stems(db: Database, words: string[]): string[] {
  const out = words.map((w) => (stemsHere(w) ? stem(w) : undefined));
  const rest = words.filter((_, i) => out[i] === undefined);
  if (rest.length === 0) return out as string[];
  const theirs = sqliteStems(db, rest);
  let k = 0;
  return out.map((s) => s ?? theirs[k++]!);
}

/** Stems from SQLite's own tokenizer: a scratch FTS5 table in the connection's temp schema. */
export function sqliteStems(db: Database, words: string[]): string[] {
  if (words.length === 0) return [];
  if (!ready.has(db)) {
    db.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.ctxmode_qterms USING fts5(t, tokenize='porter unicode61 remove_diacritics 2');" +
        "CREATE VIRTUAL TABLE IF NOT EXISTS temp.ctxmode_qterms_v USING fts5vocab(temp, ctxmode_qterms, instance);",
    );
    ready.add(db);
  }
  db.exec("DELETE FROM temp.ctxmode_qterms");
  const insert = db.prepare("INSERT INTO temp.ctxmode_qterms(rowid, t) VALUES ($id, $t)");
  words.forEach((t, i) => {
    insert.run({ id: i + 1, t });
  });
  const out = words.map(() => "");
  for (const r of db.prepare<{ doc: number; term: string }>("SELECT doc, term FROM temp.ctxmode_qterms_v").all()) {
    // A word the tokenizer splits ("e2e-test") keeps its longest piece.
    if (r.term.length > out[r.doc - 1]!.length) out[r.doc - 1] = r.term;
  }
  return out;
}

/** Chunks whose porter index holds the stem. */
export function docFreq(db: Database, stem: string): number {
  if (!stem) return 0;
  const c = cache(db);
  let n = c.df.get(stem);
  if (n === undefined) {
    n = Number(db.prepare<{ doc: number }>("SELECT doc FROM fts_words_vocab WHERE term = $term").get({ term: stem })?.doc ?? 0);
    c.df.set(stem, n);
  }
  return n;
}

/** Inverse document frequency, never below a small floor so a word in every chunk still counts a little. */
export function idf(df: number, total: number): number {
  return Math.max(0.05, Math.log(1 + (total + 1) / (df + 0.5)) / Math.log(2 + total));
}
