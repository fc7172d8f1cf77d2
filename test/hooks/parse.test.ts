import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadHost } from "../../src/hooks/hosts/index.ts";

const claudeCode = (await loadHost("claude-code"))!;
const codex = (await loadHost("codex"))!;
const copilotCli = (await loadHost("copilot-cli"))!;
const cursor = (await loadHost("cursor"))!;
const geminiCli = (await loadHost("gemini-cli"))!;
const kiro = (await loadHost("kiro"))!;
const opencode = (await loadHost("opencode"))!;
const qwenCode = (await loadHost("qwen-code"))!;
const vscode = (await loadHost("vscode"))!;

/** Payloads as reference/hosts.md records them, per host. */
describe("payload parsing per host", () => {
  test("claude-code: PreToolUse, PostToolUse (Bash and MCP), subagent, SessionStart", () => {
    const pre = claudeCode.parse(
      "pre-tool",
      {
        session_id: "64c1",
        transcript_path: "/h/.claude/projects/p/64c1.jsonl",
        cwd: "/home/user/proj",
        prompt_id: "4bdc",
        permission_mode: "default",
        effort: { level: "high" },
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "echo hi", description: "Echo" },
        tool_use_id: "toolu_1",
      },
      "pretooluse",
    );
    expect(pre).toMatchObject({
      host: "claude-code",
      kind: "pre-tool",
      session: "64c1",
      cwd: "/home/user/proj",
      tool: { name: "Bash", canonical: "Bash", own: false, input: { command: "echo hi" } },
    });
    const post = claudeCode.parse(
      "post-tool",
      {
        session_id: "s",
        cwd: "/p",
        tool_name: "Bash",
        tool_input: { command: "ls" },
        tool_response: { stdout: "a\nb", stderr: "warn", interrupted: false, isImage: false },
      },
      "posttooluse",
    );
    expect(post.output).toEqual({ text: "a\nb\nwarn", failed: false });
    const mcp = claudeCode.parse(
      "post-tool",
      { session_id: "s", cwd: "/p", tool_name: "mcp__ctxmode__ctx_search", tool_input: {}, tool_response: [{ type: "text", text: "hits" }] },
      "posttooluse",
    );
    expect(mcp).toMatchObject({
      tool: { canonical: "Mcp", own: true, mcp: { server: "ctxmode", tool: "ctx_search" } },
      output: { text: "hits", failed: false },
    });
    const failure = claudeCode.parse(
      "post-tool",
      { session_id: "s", cwd: "/p", tool_name: "Bash", tool_input: { command: "npm test" }, error: "Exit code 1\nFAIL x" },
      "posttoolusefailure",
    );
    expect(failure.output).toEqual({ text: "Exit code 1\nFAIL x", failed: true });
    const sub = claudeCode.parse(
      "pre-tool",
      { session_id: "s", cwd: "/p", agent_id: "a1", agent_type: "Explore", tool_name: "Read", tool_input: { file_path: "x" } },
      "pretooluse",
    );
    expect(sub.subagent).toBe("Explore");
    expect(claudeCode.parse("session-start", { session_id: "s", cwd: "/p", source: "compact" }, "sessionstart").source).toBe("compact");
    expect(claudeCode.parse("prompt", { session_id: "s", cwd: "/p", prompt: "fix it" }, "userpromptsubmit").prompt).toBe("fix it");
  });

  test("codex: normalised Bash, string tool_response, fork counts as a resume", () => {
    const e = codex.parse(
      "post-tool",
      {
        session_id: "01a2",
        turn_id: "01a2",
        transcript_path: "/c/sessions/r.jsonl",
        cwd: "/home/user/proj",
        hook_event_name: "PostToolUse",
        model: "gpt-fake",
        permission_mode: "bypassPermissions",
        tool_name: "Bash",
        tool_input: { command: "echo hi" },
        tool_use_id: "call_1",
        tool_response: "hi\n",
      },
      "posttooluse",
    );
    expect(e).toMatchObject({ session: "01a2", tool: { canonical: "Bash" }, output: { text: "hi\n", failed: false } });
    expect(
      codex.parse(
        "post-tool",
        { session_id: "s", tool_name: "mcp__ctxmode__ctx_stats", tool_input: {}, tool_response: { content: [{ type: "text", text: "t" }] } },
        "posttooluse",
      ).output?.text,
    ).toBe("t");
    expect(codex.parse("session-start", { session_id: "s", source: "fork" }, "sessionstart").source).toBe("resume");
  });

  test("gemini-cli: run_shell_command, llmContent, error, mcp_s_t", () => {
    const e = geminiCli.parse(
      "post-tool",
      {
        session_id: "g1",
        transcript_path: "/g/chats/session-1.jsonl",
        cwd: "/p",
        hook_event_name: "AfterTool",
        timestamp: "2026-01-01T00:00:00Z",
        tool_name: "run_shell_command",
        tool_input: { command: "echo hi", description: "d" },
        tool_response: { llmContent: "<untrusted_context>\nOutput: hi\n", returnDisplay: "hi" },
      },
      "aftertool",
    );
    expect(e).toMatchObject({ session: "g1", tool: { canonical: "Bash" }, output: { text: "<untrusted_context>\nOutput: hi\n", failed: false } });
    const failed = geminiCli.parse(
      "post-tool",
      { session_id: "g", tool_name: "run_shell_command", tool_input: {}, tool_response: { llmContent: "x", error: "exit 1" } },
      "aftertool",
    );
    expect(failed.output?.failed).toBe(true);
    expect(geminiCli.parse("pre-tool", { session_id: "g", tool_name: "mcp_ctxmode_ctx_search", tool_input: {} }, "beforetool").tool).toMatchObject({
      own: true,
    });
    expect(geminiCli.parse("prompt", { session_id: "g", prompt: "hello" }, "beforeagent").prompt).toBe("hello");
  });

  test("qwen-code", () => {
    const e = qwenCode.parse(
      "post-tool",
      {
        session_id: "q",
        transcript_path: "/t",
        cwd: "/p",
        hook_event_name: "PostToolUse",
        timestamp: "t",
        permission_mode: "yolo",
        tool_name: "run_shell_command",
        tool_input: { command: "ls" },
        tool_use_id: "u",
        tool_response: { llmContent: "a", returnDisplay: "a" },
      },
      "posttooluse",
    );
    expect(e).toMatchObject({ tool: { canonical: "Bash" }, output: { text: "a", failed: false } });
  });

  test("copilot-cli: camelCase, toolArgs as object or JSON string, failed resultType, s-t MCP names", () => {
    const obj = copilotCli.parse(
      "pre-tool",
      {
        sessionId: "db92",
        timestamp: 1796003648658,
        cwd: "/home/user/proj",
        toolName: "bash",
        toolArgs: { command: "echo hi", description: "d", is_background: false },
      },
      "pretooluse",
    );
    expect(obj).toMatchObject({ session: "db92", cwd: "/home/user/proj", tool: { canonical: "Bash", input: { command: "echo hi" } } });
    const str = copilotCli.parse("pre-tool", { sessionId: "d", toolName: "bash", toolArgs: JSON.stringify({ command: "ls" }) }, "pretooluse");
    expect(str.tool?.input).toEqual({ command: "ls" });
    const post = copilotCli.parse(
      "post-tool",
      { sessionId: "d", toolName: "bash", toolArgs: {}, toolResult: { resultType: "failure", textResultForLlm: "boom" } },
      "posttooluse",
    );
    expect(post.output).toEqual({ text: "boom", failed: true });
    expect(copilotCli.parse("pre-tool", { sessionId: "d", toolName: "ctxmode-ctx_search", toolArgs: {} }, "pretooluse").tool).toMatchObject({ own: true });
    expect(copilotCli.parse("pre-tool", { sessionId: "d", toolName: "read_bash", toolArgs: {} }, "pretooluse").tool?.mcp).toBeUndefined();
    expect(copilotCli.parse("session-start", { sessionId: "d", source: "new", initialPrompt: "x" }, "sessionstart").source).toBe("startup");
  });

  test("vscode: sessionId with snake_case tool fields, string tool_response", () => {
    const e = vscode.parse(
      "post-tool",
      {
        timestamp: "t",
        cwd: "/w",
        sessionId: "v1",
        hookEventName: "PostToolUse",
        transcript_path: "/t",
        tool_name: "run_in_terminal",
        tool_input: { command: "ls" },
        tool_use_id: "u",
        tool_response: "out",
      },
      "posttooluse",
    );
    expect(e).toMatchObject({ session: "v1", cwd: "/w", tool: { canonical: "Bash" }, output: { text: "out" } });
  });

  test("cursor: conversation_id, workspace_roots, the before* events", () => {
    const base = {
      conversation_id: "c1",
      generation_id: "g",
      model: "m",
      hook_event_name: "x",
      cursor_version: "1",
      workspace_roots: ["/ws"],
      user_email: "u",
      transcript_path: null,
    };
    expect(cursor.parse("pre-tool", { ...base, command: "curl https://x", cwd: "" }, "beforeshellexecution")).toMatchObject({
      session: "c1",
      cwd: "/ws",
      tool: { canonical: "Bash", input: { command: "curl https://x" } },
    });
    expect(cursor.parse("pre-tool", { ...base, file_path: "/ws/big.log", content: "…" }, "beforereadfile").tool).toMatchObject({
      canonical: "Read",
      input: { file_path: "/ws/big.log" },
    });
    expect(cursor.parse("pre-tool", { ...base, tool_name: "ctx_search", tool_input: '{"queries":["x"]}' }, "beforemcpexecution").tool).toMatchObject({
      own: true,
      input: { queries: ["x"] },
    });
    expect(cursor.parse("pre-tool", { ...base, tool_name: "MCP:ctx_search", tool_input: {} }, "pretooluse").tool).toMatchObject({ own: true });
    expect(cursor.parse("post-tool", { ...base, tool_name: "Shell", tool_input: { command: "ls" }, tool_output: "a" }, "posttooluse").output?.text).toBe("a");
  });

  test("kiro: no session id, so the parent process stands in; @s/t MCP names", () => {
    const e = kiro.parse("pre-tool", { hook_event_name: "preToolUse", cwd: "/k", tool_name: "execute_bash", tool_input: { command: "ls" } }, "pretooluse");
    expect(e).toMatchObject({ session: `kiro-ppid-${process.ppid}`, cwd: "/k", tool: { canonical: "Bash" } });
    expect(
      kiro.parse("pre-tool", { hook_event_name: "preToolUse", cwd: "/k", tool_name: "@ctxmode/ctx_search", tool_input: {} }, "pretooluse").tool,
    ).toMatchObject({ own: true });
  });

  test("opencode plugin payload", () => {
    expect(
      opencode.parse("pre-tool", { session_id: "ses_1", cwd: "/o", tool_name: "ctxmode_ctx_search", tool_input: {} }, "tool.execute.before").tool,
    ).toMatchObject({ own: true });
    expect(
      opencode.parse(
        "post-tool",
        { session_id: "ses_1", cwd: "/o", tool_name: "bash", tool_input: { command: "x" }, tool_response: "out", is_error: true },
        "tool.execute.after",
      ).output,
    ).toEqual({ text: "out", failed: true });
  });

  test("unusable payloads throw (the CLI answers allow and logs)", () => {
    for (const bad of [null, 5, "x", [], { tool_input: {} }, { tool_name: 7 }]) {
      expect(() => claudeCode.parse("pre-tool", bad, "pretooluse")).toThrow();
    }
  });
});

