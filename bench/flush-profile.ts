/**
 * `bun bench/flush-profile.ts [--mb 50]`: where a server's back-to-back `ctx_index` time goes once
 * the backlog cap is reached. The generated corpus (bench/corpus.ts) is written as 256 KB files and
 * indexed one file per call in process, as the ctx_index tool does (chunks stored, full-text rows
 * waiting); past the 8 MB cap each call writes the oldest waiting rows plus the 1 MB slack, timed
 * step by step here (reading chunks back, the vocabulary's word scan, trigram terms, porter rows,
 * trigram rows, the vocabulary insert, the commit). Prints ms per MB written for each step.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULTS } from "../src/config/constants.ts";
import { openStore } from "../src/store/db.ts";
import { indexPaths } from "../src/store/index-path.ts";
import { BACKLOG_BYTES, BACKLOG_SLACK, waitingBytes } from "../src/store/pending.ts";
import { gramTerms } from "../src/store/terms.ts";
import { knownWords, recordVocab, scanWords } from "../src/store/vocab.ts";
import { makeCorpus } from "./corpus.ts";

const MB = 1024 * 1024;
const mbArg = process.argv.indexOf("--mb");
const TOTAL_MB = mbArg > 0 ? Number(process.argv[mbArg + 1]) : 50;

const dir = mkdtempSync(join(tmpdir(), "ctxmode-flush-profile-"));
try {
  mkdirSync(join(dir, "files"));
  const files: string[] = [];
  let buffer = "";
  for (const d of makeCorpus(TOTAL_MB * MB).docs) {
    buffer += `${d.text}\n\n`;
    if (buffer.length < 256 * 1024) continue;
    const path = join(dir, "files", `f${files.length}.md`);
    writeFileSync(path, buffer);
    files.push(path);
    buffer = "";
  }
  const db = openStore(join(dir, "context.db"), { busyTimeoutMs: 5000 });
  const steps = { read: 0, scan: 0, grams: 0, porterRows: 0, gramRows: 0, vocab: 0, commit: 0 };
  let written = 0;
  let calls = 0;
  const flush = (maxBytes: number) => {
    let t = performance.now();
    const lap = (step: keyof typeof steps) => {
      const now = performance.now();
      steps[step] += now - t;
      t = now;
    };
    db.exec("BEGIN IMMEDIATE");
    const waiting = db
      .prepare<{ doc_id: number; bytes: number }>("SELECT p.doc_id, d.bytes FROM fts_pending p JOIN docs d ON d.id = p.doc_id ORDER BY p.doc_id")
      .all();
    const sink = { into: new Set<string>(), known: knownWords(db) };
    const words = db.prepare("INSERT INTO fts_words(rowid, title, body) VALUES ($id, $title, $body)");
    const grams = db.prepare("INSERT INTO fts_grams(rowid, terms) VALUES ($id, $terms)");
    let bytes = 0;
    for (const { doc_id, bytes: size } of waiting) {
      if (bytes >= maxBytes) break;
      db.prepare("DELETE FROM fts_pending WHERE doc_id = $doc").run({ doc: doc_id });
      const chunks = db
        .prepare<{ id: number; title: string; body: string }>("SELECT id, title, body FROM chunks WHERE doc_id = $doc ORDER BY seq")
        .all({ doc: doc_id });
      lap("read");
      for (const c of chunks) {
        scanWords(c.title, sink);
        scanWords(c.body, sink);
        lap("scan");
        const terms = gramTerms(c.title, c.body);
        lap("grams");
        words.run({ id: c.id, title: c.title, body: c.body });
        lap("porterRows");
        grams.run({ id: c.id, terms });
        lap("gramRows");
      }
      bytes += size;
    }
    recordVocab(db, [...sink.into].join(" "));
    lap("vocab");
    db.exec("COMMIT");
    lap("commit");
    written += bytes;
  };
  const started = performance.now();
  for (const file of files) {
    await indexPaths(db, [file], { projectRoot: dir, maxChunk: DEFAULTS.maxChunk, maxFiles: 1, maxFileBytes: 50 * MB, deferSearch: true });
    calls++;
    const over = waitingBytes(db) - BACKLOG_BYTES;
    if (over > 0) flush(over + BACKLOG_SLACK);
  }
  const seconds = (performance.now() - started) / 1000;
  db.close();
  const perMB = (ms: number) => (ms / (written / MB)).toFixed(1);
  console.log(
    `${calls} calls, ${TOTAL_MB} MB in ${seconds.toFixed(1)} s (${(TOTAL_MB / seconds).toFixed(1)} MB/s in process); ${(written / MB).toFixed(1)} MB of rows written by calls`,
  );
  console.log(
    `ms per MB written: ${Object.entries(steps)
      .map(([k, v]) => `${k} ${perMB(v)}`)
      .join(", ")}; total ${perMB(Object.values(steps).reduce((a, b) => a + b, 0))}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
