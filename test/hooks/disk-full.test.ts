import { describe, expect, test } from "bun:test";
import { mkdirSync, openSync, writeSync, closeSync } from "node:fs";
import { join } from "node:path";
import { hookEnv, hookSandbox, runHook } from "./helpers.ts";

/** A small tmpfs for the data dir, filled to the last byte. Needs root and mount (Linux); skipped otherwise. */
function smallDisk(dir: string): string | undefined {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return "needs root on Linux to mount a small tmpfs";
  mkdirSync(dir, { recursive: true });
  const r = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", dir], { stderr: "pipe" });
  return r.exitCode === 0 ? undefined : `mount failed: ${r.stderr.toString().trim()}`;
}

function fill(dir: string): void {
  const fd = openSync(join(dir, "filler"), "w");
  const block = Buffer.alloc(4096, 1);
  try {
    for (;;) writeSync(fd, block);
  } catch {
    // ENOSPC: full
  } finally {
    closeSync(fd);
  }
}

describe("disk full", () => {
  const box = hookSandbox("ctxmode-full-");
  const unavailable = smallDisk(box.dataDir);
  test.skipIf(unavailable !== undefined)(`every hook answers allow and exits 0 on a full disk${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
    try {
      const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
      const base = { session_id: "s", cwd: box.project };
      // The database exists before the disk fills up.
      expect(runHook("claude-code", "UserPromptSubmit", JSON.stringify({ ...base, prompt: "first" }), env).code).toBe(0);
      fill(box.dataDir);
      const cases: [string, unknown][] = [
        ["PreToolUse", { ...base, tool_name: "Bash", tool_input: { command: "curl https://x" } }],
        ["PostToolUse", { ...base, tool_name: "Bash", tool_input: { command: "make" }, tool_response: { stdout: "x".repeat(20_000), stderr: "" } }],
        ["UserPromptSubmit", { ...base, prompt: "a longer prompt that has to be journaled ".repeat(50) }],
        ["PreCompact", { ...base, trigger: "auto" }],
        ["SessionStart", { ...base, source: "startup" }],
      ];
      for (const [event, payload] of cases) {
        const r = runHook("claude-code", event, JSON.stringify(payload), env);
        expect({ event, code: r.code, ok: r.stdout === "" || !r.stdout.includes("updatedToolOutput"), slow: r.ms > 5_000 }).toEqual({ event, code: 0, ok: true, slow: false });
      }
    } finally {
      Bun.spawnSync(["umount", box.dataDir]);
    }
  });
});