describe("Cursor payload fixtures (shared/fixtures/cursor)", () => {
  const read = (name: string) => JSON.parse(readFileSync(join(import.meta.dir, "fixtures", "cursor", `${name}.json`), "utf8"));
  test("each fixture parses into the event its name says", () => {
    expect(cursor.parse("pre-tool", read("pretooluse-shell"), "pretooluse")).toMatchObject({
      session: "cursor-conv-001",
      cwd: "/tmp/cursor-project",
      tool: { canonical: "Bash", input: { command: "curl https://example.com/api" } },
    });
    expect(cursor.parse("pre-tool", read("pretooluse-mcp"), "pretooluse").tool).toMatchObject({
      canonical: "Mcp",
      own: true,
      mcp: { server: "", tool: "ctx_execute" },
    });
    expect(cursor.parse("post-tool", read("posttooluse-shell"), "posttooluse")).toMatchObject({
      tool: { canonical: "Bash" },
      output: { text: " M src/app.ts\n?? tests/new.spec.ts", failed: false },
    });
    expect(cursor.parse("post-tool", read("posttooluse-mcp"), "posttooluse")).toMatchObject({
      tool: { own: true },
      output: { text: "#12 Fix tests\n#11 Add docs" },
    });
    expect(cursor.parse("session-start", read("sessionstart"), "sessionstart")).toMatchObject({ session: "cursor-conv-001", source: "startup" });
  });
});
