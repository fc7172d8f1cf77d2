/**
 * `bun bench/soak.ts [--calls 20000] [--hooks 16] [--binary dist/ctxmode] [--out FILE]` (after the build): one `ctxmode serve` over
 * stdio taking a long mixed load while hook processes write to the same project. Calls mix
 * ctx_search (distinct and repeated queries), ctx_index (small text and 256 KB files), ctx_execute
 * (small and big output), ctx_batch and ctx_stats in a fixed seeded order. After every thousand
 * calls it records the server's RSS and open file descriptors, the WAL and database bytes, the
 * FTS5 segment counts and p50/p95 per call kind. At the end every marker indexed is searched for
 * and the database must pass `PRAGMA integrity_check`. Writes bench/results/soak.json and prints a
 * table. test/reliability/soak.test.ts runs a short version.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Database } from "bun:sqlite";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeCorpus, mulberry32 } from "./corpus.ts";
import { resolveProject } from "../src/store/project.ts";
import { storeHealth } from "../src/store/fts-health.ts";
import { openDatabase } from "#sqlite";

const here = import.meta.dir;
const BIG_FILES = 8;
const BIG_BYTES = 256 * 1024;
/** The pause after each window before the idle RSS is read: past the server's 250 ms idle point. */
const IDLE_PAUSE_MS = 600;
/**
 * Further idle readings, this far apart, of which the lowest is kept: the idle work (writing what
 * waits, while 16 hook processes hold the write lock in turn) sometimes ends after the first reading,
 * and the collection after it then too. On a loaded machine (the full test suite beside it) a
 * window once read 17 MB above the first after 1.2 s of readings: they now span 3 s.
 */
const IDLE_READINGS = 13;
const IDLE_READING_MS = 200;
const REPEATED = ["cache request handler", "error timeout retry", "query index migration", "worker queue backoff", "session token"];

export interface SoakWindow {
  /** Calls done when the window closed. */
  calls: number;
  rssMB: number;
  /** RSS after the server was left idle for a moment (it collects then), the lowest of a few readings: what it holds, without the garbage of the last calls. */
  idleRssMB: number;
  fds: number;
  walMB: number;
  dbMB: number;
  segments: { fts_words: number; fts_grams: number };
  hookRuns: number;
  /** Per call kind: p50/p95 ms and count in this window. */
  kinds: Record<string, { p50: number; p95: number; n: number }>;
  /** Every call of the window. */
  all: { p50: number; p95: number };
}

export interface SoakResult {
  calls: number;
  hooks: number;
  wallS: number;
  rssStartMB: number;
  /** [calls, RSS MB, anonymous MB, file-backed MB] every `rssEvery` calls: file-backed pages are the binary's code and mapped files, which the kernel can drop; the anonymous part is the heaps. */
  rssSamples: [number, number, number, number][];
  windows: SoakWindow[];
  markers: number;
  markersMissing: string[];
  integrity: string;
  errors: string[];
}

export interface SoakOptions {
  binary: string;
  calls: number;
  hooks: number;
  /** Calls per window (1,000). */
  window?: number;
  seed?: number;
  /** Calls between two RSS samples (100). */
  rssEvery?: number;
  /** Pause of each hook loop between two hook processes (an agent's tool calls come seconds apart). */
  hookPauseMs?: number;
  onWindow?: (w: SoakWindow) => void;
}

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : 0);

function statusKB(pid: number, field: string): number {
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
}

/** The call at position `i`: a fixed mix (per 100 calls) drawn by a seeded generator. */
function pickKind(r: number): string {
  if (r < 0.3) return "search-distinct";
  if (r < 0.5) return "search-repeated";
  if (r < 0.62) return "index-small";
  if (r < 0.65) return "index-256k";
  if (r < 0.77) return "execute-small";
  if (r < 0.82) return "execute-big";
  if (r < 0.9) return "batch";
  return "stats";
}

