import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Decision, HookKind } from "../../src/hooks/types.ts";
import { hookEnv, hookSandbox, runHook } from "./helpers.ts";
import { loadHost } from "../../src/hooks/hosts/index.ts";

const zcode = (await loadHost("zcode"))!;

const deny: Decision = { action: "deny", reason: "R" };
const ctx: Decision = { action: "pass", context: "C" };
const pass: Decision = { action: "pass" };
const replace: Decision = { action: "replace", output: "O" };

/** The documented reply shape (zai-org/zcode-plugins docs/PLUGIN_DEVELOPMENT.md §4.6): context under the event's own name. */
const context = (hookEventName: string) => ({ hookSpecificOutput: { hookEventName, additionalContext: "C" } });

describe("zcode replies, per documented event", () => {
  const rows: [HookKind, string, Decision, unknown][] = [
    ["session-start", "SessionStart", ctx, context("SessionStart")],
    ["session-start", "SessionStart", pass, ""],
    ["prompt", "UserPromptSubmit", ctx, context("UserPromptSubmit")],
    ["prompt", "UserPromptSubmit", pass, ""],
    ["pre-tool", "PreToolUse", deny, { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "R" } }],
    ["pre-tool", "PreToolUse", ctx, context("PreToolUse")],
    ["pre-tool", "PreToolUse", pass, ""],
    // ZCode cannot replace a tool's output: a replacement is dropped, never sent in a shape it might misread.
    ["post-tool", "PostToolUse", replace, ""],
    ["post-tool", "PostToolUse", ctx, context("PostToolUse")],
    ["post-tool", "PostToolUseFailure", ctx, context("PostToolUseFailure")],
    // Any reply on Stop could make the model run another round.
    ["pre-compact", "Stop", ctx, ""],
    ["pre-compact", "Stop", pass, ""],
  ];
  for (const [kind, event, decision, expected] of rows) {
    test(`${event} ${JSON.stringify(decision)}`, () => {
      const r = zcode.reply(kind, decision, undefined, event.toLowerCase());
      expect({ out: r.stdout === "" ? "" : JSON.parse(r.stdout), exitCode: r.exitCode }).toEqual({ out: expected, exitCode: 0 });
    });
  }
});

describe("ctxmode hook zcode, driven as a process", () => {
  test("a session: guidance at start, curl denied, output journaled not replaced, state saved at Stop and injected after compaction", () => {
    const box = hookSandbox();
    const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
    const base = { session_id: "z1", transcript_path: "/tmp/zcode-hook/transcript.jsonl", cwd: box.project, permission_mode: "default" };
    const hook = (event: string, payload: Record<string, unknown>) =>
      runHook("zcode", event, JSON.stringify({ ...base, hook_event_name: event, ...payload }), env);

    const start = hook("SessionStart", { source: "startup" });
    expect(start.code).toBe(0);
    expect(JSON.parse(start.stdout).hookSpecificOutput).toMatchObject({ hookEventName: "SessionStart" });
    expect(JSON.parse(start.stdout).hookSpecificOutput.additionalContext).toContain("ctx_execute");

    expect(hook("UserPromptSubmit", { prompt: "fix the failing checkout test in src/cart.ts" })).toMatchObject({ code: 0 });

    const denied = hook("PreToolUse", { tool_name: "Bash", tool_input: { command: "curl -s https://api.example.com/items" }, tool_use_id: "t1" });
    expect(denied.code).toBe(0);
    const out = JSON.parse(denied.stdout).hookSpecificOutput;
    expect(out).toMatchObject({ hookEventName: "PreToolUse", permissionDecision: "deny" });
    expect(out.permissionDecisionReason).toContain('ctx_execute(language: "shell", code: "curl -s https://api.example.com/items"');

    const big = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join("\n");
    expect(
      hook("PostToolUse", { tool_name: "Bash", tool_input: { command: "seq 1 2000" }, tool_response: { stdout: big, stderr: "" }, tool_use_id: "t2" }),
    ).toMatchObject({ code: 0, stdout: "" });
    expect(
      hook("PostToolUseFailure", { tool_name: "Bash", tool_input: { command: "npm test" }, error: "exit code 1: 3 tests failed", is_interrupt: false }),
    ).toMatchObject({ code: 0, stdout: "" });

    expect(hook("Stop", { stop_hook_active: false, last_assistant_message: "Done." })).toMatchObject({ code: 0, stdout: "" });
    const resumed = hook("SessionStart", { source: "compact" });
    expect(resumed.code).toBe(0);
    const state = JSON.parse(resumed.stdout).hookSpecificOutput;
    expect(state.hookEventName).toBe("SessionStart");
    expect(state.additionalContext).toContain("fix the failing checkout test");
  });

  test("camelCase payloads (ZCode sends them beside the snake_case ones) parse the same", () => {
    const box = hookSandbox();
    const payload = {
      sessionId: "z2",
      cwd: box.project,
      hookEventName: "PreToolUse",
      toolName: "Bash",
      toolInput: { command: "wget -qO- https://example.com" },
    };
    const r = runHook("zcode", "PreToolUse", JSON.stringify(payload), hookEnv(box, { CTXMODE_ROUTING: "always" }));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  test("unknown events and bad payloads: exit 0 and the no-op reply (nothing), one log line each", () => {
    const box = hookSandbox();
    const env = hookEnv(box);
    const payload = JSON.stringify({ session_id: "z3", cwd: box.project, hook_event_name: "PermissionRequest", tool_name: "Bash", tool_input: {} });
    for (const event of ["PermissionRequest", "Notification", "SessionEnd", "x"])
      expect(runHook("zcode", event, payload, env)).toMatchObject({ code: 0, stdout: "" });
    for (const stdin of ["", "not json", "[1,2]", '{"session_id":7}'])
      expect(runHook("zcode", "PreToolUse", stdin, env)).toMatchObject({ code: 0, stdout: "" });
    const log = readFileSync(join(box.dataDir, "hook-errors.log"), "utf8").trim().split("\n");
    expect(log.length).toBe(8);
    expect(log[0]).toMatch(/ zcode permissionrequest BAD_INPUT: unknown event "permissionrequest" for zcode/i);
  });
});
