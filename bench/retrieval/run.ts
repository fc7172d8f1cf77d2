/**
 * `bun bench/retrieval/run.ts [--misses] [--no-mcp] [--haystack MB] [--show id,…] [--compare context-mode@1.0.169]`: indexes bench/retrieval/corpus in process and
 * scores queries.json (section hit@1, hit@3, MRR, file hit@1) per kind, on the dev and the frozen
 * test split; then the same in a store that holds `--haystack` MB (default 50, 0 for none) of the
 * generated bench corpus besides; then, over MCP against the built binary, the mean ctx_search
 * reply at the default limit. Writes bench/results/retrieval.json. `--misses` lists the dev split's misses (never the
 * test split's: it is not tuned on); `--show` prints the named dev queries' hits with their snippets.
 * `--compare` asks the same questions of the reference, installed from npm (bench/suite/install.ts),
 * over MCP the same way: one ctx_index per file as shipped, one ctx_search per question.
 */
import { connectCtxmode } from "../suite/mcp.ts";
import { installReference } from "../suite/install.ts";
import { Lane } from "../suite/lane.ts";
import { referenceSubject } from "../suite/subjects.ts";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { DEFAULTS } from "../../src/config/constants.ts";
import { openStore } from "../../src/store/db.ts";
import { indexSources } from "../../src/store/index-source.ts";
import { search } from "../../src/store/search.ts";
import { corpusParts, makeCorpus } from "../corpus.ts";
import { indexCorpus, loadCorpus, loadQueries, type CorpusFile } from "./corpus.ts";
import { isGold, score, type JudgedHit, type RetrievalQuery, type Scores } from "./judge.ts";

const here = import.meta.dir;
const args = process.argv.slice(2);
const KINDS = ["api", "howto", "partial", "typo", "records", "parent"] as const;

export interface RetrievalReport {
  corpus: { files: number; bytes: number };
  dev: Record<string, Scores>;
  test: Record<string, Scores>;
  replyBytes?: { mean: number; p95: number; queries: number };
  /** The same queries over MCP, the files indexed as shipped with one ctx_index call each. */
  mcp?: { dev: Record<string, Scores>; test: Record<string, Scores> };
  /** The same questions in a store that also holds `mb` MB of the generated bench corpus (`--haystack`). */
  haystack?: { mb: number; dev: Record<string, Scores>; test: Record<string, Scores> };
  /** The reference asked the same way (`--compare`). */
  reference?: { name: string; dev: Record<string, Scores>; test: Record<string, Scores> };
}

/** Scores overall, per kind of question, and per corpus folder (`folder:structured`). */
function byKind(results: { q: RetrievalQuery; hits: Parameters<typeof isGold>[0][] }[]): Record<string, Scores> {
  const out: Record<string, Scores> = { all: score(results) };
  for (const kind of KINDS) out[kind] = score(results.filter((r) => r.q.kind === kind));
  for (const folder of [...new Set(results.map((r) => r.q.source.split("/")[0]!))].sort())
    out[`folder:${folder}`] = score(results.filter((r) => r.q.source.split("/")[0] === folder));
  return out;
}

/** A ctx_search reply's hits: `[source] lines a-b · title` headers, each followed by its snippet. */
export function parseHits(reply: string): JudgedHit[] {
  const hits: JudgedHit[] = [];
  for (const line of reply.split("\n")) {
    const m = /^\[([^\]\n]+)\] lines (\d+)-(\d+)(?: · (.*))?$/.exec(line);
    if (m) hits.push({ source: m[1]!, lineStart: Number(m[2]), lineEnd: Number(m[3]), title: m[4] ?? "", snippet: "" });
    else if (hits.length) hits[hits.length - 1]!.snippet += `${line}\n`;
  }
  return hits;
}

