/**
 * `bun bench/search-latency.ts [--mb 50] [--pause MS] [--runs 3] [--idle MS] [--binary PATH --out FILE.json]` (after the build): ctx_search latency where agents meet
 * it. One `ctxmode serve` over stdio, the generated corpus (bench/corpus.ts, fixed seed) written as
 * files and indexed with one ctx_index call per file (back to back, or `--pause` ms apart as an
 * agent's model turns space them; ctx_index is timed per call, pauses excluded; `--runs` fresh servers, medians reported), then queries of five kinds over MCP, one call
 * each: words the corpus holds, frequent words, identifier fragments, misspellings, misses, and
 * lines pasted from elsewhere (an error, a log record, a commit: bench/fixtures, not in the corpus);
 * asked right after the calls, then again after `--idle` ms (default 3000) without a call, then once each right
 * after a ctx_index call of a small new file (a session that indexes as it goes).
 * Writes bench/results/search-latency[-<N>mb][-paused].json and prints p50/p95/max per kind.
 */
import { connectCtxmode } from "./suite/mcp.ts";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { corpusParts, makeCorpus, mulberry32 } from "./corpus.ts";

const here = import.meta.dir;
const mbArg = process.argv.indexOf("--mb");
const MB = mbArg > 0 ? Number(process.argv[mbArg + 1]) : 50;
const binArg = process.argv.indexOf("--binary");
// Another build (an older release, to compare) and the result file name to write for it.
const binary = binArg > 0 ? process.argv[binArg + 1]! : join(here, "..", "dist", "ctxmode");
const outArg = process.argv.indexOf("--out");
// A model turn between two ctx_index calls, as in an agent session (0: back to back, as a script).
const pauseArg = process.argv.indexOf("--pause");
const PAUSE_MS = pauseArg > 0 ? Number(process.argv[pauseArg + 1]) : 0;
// Fresh servers the indexing is timed on; the reported figures are their medians.
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1])) : 3;
// How long the server is left idle before the queries are asked again: the pause an agent's
// model turn gives it, in which it merges the FTS5 segments the run of calls left.
const idleArg = process.argv.indexOf("--idle");
const IDLE_MS = idleArg > 0 ? Number(process.argv[idleArg + 1]) : 3000;
const PER_KIND = 18;
const ROUNDS = 2;

/** A typo a person makes: a swapped pair, a dropped letter or a doubled one, inside the word. */
function misspell(word: string, rnd: () => number): string {
  if (word.length < 5) return `${word}${word.at(-1)}`;
  const i = 1 + Math.floor(rnd() * (word.length - 3));
  const kind = Math.floor(rnd() * 3);
  if (kind === 0) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  if (kind === 1) return word.slice(0, i) + word.slice(i + 1);
  return word.slice(0, i) + word[i] + word.slice(i);
}

/**
 * Lines an agent pastes into a search: a build warning, a compiler error, a failing test's
 * message, a commit, an access-log record. Whole lines of 60-300 characters from bench/fixtures,
 * in file order.
 */
