/**
 * The write half of indexing, per table: the 10 MB bench corpus is chunked up front, then written
 * into a fresh database five times per variant (runs interleaved) and the median is printed.
 * A variant is FTS5 options applied to both FTS tables, e.g.
 *   bun bench/index-profile.ts base hashsize=1048576 hashsize=8388608:automerge=16
 * ("base" = the schema's own settings); `pragma.name=value` sets a PRAGMA instead.
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULTS } from "../src/config/constants.ts";
import { openStore, transaction } from "../src/store/db.ts";
import { prepareSource } from "../src/store/prepare-chunks.ts";
import { makeCorpus } from "./corpus.ts";

const { docs } = makeCorpus(10 * 1024 * 1024);
const prepared = docs.map((d) => ({ d, p: prepareSource({ text: d.text, kind: d.kind, label: d.label, maxChunk: DEFAULTS.maxChunk }) }));
const path = join(tmpdir(), `ctxmode-index-profile-${process.pid}.db`);
const BATCH_BYTES = 2 * 1024 * 1024;

type Times = { chunks: number; words: number; grams: number; total: number };

function run(variant: string): Times {
  for (const s of ["", "-wal", "-shm"]) rmSync(path + s, { force: true });
  const db = openStore(path, { busyTimeoutMs: 5000 });
  for (const option of variant === "base" ? [] : variant.split(":")) {
    const [key, value] = option.split("=");
    if (key!.startsWith("pragma.")) {
      db.exec(`PRAGMA ${key!.slice(7)} = ${Number(value)}`);
      continue;
    }
    for (const table of ["fts_words", "fts_grams"])
      db.prepare(`INSERT INTO ${table}(${table}, rank) VALUES ($key, $value)`).run({ key: key!, value: Number(value) });
  }
  const t: Times = { chunks: 0, words: 0, grams: 0, total: 0 };
  const insDoc = db.prepare("INSERT INTO docs(sha256, kind, bytes, chunk_count, code_count) VALUES ($sha, $kind, $bytes, $n, 0)");
  const insChunk = db.prepare("INSERT INTO chunks(doc_id, seq, title, body, line_start, line_end, code) VALUES ($doc, $seq, $title, $body, $ls, $le, $code)");
  const insWords = db.prepare("INSERT INTO fts_words(rowid, title, body) VALUES ($id, $title, $body)");
  const insGrams = db.prepare("INSERT INTO fts_grams(rowid, terms) VALUES ($id, $terms)");
  const started = performance.now();
  for (let k = 0; k < prepared.length; ) {
    const group: typeof prepared = [];
    for (let bytes = 0; k < prepared.length && bytes < BATCH_BYTES; k++) {
      group.push(prepared[k]!);
      bytes += prepared[k]!.d.text.length;
    }
    transaction(db, () => {
      for (const { d, p } of group) {
        const doc = insDoc.run({ sha: p.sha256, kind: d.kind, bytes: p.bytes, n: p.chunks.length }).lastInsertRowid;
        p.chunks.forEach((c, seq) => {
          let a = performance.now();
          const id = insChunk.run({ doc, seq, title: c.title, body: c.body, ls: c.lineStart, le: c.lineEnd, code: c.code ? 1 : 0 }).lastInsertRowid;
          let b = performance.now();
          t.chunks += b - a;
          insWords.run({ id, title: c.title, body: c.body });
          a = performance.now();
          t.words += a - b;
          insGrams.run({ id, terms: p.grams[seq]! });
          b = performance.now();
          t.grams += b - a;
        });
      }
    });
  }
  t.total = performance.now() - started;
  db.close();
  for (const s of ["", "-wal", "-shm"]) rmSync(path + s, { force: true });
  return t;
}

const variants = process.argv.length > 2 ? process.argv.slice(2) : ["base"];
const runs: Record<string, Times[]> = {};
for (let r = 0; r < 5; r++) for (const v of variants) (runs[v] ??= []).push(run(v));
for (const v of variants) {
  const median = (k: keyof Times) =>
    runs[v]!.map((x) => x[k])
      .sort((a, b) => a - b)[2]!
      .toFixed(0);
  console.log(
    `${v.padEnd(32)} total ${median("total")} ms  chunks ${median("chunks")}  fts_words ${median("words")}  fts_grams ${median("grams")}  (commits and the rest: the difference)`,
  );
}
