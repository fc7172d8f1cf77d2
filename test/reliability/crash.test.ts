import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openStore } from "../../src/store/db.ts";
import { binary } from "../helpers/cli.ts";
import { figure } from "../helpers/figures.ts";
import { hookEnv, hookSandbox, runHook, seeded } from "../hooks/helpers.ts";
import { brokenSources, integrity, projectDbFile } from "./helpers.ts";

const TRIALS = 20;
const FILES = 120;

/** File `i` at `version`: ~50 KB whose first and last words name both, so a cut-short source shows. */
function fileText(i: number, version: number): string {
  const line = `f${i}v${version} paragraph about replication lag, compaction and retry budgets\n`;
  return `# file ${i}\n\nbgnf${i}v${version}\n${line.repeat(650)}endf${i}v${version}\n`;
}

/** Spawns `argv` and kills it with SIGKILL after `delayMs` (if it is still running). */
async function killAfter(argv: string[], options: { cwd: string; env: Record<string, string>; stdin?: Uint8Array }, delayMs: number) {
  const proc = Bun.spawn(argv, { ...options, stdin: options.stdin ?? "ignore", stdout: "ignore", stderr: "ignore" });
  await Bun.sleep(delayMs);
  const killed = proc.exitCode === null;
  proc.kill("SIGKILL");
  await proc.exited;
  return killed;
}

