/**
 * `bun bench/side-by-side.ts [--compare context-mode@1.0.169] [--quick]`: the savings categories
 * (bench/scenarios/) and the speed measures for ctxmode's compiled binary and, with --compare,
 * the reference installed from npm with its own Node 24, in one run on one machine.
 * Writes bench/results/<date>-<os>-<arch>.json and .md (ctxmode alone: ...-ctxmode.json/.md).
 * Offline except --compare's one-time install.
 */
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installReference } from "./suite/install.ts";
import { bareProgram } from "./suite/compile.ts";
import { Lane } from "./suite/lane.ts";
import { makeProject, markdownPage, readText, serveRoutes, checkInput, type CaseInput, type Route } from "./suite/project.ts";
import {
  batchRows,
  externalizeRows,
  redirectRows,
  retrievalRows,
  sandboxRows,
  sessionRows,
  sessionScripts,
  RUNS,
  type SavingsContext,
} from "./suite/savings.ts";
import { coldStart, hookWall, knowledgeBase, sessionStartBytes } from "./suite/speed.ts";
import { renderRows, renderTable, summarize, type SuiteResult } from "./suite/result.ts";
import { ctxmodeSubject, referenceSubject, type Subject } from "./suite/subjects.ts";

const started = performance.now();
const here = import.meta.dir;
const repoRoot = join(here, "..");
const args = process.argv.slice(2);
const compare = args.includes("--compare") ? args[args.indexOf("--compare") + 1] : undefined;
if (args.includes("--compare") && !compare) throw new Error("--compare takes a package spec, e.g. --compare context-mode@1.0.169");
const built = join(repoRoot, "dist", process.platform === "win32" ? "ctxmode.exe" : "ctxmode");
statSync(built);
const log = (line: string) => console.log(line);
const scenarios = join(here, "scenarios");
const fixturesDir = join(here, "fixtures");
const tmp = mkdtempSync(join(tmpdir(), "ctxmode-side-by-side-"));

function routes(): Route[] {
  const { cases } = JSON.parse(readText(join(scenarios, "redirect.json"))) as {
    cases: { serve?: { path: string; type: string; body?: CaseInput; markdown?: CaseInput[] } }[];
  };
  return cases
    .filter((c) => c.serve)
    .map(({ serve }) => ({
      path: serve!.path,
      type: serve!.type,
      body: serve!.body
        ? Buffer.from(readText(checkInput(repoRoot, serve!.body)))
        : Buffer.from(markdownPage("Framework guides", serve!.markdown!.map((m) => readText(checkInput(repoRoot, m))).join("\n\n"))),
    }));
}

