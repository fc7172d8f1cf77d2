/** The dated result file: its shape, the summaries the table reads, and the markdown table. */
import type { SavingsRow } from "./savings.ts";
import type { HookRow, KnowledgeBase } from "./speed.ts";
import { kb, median, round2 } from "../stats.ts";

export const BIG_ROW = 10 * 1024;
export const CATEGORIES = ["sandbox", "retrieval", "batch", "externalize", "redirect", "session"] as const;

export interface SuiteResult {
  date: string;
  command: string;
  machine: string;
  subjects: { name: string; runtime: string }[];
  method: string;
  savings: { rows: SavingsRow[] };
  speed: {
    hooks: { floors: Record<string, number>; hosts: HookRow[] };
    cold: Record<string, { p50Ms: number; rssBytes: number; toolsListBytes: number; tools: string[] }>;
    sessionStartBytes: Record<string, number>;
    knowledgeBase: Record<string, KnowledgeBase>;
  };
  elapsedS: number;
}

/** Median kept-out % of a set of rows, per subject. */
function medianKept(rows: SavingsRow[], subject: string): number {
  return round2(median(rows.map((r) => r.keptOutPct[subject]!)));
}

/** Bytes kept out (raw - returned) summed over a set of rows, per subject. */
function keptBytes(rows: SavingsRow[], subject: string): number {
  return rows.reduce((n, r) => n + r.rawBytes - r.returned[subject]!, 0);
}

export function summarize(result: SuiteResult) {
  const names = result.subjects.map((s) => s.name);
  const rows = result.savings.rows;
  const categories = CATEGORIES.map((c) => {
    const rs = rows.filter((r) => r.category === c);
    return {
      category: c,
      rows: rs.length,
      rawBytes: rs.reduce((n, r) => n + r.rawBytes, 0),
      medianKeptPct: Object.fromEntries(names.map((n) => [n, medianKept(rs, n)])),
      keptBytes: Object.fromEntries(names.map((n) => [n, keptBytes(rs, n)])),
    };
  });
  const big = rows.filter((r) => r.rawBytes >= BIG_ROW);
  // Over the hosts every subject has a process hook for, so the medians compare like with like.
  const shared = result.speed.hooks.hosts.filter((h) => names.every((n) => typeof h.p50Ms[n] === "number"));
  const hookMedian = Object.fromEntries(names.map((n) => [n, round2(median(shared.map((h) => h.p50Ms[n]!)))]));
  return { names, categories, headline: { rows: big.length, medianKeptPct: Object.fromEntries(names.map((n) => [n, medianKept(big, n)])) }, hookMedian };
}

const ms = (n: number | null | undefined) => (n === null || n === undefined ? "n/a" : `${n.toFixed(1)} ms`);
const pct = (n: number | null | undefined) => (n === undefined || n === null ? "n/a" : `${n.toFixed(1)}%`);

/**
 * The markdown table: one row per speed measure and per category, ctxmode first, the reference
 * (when measured) next to it, the ratio, and the target from issue #8.
 */
