/**
 * README's retrieval block: section hit@1 / hit@3 / MRR per query kind on the dev set and the
 * frozen test split (now, and with the search of before the dev set: results/retrieval-baseline.json),
 * the mean ctx_search reply, and ctx_search latency over MCP at 50 MB per query kind.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RetrievalReport } from "./run.ts";

const results = join(import.meta.dir, "..", "results");
const KINDS = ["all", "api", "howto", "partial", "typo", "records", "parent"];

interface Latency {
  mb: number;
  files: number;
  pauseMs?: number;
  indexMsPerMB: number;
  firstSearchMs?: number;
  /** Each fresh server's figures; indexMsPerMB and firstSearchMs are their medians. */
  runs?: { indexMsPerMB: number; firstSearchMs: number }[];
  search: Record<string, { p50Ms: number; p95Ms: number; maxMs: number; samples: number }>;
  /** The same queries after the server was left idle `idleMs` (it merges FTS5 segments then). */
  idleMs?: number;
  searchAfterIdle?: Record<string, { p50Ms: number; p95Ms: number; maxMs: number; samples: number }>;
  /** Each query once, right after a ctx_index call of a small new file. */
  searchAfterWrite?: Record<string, { p50Ms: number; p95Ms: number; maxMs: number; samples: number }>;
}

const read = <T>(name: string): T | undefined => (existsSync(join(results, name)) ? (JSON.parse(readFileSync(join(results, name), "utf8")) as T) : undefined);
const f2 = (n: number) => n.toFixed(2);

/**
 * `ctx_index` one call per 256 KB file over MCP, back to back (a script) and 400 ms apart (model
 * turns between calls), at 10 and 50 MB, with the first search after the calls (it writes any
 * full-text rows still waiting).
 */
function indexingRows(latency: Latency, before: Latency | undefined): string[] {
  const runs: [string, Latency | undefined][] = [
    ["10 MB, back to back", read<Latency>("search-latency-10mb.json")],
    ["10 MB, 400 ms apart", read<Latency>("search-latency-10mb-paused.json")],
    ["50 MB, back to back", latency],
    ["50 MB, 400 ms apart", read<Latency>("search-latency-paused.json")],
  ];
  const rate = (msPerMB: number) => `${(1000 / msPerMB).toFixed(1)} MB/s (${msPerMB} ms/MB)`;
  const spread = (r: Latency) => {
    const rates = (r.runs ?? []).map((x) => 1000 / x.indexMsPerMB);
    return rates.length > 1 ? `${Math.min(...rates).toFixed(1)}–${Math.max(...rates).toFixed(1)} MB/s` : "one run";
  };
  const rows = runs
    .filter((r): r is [string, Latency] => r[1] !== undefined)
    .map(
      ([what, r]) =>
        `| ${what} | ${rate(r.indexMsPerMB)} | ${spread(r)} | ${r.firstSearchMs ?? "n/a"} ms | ${1000 / r.indexMsPerMB >= 20 ? "met" : "**not met**"} |`,
    );
  return [
    "",
    `\`ctx_index\` of those files, one call each over MCP (\`--mb 10\`, \`--pause 400\`)${before ? `; the previous release, back to back at ${before.mb} MB: ${rate(before.indexMsPerMB)}` : ""}:`,
    "",
    "| run | per call (median) | runs | first search after | >= 20 MB/s |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    "A call redacts and chunks its file, writes it to the server's spool (one file per source, `src/store/spool.ts`) and replies;",
    "a worker thread writes the spool into the database on the other core, 2 MB per transaction, and the call's own stats row",
    "waits in memory meanwhile, so no call waits for SQLite's one write lock. A search (or any other tool) waits for what is",
    "spooled first, so it never misses what was indexed; a server killed with files in its spool has them written by the next",
    "process that opens the project. More than 8 MB waiting and a call waits for the worker, so the first search after a run",
    "of calls has at most about half a second of writes left, and from 1 MB waiting the calls take on the chunks' trigram terms",
    "themselves. The words of a run's chunks go into the spelling vocabulary after it: once caught up, the worker reads them",
    "back a batch at a time, and a search that needs a spelling or prefix fix before it is done reads the rest in first. The",
    "first read after a run of 1 MB or more also waits, up to 2 s, for the segments the run left to be merged down to 4 an",
    "index when it left more: after 50 MB back to back that is about half a second of the first search timed here (`warm up`),",
    "and each query after it reads 2 segments instead of 13. With model turns",
    "between calls the merge happens in the pauses and the first search waits for nothing. Back to back past those 8 MB the worker sets",
    "the pace and both cores are busy (`bun bench/flush-profile.ts` times the worker's steps): FTS5 merges 16 segments at a",
    "time, the WAL is copied back every 32 MB, and a spool file is a header line and the raw text. On this 2-core machine the",
    "rate moves by several MB/s from run to run: each row is the median of three fresh servers (`--runs`). With model turns between calls the worker keeps up",
    "and a call costs its redaction, chunking and spool write. The Node build has no worker: its calls store the chunks and leave",
    "the full-text rows to the server's idle moments or the next search, as before.",
  ];
}

