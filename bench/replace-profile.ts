/**
 * `bun bench/replace-profile.ts [--runs 15] [--kb 256]`: what a PostToolUse replacement of a big
 * output costs inside the hook, cold, as a hook process meets it. bench/suite/replace-probe.ts is
 * compiled the way the binary is (minified, bytecode) and run once per fresh process on a new
 * build log each time (new content, so nothing is deduplicated): `whole` times replaceOutput as
 * the hook calls it, `steps` its parts (redaction, indexing with the full-text rows deferred, the
 * preview, the in-memory ranking). Medians; MB/s of the indexing step and of the whole
 * replacement. Writes bench/results/replace-profile.json. bench/hooks.ts times the whole hook
 * process, start and exit included.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bigLog } from "./suite/build-log.ts";
import { compileLikeCtxmode } from "./suite/compile.ts";

const here = import.meta.dir;
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg("--runs", 15);
const KB = arg("--kb", 256);

const tmp = mkdtempSync(join(tmpdir(), "ctxmode-replace-profile-"));
try {
  const probe = await compileLikeCtxmode(join(here, "suite", "replace-probe.ts"), join(tmp, "replace-probe"));
  const db = join(tmp, "context.db");
  const samples: Record<string, Record<string, number[]>> = { whole: {}, steps: {} };
  // One warm-up run of each (page cache, the database file), then RUNS measured, interleaved.
  for (let run = -1; run < RUNS; run++) {
    for (const mode of ["whole", "steps"] as const) {
      const text = join(tmp, "output.txt");
      writeFileSync(text, bigLog(KB * 1024, `build ${mode} ${run}`));
      const r = Bun.spawnSync([probe, db, text, mode], { stdout: "pipe", stderr: "pipe" });
      if (r.exitCode !== 0) throw new Error(`probe ${mode} failed: ${r.stderr.toString().slice(0, 500)}`);
      if (run < 0) continue;
      for (const [k, v] of Object.entries(JSON.parse(r.stdout.toString()) as Record<string, number>)) (samples[mode]![k] ??= []).push(v);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const medians = (m: Record<string, number[]>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, median(v)]));
  const whole = medians(samples.whole!);
  const steps = medians(samples.steps!);
  const mb = KB / 1024;
  const rate = (ms: number) => Math.round((mb / (ms / 1000)) * 10) / 10;
  const result = {
    date: new Date().toISOString(),
    runtime: `bun ${Bun.version}`,
    outputKB: KB,
    runs: RUNS,
    method: "median of fresh compiled processes, one new build log each",
    replaceMs: whole.replace!,
    replaceMBs: rate(whole.replace!),
    indexMBs: rate(steps.index!),
    steps,
  };
  writeFileSync(join(here, "results", "replace-profile.json"), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`PostToolUse replacement of a ${KB} KB build log, cold (median of ${RUNS} processes):`);
  console.log(`  replaceOutput whole   ${whole.replace} ms  (${result.replaceMBs} MB/s)`);
  for (const [k, v] of Object.entries(steps)) console.log(`  ${k.padEnd(20)}  ${v} ms${k === "index" ? `  (${result.indexMBs} MB/s)` : ""}`);
  console.log("written: bench/results/replace-profile.json");
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