/**
 * Where agents meet it: the files as shipped (HTML pages as HTML) in a project, one ctx_index call
 * per file over MCP against the built binary, then every query as one ctx_search call (limit 5,
 * scored like the in-process run) and once more at the default limit for the reply's size.
 */
async function overMcp(files: CorpusFile[], queries: RetrievalQuery[]): Promise<Pick<RetrievalReport, "mcp" | "replyBytes"> | undefined> {
  const binary = join(here, "..", "..", "dist", "ctxmode");
  if (!existsSync(binary)) return undefined;
  const tmp = mkdtempSync(join(tmpdir(), "ctxmode-retrieval-"));
  try {
    const project = join(tmp, "project");
    writeProject(files, project);
    const client = await connectCtxmode(binary, tmp, project, "ctxmode-retrieval");
    const call = async (name: string, args: Record<string, unknown>) => {
      const r = await client.callTool({ name, arguments: args });
      const text = (r.content as { text?: string }[]).map((c) => c.text ?? "").join("");
      if (r.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${text.slice(0, 300)}`);
      return text;
    };
    for (const f of files) await call("ctx_index", { path: f.label });
    const results: { q: RetrievalQuery; hits: JudgedHit[] }[] = [];
    const sizes: number[] = [];
    for (const q of queries) {
      results.push({ q, hits: parseHits(await call("ctx_search", { queries: [q.query], limit: 5 })) });
      sizes.push(Buffer.byteLength(await call("ctx_search", { queries: [q.query] })));
    }
    await client.close();
    sizes.sort((a, b) => a - b);
    return {
      mcp: { dev: byKind(results.filter((r) => r.q.split === "dev")), test: byKind(results.filter((r) => r.q.split === "test")) },
      replyBytes: { mean: Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length), p95: sizes[Math.ceil(sizes.length * 0.95) - 1]!, queries: sizes.length },
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The files as shipped (HTML pages as HTML) under `project`, as an agent's checkout holds them. */
function writeProject(files: CorpusFile[], project: string): void {
  for (const f of files) {
    const path = join(project, f.label);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, f.raw);
  }
}

/**
 * The reference over MCP, asked like ctxmode: one ctx_index per file (its label as the source),
 * one ctx_search per question, limit 5. It indexes an HTML page as raw text (its chunks are
 * markup titled "Untitled"), so it gets each page as the markdown ctxmode makes of it, in a `.md`
 * file: this measures its ranking, not its file handling. Its replies carry no line numbers, so a
 * question whose gold is a line range (a changelog entry, a log record) counts when the right
 * file's hit shows the asked-for fact: a looser test than ctxmode's, which must also hit the lines.
 */
async function referenceOverMcp(files: CorpusFile[], queries: RetrievalQuery[], spec: string): Promise<RetrievalReport["reference"]> {
  const ref = installReference(spec, join(here, "..", "..", ".cache", "bench-compare"));
  const subject = referenceSubject(ref.pkgDir, ref.node, ref.version, ref.nodeVersion);
  const tmp = mkdtempSync(join(tmpdir(), "ctxmode-retrieval-ref-"));
  const lane = new Lane(subject, tmp, join(tmp, "project"));
  try {
    const pathOf = (f: CorpusFile) => join(lane.project, f.label.endsWith(".html") ? `${f.label}.md` : f.label);
    for (const f of files) {
      mkdirSync(dirname(pathOf(f)), { recursive: true });
      writeFileSync(pathOf(f), f.label.endsWith(".html") ? f.text : f.raw);
    }
    await lane.open();
    for (const f of files) {
      const r = await lane.session.call(subject.indexPath(pathOf(f), f.label));
      if (r.isError) throw new Error(`${subject.name} ctx_index ${f.label}: ${r.text.slice(0, 300)}`);
    }
    const results: { q: RetrievalQuery; hits: JudgedHit[] }[] = [];
    for (const q of queries) {
      const r = await lane.session.call(subject.search([q.query], 5));
      const hits = subject.parseHits(r.text).map((h) => ({ ...h, lineStart: 0, lineEnd: Number.MAX_SAFE_INTEGER }));
      results.push({ q: q.lines ? { ...q, lines: undefined } : q, hits });
    }
    return { name: subject.name, dev: byKind(results.filter((r) => r.q.split === "dev")), test: byKind(results.filter((r) => r.q.split === "test")) };
  } finally {
    await lane.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The questions asked of a store that holds `mb` MB of other text first: the generated bench
 * corpus (bench/corpus.ts, fixed seed; made-up words among common technical ones such as
 * `request`, `cache`, `thread`), in 256 KB sources as the latency bench indexes it, then the
 * corpus. A store after days of use holds much besides the docs asked about, and that text moves
 * every word's statistics: which words are rare, which count as frequent, how BM25 weighs them.
 */
function inHaystack(files: CorpusFile[], queries: RetrievalQuery[], mb: number, dir: string): RetrievalReport["haystack"] {
  const db = openStore(join(dir, "haystack.db"), { busyTimeoutMs: 5000 });
  try {
    corpusParts(makeCorpus(mb * 1024 * 1024).docs).forEach((text, i) => {
      indexSources(db, [{ label: `haystack/part-${String(i).padStart(4, "0")}.md`, text, kind: "markdown", maxChunk: DEFAULTS.maxChunk }]);
    });
    indexCorpus(db, files);
    const opts = { limit: 5, snippetMax: DEFAULTS.snippetMax, rrfK: DEFAULTS.rrfK };
    const results = queries.map((q) => ({ q, hits: search(db, q.query, opts).hits }));
    return { mb, dev: byKind(results.filter((r) => r.q.split === "dev")), test: byKind(results.filter((r) => r.q.split === "test")) };
  } finally {
    db.close();
  }
}

export async function runRetrieval(
  options: { misses?: boolean; mcp?: boolean; show?: string[]; compare?: string; haystackMB?: number } = {},
): Promise<RetrievalReport> {
  const files = await loadCorpus();
  const queries = loadQueries();
  const tmp = mkdtempSync(join(tmpdir(), "ctxmode-retrieval-"));
  try {
    const db = openStore(join(tmp, "context.db"), { busyTimeoutMs: 5000 });
    indexCorpus(db, files);
    const opts = { limit: 5, snippetMax: DEFAULTS.snippetMax, rrfK: DEFAULTS.rrfK };
    const results = queries.map((q) => ({ q, hits: search(db, q.query, opts).hits }));
    db.close();
    for (const { q, hits } of results) {
      if (!options.show?.includes(q.id) || q.split !== "dev") continue;
      console.log(`${q.id} "${q.query}" gold [${q.source}] ${q.section?.join(" > ") ?? q.lines?.join("-")} answer ${JSON.stringify(q.answer ?? null)}`);
      for (const h of hits)
        console.log(`  [${h.source}] ${h.title} (${h.lineStart}-${h.lineEnd}) ${isGold(h, q) ? "GOLD" : ""}\n${h.snippet.replace(/^/gm, "    | ")}`);
    }
    if (options.misses) {
      for (const { q, hits } of results) {
        if (q.split !== "dev" || (hits[0] && isGold(hits[0], q))) continue;
        const rank = hits.findIndex((h) => isGold(h, q));
        console.log(`${q.id} "${q.query}" gold [${q.source}] ${q.section?.join(" > ") ?? q.lines?.join("-")} -> rank ${rank < 0 ? "none" : rank + 1}`);
        for (const h of hits.slice(0, 3)) console.log(`    [${h.source}] ${h.title} (${h.lineStart}-${h.lineEnd})`);
      }
    }
    const report: RetrievalReport = {
      corpus: { files: files.length, bytes: files.reduce((n, f) => n + Buffer.byteLength(f.text), 0) },
      dev: byKind(results.filter((r) => r.q.split === "dev")),
      test: byKind(results.filter((r) => r.q.split === "test")),
    };
    if (options.haystackMB) report.haystack = inHaystack(files, queries, options.haystackMB, tmp);
    if (options.mcp !== false) Object.assign(report, await overMcp(files, queries));
    if (options.compare) report.reference = await referenceOverMcp(files, queries, options.compare);
    return report;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** One line of the printed report: a label, then the counts and scores in columns. */
const row = (label: string, s: Scores) =>
  `${label} ${String(s.queries).padStart(3)}  ${s.hitAt1.toFixed(2)}   ${s.hitAt3.toFixed(2)}   ${s.mrr.toFixed(2)}   ${s.fileHitAt1.toFixed(2)}   ${s.sectionHitAt1?.toFixed(2) ?? "n/a"}`;

export function printReport(r: RetrievalReport): void {
  console.log(`retrieval: ${r.corpus.files} files, ${(r.corpus.bytes / 1024 / 1024).toFixed(1)} MB indexed`);
  console.log("split kind      n   hit@1  hit@3  MRR    file@1 section@1");
  const splits = (process.argv.includes("--dev-only") ? ["dev"] : ["dev", "test"]) as ("dev" | "test")[];
  for (const split of splits) {
    for (const [kind, s] of Object.entries(r[split])) {
      console.log(row(`${split.padEnd(5)} ${kind.padEnd(8)}`, s));
    }
  }
  if (r.mcp) {
    for (const split of splits) {
      const s = r.mcp[split].all!;
      console.log(row(`${split.padEnd(5)} over MCP`, s));
    }
  }
  if (r.haystack) {
    for (const split of splits) {
      for (const [kind, s] of Object.entries(r.haystack[split])) {
        if (kind.startsWith("folder:")) continue;
        console.log(row(`${split.padEnd(5)} +${r.haystack.mb}MB ${kind.padEnd(8)}`, s));
      }
    }
  }
  if (r.reference) {
    for (const split of ["dev", "test"] as const) {
      for (const [kind, s] of Object.entries(r.reference[split])) {
        console.log(row(`${split.padEnd(5)} ref ${kind.padEnd(8)}`, s));
      }
    }
  }
  if (r.replyBytes)
    console.log(`ctx_search reply at the default limit: mean ${r.replyBytes.mean} B, p95 ${r.replyBytes.p95} B over ${r.replyBytes.queries} queries (MCP)`);
}

if (import.meta.main) {
  const show = args.includes("--show") ? (args[args.indexOf("--show") + 1] ?? "").split(",") : undefined;
  const compare = args.includes("--compare") ? args[args.indexOf("--compare") + 1] : undefined;
  if (args.includes("--compare") && !compare) throw new Error("--compare takes a package spec, e.g. --compare context-mode@1.0.169");
  const haystackMB = args.includes("--haystack") ? Number(args[args.indexOf("--haystack") + 1]) : show ? 0 : 50;
  if (!Number.isFinite(haystackMB) || haystackMB < 0) throw new Error("--haystack takes a size in MB, e.g. --haystack 50 (0 for none)");
  const report = await runRetrieval({ misses: args.includes("--misses"), mcp: !args.includes("--no-mcp") && !show, show, compare, haystackMB });
  const out = join(here, "..", "results", "retrieval.json");
  // The reference's scores depend on the corpus and the questions alone: a run without --compare keeps the last ones while those are the same.
  if (!compare && existsSync(out)) {
    const last = JSON.parse(readFileSync(out, "utf8")) as RetrievalReport;
    const same = (a: Record<string, Scores>, b: Record<string, Scores>) => a.all?.queries === b.all?.queries;
    if (last.reference && last.corpus.bytes === report.corpus.bytes && same(last.reference.dev, report.dev) && same(last.reference.test, report.test))
      report.reference = last.reference;
  }
  printReport(report);
  if (!args.includes("--no-write")) writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
}