try {
  // A copy: a rebuild of dist/ while the suite runs must not swap the binary under running servers.
  const binary = join(tmp, process.platform === "win32" ? "ctxmode.exe" : "ctxmode");
  copyFileSync(built, binary);
  chmodSync(binary, 0o755);
  const version = Bun.spawnSync([binary, "--version"]).stdout.toString().trim();
  const subjects: Subject[] = [ctxmodeSubject(binary, await bareProgram(tmp), version)];
  if (compare) {
    const ref = installReference(compare, join(repoRoot, ".cache", "bench-compare"));
    subjects.push(referenceSubject(ref.pkgDir, ref.node, ref.version, ref.nodeVersion));
  }
  log(`side by side: ${subjects.map((s) => `${s.name} (${s.runtime})`).join(" vs ")}; ${navigator.hardwareConcurrency} cores`);

  const scripts = sessionScripts(scenarios);
  const corpusTarget = args.includes("--quick") ? 1024 * 1024 : 10 * 1024 * 1024;
  const lanes = (kind: string) =>
    subjects.map((s, i) => {
      const root = join(tmp, `${kind}-${i}`);
      const project = join(root, "project");
      const corpus = makeProject(project, fixturesDir, scripts, kind === "speed" ? corpusTarget : 0);
      return { lane: new Lane(s, root, project), corpus };
    });
  const { base, server } = await serveRoutes(routes());

  // Savings: every category, lanes interleaved row by row.
  const savingLanes = lanes("savings").map((l) => l.lane);
  for (const lane of savingLanes) await lane.open();
  const ctx: SavingsContext = { repoRoot, scenarios, base, lanes: savingLanes, log };
  log(`savings (median of ${RUNS} runs per row):`);
  const rows = [
    ...(await sandboxRows(ctx)),
    ...(await retrievalRows(ctx)),
    ...(await batchRows(ctx, savingLanes[0]!.project)),
    ...(await externalizeRows(ctx)),
    ...(await redirectRows(ctx)),
    ...(await sessionRows(ctx)),
  ];
  for (const lane of savingLanes) await lane.close();

  // Speed: fresh lanes (empty data dirs).
  log("speed:");
  const speedLanes = lanes("speed");
  const cold = await coldStart(speedLanes.map((l) => l.lane));
  for (const [n, c] of Object.entries(cold))
    log(`  cold start ${n}: ${c.p50Ms} ms, RSS ${(c.rssBytes / 1024 / 1024).toFixed(1)} MB, tools/list ${c.toolsListBytes} B`);
  for (const { lane } of speedLanes) await lane.open();
  const startBytes = Object.fromEntries(speedLanes.map(({ lane }) => [lane.subject.name, sessionStartBytes(lane)]));
  const hooks = hookWall(
    speedLanes.map((l) => l.lane),
    log,
  );
  const fixtures = readdirSync(fixturesDir).sort();
  const kbs = await knowledgeBase(
    speedLanes.map(({ lane, corpus }) => ({ lane, corpus: { bytes: corpus.corpusBytes, queries: corpus.corpusQueries } })),
    fixtures,
    join(here, "qrels.json"),
  );
  for (const [name, k] of Object.entries(kbs)) {
    log(
      `  ${name}: index ${k.index10mb.mbPerS} MB/s; search 8 files p50/p95 ${k.search8.p50Ms}/${k.search8.p95Ms} ms, 10 MB ${k.search10mb.p50Ms}/${k.search10mb.p95Ms} ms; qrels hit@1 ${k.qrels.hitAt1} MRR ${k.qrels.mrr}`,
    );
  }
  for (const { lane } of speedLanes) await lane.close();
  server.close();

  const date = new Date();
  const result: SuiteResult = {
    date: date.toISOString(),
    command: `bun run bench${compare ? ` --compare ${compare}` : ""}`,
    machine: `${process.platform}-${process.arch}, ${navigator.hardwareConcurrency} cores`,
    subjects: subjects.map((s) => ({ name: s.name, runtime: s.runtime })),
    method:
      `savings: median of ${RUNS} runs per row, lanes interleaved; raw = bytes the host would have put in context, returned = every byte the tool put there; ` +
      "1 KB = 1,024 B; headline = rows with >= 10 KB raw. Speed: hooks median of 20 process runs per host after a warm-up, interleaved; " +
      "cold start median of 10; search p50/p95 over 20 queries x 3 rounds through MCP, lanes taking turns each round. The reference's search throttle is off (CONTEXT_MODE_SEARCH_WINDOW_MS=1).",
    savings: { rows },
    speed: { hooks, cold, sessionStartBytes: startBytes, knowledgeBase: kbs },
    elapsedS: Math.round((performance.now() - started) / 1000),
  };
  const stem = `${date.toISOString().slice(0, 10)}-${process.platform}-${process.arch}${compare ? "" : "-ctxmode"}`;
  mkdirSync(join(here, "results"), { recursive: true });
  writeFileSync(join(here, "results", `${stem}.json`), `${JSON.stringify(result, null, 2)}\n`);
  const summary = summarize(result);
  const md = `# ${result.command}\n\n${result.date}, ${result.machine}; ${result.subjects.map((s) => `${s.name}: ${s.runtime}`).join("; ")}\n\n${renderTable(result)}\n${renderRows(result)}\n${result.method}\n`;
  writeFileSync(join(here, "results", `${stem}.md`), md);
  console.log(`\n${renderTable(result)}`);
  console.log(`headline: ${summary.headline.rows} rows >= 10 KB; written bench/results/${stem}.json and .md (${result.elapsedS} s)`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
