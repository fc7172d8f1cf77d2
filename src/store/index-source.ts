import { sha256Hex } from "#process";
import { CHUNKER_VERSION, chunkText, type Chunk, type ContentKind } from "./chunk/index.ts";
import { hasColumn, hasTable, transaction, type Database } from "./db.ts";
import { prepareChunks, type PreparedChunks } from "./prepare-chunks.ts";
import { redactSecrets } from "./redact.ts";
import { gramTerms } from "./terms.ts";
import { knownWords, recordVocab, scanWords, type WordSink } from "./vocab.ts";

export interface SourceInput {
  /** The source's identity: indexing a label again replaces what it held. */
  label: string;
  text: string;
  kind: ContentKind;
  /** File path or URL the text came from, if any. */
  origin?: string;
  session?: string;
  worktree?: string;
  maxChunk: number;
  /**
   * Secrets in `text` are always redacted before it is hashed, chunked or stored, where the text is
   * prepared, so a large run redacts on the worker thread too (it is a quarter of indexing time).
   * Set only when `text` already is redactSecrets' output (a caller that shows the clean text too):
   * then it is not redacted twice.
   */
  redacted?: boolean;
  /**
   * Store the chunks now and leave their full-text rows to flushPending (pending.ts), which runs
   * when the server is idle and before a search: the call then costs the chunking alone.
   */
  deferSearch?: boolean;
}

export interface IndexResult {
  label: string;
  chunks: number;
  codeChunks: number;
  bytes: number;
  /** "unchanged" when the label already held exactly this text (even when an older chunker's chunks were replaced). */
  status: "new" | "replaced" | "unchanged";
  titles: string[];
}

/** Bytes of input written per transaction by indexSources: long enough for FTS5 to flush few segments, short enough for other writers. */
const BATCH_BYTES = 2 * 1024 * 1024;

/** Indexes one source in one short IMMEDIATE transaction. */
export function indexSource(db: Database, input: SourceInput): IndexResult {
  return indexSources(db, [input])[0]!;
}

/**
 * Indexes many sources, committing about every 2 MB of input: FTS5 flushes a segment per
 * commit, so one transaction per small file made indexing a directory 3–4x slower.
 * Chunking happens before the write lock is taken. Identical text is stored once (docs keyed by
 * sha256) however many labels point at it; a doc no label points at any more is deleted.
 */
export function indexSources(db: Database, inputs: SourceInput[]): IndexResult[] {
  const results: IndexResult[] = [];
  const words: string[] = [];
  const all = batches(inputs);
  all.forEach((batch, k) => {
    const hashed = batch.map((input) => hashSource(db, cleanInput(input)));
    for (const h of hashed) if (h.needsChunks) h.prepared = prepare(db, h.input);
    results.push(...writeBatch(db, hashed, words, k === all.length - 1));
  });
  return results;
}

/** A source's chunks, with their trigram terms and new words unless its full-text rows wait (deferSearch). */
function prepare(db: Database, input: SourceInput): PreparedChunks {
  if (!input.deferSearch) return prepareChunks(input, knownWords(db));
  return { chunks: chunkText(input.text, input.kind, { maxChunk: input.maxChunk, name: input.label }), grams: [], words: "" };
}

/** Splits inputs into runs of about `size` bytes, the first run `first` bytes (each run is one transaction). */
export function batches(inputs: SourceInput[], size = BATCH_BYTES, first = size): SourceInput[][] {
  const out: SourceInput[][] = [];
  let cur: SourceInput[] = [];
  let bytes = 0;
  for (const input of inputs) {
    cur.push(input);
    bytes += input.text.length;
    if (bytes >= (out.length === 0 ? first : size)) {
      out.push(cur);
      cur = [];
      bytes = 0;
    }
  }
  if (cur.length) out.push(cur);
  return out;
}

export interface Hashed {
  input: SourceInput;
  sha256: string;
  bytes: number;
  /** False when this exact text was already stored when hashed: no need to chunk it. */
  needsChunks: boolean;
  prepared?: PreparedChunks;
  /** Set once its chunks are written: its words then go to the vocabulary with the batch's. */
  wrote?: boolean;
}

/** The input with its secrets redacted (unless it already was): what is hashed and stored. */
export function cleanInput(input: SourceInput): SourceInput {
  return input.redacted ? input : { ...input, text: redactSecrets(input.text), redacted: true };
}

/** Hashes a source and notes whether its text is already stored (then it is not chunked again). */
export function hashSource(db: Database, input: SourceInput): Hashed {
  const sha256 = sha256Hex(input.text);
  return { input, sha256, bytes: Buffer.byteLength(input.text), needsChunks: !isStored(db, sha256) };
}

/** Whether a doc with this text (by its sha256) is stored, chunked by this version's chunkers. */
export function isStored(db: Database, sha256: string): boolean {
  return storedDoc(db, sha256) !== undefined;
}

/**
 * The doc holding this text, unless an older version of the chunkers made its chunks: then
 * undefined, and indexing the text again chunks it afresh (write). A database at a schema
 * before the doc's version existed counts every doc as current.
 */
