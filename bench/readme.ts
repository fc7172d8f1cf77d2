/**
 * `bun bench/readme.ts [results/FILE.json]`: rewrites the generated parts of README's Benchmarks
 * section: between the side-by-side markers from a side-by-side result file (by default the
 * newest one that measured the reference, else the newest ctxmode-only one), and between the
 * retrieval markers from results/retrieval.json and results/search-latency.json.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderRows, renderTable, type SuiteResult } from "./suite/result.ts";
import { retrievalBlock } from "./retrieval/report.ts";

const here = import.meta.dir;
const readmePath = join(here, "..", "README.md");
const START = "<!-- side-by-side:start -->";
const END = "<!-- side-by-side:end -->";
const RETRIEVAL_START = "<!-- retrieval:start -->";
const RETRIEVAL_END = "<!-- retrieval:end -->";

function pickResult(): { file: string; result: SuiteResult } {
  const given = process.argv[2];
  if (given) return { file: given, result: JSON.parse(readFileSync(join(here, given.replace(/^bench\//, "")), "utf8")) };
  const all = readdirSync(join(here, "results"))
    .filter((f) => /^\d{4}-\d{2}-\d{2}-.*\.json$/.test(f))
    .map((f) => ({ file: `results/${f}`, result: JSON.parse(readFileSync(join(here, "results", f), "utf8")) as SuiteResult }))
    .sort((a, b) => b.result.subjects.length - a.result.subjects.length || b.result.date.localeCompare(a.result.date));
  if (!all.length) throw new Error("no bench/results/<date>-<os>-<arch>.json yet; run `bun run bench --compare context-mode@1.0.169`");
  return all[0]!;
}

const { file, result } = pickResult();
const table = renderTable(result);
const behind = table
  .split("\n")
  .filter((l) => l.includes("**behind**"))
  .map(
    (l) =>
      `- ${l
        .split(" | ")[0]!
        .replace(/^\|\s*/, "")
        .trim()}`,
  );
const [a, b] = result.subjects.map((s) => s.name);
const fewer = b ? result.savings.rows.filter((r) => r.returned[a!]! > r.returned[b]!) : [];
const fewerText = fewer.length
  ? `Rows where ${b} returned fewer bytes: ${fewer.map((r) => `${r.category} ${r.id} (${r.returned[a!]} vs ${r.returned[b!]} B)`).join(", ")}.`
  : "";
const block = [
  START,
  `Produced by \`${result.command}\` on ${result.machine}, ${result.date.slice(0, 16).replace("T", " ")} UTC ` +
    `(${result.subjects.map((s) => `${s.name}: ${s.runtime}`).join("; ")}); file \`bench/${file}\`, ` +
    `regenerate this part with \`bun bench/readme.ts\`.`,
  "",
  table.trimEnd(),
  "",
  behind.length ? `Rows behind their target in this run:\n\n${behind.join("\n")}` : "Every row meets its target in this run.",
  ...(fewerText ? ["", fewerText] : []),
  "",
  "<details><summary>bytes per row</summary>",
  "",
  renderRows(result).trimEnd(),
  "",
  "</details>",
  END,
].join("\n");

/** Replaces the text between a marker pair; throws when README lacks it. */
function replaceBlock(readme: string, start: string, end: string, body: string): string {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} block`);
  return readme.slice(0, from) + body + readme.slice(to + end.length);
}

let readme = replaceBlock(readFileSync(readmePath, "utf8"), START, END, block);
const retrieval = retrievalBlock();
if (retrieval) readme = replaceBlock(readme, RETRIEVAL_START, RETRIEVAL_END, `${RETRIEVAL_START}\n${retrieval}\n${RETRIEVAL_END}`);
writeFileSync(readmePath, readme);
console.log(`README.md: side-by-side table from bench/${file}`);
