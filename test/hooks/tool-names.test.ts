import { describe, expect, test } from "bun:test";
import { parseMcpName, resolveToolName, type McpFormat } from "../../src/hooks/tool-names.ts";

describe("tool names", () => {
  test.each([
    ["Bash", "Bash"],
    ["run_shell_command", "Bash"],
    ["shell", "Bash"],
    ["bash", "Bash"],
    ["Shell", "Bash"],
    ["execute_bash", "Bash"],
    ["run_in_terminal", "Bash"],
    ["exec_command", "Bash"],
    ["Read", "Read"],
    ["read_file", "Read"],
    ["view", "Read"],
    ["fs_read", "Read"],
    ["readFile", "Read"],
    ["WebFetch", "WebFetch"],
    ["web_fetch", "WebFetch"],
    ["webfetch", "WebFetch"],
    ["fetch_webpage", "WebFetch"],
    ["Edit", "Edit"],
    ["apply_patch", "Edit"],
    ["replace", "Edit"],
    ["Write", "Write"],
    ["write_file", "Write"],
    ["create", "Write"],
    ["TodoWrite", "Todo"],
    ["write_todos", "Todo"],
    ["TaskCreate", "Todo"],
    ["Agent", "Agent"],
    ["Task", "Agent"],
    ["Grep", "Grep"],
    ["grep_search", "Grep"],
    ["Glob", "Glob"],
    ["Skill", "Skill"],
    ["ExitPlanMode", "Plan"],
    ["AskUserQuestion", "Ask"],
    ["SomethingElse", "Other"],
  ])("%s is %s", (name, canonical) => {
    expect(resolveToolName(name, "double").canonical).toBe(canonical as never);
  });

  const mcp: [string, McpFormat, { server: string; tool: string } | undefined][] = [
    ["mcp__ctxmode__ctx_search", "double", { server: "ctxmode", tool: "ctx_search" }],
    ["mcp__plugin_ctxprobe_fakectx__ctx_echo", "double", { server: "plugin_ctxprobe_fakectx", tool: "ctx_echo" }],
    ["mcp__github__create_issue", "double", { server: "github", tool: "create_issue" }],
    ["mcp_ctxmode_ctx_search", "gemini", { server: "ctxmode", tool: "ctx_search" }],
    ["mcp_my_server_ctx_execute", "gemini", { server: "my_server", tool: "ctx_execute" }],
    ["mcp__ctxmode__ctx_search", "gemini", { server: "ctxmode", tool: "ctx_search" }],
    ["ctxmode_ctx_search", "underscore", { server: "ctxmode", tool: "ctx_search" }],
    ["github_create_issue", "underscore", { server: "github", tool: "create_issue" }],
    ["ctxmode-ctx_batch", "dash", { server: "ctxmode", tool: "ctx_batch" }],
    ["my-server-ctx_index", "dash", { server: "my-server", tool: "ctx_index" }],
    ["MCP:ctx_search", "cursor", { server: "", tool: "ctx_search" }],
    ["MCP:ctxmode:ctx_search", "cursor", { server: "ctxmode", tool: "ctx_search" }],
    ["@ctxmode/ctx_search", "kiro", { server: "ctxmode", tool: "ctx_search" }],
    ["@git/status", "kiro", { server: "git", tool: "status" }],
    ["Bash", "double", undefined],
    ["run_shell_command", "gemini", undefined],
    ["bash", "dash", undefined],
    ["execute_bash", "kiro", undefined],
  ];
  test.each(mcp)("%s in %s format", (name, format, expected) => {
    expect(parseMcpName(name, format)).toEqual(expected);
  });

  test("own tools are recognised in every format, other MCP tools are not own", () => {
    expect(resolveToolName("mcp__ctxmode__ctx_execute", "double")).toMatchObject({ canonical: "Mcp", own: true });
    expect(resolveToolName("mcp_ctxmode_ctx_search", "gemini")).toMatchObject({ canonical: "Mcp", own: true });
    expect(resolveToolName("ctxmode_ctx_search", "underscore")).toMatchObject({ own: true });
    expect(resolveToolName("ctxmode-ctx_search", "dash")).toMatchObject({ own: true });
    expect(resolveToolName("MCP:ctx_search", "cursor")).toMatchObject({ own: true });
    expect(resolveToolName("@ctxmode/ctx_resume", "kiro")).toMatchObject({ own: true });
    expect(resolveToolName("ctx_execute", "bare")).toMatchObject({ canonical: "Mcp", own: true });
    expect(resolveToolName("mcp__github__list_issues", "double")).toMatchObject({
      canonical: "Mcp",
      own: false,
      mcp: { server: "github", tool: "list_issues" },
    });
  });

  test.each(["ctx_execute", "ctx_batch", "ctx_index", "ctx_search", "ctx_stats", "ctx_purge", "ctx_resume", "ctx_doctor", "ctx_upgrade"])(
    "%s is one of ctxmode's own tools",
    (tool) => {
      expect(resolveToolName(`mcp__ctxmode__${tool}`, "double")).toMatchObject({ canonical: "Mcp", own: true });
      expect(resolveToolName(`my-server-${tool}`, "dash")).toMatchObject({ own: true, mcp: { server: "my-server", tool } });
    },
  );

  test("a host's own tools are not taken for MCP tools in the ambiguous formats", () => {
    const opencode = new Set(["bash", "apply_patch", "todowrite"]);
    expect(resolveToolName("apply_patch", "underscore", opencode)).toMatchObject({ canonical: "Edit" });
    expect(resolveToolName("bash", "underscore", opencode)).toMatchObject({ canonical: "Bash" });
    const copilot = new Set(["read_bash"]);
    expect(resolveToolName("read_bash", "dash", copilot).mcp).toBeUndefined();
  });
});