export function storedDoc(db: Database, sha256: string): DocRow | undefined {
  if (!hasColumn(db, "docs", "chunker")) return db.prepare<DocRow>("SELECT id, chunk_count, code_count FROM docs WHERE sha256 = $sha256").get({ sha256 });
  return db
    .prepare<DocRow>("SELECT id, chunk_count, code_count FROM docs WHERE sha256 = $sha256 AND chunker >= $version")
    .get({ sha256, version: CHUNKER_VERSION });
}

/** How many sources hold text an older version of the chunkers chunked (all of them, at a schema before the version). */
export function sourcesChunkedBefore(db: Database): number {
  const sql = hasColumn(db, "docs", "chunker")
    ? "SELECT count(*) AS n FROM sources WHERE doc_id IN (SELECT id FROM docs WHERE chunker < $version)"
    : "SELECT count(*) AS n FROM sources WHERE $version > 0";
  return db.prepare<{ n: number }>(sql).get({ version: CHUNKER_VERSION })?.n ?? 0;
}

/**
 * Writes one batch of hashed (and, where needed, prepared) sources in one IMMEDIATE transaction.
 * New vocabulary words are held in `words` across the batches of a run and written by its last
 * batch in one sorted insert: per batch, they landed all over the vocabulary's B-tree between FTS
 * writes (120 ms of a 10 MB run, against 26 ms at once). A run cut short leaves its words out of
 * the vocabulary, which costs only spelling fixes toward them.
 */
export function writeBatch(db: Database, batch: Hashed[], words: string[] = [], last = true): IndexResult[] {
  return transaction(db, () => writeHashed(db, batch, words, last));
}

/** writeBatch inside the caller's transaction. */
export function writeHashed(db: Database, batch: Hashed[], words: string[] = [], last = true): IndexResult[] {
  const results = batch.map((h) => write(db, h));
  for (const h of batch) if (h.wrote && h.prepared?.words) words.push(h.prepared.words);
  if (last) {
    recordVocab(db, words.join(" "));
    words.length = 0;
  }
  return results;
}

function write(db: Database, p: Hashed): IndexResult {
  const { input, sha256, bytes } = p;
  const prior = db
    .prepare<{ id: number; doc_id: number; sha256: string | null }>(
      "SELECT s.id, s.doc_id, d.sha256 FROM sources s LEFT JOIN docs d ON d.id = s.doc_id WHERE s.label = $label",
    )
    .get({ label: input.label });
  let doc = storedDoc(db, sha256);
  const fresh = !doc;
  // A doc seen before the lock may have been purged since: then chunk under the lock.
  if (!doc) {
    // The same text chunked by an older version: its doc gives up the key, and every label on it moves to the new chunks.
    const older = db.prepare<{ id: number }>("SELECT id FROM docs WHERE sha256 = $sha256").get({ sha256 });
    if (older) db.prepare("UPDATE docs SET sha256 = 'rechunked ' || id WHERE id = $id").run({ id: older.id });
    doc = insertDoc(db, sha256, input.kind, bytes, (p.prepared ??= prepare(db, cleanInput(input))), input.deferSearch === true);
    if (older) {
      db.prepare("UPDATE sources SET doc_id = $doc WHERE doc_id = $older").run({ doc: doc.id, older: older.id });
      dropDocIfOrphan(db, older.id);
    }
    p.wrote = true;
  }
  // Text stored before with deferSearch and not yet flushed: a caller that searches at once needs its rows now.
  if (!fresh && !input.deferSearch) {
    const sink: WordSink = { into: new Set<string>(), known: knownWords(db) };
    if (writeWaitingRows(db, doc.id, sink)) recordVocab(db, [...sink.into].join(" "));
  }
  const meta = { origin: input.origin ?? "", now: Date.now(), session: input.session ?? "", worktree: input.worktree ?? "" };
  let status: IndexResult["status"] = "new";
  if (prior) {
    db.prepare("UPDATE sources SET doc_id = $doc, origin = $origin, indexed_at = $now, session = $session, worktree = $worktree WHERE id = $id").run({
      doc: doc.id,
      id: prior.id,
      ...meta,
    });
    if (prior.doc_id !== doc.id) dropDocIfOrphan(db, prior.doc_id);
    status = prior.sha256 === sha256 ? "unchanged" : "replaced";
  } else {
    db.prepare("INSERT INTO sources(label, doc_id, origin, indexed_at, session, worktree) VALUES ($label, $doc, $origin, $now, $session, $worktree)").run({
      label: input.label,
      doc: doc.id,
      ...meta,
    });
  }
  const titles =
    fresh && p.prepared
      ? p.prepared.chunks.map((c) => c.title)
      : db
          .prepare<{ title: string }>("SELECT title FROM chunks WHERE doc_id = $doc ORDER BY seq")
          .all({ doc: doc.id })
          .map((r) => r.title);
  return { label: input.label, chunks: doc.chunk_count, codeChunks: doc.code_count, bytes, status, titles };
}

export interface DocRow {
  id: number;
  chunk_count: number;
  code_count: number;
}

