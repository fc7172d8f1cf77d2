import { describe, expect, test } from "bun:test";
import { ADAPTERS, loadHost } from "../../src/hooks/hosts/index.ts";
import { resolveToolName } from "../../src/hooks/tool-names.ts";
import type { Decision, HookEvent, HookKind, HostAdapter } from "../../src/hooks/types.ts";

const claudeCode = (await loadHost("claude-code"))!;
const codex = (await loadHost("codex"))!;
const copilotCli = (await loadHost("copilot-cli"))!;
const cursor = (await loadHost("cursor"))!;
const geminiCli = (await loadHost("gemini-cli"))!;
const kiro = (await loadHost("kiro"))!;
const opencode = (await loadHost("opencode"))!;
const pi = (await loadHost("pi"))!;
const qwenCode = (await loadHost("qwen-code"))!;
const vscode = (await loadHost("vscode"))!;

const deny: Decision = { action: "deny", reason: "R" };
const ctx: Decision = { action: "pass", context: "C" };
const pass: Decision = { action: "pass" };
const replace: Decision = { action: "replace", output: "O" };

function toolEvent(adapter: HostAdapter, name: string): HookEvent {
  return { host: adapter.name, kind: "post-tool", session: "s", cwd: "/p", tool: { ...resolveToolName(name, adapter.mcpFormat), input: {} } };
}

/** [kind, host event, decision, event?] -> the reply, stdout parsed when it is JSON. */
type Row = [HookKind, string, Decision, HookEvent | undefined, unknown, number?, string?];

function check(adapter: HostAdapter, rows: Row[]) {
  for (const [kind, hostEvent, decision, event, expected, exitCode = 0, stderr] of rows) {
    const r = adapter.reply(kind, decision, event, hostEvent.toLowerCase());
    const out = r.stdout === "" ? "" : JSON.parse(r.stdout);
    expect({ hostEvent, decision, out, exitCode: r.exitCode, stderr: r.stderr }).toEqual({ hostEvent, decision, out: expected, exitCode, stderr });
  }
}

