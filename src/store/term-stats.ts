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
  /** Each stem's chunk count, counted over the chunks up to id `upTo`. */
  df: Map<string, { n: number; upTo: number }>;
  total: number;
  /** max(chunks.id) at `version`. */
  newest: number;
  /** Docs waiting for their full-text rows at `version`. */
  waiting: number;
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
  const newest = Number(row?.m ?? 0);
  const total = Number(row?.n ?? 0);
  const w = Number(row?.w ?? 0);
  const version = `${newest}:${row?.d ?? 0}:${w}`;
  let c = known;
  if (!c || c.df.size > CACHE_CAP || (c.version !== version && !onlyAdded(db, c, newest, total, w))) {
    c = { version, stamp, df: new Map(), total, newest, waiting: w };
    caches.set(db, c);
  }
  // Chunks were only added since: each count stays right for the chunks it covers, and takes in
  // the new ones when next asked (docFreq), a read of their postings alone.
  Object.assign(c, { version, stamp, total, newest, waiting: w });
  return c;
}

/**
 * Whether the index changed only by chunks added after the cache's newest, each with its
 * full-text rows: nothing waited then or now, and the chunks beyond the old newest id are all
 * the total grew by (a chunk deleted, or a doc re-chunked, makes the total fall short of them).
 */
function onlyAdded(db: Database, c: Cache, newest: number, total: number, waiting: number): boolean {
  if (c.waiting !== 0 || waiting !== 0 || newest < c.newest) return false;
  const added = Number(db.prepare<{ n: number }>("SELECT count(*) AS n FROM chunks WHERE id > $id").get({ id: c.newest })?.n ?? 0);
  return total - c.total === added;
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
  const out = words.map((w) => (stemsHere(w) ? stemOfWord(w) : undefined));
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

/**
 * A plain word each stem was last made from (`stems`): FTS5 stems what MATCH is given again, and
 * stemming is not idempotent (`abus` of `abuse` becomes `abu`), so a stem's postings are looked
 * up through a word that gives it.
 */
const wordOf = new Map<string, string>();
const WORDS_KEPT = 8192;

function stemOfWord(word: string): string {
  const s = stem(word);
  if (wordOf.size >= WORDS_KEPT) wordOf.clear();
  wordOf.set(s, word);
  return s;
}

/**
 * Chunks whose porter index holds the stem. A count made before chunks were added takes in
 * theirs alone (the postings past the chunk id it covered), through a word that gives the stem;
 * without one it is made again.
 */
export function docFreq(db: Database, stem: string): number {
  if (!stem) return 0;
  const c = cache(db);
  const known = c.df.get(stem);
  if (known && known.upTo === c.newest) return known.n;
  const word = wordOf.get(stem);
  let n: number;
  if (known && word !== undefined) {
    n =
      known.n +
      Number(
        db
          .prepare<{ n: number }>("SELECT count(*) AS n FROM fts_words WHERE fts_words MATCH $word AND rowid > $upTo AND rowid <= $newest")
          .get({ word: `"${word}"`, upTo: known.upTo, newest: c.newest })?.n ?? 0,
      );
  } else {
    n = Number(db.prepare<{ doc: number }>("SELECT doc FROM fts_words_vocab WHERE term = $term").get({ term: stem })?.doc ?? 0);
    // Another connection's chunks committed since the cache looked would be counted again later: such a count is not kept.
    if (newestChunk(db) !== c.newest) return n;
  }
  c.df.set(stem, { n, upTo: c.newest });
  return n;
}

const newestChunk = (db: Database) => Number(db.prepare<{ m: number | null }>("SELECT max(id) AS m FROM chunks").get()?.m ?? 0);

/** Inverse document frequency, never below a small floor so a word in every chunk still counts a little. */
export function idf(df: number, total: number): number {
  return Math.max(0.05, Math.log(1 + (total + 1) / (df + 0.5)) / Math.log(2 + total));
}