/** Runs the soak in a temp tree; removes it afterwards. */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const windowSize = options.window ?? 1000;
  const rnd = mulberry32(options.seed ?? 18);
  const tmp = mkdtempSync(join(tmpdir(), "ctxmode-soak-"));
  const project = join(tmp, "project");
  const home = join(tmp, "home");
  const dataDir = join(tmp, "data");
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(join(project, "big"), { recursive: true });
  mkdirSync(home, { recursive: true });
  const corpus = makeCorpus(BIG_BYTES * 2, 5);
  const words = corpus.docs
    .map((d) => d.text)
    .join(" ")
    .split(/[^a-z]+/)
    .filter((w) => w.length > 4)
    .slice(0, 20_000);
  const word = () => words[Math.floor(rnd() * words.length)]!;
  const filler = corpus.docs.map((d) => d.text).join("\n\n");
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CTXMODE_DATA_DIR: dataDir, CTXMODE_PROJECT_DIR: project, CTXMODE_SESSION: "soak" };
  const dbPath = join(dataDir, "projects", resolveProject(project).key, "context.db");

  const transport = new StdioClientTransport({ command: options.binary, args: ["serve"], cwd: project, env, stderr: "pipe" });
  let serverErr = "";
  transport.stderr?.on("data", (c: Buffer) => (serverErr = (serverErr + c.toString()).slice(-4096)));
  const client = new Client({ name: "ctxmode-soak", version: "1.0.0" });
  await client.connect(transport);
  await client.listTools();
  const pid = transport.pid!;
  const rssStartMB = round(statusKB(pid, "VmRSS") / 1024);
  const errors: string[] = [];
  const markers: string[] = [];

  // Hook processes: each loop runs one real `ctxmode hook` process after another until the calls end.
  let stop = false;
  let hookRuns = 0;
  const hookLoops = Array.from({ length: options.hooks }, async (_, w) => {
    const session = `soak-hook-${w}`;
    for (let i = 0; !stop; i++) {
      const tag = `h${w}e${i}`;
      const base = { session_id: session, cwd: project };
      const [event, payload] =
        i % 4 === 0
          ? ["UserPromptSubmit", { ...base, prompt: `look into ${tag} and the ${word()} path` }]
          : i % 4 === 1
            ? ["PreToolUse", { ...base, tool_name: "Bash", tool_input: { command: `curl -s https://example.com/${tag}` } }]
            : i % 4 === 2
              ? [
                  "PostToolUse",
                  {
                    ...base,
                    tool_name: "Edit",
                    tool_input: { file_path: `${project}/src/${tag}.ts`, old_string: "a", new_string: "b" },
                    tool_response: { success: true },
                  },
                ]
              : // A big shell output: the hook indexes it and replaces it (the hooks' write path into the index).
                [
                  "PostToolUse",
                  {
                    ...base,
                    tool_name: "Bash",
                    tool_input: { command: `make ${tag}` },
                    tool_response: {
                      stdout: `${tag}\n${filler.slice((i * 997) % 100_000, ((i * 997) % 100_000) + 12_000)}`,
                      stderr: "",
                      interrupted: false,
                      isImage: false,
                    },
                  },
                ];
      const p = Bun.spawn([options.binary, "hook", "claude-code", event as string], {
        stdin: Buffer.from(JSON.stringify(payload)),
        stdout: "ignore",
        stderr: "pipe",
        env: { ...env, CTXMODE_ROUTING: "always" },
      });
      const [code, err] = await Promise.all([p.exited, new Response(p.stderr).text()]);
      hookRuns++;
      await Bun.sleep(options.hookPauseMs ?? 500);
      if (code !== 0 || err) errors.push(`hook ${event} ${tag}: exit ${code} ${err.slice(0, 200)}`);
    }
  });

  const call = async (name: string, args: Record<string, unknown>) => {
    const r = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
    const text = (r.content as { type: string; text: string }[])[0]?.text ?? "";
    if (r.isError) errors.push(`${name}: ${text.slice(0, 200)}`);
    return text;
  };

  const windows: SoakWindow[] = [];
  const rssSamples: SoakResult["rssSamples"] = [];
  let times: Record<string, number[]> = {};
  const started = performance.now();
  let sequence = 0;
  for (let i = 1; i <= options.calls; i++) {
    const kind = pickKind(rnd());
    const t = performance.now();
    switch (kind) {
      case "search-distinct":
        await call("ctx_search", { queries: [`${word()} ${word()} q${i}x`] });
        break;
      case "search-repeated":
        await call("ctx_search", { queries: [REPEATED[i % REPEATED.length]!] });
        break;
      case "index-small": {
        const marker = `soakm${i}z`;
        markers.push(marker);
        await call("ctx_index", { text: `# note ${i}\n\n${marker} ${word()} ${word()} ${word()}\n`, source: `note-${i}` });
        break;
      }
      case "index-256k": {
        // Eight files rewritten in turn: each call replaces a source, as an agent re-reading a file does.
        const k = sequence++ % BIG_FILES;
        const marker = `soakbig${i}z`;
        const at = (i * 7919) % (filler.length - BIG_BYTES);
        writeFileSync(join(project, "big", `file-${k}.md`), `# big file ${k}\n\n${marker}\n\n${filler.slice(at, at + BIG_BYTES)}`);
        await call("ctx_index", { path: `big/file-${k}.md` });
        markers.push(marker);
        break;
      }
      case "execute-small":
        await call("ctx_execute", { language: "shell", code: `echo soak ${i}` });
        break;
      case "execute-big":
        await call("ctx_execute", { language: "shell", code: `seq 1 ${20_000 + (i % 7) * 1000}`, intent: "lines ending in 77" });
        break;
      case "batch":
        await call("ctx_batch", { commands: ["echo one", `seq 1 ${3000 + (i % 5) * 500}`], queries: ["1777"] });
        break;
      default:
        await call("ctx_stats", {});
    }
    (times[kind] ??= []).push(performance.now() - t);
    if (i % (options.rssEvery ?? 100) === 0) {
      const mb = (field: string) => round(statusKB(pid, field) / 1024);
      rssSamples.push([i, mb("VmRSS"), mb("RssAnon"), mb("RssFile") + mb("RssShmem")]);
    }
    if (i % windowSize === 0 || i === options.calls) {
      const all = Object.values(times)
        .flat()
        .sort((a, b) => a - b);
      const kinds: SoakWindow["kinds"] = {};
      for (const [k, v] of Object.entries(times).sort()) {
        v.sort((a, b) => a - b);
        kinds[k] = { p50: round(pct(v, 0.5)), p95: round(pct(v, 0.95)), n: v.length };
      }
      const rssMB = round(statusKB(pid, "VmRSS") / 1024);
      // An agent's model turn: the server goes idle, writes what waits and collects.
      await Bun.sleep(IDLE_PAUSE_MS);
      let idleKB = statusKB(pid, "VmRSS");
      for (let k = 1; k < IDLE_READINGS; k++) {
        await Bun.sleep(IDLE_READING_MS);
        idleKB = Math.min(idleKB, statusKB(pid, "VmRSS"));
      }
      const db = openDatabase(dbPath, { readonly: true, busyTimeoutMs: 5000 });
      const health = storeHealth(db, dbPath);
      db.close();
      const w: SoakWindow = {
        calls: i,
        rssMB,
        idleRssMB: round(idleKB / 1024),
        fds: readdirSync(`/proc/${pid}/fd`).length,
        walMB: round(health.walBytes / 1048576, 2),
        dbMB: round(health.dbBytes / 1048576, 2),
        segments: health.segments,
        hookRuns,
        kinds,
        all: { p50: round(pct(all, 0.5)), p95: round(pct(all, 0.95)) },
      };
      windows.push(w);
      options.onWindow?.(w);
      times = {};
    }
  }
  stop = true;
  await Promise.all(hookLoops);
  const wallS = round((performance.now() - started) / 1000);

  // Nothing lost: every small note's marker, and the newest version of each big file.
  const latestBig = new Map<number, string>();
  const findable = markers.filter((m) => m.startsWith("soakm"));
  markers
    .filter((m) => m.startsWith("soakbig"))
    .forEach((m, n) => {
      latestBig.set(n % BIG_FILES, m);
    });
  findable.push(...latestBig.values());
  const markersMissing: string[] = [];
  for (let k = 0; k < findable.length; k += 20) {
    const batch = findable.slice(k, k + 20);
    const text = await call("ctx_search", { queries: batch, limit: 1 });
    for (const m of batch) if (!text.includes(m)) markersMissing.push(m);
  }
  await client.close();
  if (serverErr.trim()) errors.push(`server stderr: ${serverErr.trim().slice(-500)}`);
  const check = new Database(dbPath);
  const integrity = (check.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[]).map((r) => r.integrity_check).join("; ");
  check.close();
  rmSync(tmp, { recursive: true, force: true });
  return {
    calls: options.calls,
    hooks: options.hooks,
    wallS,
    rssStartMB,
    rssSamples,
    windows,
    markers: findable.length,
    markersMissing,
    integrity,
    errors: errors.slice(0, 20),
  };
}

