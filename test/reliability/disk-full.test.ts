import { describe, expect, test } from "bun:test";
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { figure } from "../helpers/figures.ts";
import { hookEnv, hookLogLines, hookSandbox, runHook } from "../hooks/helpers.ts";
import { startServer } from "../mcp/helpers.ts";
import { integrity, projectDbFile } from "./helpers.ts";

/** Mounts a tmpfs of `size` on `dir` (Linux, root); the reason it cannot, otherwise. Unmounted after the file's tests. */
function smallDisk(dir: string, size: string): string | undefined {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return "needs root on Linux to mount a small tmpfs";
  mkdirSync(dir, { recursive: true });
  const r = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stderr: "pipe" });
  if (r.exitCode !== 0) return `mount failed: ${r.stderr.toString().trim()}`;
  return undefined;
}

function remount(dir: string, mode: "ro" | "rw"): void {
  const r = Bun.spawnSync(["mount", "-o", `remount,${mode}`, dir], { stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`remount ${mode}: ${r.stderr.toString()}`);
}

/** Writes to `dir/filler` until the disk is full; returns a function that frees the space again. */
function fill(dir: string): () => void {
  const file = join(dir, "filler");
  const fd = openSync(file, "w");
  const block = Buffer.alloc(4096, 1);
  try {
    for (;;) writeSync(fd, block);
  } catch {
    // ENOSPC: full
  } finally {
    closeSync(fd);
  }
  return () => writeFileSync(file, "");
}

/** Every kind of hook event, for claude-code, with big output so a replacement would need the disk. */
function hookCases(project: string): [string, unknown][] {
  const base = { session_id: "s", cwd: project };
  return [
    ["PreToolUse", { ...base, tool_name: "Bash", tool_input: { command: "curl https://x" } }],
    ["PostToolUse", { ...base, tool_name: "Bash", tool_input: { command: "make" }, tool_response: { stdout: "compiled unit ok\n".repeat(2_000), stderr: "" } }],
    ["PostToolUse", { ...base, tool_name: "Edit", tool_input: { file_path: `${project}/src/a.ts` }, tool_response: {} }],
    ["UserPromptSubmit", { ...base, prompt: "a longer prompt that has to be journaled ".repeat(50) }],
    ["PreCompact", { ...base, trigger: "auto" }],
    ["SessionStart", { ...base, source: "startup" }],
  ];
}

/** What is stored before the fault: a journal row and an indexed text, checked again after it. */
async function storeSomething(box: ReturnType<typeof hookSandbox>, env: Record<string, string>) {
  expect(
    runHook("claude-code", "UserPromptSubmit", JSON.stringify({ session_id: "s", cwd: box.project, prompt: "remember the zebra migration plan" }), env).code,
  ).toBe(0);
  const server = await startServer({ dir: box.project, dataDir: box.dataDir });
  const first = await server
    .call("ctx_index", { text: "# Runbook\n\nthe quokka failover runbook says drain first\n", source: "runbook" })
    .catch((e) => ({ isError: true, text: `${e} ${server.stderr()}` }));
  expect(first.text).toContain("indexed");
  await server.close();
}

async function expectIntact(box: ReturnType<typeof hookSandbox>) {
  expect(integrity(projectDbFile(box.dataDir, box.project))).toBe("ok");
  const server = await startServer({ dir: box.project, dataDir: box.dataDir });
  const found = await server.call("ctx_search", { queries: ["quokka failover"] });
  expect(found.text).toContain("drain first");
  const resumed = await server.call("ctx_resume", {});
  expect(resumed.text).toContain("zebra migration");
  await server.close();
}

describe("disk full", () => {
  const box = hookSandbox("ctxmode-full-");
  const unavailable = smallDisk(box.dataDir, "4m");
  test.skipIf(unavailable !== undefined)(
    `hooks answer allow in time with one log line each; MCP tools say the disk is full; stored data survives${unavailable ? ` (skipped: ${unavailable})` : ""}`,
    async () => {
      try {
        await diskFull(box);
      } finally {
        Bun.spawnSync(["umount", "-l", box.dataDir]);
      }
    },
    60_000,
  );
});

async function diskFull(box: ReturnType<typeof hookSandbox>) {
  const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
  await storeSomething(box, env);
  // A line in the log before the disk fills: later lines append within its last block.
  runHook("claude-code", "Stop", "{}", env);
  const server = await startServer({ dir: box.project, dataDir: box.dataDir });
  expect((await server.call("ctx_search", { queries: ["quokka"] })).isError).toBe(false);
  const free = fill(box.dataDir);
  let faults = 0;
  for (const [event, payload] of hookCases(box.project)) {
    const before = hookLogLines(box.dataDir);
    const r = runHook("claude-code", event, JSON.stringify(payload), env);
    expect({ event, code: r.code, replaced: r.stdout.includes("updatedToolOutput"), slow: r.ms > 5_000 }).toEqual({
      event,
      code: 0,
      replaced: false,
      slow: false,
    });
    expect({ event, lines: hookLogLines(box.dataDir) - before }).toEqual({ event, lines: event === "SessionStart" ? 0 : 1 }); // a fresh start only reads
    faults++;
  }
  // The server: writes fail with a sentence naming the full disk; reads still answer.
  const indexed = await server.call("ctx_index", { text: "new text that cannot be stored ".repeat(5_000), source: "late" });
  expect(indexed.isError).toBe(true);
  expect(indexed.text).toMatch(/disk .*full/i);
  const executed = await server.call("ctx_execute", { language: "shell", code: "seq 1 40000" });
  expect(executed.text).toMatch(/disk .*full|39999/i);
  expect((await server.call("ctx_search", { queries: ["quokka failover"] })).text).toContain("drain first");
  faults += 3;
  await server.close();
  free();
  await expectIntact(box);
  figure("faults.disk_full_calls", faults);
}

describe("read-only data dir", () => {
  const box = hookSandbox("ctxmode-ro-");
  const unavailable = smallDisk(box.dataDir, "16m");
  test.skipIf(unavailable !== undefined)(
    `hooks answer allow in time; MCP tools say the data dir is read-only; stored data survives${unavailable ? ` (skipped: ${unavailable})` : ""}`,
    async () => {
      try {
        await readOnly(box);
      } finally {
        Bun.spawnSync(["umount", "-l", box.dataDir]);
      }
    },
    60_000,
  );
});

async function readOnly(box: ReturnType<typeof hookSandbox>) {
  const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
  await storeSomething(box, env);
  remount(box.dataDir, "ro");
  let faults = 0;
  try {
    for (const [event, payload] of hookCases(box.project)) {
      const r = runHook("claude-code", event, JSON.stringify(payload), env);
      expect({ event, code: r.code, replaced: r.stdout.includes("updatedToolOutput"), slow: r.ms > 5_000 }).toEqual({
        event,
        code: 0,
        replaced: false,
        slow: false,
      });
      faults++;
    }
    const server = await startServer({ dir: box.project, dataDir: box.dataDir });
    const indexed = await server.call("ctx_index", { text: "text for a read-only disk", source: "late" });
    expect(indexed.isError).toBe(true);
    expect(indexed.text).toMatch(/read-only/i);
    const searched = await server.call("ctx_search", { queries: ["quokka failover"] });
    expect(searched.isError ? searched.text : "ok").toMatch(/^ok$|read-only/i);
    faults += 2;
    await server.close();
  } finally {
    remount(box.dataDir, "rw");
  }
  await expectIntact(box);
  figure("faults.read_only_calls", faults);
}