export function renderTable(result: SuiteResult): string {
  const s = summarize(result);
  const [a, b] = s.names as [string, string | undefined];
  const kbA = result.speed.knowledgeBase[a]!;
  const kbB = b ? result.speed.knowledgeBase[b] : undefined;
  const cold = result.speed.cold;
  type Row = [string, string, string, string, string];
  const rows: Row[] = [];
  /**
   * `better` says which way wins ("lower" or "higher"); `need` is the ratio to meet (0: no target).
   * Percentages compare in points (a kept-out share can be 0 or negative, where ratios mean nothing).
   */
  const add = (
    what: string,
    va: number | null | undefined,
    vb: number | null | undefined,
    fmt: (n: number | null | undefined) => string,
    better: "lower" | "higher",
    need: number,
    target: string,
    points = false,
  ) => {
    if (!b) {
      rows.push([what, fmt(va), "", "", target]);
      return;
    }
    const ok = va !== null && va !== undefined && vb !== null && vb !== undefined;
    if (!ok) {
      rows.push([what, fmt(va), fmt(vb), "n/a", need ? `${target}: n/a` : target]);
      return;
    }
    const ratio = better === "lower" ? vb! / va! : va! / vb!;
    const met = points ? va! >= vb! : ratio >= need;
    const shown = points ? `${va! - vb! >= 0 ? "+" : ""}${(va! - vb!).toFixed(1)} pp` : `${ratio.toFixed(2)}x`;
    rows.push([what, fmt(va), fmt(vb), shown, need || points ? `${target}: ${met ? "met" : "**behind**"}` : target]);
  };
  const floorA = result.speed.hooks.floors[a];
  const floorB = b ? result.speed.hooks.floors[b] : undefined;
  add(
    `hook PreToolUse wall, median over ${b ? "the hosts both hook" : "hosts"} (curl, denied + journaled)`,
    s.hookMedian[a],
    b ? s.hookMedian[b] : undefined,
    ms,
    "lower",
    3,
    ">= 3x faster",
  );
  for (const h of result.speed.hooks.hosts) add(`  hook wall: ${h.host}`, h.p50Ms[a], b ? h.p50Ms[b] : undefined, ms, "lower", 3, ">= 3x faster");
  add("bare process start of the hook runtime (floor)", floorA, floorB, ms, "lower", 0, "floor under the hook rows");
  add("MCP cold start: spawn to tools/list", cold[a]?.p50Ms, b ? cold[b]?.p50Ms : undefined, ms, "lower", 2, ">= 2x faster");
  add("server RSS after start", cold[a]?.rssBytes, b ? cold[b]?.rssBytes : undefined, (n) => (n ? kb(n) : "n/a"), "lower", 1, "lower");
  add("ctx_search p50, 8 files (MCP round trip)", kbA.search8.p50Ms, kbB?.search8.p50Ms, ms, "lower", 1, "lower");
  add("ctx_search p95, 8 files", kbA.search8.p95Ms, kbB?.search8.p95Ms, ms, "lower", 1, "lower");
  add("ctx_search p50, 10 MB corpus", kbA.search10mb.p50Ms, kbB?.search10mb.p50Ms, ms, "lower", 1, "lower");
  add("ctx_search p95, 10 MB corpus", kbA.search10mb.p95Ms, kbB?.search10mb.p95Ms, ms, "lower", 1, "lower");
  add("ctx_index 10 MB directory, MB/s", kbA.index10mb.mbPerS, kbB?.index10mb.mbPerS, (n) => (n ? `${n.toFixed(1)} MB/s` : "n/a"), "higher", 1, "higher");
  add("ctx_index, ms per MB", kbA.index10mb.msPerMB, kbB?.index10mb.msPerMB, ms, "lower", 1, "lower");
  add("tools/list bytes", cold[a]?.toolsListBytes, b ? cold[b]?.toolsListBytes : undefined, (n) => (n ? kb(n) : "n/a"), "lower", 4, "<= a quarter");
  add(
    "SessionStart injection, fresh session",
    result.speed.sessionStartBytes[a],
    b ? result.speed.sessionStartBytes[b] : undefined,
    (n) => (n === undefined || n === null ? "n/a" : kb(n)),
    "lower",
    1,
    "smaller",
  );
  add("search quality hit@1, qrels.json", kbA.qrels.hitAt1, kbB?.qrels.hitAt1, (n) => (n ?? NaN).toFixed(2), "higher", 1.0001, "ahead");
  add("search quality MRR@5, qrels.json", kbA.qrels.mrr, kbB?.qrels.mrr, (n) => (n ?? NaN).toFixed(2), "higher", 1, "not behind");
  for (const c of s.categories) {
    add(
      `bytes kept out, ${c.category} (${c.rows} rows, median)`,
      c.medianKeptPct[a],
      b ? c.medianKeptPct[b] : undefined,
      pct,
      "higher",
      1,
      ">= reference",
      true,
    );
  }
  add(
    `**headline: bytes kept out, ${s.headline.rows} rows with >= 10 KB raw (median)**`,
    s.headline.medianKeptPct[a],
    b ? s.headline.medianKeptPct[b] : undefined,
    pct,
    "higher",
    1,
    ">= reference",
    true,
  );
  const head = b
    ? `| what | ${a} | ${b} | ratio | target |\n|---|---|---|---|---|`
    : `| what | ${a} | | | target against the reference (run with --compare) |\n|---|---|---|---|---|`;
  const body = rows.map((r) => `| ${r.join(" | ")} |`).join("\n");
  return `${head}\n${body}\n`;
}

/** Per-row bytes table: raw and returned per subject. */
export function renderRows(result: SuiteResult): string {
  const names = result.subjects.map((s) => s.name);
  const head = `| category | row | raw | ${names.map((n) => `${n} returned (kept out)`).join(" | ")} |\n|---|---|---|${names.map(() => "---|").join("")}`;
  const body = result.savings.rows
    .map((r) => `| ${r.category} | ${r.id} | ${kb(r.rawBytes)} | ${names.map((n) => `${kb(r.returned[n]!)} (${pct(r.keptOutPct[n])})`).join(" | ")} |`)
    .join("\n");
  return `${head}\n${body}\n`;
}