function insertDoc(db: Database, sha256: string, kind: string, bytes: number, { chunks, grams }: PreparedChunks, defer: boolean): DocRow {
  const codeCount = chunks.filter((c) => c.code).length;
  const row = { sha256, kind, bytes, n: chunks.length, code: codeCount };
  const docId = hasColumn(db, "docs", "chunker")
    ? db
        .prepare("INSERT INTO docs(sha256, kind, bytes, chunk_count, code_count, chunker) VALUES ($sha256, $kind, $bytes, $n, $code, $version)")
        .run({ ...row, version: CHUNKER_VERSION }).lastInsertRowid
    : db.prepare("INSERT INTO docs(sha256, kind, bytes, chunk_count, code_count) VALUES ($sha256, $kind, $bytes, $n, $code)").run(row).lastInsertRowid;
  const insChunk = db.prepare("INSERT INTO chunks(doc_id, seq, title, body, line_start, line_end, code) VALUES ($doc, $seq, $title, $body, $ls, $le, $code)");
  chunks.forEach((c: Chunk, seq) => {
    const id = insChunk.run({ doc: docId, seq, title: c.title, body: c.body, ls: c.lineStart, le: c.lineEnd, code: c.code ? 1 : 0 }).lastInsertRowid;
    if (!defer) insertSearchRows(db, id, c.title, c.body, grams[seq]!);
  });
  if (defer) db.prepare("INSERT INTO fts_pending(doc_id) VALUES ($doc)").run({ doc: docId });
  return { id: docId, chunk_count: chunks.length, code_count: codeCount };
}

/**
 * Writes the full-text rows of a doc stored with deferSearch and takes it off fts_pending; false
 * when it was not waiting. New words go to `sink` (the caller records them). Call inside a transaction.
 */
export function writeWaitingRows(db: Database, docId: number, sink: WordSink): boolean {
  if (db.prepare("DELETE FROM fts_pending WHERE doc_id = $doc").run({ doc: docId }).changes === 0) return false;
  const chunks = db
    .prepare<{ id: number; title: string; body: string }>("SELECT id, title, body FROM chunks WHERE doc_id = $doc ORDER BY seq")
    .all({ doc: docId });
  for (const c of chunks) {
    scanWords(c.title, sink);
    scanWords(c.body, sink);
    insertSearchRows(db, c.id, c.title, c.body, gramTerms(c.title, c.body));
  }
  return true;
}

/** One chunk's rows in the full-text indexes (`grams`: its trigram terms, terms.ts gramTerms). */
export function insertSearchRows(db: Database, id: number, title: string, body: string, grams: string): void {
  db.prepare("INSERT INTO fts_words(rowid, title, body) VALUES ($id, $title, $body)").run({ id, title, body: wordsBody(body) });
  db.prepare("INSERT INTO fts_grams(rowid, terms) VALUES ($id, $terms)").run({ id, terms: grams });
  // A database held at an older schema (tests pin one) has no title index.
  if (hasTable(db, "fts_titles")) db.prepare("INSERT INTO fts_titles(rowid, title) VALUES ($id, $title)").run({ id, title });
}

/**
 * The text the porter index sees: escaped newlines and tabs inside JSON strings become spaces,
 * or unicode61 would read `docs:\n\nSandbox` as the word "nsandbox". A delete must pass the
 * same text, so both paths call this.
 */
function wordsBody(body: string): string {
  return body.includes("\\") ? body.replace(/\\[nrt]/g, "  ") : body;
}

/** Deletes a doc, its chunks and their FTS rows once no source refers to it. Call inside a transaction. */
export function dropDocIfOrphan(db: Database, docId: number): void {
  const used = db.prepare("SELECT 1 AS x FROM sources WHERE doc_id = $doc LIMIT 1").get({ doc: docId });
  if (used) return;
  // A doc still waiting for its full-text rows has none to delete (a delete of rows never added corrupts FTS5).
  const waiting = db.prepare("DELETE FROM fts_pending WHERE doc_id = $doc").run({ doc: docId }).changes > 0;
  const rows = db.prepare<{ id: number; title: string; body: string }>("SELECT id, title, body FROM chunks WHERE doc_id = $doc").all({ doc: docId });
  const delWords = db.prepare("INSERT INTO fts_words(fts_words, rowid, title, body) VALUES ('delete', $id, $title, $body)");
  const delGrams = db.prepare("DELETE FROM fts_grams WHERE rowid = $id");
  // A title not read in yet (titles.ts) is no harm to delete: a contentless-delete table skips it.
  const delTitle = hasTable(db, "fts_titles") ? db.prepare("DELETE FROM fts_titles WHERE rowid = $id") : undefined;
  for (const r of waiting ? [] : rows) {
    delWords.run({ id: r.id, title: r.title, body: wordsBody(r.body) });
    delGrams.run({ id: r.id });
    delTitle?.run({ id: r.id });
  }
  db.prepare("DELETE FROM chunks WHERE doc_id = $doc").run({ doc: docId });
  db.prepare("DELETE FROM docs WHERE id = $doc").run({ doc: docId });
}