describe("kill -9 at random points", () => {
  test(`the indexer, ${TRIALS} seeded trials: the database opens, passes integrity_check, holds only whole sources; the next run works`, async () => {
    const rand = seeded(0xc2a5);
    const box = hookSandbox("ctxmode-crash-index-");
    const env = hookEnv(box);
    const docs = join(box.project, "docs");
    mkdirSync(docs, { recursive: true });
    const version = new Array<number>(FILES).fill(0);
    for (let i = 0; i < FILES; i++) writeFileSync(join(docs, `f${i}.md`), fileText(i, 0));
    // The kills are spread over the time of an uninterrupted re-run that replaces a fifth of the
    // files (what most trials do), measured on a data dir of its own; the first run is longer still.
    const timing = { cwd: box.project, env: { ...env, CTXMODE_DATA_DIR: join(box.root, "timing") } };
    expect(Bun.spawnSync([binary, "index", "docs"], timing).exitCode).toBe(0);
    for (let i = 0; i < FILES; i += 5) writeFileSync(join(docs, `f${i}.md`), fileText(i, 0).replace(/v0\b/g, "v0x"));
    const t = performance.now();
    expect(Bun.spawnSync([binary, "index", "docs"], timing).exitCode).toBe(0);
    const fullMs = performance.now() - t;
    for (let i = 0; i < FILES; i += 5) writeFileSync(join(docs, `f${i}.md`), fileText(i, 0));
    const dbPath = projectDbFile(box.dataDir, box.project);
    // A stored file names its version in its first word; its last word must be of the same version.
    const ends = (text: string): [string, string] | undefined => {
      const m = /bgnf(\d+)v(\d+)/.exec(text);
      return m ? [m[0], `endf${m[1]}v${m[2]}`] : undefined;
    };
    let killedMidway = 0;
    for (let trial = 1; trial <= TRIALS; trial++) {
      // A seeded fifth of the files changes, so a run replaces sources as well as adding them.
      for (let i = 0; i < FILES; i++) if (rand() < 0.2) writeFileSync(join(docs, `f${i}.md`), fileText(i, (version[i] = trial)));
      const delay = Math.floor(rand() * fullMs);
      if (await killAfter([binary, "index", "docs"], { cwd: box.project, env }, delay)) killedMidway++;
      if (!readdirSync(join(box.dataDir, "projects")).length) continue; // killed before the first file was made
      expect({ trial, integrity: integrity(dbPath) }).toEqual({ trial, integrity: "ok" });
      const db = openStore(dbPath, { busyTimeoutMs: 5_000 });
      try {
        expect({ trial, broken: brokenSources(db as unknown as Database, ends) }).toEqual({ trial, broken: [] });
      } finally {
        db.close();
      }
    }
    // The next run works and brings every file to its last version.
    expect(Bun.spawnSync([binary, "index", "docs"], { cwd: box.project, env }).exitCode).toBe(0);
    const db = new Database(dbPath, { readonly: true });
    const stored = db.prepare("SELECT s.label, c.body FROM sources s JOIN chunks c ON c.doc_id = s.doc_id AND c.seq = 0").all() as {
      label: string;
      body: string;
    }[];
    db.close();
    expect(stored.length).toBe(FILES);
    for (const r of stored) {
      const i = Number(/f(\d+)\.md/.exec(r.label)![1]);
      expect(r.body).toContain(`bgnf${i}v${version[i]}`);
    }
    expect(integrity(dbPath)).toBe("ok");
    figure("crash.indexer_trials", TRIALS);
    figure("crash.indexer_killed_mid_run", killedMidway);
    expect(killedMidway).toBeGreaterThanOrEqual(TRIALS / 4);
  }, 120_000);

  test(`a hook, ${TRIALS} seeded trials over prompt, big-output and spool events: same guarantees, the next hook answers`, async () => {
    const rand = seeded(0x4b11);
    const box = hookSandbox("ctxmode-crash-hook-");
    const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
    const base = { session_id: "crash", cwd: box.project };
    const big = (n: number) =>
      Array.from({ length: 4000 }, (_, i) => `bgnh${n} build step ${i} of target h${n} ok`).join("\n") + `\nendh${n} ERROR: link failed\n`;
    const events: [string, (n: number) => unknown][] = [
      ["UserPromptSubmit", (n) => ({ ...base, prompt: `why does target h${n} fail to link` })],
      ["PostToolUse", (n) => ({ ...base, tool_name: "Bash", tool_input: { command: `make h${n}` }, tool_response: { stdout: big(n), stderr: "" } })],
      ["PostToolUse", (n) => ({ ...base, tool_name: "Edit", tool_input: { file_path: `${box.project}/src/h${n}.ts` }, tool_response: {} })],
      ["PreCompact", () => ({ ...base, trigger: "auto" })],
    ];
    // A replaced output starts with `bgnh<n>` and ends with `endh<n>`; other sources are not checked by text.
    const ends = (text: string): [string, string] | undefined => {
      const n = /bgnh(\d+)/.exec(text)?.[1];
      return n ? [`bgnh${n}`, `endh${n}`] : undefined;
    };
    // The first event makes the database, so every trial below has one to check.
    expect(runHook("claude-code", "UserPromptSubmit", JSON.stringify({ ...base, prompt: "start" }), env).code).toBe(0);
    const dbPath = projectDbFile(box.dataDir, box.project);
    // How long each kind takes when left alone: the kills are spread over that window.
    const fullMs = events.map(([event, payload], k) => runHook("claude-code", event, JSON.stringify(payload(500 + k)), env).ms);
    let killedMidway = 0;
    for (let trial = 1; trial <= TRIALS; trial++) {
      const [event, payload] = events[trial % events.length]!;
      const delay = Math.floor(rand() * fullMs[trial % events.length]! * 0.9);
      if (await killAfter([binary, "hook", "claude-code", event], { cwd: box.project, env, stdin: Buffer.from(JSON.stringify(payload(trial))) }, delay))
        killedMidway++;
      expect({ trial, integrity: integrity(dbPath) }).toEqual({ trial, integrity: "ok" });
      const db = openStore(dbPath, { busyTimeoutMs: 5_000 });
      try {
        expect({ trial, broken: brokenSources(db as unknown as Database, ends) }).toEqual({ trial, broken: [] });
      } finally {
        db.close();
      }
      // The next hook answers as usual and takes over anything the killed one left behind.
      const next = runHook("claude-code", "PostToolUse", JSON.stringify(events[1]![1](1000 + trial)), env);
      expect({ trial, code: next.code, replaced: next.stdout.includes("updatedToolOutput") }).toEqual({ trial, code: 0, replaced: true });
    }
    expect(integrity(dbPath)).toBe("ok");
    figure("crash.hook_trials", TRIALS);
    figure("crash.hook_killed_mid_run", killedMidway);
    expect(killedMidway).toBeGreaterThanOrEqual(TRIALS / 2);
  }, 120_000);
});
