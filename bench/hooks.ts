/**
 * `bun bench/hooks.ts`: hook wall time on the compiled binary (dist/ctxmode; `bun run build` first).
 * Per host, the median of 20 process runs of PreToolUse on a `curl` call that is denied and
 * journaled (a route row through the spool), next to a bare process start: a trivial program
 * compiled the same way, and `ctxmode --version`. Runs are interleaved round by round so load on
 * the machine hits every row alike. Writes bench/results/hooks.json and prints a table.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOST_CASES } from "../test/hooks/hosts-table.ts";
import { bigLog } from "./suite/build-log.ts";
import { bareProgram } from "./suite/compile.ts";

const here = import.meta.dir;
const binary = join(here, "..", "dist", process.platform === "win32" ? "ctxmode.exe" : "ctxmode");
const RUNS = 20;
/** context-mode 1.0.169 on Node 24, this machine class (DESIGN.md quality bars). */
const REFERENCE_MS = 49;
const BAR_MS = 10;

if (!existsSync(binary)) throw new Error(`${binary} is missing; run \`bun run build\` first`);
const tmp = mkdtempSync(join(tmpdir(), "ctxmode-bench-hooks-"));

try {
  // The floor: a program that does nothing, compiled with the same flags as ctxmode.
  const bare = await bareProgram(tmp);

  const project = join(tmp, "proj");
  mkdirSync(join(project, ".git"), { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: join(tmp, "home"),
    CTXMODE_DATA_DIR: join(tmp, "data"),
    CTXMODE_ROUTING: "always",
  };

  interface Row {
    name: string;
    argv: string[];
    /** The payload, or one per round (an output indexed once is only looked up the next time). */
    stdin: Uint8Array | ((round: number) => Uint8Array);
    check?: (stdout: string, code: number) => boolean;
  }
  const rows: Row[] = [
    { name: "bare process start", argv: [bare], stdin: new Uint8Array() },
    { name: "ctxmode --version", argv: [binary, "--version"], stdin: new Uint8Array() },
  ];
  for (const h of HOST_CASES) {
    rows.push({
      name: `${h.host} ${h.pre} (deny + journal write)`,
      argv: [binary, "hook", h.host, h.pre],
      stdin: Buffer.from(JSON.stringify(h.preShell("bench", project, "curl -s https://api.example.com/items"))),
      check: (out, code) => (h.host === "kiro" ? code === 2 : code === 0 && out.includes("ctx_execute")),
    });
  }
  const claude = HOST_CASES[0]!;
  rows.push(
    {
      name: "claude-code PreToolUse (pass)",
      argv: [binary, "hook", "claude-code", "PreToolUse"],
      stdin: Buffer.from(JSON.stringify(claude.preShell("bench", project, "git status"))),
    },
    {
      name: "claude-code PostToolUse (journal)",
      argv: [binary, "hook", "claude-code", "PostToolUse"],
      stdin: Buffer.from(JSON.stringify(claude.postShell("bench", project, "git commit -m x", "[main 1a2b3c] x"))),
    },
    {
      // A build log of 256 KB: redacted, indexed whole, previewed and searched for the command's words.
      name: "claude-code PostToolUse (256 KB replaced)",
      argv: [binary, "hook", "claude-code", "PostToolUse"],
      stdin: (round) => Buffer.from(JSON.stringify(claude.postShell("bench", project, "npm run build -- --verbose", `build ${round}\n${bigLog(256 * 1024)}`))),
      check: (out, code) => code === 0 && out.includes("indexed whole as"),
    },
    {
      name: "claude-code UserPromptSubmit (DB + BM25)",
      argv: [binary, "hook", "claude-code", "UserPromptSubmit"],
      stdin: Buffer.from(JSON.stringify(claude.promptPayload("bench", project, "why does the commit hook fail?"))),
    },
  );

  const times = rows.map(() => [] as number[]);
  // One warm-up round (page cache, the project's database), then RUNS measured rounds.
  for (let round = -1; round < RUNS; round++) {
    rows.forEach((row, i) => {
      const stdin = typeof row.stdin === "function" ? row.stdin(round) : row.stdin;
      const t = performance.now();
      const r = Bun.spawnSync(row.argv, { stdin, env, stdout: "pipe", stderr: "pipe" });
      const ms = performance.now() - t;
      if (round === -1 && row.check && !row.check(r.stdout.toString() + r.stderr.toString(), r.exitCode ?? -1)) {
        throw new Error(`${row.name}: unexpected reply ${r.exitCode} ${r.stdout.toString().slice(0, 200)}`);
      }
      if (round >= 0) times[i]!.push(ms);
    });
  }
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(0.9 * xs.length) - 1]!;
  const bareMs = median(times[0]!);
  const versionMs = median(times[1]!);
  const results = rows.map((row, i) => ({
    name: row.name,
    p50Ms: round2(median(times[i]!)),
    p90Ms: round2(p90(times[i]!)),
    overBareMs: round2(median(times[i]!) - bareMs),
    overVersionMs: round2(median(times[i]!) - versionMs),
  }));
  const hosts = results.slice(2, 2 + HOST_CASES.length);
  const result = {
    date: new Date().toISOString(),
    runtime: `bun ${Bun.version}`,
    machine: `${process.platform}-${process.arch}, ${navigator.hardwareConcurrency} cores`,
    method: `median (and p90) of ${RUNS} process runs per row after one warm-up round, rows interleaved; wall time of spawn to exit with the payload on stdin`,
    referenceMs: REFERENCE_MS,
    barMs: BAR_MS,
    summary: {
      bareMs: round2(bareMs),
      versionMs: round2(versionMs),
      preToolUseDenyP50Ms: round2(median(hosts.map((h) => h.p50Ms))),
      preToolUseDenyOverBareMs: round2(median(hosts.map((h) => h.overBareMs))),
      preToolUseDenyOverVersionMs: round2(median(hosts.map((h) => h.overVersionMs))),
    },
    rows: results,
  };
  mkdirSync(join(here, "results"), { recursive: true });
  writeFileSync(join(here, "results", "hooks.json"), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`ctxmode hooks bench (${result.runtime}, ${result.machine}); reference ${REFERENCE_MS} ms, bar p50 <= ${BAR_MS} ms`);
  console.log(`${"row".padEnd(46)} ${"p50".padStart(8)} ${"p90".padStart(8)} ${"- bare".padStart(8)} ${"- version".padStart(10)}`);
  for (const r of results) {
    console.log(`${r.name.padEnd(46)} ${ms(r.p50Ms)} ${ms(r.p90Ms)} ${ms(r.overBareMs)} ${ms(r.overVersionMs).padStart(10)}`);
  }
  console.log("written: bench/results/hooks.json");
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function ms(n: number): string {
  return `${n.toFixed(2)}`.padStart(8);
}
