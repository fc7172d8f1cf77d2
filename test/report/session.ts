import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect } from "bun:test";
import { runCtx } from "../helpers/cli.ts";
import { fixturesDir } from "../helpers/temp.ts";
import { runHook } from "../hooks/helpers.ts";
import { serverEnv, startServer, type TestProject } from "../mcp/helpers.ts";

export const SESSION = "sess-report";
/** ctx_search calls the script makes (the report's latency row must count exactly these). */
export const SEARCHES = 5;
export const LAST_PROMPT = "chart the bytes we kept out per day";

export interface Scripted {
  project: TestProject;
  /** Environment for `ctxmode` CLI runs against this project's data. */
  env: Record<string, string>;
}

/**
 * A short agent session against the built binary: Claude Code hooks (prompts, two denied curls
 * of one command, a denied WebFetch, a rule that passes because routing is off, a big Bash output
 * redirected into the index, PreCompact) and an MCP server (ctx_index of fixtures, ctx_search x5,
 * ctx_execute of a big output), all under one session id. Make `project` at the test file's top
 * level: temp dirs made inside a test are removed when that test ends.
 */
export async function scriptedSession(project: TestProject): Promise<Scripted> {
  mkdirSync(join(project.dir, "docs"));
  for (const f of ["context7-react-docs.md", "github-issues.json", "access.log", "tsc-errors.txt"]) cpSync(join(fixturesDir, f), join(project.dir, "docs", f));
  const env = serverEnv(project, { CTXMODE_SESSION: SESSION });
  const hookEnv = { ...env, CTXMODE_ROUTING: "always" };
  const base = { session_id: SESSION, transcript_path: `/t/${SESSION}.jsonl`, cwd: project.dir, permission_mode: "default" };
  const hook = (event: string, payload: Record<string, unknown>, extra: Record<string, string> = {}) => {
    const r = runHook("claude-code", event, JSON.stringify({ ...base, hook_event_name: event, ...payload }), { ...hookEnv, ...extra }, project.dir);
    expect({ event, code: r.code, stderr: r.stderr }).toEqual({ event, code: 0, stderr: "" });
    return r.stdout;
  };
  const curl = { tool_name: "Bash", tool_input: { command: "curl -s https://api.example.com/v1/items" } };

  hook("SessionStart", { source: "startup" });
  hook("UserPromptSubmit", { prompt: "build an html report of what ctxmode kept out" });
  expect(hook("PreToolUse", curl)).toContain('"permissionDecision":"deny"');
  expect(hook("PreToolUse", curl)).toContain('"permissionDecision":"deny"');
  expect(hook("PreToolUse", { tool_name: "WebFetch", tool_input: { url: "https://example.com/docs", prompt: "limits" } })).toContain("deny");
  expect(
    hook("PreToolUse", { tool_name: "WebFetch", tool_input: { url: "https://example.com/other", prompt: "x" } }, { CTXMODE_ROUTING: "off" }),
  ).not.toContain("deny");
  const log = Array.from({ length: 3000 }, (_, i) => `line ${i}: compiled module ${i} ok`).join("\n");
  expect(hook("PostToolUse", { tool_name: "Bash", tool_input: { command: "make all" }, tool_response: { stdout: log, stderr: "" } })).toContain(
    "updatedToolOutput",
  );
  hook("PostToolUse", {
    tool_name: "Edit",
    tool_input: { file_path: join(project.dir, "src/report.ts"), old_string: "a", new_string: "b" },
    tool_response: "ok",
  });
  hook("UserPromptSubmit", { prompt: LAST_PROMPT });

  const server = await startServer(project, { CTXMODE_SESSION: SESSION });
  expect((await server.call("ctx_index", { path: "docs" })).isError).toBe(false);
  for (const q of ["useEffect cleanup", "rate limit", "TS2345", "GET /api", "open issues"].slice(0, SEARCHES)) {
    expect((await server.call("ctx_search", { queries: [q] })).isError).toBe(false);
  }
  expect((await server.call("ctx_execute", { language: "shell", code: "seq 1 20000", intent: "the last number" })).isError).toBe(false);
  await server.close();

  hook("PreCompact", { trigger: "auto", custom_instructions: null });
  return { project, env };
}

/** `ctxmode stats --json` for the scripted project. */
export function statsJson(s: Scripted): {
  scopes: {
    label: string;
    calls: number;
    returned: number;
    keptOut: number;
    keptOutPercent: number;
    tokensKeptOut: number;
    tools: { tool: string; calls: number; returned: number; keptOut: number }[];
  }[];
} {
  const r = runCtx(["stats", "--json", "--session", SESSION, "--project", s.project.dir], { dataDir: s.project.dataDir, cwd: s.project.dir, env: s.env });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}