/** One line per window: calls, RSS, fds, WAL, DB, segments, hook runs, then p50/p95 of each kind. */
export function soakTable(result: SoakResult): string {
  const kinds = [...new Set(result.windows.flatMap((w) => Object.keys(w.kinds)))].sort();
  const head = [
    "calls",
    "rss_mb",
    "idle_rss_mb",
    "fds",
    "wal_mb",
    "db_mb",
    "seg_words",
    "seg_grams",
    "hooks",
    "all_p50",
    "all_p95",
    ...kinds.flatMap((k) => [`${k}_p50`, `${k}_p95`]),
  ];
  const rows = result.windows.map((w) => [
    w.calls,
    w.rssMB,
    w.idleRssMB,
    w.fds,
    w.walMB,
    w.dbMB,
    w.segments.fts_words,
    w.segments.fts_grams,
    w.hookRuns,
    w.all.p50,
    w.all.p95,
    ...kinds.flatMap((k) => [w.kinds[k]?.p50 ?? "", w.kinds[k]?.p95 ?? ""]),
  ]);
  return [head, ...rows].map((r) => r.join("\t")).join("\n");
}

if (import.meta.main) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const result = await runSoak({
    binary: process.argv.includes("--binary") ? process.argv[process.argv.indexOf("--binary") + 1]! : join(here, "..", "dist", "ctxmode"),
    calls: arg("calls", 20_000),
    hooks: arg("hooks", 16),
    onWindow: (w) =>
      console.log(
        `${w.calls} calls: rss ${w.rssMB} MB (idle ${w.idleRssMB} MB), fds ${w.fds}, wal ${w.walMB} MB, db ${w.dbMB} MB, segments ${w.segments.fts_words}/${w.segments.fts_grams}, p95 ${w.all.p95} ms`,
      ),
  });
  mkdirSync(join(here, "results"), { recursive: true });
  const out = process.argv.includes("--out") ? process.argv[process.argv.indexOf("--out") + 1]! : join(here, "results", "soak.json");
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(soakTable(result));
  console.log(
    `rss ${result.rssStartMB} MB at start; ${result.markers} markers, ${result.markersMissing.length} missing; integrity ${result.integrity}; ${result.errors.length} errors; ${result.wallS} s`,
  );
  if (result.errors.length) console.log(result.errors.join("\n"));
  if (result.markersMissing.length || result.integrity !== "ok") process.exit(1);
}
