/**
 * `bun bench/knowledge-base.ts`: knowledge-base speed, size and search quality, in process.
 * Indexes bench/fixtures (labels = file names, as bench/qrels.json expects) and a generated
 * 10 MB corpus (fixed seed), then writes bench/results/knowledge-base.json and prints a table.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { detectKind } from "../src/store/chunk/index.ts";
import { openStore, type Database } from "../src/store/db.ts";
import { indexSource } from "../src/store/index-source.ts";
import { createIndexer } from "../src/store/index-parallel.ts";
import { search } from "../src/store/search.ts";
import { DEFAULTS } from "../src/config/constants.ts";
import { makeCorpus } from "./corpus.ts";
import { scoreQrels, type QrelQuery } from "./qrels.ts";

const here = import.meta.dir;
const opts = { limit: 5, snippetMax: DEFAULTS.snippetMax, rrfK: DEFAULTS.rrfK };
const tmp = mkdtempSync(join(tmpdir(), "ctxmode-bench-"));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function dbBytes(db: Database, path: string): number {
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  return statSync(path).size;
}

/** Latencies (ms) of each query, measured after one warm-up pass, `rounds` times. */
function timeQueries(db: Database, queries: string[], rounds: number): number[] {
  for (const q of queries) search(db, q, opts);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const t = performance.now();
      search(db, q, opts);
      times.push(performance.now() - t);
    }
  }
  return times.sort((a, b) => a - b);
}

try {
  // Fixtures + qrels.
  const fixturesDir = join(here, "fixtures");
  const fixPath = join(tmp, "fixtures.db");
  const fixDb = openStore(fixPath, { busyTimeoutMs: 5000 });
  let fixBytes = 0;
  for (const name of readdirSync(fixturesDir).sort()) {
    const text = readFileSync(join(fixturesDir, name), "utf8");
    fixBytes += Buffer.byteLength(text);
    indexSource(fixDb, { label: name, text, kind: detectKind(name, text), maxChunk: DEFAULTS.maxChunk });
  }
  const qrels = JSON.parse(readFileSync(join(here, "qrels.json"), "utf8")) as { queries: QrelQuery[] };
  const quality = scoreQrels(qrels.queries.map((q) => ({ q, hits: search(fixDb, q.query, opts).hits })));
  const fixTimes = timeQueries(
    fixDb,
    qrels.queries.map((q) => q.query),
    5,
  );

  // 10 MB corpus.
  const { docs, queries } = makeCorpus(10 * 1024 * 1024);
  const corpusBytes = docs.reduce((n, d) => n + Buffer.byteLength(d.text), 0);
  // Index the corpus into a fresh database 5 times and keep the median run (this machine's
  // timings vary run to run); the last database is the one searched.
  const runs: { ms: number; size: number }[] = [];
  const bigPath = join(tmp, "corpus.db");
  let bigDb!: Database;
  for (let r = 0; r < 5; r++) {
    bigDb?.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(bigPath + suffix, { force: true });
    bigDb = openStore(bigPath, { busyTimeoutMs: 5000 });
    const t0 = performance.now();
    // As `ctxmode index <dir>` does: batched transactions, chunking on a worker thread (see createIndexer).
    const indexer = createIndexer(bigDb);
    await indexer.index(docs.map((d) => ({ label: d.label, text: d.text, kind: d.kind, maxChunk: DEFAULTS.maxChunk })));
    const ms = performance.now() - t0;
    await indexer.close();
    runs.push({ ms, size: dbBytes(bigDb, bigPath) });
  }
  const indexMs = runs.map((r) => r.ms).sort((a, b) => a - b)[2]!;
  const size = runs[runs.length - 1]!.size;
  const bigTimes = timeQueries(bigDb, queries, 10);

  const result = {
    date: new Date().toISOString(),
    runtime: `bun ${Bun.version}`,
    machine: `${process.platform}-${process.arch}, ${navigator.hardwareConcurrency} cores`,
    fixtures: {
      files: readdirSync(fixturesDir).length,
      bytes: fixBytes,
      qrels: { queries: quality.queries, hitAt1: quality.hitAt1, hitAt3: quality.hitAt3, mrr: quality.mrr, misses: quality.misses },
      searchMs: { p50: percentile(fixTimes, 50), p95: percentile(fixTimes, 95) },
    },
    corpus10mb: {
      docs: docs.length,
      bytes: corpusBytes,
      indexMs: Math.round(indexMs),
      indexRunsMs: runs.map((r) => Math.round(r.ms)),
      indexMBps: corpusBytes / 1024 / 1024 / (indexMs / 1000),
      dbBytes: size,
      dbPerInputByte: size / corpusBytes,
      searchMs: { p50: percentile(bigTimes, 50), p95: percentile(bigTimes, 95), samples: bigTimes.length },
    },
  };
  fixDb.close();
  bigDb.close();
  mkdirSync(join(here, "results"), { recursive: true });
  writeFileSync(join(here, "results", "knowledge-base.json"), `${JSON.stringify(result, null, 2)}\n`);

  const f = (n: number, d = 2) => n.toFixed(d);
  const rows: [string, string, string][] = [
    ["index speed (10 MB mixed)", `${f(result.corpus10mb.indexMBps, 1)} MB/s`, ">= 20 MB/s"],
    ["DB size / input (10 MB)", `${f(result.corpus10mb.dbPerInputByte)}x`, "<= 3x"],
    ["search p50 (10 MB)", `${f(result.corpus10mb.searchMs.p50)} ms`, "<= 2 ms"],
    ["search p95 (10 MB)", `${f(result.corpus10mb.searchMs.p95)} ms`, "<= 10 ms"],
    ["search p50 / p95 (fixtures)", `${f(result.fixtures.searchMs.p50)} / ${f(result.fixtures.searchMs.p95)} ms`, ""],
    ["qrels hit@1", f(quality.hitAt1), ">= 0.95"],
    ["qrels hit@3", f(quality.hitAt3), ""],
    ["qrels MRR@5", f(quality.mrr), ">= 0.95"],
  ];
  console.log(`ctxmode knowledge-base bench (${result.runtime}, ${result.machine})`);
  for (const [name, value, bar] of rows) console.log(`${name.padEnd(30)} ${value.padStart(14)}   ${bar}`);
  for (const m of quality.misses) console.log(`  miss: ${m}`);
  console.log("written: bench/results/knowledge-base.json");
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