/** The markdown block, or undefined when `bun bench/retrieval/run.ts` has not written its result yet. */
export function retrievalBlock(): string | undefined {
  const now = read<RetrievalReport>("retrieval.json");
  if (!now) return undefined;
  const before = read<RetrievalReport>("retrieval-baseline.json");
  const latency = read<Latency>("search-latency.json");
  const latencyBefore = read<Latency>("search-latency-baseline.json");
  const hay = now.haystack;
  const lines = [
    `Section hit@1 / hit@3 / MRR@5 on \`bench/retrieval/\` (${now.corpus.files} files, ${(now.corpus.bytes / 1024 / 1024).toFixed(1)} MB of other people's docs,`,
    `changelogs, logs and npm metadata; ${now.dev.all!.queries + now.test.all!.queries} queries written before any result was seen; the test split is never tuned on).`,
    before
      ? `Before: the search of the previous release (\`bench/results/retrieval-baseline.json\`), on the ${before.dev.all!.queries + before.test.all!.queries} questions there were then${before.test.all!.queries === now.test.all!.queries ? "" : " (the questions added since are not in it)"}.`
      : "",
    "",
    `| kind | dev n | dev now | test n | test now | test over MCP |${hay ? ` dev / test in ${hay.mb} MB of other text |` : ""} test before |${now.reference ? ` test, ${now.reference.name} |` : ""}`,
    `|---|---|---|---|---|---|${hay ? "---|" : ""}---|${now.reference ? "---|" : ""}`,
  ];
  const cell = (s: { hitAt1: number; hitAt3: number; mrr: number } | undefined) => (s ? `${f2(s.hitAt1)} / ${f2(s.hitAt3)} / ${f2(s.mrr)}` : "n/a");
  const folders = Object.keys(now.test).filter((k) => k.startsWith("folder:"));
  for (const kind of [...KINDS, ...folders]) {
    const d = now.dev[kind];
    const t = now.test[kind];
    if (!d || !t) continue;
    const name = kind.startsWith("folder:") ? `\`${kind.slice(7)}/\` files` : kind;
    const reference = now.reference ? ` ${cell(now.reference.test[kind])} |` : "";
    const inHay = hay ? ` ${hay.dev[kind] ? f2(hay.dev[kind].hitAt1) : "n/a"} / ${hay.test[kind] ? f2(hay.test[kind].hitAt1) : "n/a"} |` : "";
    lines.push(
      `| ${name} | ${d.queries} | ${cell(d)} | ${t.queries} | ${cell(t)} | ${cell(now.mcp?.test[kind])} |${inHay} ${cell(before?.test[kind])} |${reference}`,
    );
  }
  const d = now.dev.all!;
  const t = now.test.all!;
  if (d.sectionHitAt1 !== undefined)
    lines.push(
      "",
      `A hit counts when it is the gold section and shows the fact asked for; by section alone, hit@1 is ${f2(d.sectionHitAt1)} (dev) and ${f2(t.sectionHitAt1)} (test).` +
        (now.mcp
          ? " Over MCP the files are indexed as shipped (HTML pages as HTML), one `ctx_index` call each, and every question is one `ctx_search` call."
          : ""),
    );
  if (hay)
    lines.push(
      "",
      `"In ${hay.mb} MB of other text" (hit@1) asks the same questions of a store that holds the generated bench corpus (\`bench/corpus.ts\`: made-up words among common` +
        " technical ones such as `request`, `cache` and `thread`) besides the docs, as a store does after days of use: that text moves every word's statistics" +
        " (which words are rare, which count as frequent, how BM25 weighs them). `--haystack MB` sets its size, 0 leaves it out.",
    );
  if (now.reference)
    lines.push(
      "",
      `${now.reference.name} (\`--compare\`) is asked over MCP the same way, one \`ctx_index\` per file and one \`ctx_search\` per question. ` +
        "It indexes an HTML page as raw markup, so it gets each page as the markdown ctxmode makes of it: the column measures its ranking, not its file handling. " +
        "Its replies have no line numbers, so a question whose gold is a line range counts when the right file's hit shows the fact (ctxmode must also hit the lines). " +
        `By section alone (for a line-range question, the right file) its test hit@1 is ${f2(now.reference.test.all!.sectionHitAt1)}.`,
    );
  if (now.replyBytes)
    lines.push(
      "",
      `Mean \`ctx_search\` reply at the default limit (3 hits), over MCP: ${now.replyBytes.mean} B (p95 ${now.replyBytes.p95} B, ${now.replyBytes.queries} queries).`,
    );
  if (latency) {
    const was = (k: string) => {
      const r = latencyBefore?.search[k];
      return r ? ` | ${r.p50Ms} / ${r.p95Ms} ms` : latencyBefore ? " | n/a" : "";
    };
    lines.push(
      "",
      `\`ctx_search\` over MCP on the generated ${latency.mb} MB corpus (${latency.files} files of 256 KB, one \`ctx_index\` call each; \`bun bench/search-latency.ts\`)` +
        (latencyBefore ? "; before: the previous release's binary through the same bench (`--binary`, `results/search-latency-baseline.json`):" : ":"),
      "",
      `| query kind | p50 | p95 | max | after ${((latency.idleMs ?? 0) / 1000).toFixed(0)} s idle: p50 / p95 / max | after a write: p50 / p95 / max |${latencyBefore ? " before p50 / p95 |" : ""}`,
      latencyBefore ? "|---|---|---|---|---|---|---|" : "|---|---|---|---|---|---|",
      ...Object.entries(latency.search).map(([k, r]) => {
        const i = latency.searchAfterIdle?.[k];
        const w = latency.searchAfterWrite?.[k];
        return `| ${k} | ${r.p50Ms} ms | ${r.p95Ms} ms | ${r.maxMs} ms | ${i ? `${i.p50Ms} / ${i.p95Ms} / ${i.maxMs} ms` : "n/a"} | ${w ? `${w.p50Ms} / ${w.p95Ms} / ${w.maxMs} ms` : "n/a"}${was(k)} |`;
      }),
      "",
      "The first columns are asked right after the run of `ctx_index` calls, as a script would, each query twice; the last after",
      "the server was left without a call for the time a model turn gives it. A run of calls leaves FTS5 segments that every query",
      "reads (13 per index after these 193 files); the server merges them when idle, on its spool worker (a segment or so per level,",
      "`src/store/maintenance.ts` mergeStep), and the first read after a run of 1 MB or more that left more than 4 waits for",
      "that merge (the `warm up` search below) until none holds more than 4, so the queries right after the run read few",
      'segments too. After the pause, each word\'s frequency is already counted. "After a write" asks each query once more, each',
      "right after a `ctx_index` call of a new 8 KB file: the search waits for the spool worker to write it, and a count of a",
      "word's chunks made before takes in the new chunks alone. A file of 8 KB is no run: the read after it does not wait for a",
      "merge (when reads after any run did, one in eighteen of these waited 0.3-0.9 s for a merge step that rewrote a big level).",
    );
    lines.push(...indexingRows(latency, latencyBefore));
  }
  return lines.filter((l, i) => l !== "" || lines[i - 1] !== "").join("\n");
}
