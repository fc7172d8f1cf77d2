/**
 * `bun run bench [--compare context-mode@1.0.169] [--quick]` (after the build): every bench script in
 * turn. The in-process knowledge-base, sandbox, web page, hooks and discover benches write their own files
 * in bench/results/; the side-by-side suite writes bench/results/<date>-<os>-<arch>.json and .md.
 * Offline except --compare's one-time npm install. Exits non-zero when a script fails.
 */
import { join } from "node:path";

const here = import.meta.dir;
const args = process.argv.slice(2);
/** The retrieval bench asks the reference its questions too when --compare names one. */
const compare = args.includes("--compare") ? ["--compare", args[args.indexOf("--compare") + 1] ?? ""] : [];
const scripts: [string, string[]][] = [
  ["knowledge-base.ts", []],
  ["retrieval/run.ts", compare],
  ["retrieval/typos.ts", []],
  ["retrieval/typos.ts", ["--identifiers"]],
  ["retrieval/names.ts", []],
  ["search-latency.ts", []],
  ["search-latency.ts", ["--mb", "10"]],
  ["search-latency.ts", ["--pause", "400"]],
  ["search-latency.ts", ["--mb", "10", "--pause", "400"]],
  ["sandbox-savings.ts", []],
  ["fetch.ts", []],
  ["hooks.ts", []],
  ["discover.ts", []],
  ["side-by-side.ts", args],
];

const started = performance.now();
for (const [script, argv] of scripts) {
  console.log(`\n== bench/${script} ${argv.join(" ")}`);
  const r = Bun.spawnSync([process.execPath, join(here, script), ...argv], { stdout: "inherit", stderr: "inherit" });
  if (r.exitCode !== 0) {
    console.error(`bench/${script} failed (exit ${r.exitCode})`);
    process.exit(r.exitCode ?? 1);
  }
}
console.log(`\nbench done in ${Math.round((performance.now() - started) / 1000)} s`);