describe("reply snapshots per host and event (reference/hosts.md shapes)", () => {
  test("claude-code", () => {
    const bash = toolEvent(claudeCode, "Bash");
    const mcp = toolEvent(claudeCode, "mcp__github__list_issues");
    check(claudeCode, [
      [
        "pre-tool",
        "PreToolUse",
        deny,
        undefined,
        { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "R" } },
      ],
      ["pre-tool", "PreToolUse", ctx, undefined, { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "C" } }],
      ["pre-tool", "PreToolUse", pass, undefined, ""],
      [
        "post-tool",
        "PostToolUse",
        replace,
        bash,
        { hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: { stdout: "O", stderr: "", interrupted: false, isImage: false } } },
      ],
      ["post-tool", "PostToolUse", replace, mcp, { hookSpecificOutput: { hookEventName: "PostToolUse", updatedMCPToolOutput: [{ type: "text", text: "O" }] } }],
      ["post-tool", "PostToolUseFailure", replace, bash, ""],
      ["post-tool", "PostToolUse", pass, bash, ""],
      ["prompt", "UserPromptSubmit", ctx, undefined, { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "C" } }],
      ["session-start", "SessionStart", ctx, undefined, { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "C" } }],
      ["pre-compact", "PreCompact", ctx, undefined, ""],
    ]);
  });

  test("codex: strict schema, replacement by decision block", () => {
    check(codex, [
      [
        "pre-tool",
        "PreToolUse",
        deny,
        undefined,
        { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "R" } },
      ],
      ["pre-tool", "PreToolUse", ctx, undefined, { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "C" } }],
      ["pre-tool", "PreToolUse", pass, undefined, ""],
      ["post-tool", "PostToolUse", replace, toolEvent(codex, "Bash"), { decision: "block", reason: "O" }],
      ["post-tool", "PostToolUse", pass, undefined, ""],
      ["prompt", "UserPromptSubmit", ctx, undefined, { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "C" } }],
      ["session-start", "SessionStart", ctx, undefined, { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "C" } }],
      ["pre-compact", "PreCompact", pass, undefined, ""],
    ]);
  });

  test("gemini-cli: decision at the top level only", () => {
    check(geminiCli, [
      ["pre-tool", "BeforeTool", deny, undefined, { decision: "deny", reason: "R" }],
      ["pre-tool", "BeforeTool", pass, undefined, ""],
      ["post-tool", "AfterTool", replace, toolEvent(geminiCli, "run_shell_command"), { decision: "deny", reason: "O" }],
      ["prompt", "BeforeAgent", ctx, undefined, { hookSpecificOutput: { additionalContext: "C" } }],
      ["session-start", "SessionStart", ctx, undefined, { hookSpecificOutput: { additionalContext: "C" } }],
      ["pre-compact", "PreCompress", ctx, undefined, ""],
    ]);
  });

  test("qwen-code: Claude-style deny, no replacement", () => {
    expect(qwenCode.canReplace(toolEvent(qwenCode, "run_shell_command").tool!)).toBe(false);
    check(qwenCode, [
      [
        "pre-tool",
        "PreToolUse",
        deny,
        undefined,
        { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "R" } },
      ],
      ["pre-tool", "PreToolUse", ctx, undefined, ""],
      ["post-tool", "PostToolUse", ctx, undefined, { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "C" } }],
      ["prompt", "UserPromptSubmit", ctx, undefined, { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "C" } }],
      ["session-start", "SessionStart", ctx, undefined, { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "C" } }],
    ]);
  });

  test("copilot-cli: flat camelCase replies", () => {
    check(copilotCli, [
      ["pre-tool", "preToolUse", deny, undefined, { permissionDecision: "deny", permissionDecisionReason: "R" }],
      ["pre-tool", "preToolUse", ctx, undefined, { additionalContext: "C" }],
      ["pre-tool", "preToolUse", pass, undefined, ""],
      ["post-tool", "postToolUse", replace, toolEvent(copilotCli, "bash"), { modifiedResult: { resultType: "success", textResultForLlm: "O" } }],
      ["prompt", "userPromptSubmitted", ctx, undefined, { additionalContext: "C" }],
      ["session-start", "sessionStart", ctx, undefined, { additionalContext: "C" }],
    ]);
  });

  test("vscode", () => {
    check(vscode, [
      [
        "pre-tool",
        "PreToolUse",
        deny,
        undefined,
        { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "R" } },
      ],
      ["pre-tool", "PreToolUse", ctx, undefined, { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "C" } }],
      ["post-tool", "PostToolUse", pass, undefined, ""],
      ["session-start", "SessionStart", ctx, undefined, { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "C" } }],
    ]);
  });

  test("cursor: always JSON, never an allow", () => {
    check(cursor, [
      ["pre-tool", "preToolUse", deny, undefined, { permission: "deny", user_message: "ctxmode routed this call to its sandbox tools.", agent_message: "R" }],
      ["pre-tool", "beforeShellExecution", pass, undefined, {}],
      ["pre-tool", "preToolUse", ctx, undefined, {}],
      ["post-tool", "postToolUse", ctx, undefined, { additional_context: "C" }],
      ["prompt", "beforeSubmitPrompt", ctx, undefined, { continue: true }],
      ["session-start", "sessionStart", ctx, undefined, { additional_context: "C" }],
      ["pre-compact", "preCompact", pass, undefined, {}],
    ]);
  });

  test("kiro: exit 2 with stderr to deny, plain stdout for context", () => {
    expect(kiro.reply("pre-tool", deny)).toEqual({ stdout: "", stderr: "R", exitCode: 2 });
    expect(kiro.reply("pre-tool", pass)).toEqual({ stdout: "", exitCode: 0 });
    expect(kiro.reply("session-start", ctx)).toEqual({ stdout: "C\n", exitCode: 0 });
    expect(kiro.reply("prompt", ctx)).toEqual({ stdout: "C\n", exitCode: 0 });
    expect(kiro.reply("post-tool", ctx)).toEqual({ stdout: "", exitCode: 0 });
  });

  test("opencode and pi plugins: the neutral reply", () => {
    for (const adapter of [opencode, pi]) {
      check(adapter, [
        ["pre-tool", "x", deny, undefined, { action: "deny", reason: "R" }],
        ["post-tool", "x", replace, undefined, { action: "replace", output: "O" }],
        ["prompt", "x", ctx, undefined, { context: "C" }],
        ["pre-tool", "x", pass, undefined, {}],
      ]);
    }
  });

  test("every host's event names, lower-cased (the CLI matches case-insensitively)", async () => {
    const table: Record<string, Record<string, HookKind>> = {};
    for (const [name, load] of Object.entries(ADAPTERS)) table[name] = { ...(await load()).events };
    expect(table).toEqual({
      "claude-code": {
        pretooluse: "pre-tool",
        posttooluse: "post-tool",
        posttoolusefailure: "post-tool",
        userpromptsubmit: "prompt",
        precompact: "pre-compact",
        sessionstart: "session-start",
      },
      codex: { pretooluse: "pre-tool", posttooluse: "post-tool", userpromptsubmit: "prompt", precompact: "pre-compact", sessionstart: "session-start" },
      "gemini-cli": { beforetool: "pre-tool", aftertool: "post-tool", beforeagent: "prompt", precompress: "pre-compact", sessionstart: "session-start" },
      "qwen-code": {
        pretooluse: "pre-tool",
        posttooluse: "post-tool",
        posttoolusefailure: "post-tool",
        userpromptsubmit: "prompt",
        precompact: "pre-compact",
        sessionstart: "session-start",
      },
      "copilot-cli": {
        pretooluse: "pre-tool",
        posttooluse: "post-tool",
        posttoolusefailure: "post-tool",
        userpromptsubmitted: "prompt",
        precompact: "pre-compact",
        sessionstart: "session-start",
      },
      vscode: { pretooluse: "pre-tool", posttooluse: "post-tool", userpromptsubmit: "prompt", precompact: "pre-compact", sessionstart: "session-start" },
      cursor: {
        pretooluse: "pre-tool",
        beforeshellexecution: "pre-tool",
        beforereadfile: "pre-tool",
        beforemcpexecution: "pre-tool",
        posttooluse: "post-tool",
        posttoolusefailure: "post-tool",
        beforesubmitprompt: "prompt",
        precompact: "pre-compact",
        sessionstart: "session-start",
      },
      kiro: { pretooluse: "pre-tool", posttooluse: "post-tool", userpromptsubmit: "prompt", agentspawn: "session-start" },
      opencode: {
        "tool.execute.before": "pre-tool",
        "tool.execute.after": "post-tool",
        "chat.message": "prompt",
        "session.compacting": "pre-compact",
        "session.created": "session-start",
      },
      pi: {
        tool_call: "pre-tool",
        tool_result: "post-tool",
        before_agent_start: "prompt",
        session_before_compact: "pre-compact",
        session_start: "session-start",
      },
      zcode: {
        sessionstart: "session-start",
        userpromptsubmit: "prompt",
        pretooluse: "pre-tool",
        posttooluse: "post-tool",
        posttoolusefailure: "post-tool",
        stop: "pre-compact",
      },
    });
  });
});