function pastedLines(): string[] {
  const files = ["build-output.txt", "tsc-errors.txt", "test-output.txt", "git-log.txt", "access.log"];
  return files.flatMap((f) =>
    readFileSync(join(here, "fixtures", f), "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.length >= 60 && l.length <= 300)
      .slice(0, 12),
  );
}

export function queriesByKind(corpusQueries: string[], seed = 7): Record<string, string[]> {
  const rnd = mulberry32(seed);
  const words = corpusQueries.filter((q) => q.includes(" "));
  const fragments = corpusQueries.filter((q) => !q.includes(" "));
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const frequent = ["cache request", "error timeout", "query index", "session token retry", "state render effect", "worker queue"];
  const nonsense = () =>
    Array.from({ length: 2 + Math.floor(rnd() * 2) }, () =>
      Math.floor(rnd() * 36 ** 6)
        .toString(36)
        .padStart(6, "q"),
    ).join(" ");
  // Its own sequence, so the other kinds' queries stay those of earlier runs.
  const pasted = pastedLines();
  const pastedRnd = mulberry32(seed + 1);
  const kinds: Record<string, string[]> = { words: [], frequent: [], fragment: [], typo: [], miss: [], pasted: [] };
  for (let i = 0; i < PER_KIND; i++) {
    kinds.words!.push(pick(words));
    kinds.frequent!.push(frequent[i % frequent.length]!);
    kinds.fragment!.push(pick(fragments));
    const ws = pick(words).split(" ");
    // One wrong + one right word, or every word wrong.
    kinds.typo!.push(ws.map((w, k) => (i % 2 === 0 && k > 0 ? w : misspell(w, rnd))).join(" "));
    kinds.miss!.push(nonsense());
    kinds.pasted!.push(pasted[Math.floor(pastedRnd() * pasted.length)]!);
  }
  return kinds;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round2 = (n: number) => Math.round(n * 100) / 100;

type Row = { p50Ms: number; p95Ms: number; maxMs: number; samples: number };

function summary(times: number[]): Row {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50Ms: round2(percentile(sorted, 50)), p95Ms: round2(percentile(sorted, 95)), maxMs: round2(sorted.at(-1)!), samples: sorted.length };
}

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), "ctxmode-latency-"));
  try {
    const project = join(tmp, "project");
    const files = join(project, "corpus");
    mkdirSync(files, { recursive: true });
    const corpus = makeCorpus(MB * 1024 * 1024);
    // 256 KB files, the size agents index one call at a time.
    const parts = corpusParts(corpus.docs);
    parts.forEach((text, i) => {
      writeFileSync(join(files, `part-${String(i).padStart(4, "0")}.md`), text);
    });
    const n = parts.length;

    // Each run: a fresh server and data dir, the files indexed one call each, then the first
    // search, which waits for what the calls left (indexing's deferred half, timed on its own).
    // The searches below go to the last run's server.
    const runs: { indexMsPerMB: number; firstSearchMs: number }[] = [];
    let client: Awaited<ReturnType<typeof connectCtxmode>> | undefined;
    const call = async (name: string, args: Record<string, unknown>) => {
      const t = performance.now();
      const r = await client!.callTool({ name, arguments: args }, undefined, { timeout: 600_000 });
      if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content).slice(0, 300)}`);
      return performance.now() - t;
    };
    for (let run = 0; run < RUNS; run++) {
      await client?.close();
      const home = join(tmp, `run-${run}`);
      mkdirSync(home);
      client = await connectCtxmode(binary, home, project, "ctxmode-latency");
      let ms = 0;
      for (let i = 0; i < n; i++) {
        ms += await call("ctx_index", { path: `corpus/part-${String(i).padStart(4, "0")}.md` });
        if (PAUSE_MS) await Bun.sleep(PAUSE_MS);
      }
      runs.push({ indexMsPerMB: round2(ms / MB), firstSearchMs: round2(await call("ctx_search", { queries: ["warm up"] })) });
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const indexMsPerMB = median(runs.map((r) => r.indexMsPerMB));
    const firstSearchMs = median(runs.map((r) => r.firstSearchMs));
    const kinds = queriesByKind(corpus.queries);
    for (const q of ["handler cache", "zzqxv"]) await call("ctx_search", { queries: [q] });
    // Per kind and over all, the times `ask` takes for each query of the kind, `rounds` times.
    const measure = async (ask: (q: string) => Promise<number>, rounds: number) => {
      const rows: Record<string, Row> = {};
      const all: number[] = [];
      for (const [kind, queries] of Object.entries(kinds)) {
        const times: number[] = [];
        for (let r = 0; r < rounds; r++) for (const q of queries) times.push(await ask(q));
        all.push(...times);
        rows[kind] = summary(times);
      }
      rows.all = summary(all);
      return rows;
    };
    const search = (q: string) => call("ctx_search", { queries: [q] });
    // Right after the calls (a script that searches at once), then after an idle pause.
    const rows = await measure(search, ROUNDS);
    await Bun.sleep(IDLE_MS);
    const idleRows = await measure(search, ROUNDS);
    // As a session goes on: each query asked once, right after a ctx_index call of a small new
    // file (8 KB of the corpus under a header of its own), so every search follows a write.
    let written = 0;
    const writeRows = await measure(async (q) => {
      const part = parts[written % n]!;
      const at = (written * 8192) % Math.max(1, part.length - 8192);
      const path = `corpus/note-${String(written).padStart(4, "0")}.md`;
      writeFileSync(join(project, path), `# Note ${written}\n\n${part.slice(at, at + 8192)}\n`);
      written++;
      await call("ctx_index", { path });
      return search(q);
    }, 1);
    await client!.close();

    const result = {
      mb: MB,
      files: n,
      pauseMs: PAUSE_MS,
      // Medians of the runs (each run's figures in `runs`): on a shared 2-core machine one run can be 10% off.
      indexMsPerMB,
      firstSearchMs,
      indexAndFirstSearchMsPerMB: round2(indexMsPerMB + firstSearchMs / MB),
      runs,
      search: rows,
      idleMs: IDLE_MS,
      searchAfterIdle: idleRows,
      searchAfterWrite: writeRows,
      queries: kinds,
    };
    const out = outArg > 0 ? process.argv[outArg + 1]! : `search-latency${MB === 50 ? "" : `-${MB}mb`}${PAUSE_MS ? "-paused" : ""}.json`;
    writeFileSync(isAbsolute(out) ? out : join(here, "results", out), `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `ctx_search over MCP, ${MB} MB in ${n} files (ctx_index ${result.indexMsPerMB} ms/MB, one call per file; the first search after them ${result.firstSearchMs} ms, ${result.indexAndFirstSearchMsPerMB} ms/MB with it; medians of ${RUNS} runs: ${runs.map((r) => r.indexMsPerMB).join(", ")} ms/MB)`,
    );
    console.log(`kind       p50 ms  p95 ms  max ms   after ${IDLE_MS} ms idle: p50  p95  max   after a write: p50  p95  max`);
    for (const [kind, r] of Object.entries(rows)) {
      const i = idleRows[kind]!;
      const w = writeRows[kind]!;
      console.log(
        `${kind.padEnd(10)} ${String(r.p50Ms).padStart(6)}  ${String(r.p95Ms).padStart(6)}  ${String(r.maxMs).padStart(6)}   ${String(i.p50Ms).padStart(6)} ${String(i.p95Ms).padStart(6)} ${String(i.maxMs).padStart(6)}   ${String(w.p50Ms).padStart(6)} ${String(w.p95Ms).padStart(6)} ${String(w.maxMs).padStart(6)}`,
      );
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
