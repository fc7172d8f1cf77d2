/**
 * The spelling vocabulary: every distinct word the index holds, as unicode61 sees it (lower-case,
 * unstemmed), in a plain B-tree. Spelling fixes and prefix expansion read short key ranges of it
 * instead of the porter index's fts5vocab view, which counts every posting of every term it
 * returns (a scan of `ka…` cost 10 ms at 50 MB; a whole-vocabulary scan most of a second).
 * Words are collected where chunks are prepared (scanWords), and written once per process per word.
 */
import { hasTable, type Database } from "./db.ts";
import { WordHashes, wordHash } from "./word-hashes.ts";

/** Shortest and longest word kept: a shorter one is never a spelling fix worth making, a longer one an id or a hash. */
const MIN_WORD = 4;
const MAX_WORD = 40;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** What scanWords collects into: new words, and the hashes of every word already known or collected. */
export interface WordSink {
  into: Set<string>;
  known: WordHashes;
}

/**
 * The words of `text` as unicode61 reads them (runs of ASCII letters, digits and `_`; a run that
 * touches a non-ASCII letter is part of a longer token and left out), lower-cased, 4 to 40
 * characters, mostly letters, and not yet known: their FNV-1a hash, computed as the run is read,
 * is looked up first, so a known word is never sliced out. A pass of its own: folded into the
 * trigram scan it slowed that loop more than it saved.
 */
export function scanWords(text: string, sink: WordSink): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    while (i < n && !isWordChar(c)) c = text.charCodeAt(++i);
    if (i >= n) break;
    const start = i;
    let h = 0x811c9dc5;
    let letters = 0;
    let upper = false;
    for (; i < n; i++) {
      c = text.charCodeAt(i);
      if (c >= 97 && c <= 122) letters++;
      else if (c >= 65 && c <= 90) {
        letters++;
        upper = true;
        c += 32;
      } else if (!((c >= 48 && c <= 57) || c === 95)) break;
      h = Math.imul(h ^ c, 0x01000193);
    }
    const len = i - start;
    if (len < MIN_WORD || len > MAX_WORD || letters * 2 < len || sink.known.has(h)) continue;
    if (start > 0 && text.charCodeAt(start - 1) >= 128 && LETTER_OR_DIGIT.test(text[start - 1]!)) continue;
    if (i < n && text.charCodeAt(i) >= 128 && LETTER_OR_DIGIT.test(text[i]!)) continue;
    const raw = text.slice(start, i);
    sink.into.add(upper ? raw.toLowerCase() : raw);
    sink.known.add(h);
  }
}

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/**
 * Hashes of the words this process has written to (or found in) each database's vocabulary, so
 * a server indexing file after file sends only words it has not seen. A word forgotten (the set
 * starts over when full) is only written again: INSERT OR IGNORE.
 */
const written = new WeakMap<Database, WordHashes>();

/** The hashes of words this process knows `db`'s vocabulary holds: preparation skips them. */
export function knownWords(db: Database): WordHashes {
  let seen = written.get(db);
  if (!seen) written.set(db, (seen = new WordHashes()));
  return seen;
}

/**
 * Adds the space-joined `words` to the vocabulary, in one sorted insert (a row at a time cost a
 * native call per word). Call inside the indexing transaction.
 */
export function recordVocab(db: Database, words: string): void {
  // A database held at an older schema (tests build them) has no vocabulary to add to.
  if (!words || !hasVocab(db)) return;
  const seen = knownWords(db);
  const fresh = [...new Set(words.split(" "))].sort();
  for (const w of fresh) seen.add(wordHash(w));
  db.prepare("INSERT OR IGNORE INTO vocab(word) SELECT value FROM json_each($words)").run({ words: JSON.stringify(fresh) });
}

/** Forgets what this process wrote (after a purge emptied the table). */
export function forgetVocab(db: Database): void {
  written.delete(db);
}

/** Whether the database has the vocabulary table (schema 6); without it search goes without spelling fixes. */
export function hasVocab(db: Database): boolean {
  return hasTable(db, "vocab");
}

/** Whether the vocabulary holds the word itself. */
export function vocabHas(db: Database, word: string): boolean {
  return db.prepare("SELECT 1 AS x FROM vocab WHERE word = $word").get({ word }) !== undefined;
}

