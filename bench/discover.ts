/**
 * `bun bench/discover.ts [--mb 1024]`: `ctxmode discover` over a generated history of about 1 GB
 * of transcripts (dist/ctxmode; `bun run build` first). The history is the fixture session of each
 * JSONL host (test/discover/fixtures/) repeated with fresh call ids into 8 MB transcripts, spread
 * evenly over Claude Code, Codex, Gemini CLI, Qwen Code, Copilot CLI and Pi, plus OpenCode's
 * database. The wall time of the best of three runs of the compiled binary is the figure; the bar
 * is 10 s for 1 GB. Writes bench/results/discover.json.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES, fixtureHome } from "../test/discover/fixture-home.ts";

const here = import.meta.dir;
const binary = join(here, "..", "dist", process.platform === "win32" ? "ctxmode.exe" : "ctxmode");
const mbArg = process.argv.indexOf("--mb");
const TARGET = (mbArg > 0 ? Number(process.argv[mbArg + 1]) : 1024) * 1024 * 1024;
const FILE_BYTES = 8 * 1024 * 1024;
const BAR_MS = 10_000;
const RUNS = 3;

if (!existsSync(binary)) throw new Error(`${binary} is missing; run \`bun run build\` first`);
const home = mkdtempSync(join(tmpdir(), "ctxmode-bench-discover-"));

/** Where each JSONL host keeps a session, for generated file number `i`. */
const LAYOUT: Record<string, (i: number) => string> = {
  "claude-code": (i) => join(".claude", "projects", `-home-user-p${i % 7}`, `bench-${i}.jsonl`),
  codex: (i) => join(".codex", "sessions", "2026", "12", String((i % 28) + 1).padStart(2, "0"), `rollout-2026-12-01T00-00-00-bench-${i}.jsonl`),
  "gemini-cli": (i) => join(".gemini", "tmp", `p${i % 7}`, "chats", `session-bench-${i}.jsonl`),
  "qwen-code": (i) => join(".qwen", "projects", `-home-user-p${i % 7}`, "chats", `bench-${i}.jsonl`),
  "copilot-cli": (i) => join(".copilot", "session-state", `bench-${i}`, "events.jsonl"),
  pi: (i) => join(".pi", "agent", "sessions", `--home-user-p${i % 7}--`, `2026-12-01T00-00-00-000Z_bench-${i}.jsonl`),
};

try {
  fixtureHome(home);
  const t0 = performance.now();
  let written = 0;
  let files = 0;
  const hosts = Object.keys(LAYOUT);
  const perHost = TARGET / hosts.length;
  for (const host of hosts) {
    const lines = readFileSync(join(FIXTURES, `${host}.jsonl`), "utf8")
      .split("\n")
      .filter(Boolean);
    const [head, ...body] = lines;
    for (let i = 0, hostBytes = 0; hostBytes < perHost; i++) {
      const parts: string[] = [head!];
      let size = Buffer.byteLength(head!);
      // Each repetition is a new turn: its call ids differ, so every result counts.
      for (let rep = 0; size < FILE_BYTES; rep++) {
        const turn = body.map((l) => l.replaceAll("call_e2e_", `call_${rep}_`)).join("\n");
        parts.push(turn);
        size += Buffer.byteLength(turn) + 1;
      }
      const path = join(home, LAYOUT[host]!(i));
      mkdirSync(join(path, ".."), { recursive: true });
      writeFileSync(path, `${parts.join("\n")}\n`);
      hostBytes += size;
      written += size;
      files++;
    }
  }
  const genMs = performance.now() - t0;
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CTXMODE_DATA_DIR: join(home, ".ctxmode"), XDG_DATA_HOME: join(home, ".local", "share") };
  const runs: number[] = [];
  let report: { totals: { sessions: number; toolBytes: number }; bytesRead: number; notes: string[] } | undefined;
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    const out = Bun.spawnSync([binary, "discover", "--json"], { env, stdout: "pipe", stderr: "pipe" });
    runs.push(performance.now() - start);
    if (out.exitCode !== 0) throw new Error(`ctxmode discover failed (exit ${out.exitCode}): ${out.stderr}`);
    report = JSON.parse(out.stdout.toString());
  }
  const best = Math.min(...runs);
  const mb = written / 1024 / 1024;
  const result = {
    date: new Date().toISOString(),
    machine: `${process.platform}-${process.arch}`,
    barMs: BAR_MS,
    transcripts: files + 1,
    generatedMB: Math.round(mb),
    readMB: Math.round((report!.bytesRead / 1024 / 1024) * 10) / 10,
    sessions: report!.totals.sessions,
    runsMs: runs.map((n) => Math.round(n)),
    bestMs: Math.round(best),
    mbPerSecond: Math.round(mb / (best / 1000)),
    notes: report!.notes,
    generateMs: Math.round(genMs),
    opencodeDbBytes: statSync(join(home, ".local", "share", "opencode", "opencode.db")).size,
  };
  mkdirSync(join(here, "results"), { recursive: true });
  writeFileSync(join(here, "results", "discover.json"), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `ctxmode discover: ${result.readMB} MB in ${result.transcripts} transcripts, ${result.sessions} sessions: best of ${RUNS} ${result.bestMs} ms (${result.mbPerSecond} MB/s); bar ${BAR_MS} ms per GB`,
  );
  console.log("written: bench/results/discover.json");
} finally {
  rmSync(home, { recursive: true, force: true });
}
