/**
 * `bun bench/reliability.ts`: runs the reliability and security suites (test/reliability,
 * test/security) against the built binary (`bun run build` first), collects the figures their
 * tests print, and writes bench/results/reliability.json. README's "Reliability and security"
 * section quotes this file.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const tmp = mkdtempSync(join(tmpdir(), "ctxmode-bench-reliability-"));
const figuresFile = join(tmp, "figures.jsonl");

interface SuiteRun {
  folder: string;
  seconds: number;
  pass: number;
  fail: number;
  skip: number;
  exitCode: number;
}

function runSuite(folder: string): SuiteRun {
  const started = performance.now();
  const r = Bun.spawnSync([process.execPath, "test", folder], {
    cwd: root,
    env: { ...process.env, CTXMODE_FIGURES_FILE: figuresFile },
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = r.stdout.toString() + r.stderr.toString();
  const count = (word: string) => Number(new RegExp(`^\\s*(\\d+) ${word}$`, "m").exec(out)?.[1] ?? 0);
  const run = {
    folder,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    pass: count("pass"),
    fail: count("fail"),
    skip: count("skip"),
    exitCode: r.exitCode ?? -1,
  };
  if (run.exitCode !== 0)
    process.stderr.write(
      out
        .split("\n")
        .filter((l) => /\(fail\)|error:/.test(l))
        .join("\n") + "\n",
    );
  return run;
}

try {
  const suites = [runSuite("test/reliability"), runSuite("test/security")];
  const figures: Record<string, number> = {};
  for (const line of readFileSync(figuresFile, "utf8").split("\n").filter(Boolean)) {
    const { name, value } = JSON.parse(line) as { name: string; value: number };
    figures[name] = value;
  }
  const f = (name: string) => figures[name] ?? 0;
  const summary = {
    loadHookEvents: f("load.hook_events"),
    loadSourcesIndexed: f("load.sources_indexed"),
    loadSearches: f("load.searches"),
    loadSearchP50Ms: f("load.search_p50_ms"),
    loadSearchP95Ms: f("load.search_p95_ms"),
    killTrials: f("crash.indexer_trials") + f("crash.hook_trials"),
    faultsSurvived:
      f("crash.indexer_trials") +
      f("crash.hook_trials") +
      f("faults.disk_full_calls") +
      f("faults.read_only_calls") +
      f("hygiene.faults") +
      f("hygiene.parent_deaths"),
    hookPayloadsTried: f("fuzz.in_process_payloads") + f("fuzz.binary_payloads") + f("fuzz.binary_extreme_payloads"),
    mcpBadInputsTried: f("mcp.bad_inputs"),
    bypassAttemptsRefused: f("policy.bypass_attempts") + f("escapes.path_attempts") + f("escapes.ssrf_address_forms") + f("escapes.ssrf_redirect_chains"),
    secretKinds: f("secrets.kinds"),
    secretRoutes: f("secrets.routes"),
    rowsOrSourcesLost: suites.every((s) => s.exitCode === 0) ? 0 : null,
  };
  const result = {
    date: new Date().toISOString(),
    runtime: `bun ${Bun.version}`,
    machine: `${process.platform}-${process.arch}, ${cpus().length} cores`,
    command: "bun bench/reliability.ts",
    suites,
    summary,
    figures,
  };
  writeFileSync(join(root, "bench", "results", "reliability.json"), `${JSON.stringify(result, null, 2)}\n`);
  for (const s of suites) console.log(`${s.folder}: ${s.pass} pass, ${s.fail} fail, ${s.skip} skip in ${s.seconds} s`);
  for (const [k, v] of Object.entries(summary)) console.log(`${k.padEnd(24)} ${v}`);
  if (suites.some((s) => s.exitCode !== 0)) process.exitCode = 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