/** Up to `limit` vocabulary words that start with `prefix` and are longer than it, shortest first. */
export function wordsWithPrefix(db: Database, prefix: string, limit: number): string[] {
  return db
    .prepare<{ word: string }>("SELECT word FROM vocab WHERE word > $lo AND word < $hi LIMIT $limit")
    .all({ lo: prefix, hi: `${prefix}\u{10ffff}`, limit })
    .map((r) => r.word)
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
}

/**
 * Words starting with any of `starts` whose length is within [min, max]: one statement for many
 * short key ranges (a statement per range cost most of a miss's time at 50 MB).
 */
export function wordsStartingWithAny(db: Database, starts: string[], min: number, max: number, limit = 5000): string[] {
  return db
    .prepare<{ word: string }>(
      `SELECT v.word AS word FROM json_each($ranges) r
       JOIN vocab v ON v.word >= json_extract(r.value, '$[0]') AND v.word < json_extract(r.value, '$[1]')
       WHERE length(v.word) BETWEEN $min AND $max LIMIT $limit`,
    )
    .all({ ranges: JSON.stringify(starts.map((s) => [s, `${s}\u{10ffff}`])), min, max, limit })
    .map((r) => r.word);
}

/** Chunks written before the vocabulary existed (schema 6) and not yet read into it. */
interface Backfill {
  next: number;
  end: number;
}

function pending(db: Database): Backfill | undefined {
  if (!hasVocab(db)) return undefined;
  const row = db.prepare<{ value: string }>("SELECT value FROM store_meta WHERE key = 'vocab_backfill'").get();
  return row ? (JSON.parse(row.value) as Backfill) : undefined;
}

/**
 * Marks chunks `first`..`last` (ids) as still to be read into the vocabulary: a spool worker's
 * run of calls writes their full-text rows at once and their words after (backfillVocab), which
 * took a third of a back-to-back run's time. A server's search that needs the vocabulary before
 * then reads them in first (SearchOptions.beforeVocab). Call inside the transaction that wrote the chunks.
 */
export function queueVocab(db: Database, first: number, last: number): void {
  if (last < first || !hasVocab(db)) return;
  const state = pending(db);
  const next = Math.min(state?.next ?? first, first);
  const end = Math.max(state?.end ?? last, last);
  db.prepare("INSERT INTO store_meta(key, value) VALUES ('vocab_backfill', $v) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run({
    v: JSON.stringify({ next, end }),
  });
}

/** True while chunks (indexed before schema 6, or by a spool worker's run) still have words to add. */
export function vocabPending(db: Database): boolean {
  return pending(db) !== undefined;
}

/**
 * Reads up to `maxChunks` older chunks into the vocabulary in one short transaction and records
 * how far it got; returns true when nothing is left. Search works meanwhile: only spelling fixes
 * toward words of not-yet-read chunks are missing.
 */
export function backfillVocab(db: Database, maxChunks = 2000): boolean {
  const state = pending(db);
  if (!state) return true;
  db.exec("BEGIN IMMEDIATE");
  try {
    const current = pending(db);
    if (current) {
      const rows = db
        .prepare<{ id: number; title: string; body: string }>("SELECT id, title, body FROM chunks WHERE id >= $next AND id <= $end ORDER BY id LIMIT $n")
        .all({ next: current.next, end: current.end, n: maxChunks });
      const sink = { into: new Set<string>(), known: knownWords(db) };
      for (const r of rows) {
        scanWords(r.title, sink);
        scanWords(r.body, sink);
      }
      recordVocab(db, [...sink.into].join(" "));
      const last = rows.at(-1)?.id;
      if (last === undefined || last >= current.end) db.exec("DELETE FROM store_meta WHERE key = 'vocab_backfill'");
      else db.prepare("UPDATE store_meta SET value = $v WHERE key = 'vocab_backfill'").run({ v: JSON.stringify({ next: last + 1, end: current.end }) });
    }
    db.exec("COMMIT");
  } catch (err) {
    db.exec("ROLLBACK");
    throw err;
  }
  return !vocabPending(db);
}
