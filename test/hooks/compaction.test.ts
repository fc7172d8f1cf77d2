import { describe, expect, test } from "bun:test";
import { startServer } from "../mcp/helpers.ts";
import { hookEnv, hookSandbox, runHook } from "./helpers.ts";

/**
 * A scripted 40-event Claude Code session through the built binary, then PreCompact and
 * SessionStart(compact): the injected state names the last request, the open tasks, the edited
 * files and the unresolved error, within 2,048 B; ctx_resume returns the same state.
 */
describe("compaction: state survives", () => {
  test("40 events -> PreCompact -> SessionStart(compact) -> ctx_resume", async () => {
    const box = hookSandbox("ctxmode-compact-");
    const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
    const p = box.project;
    const base = { session_id: "sess-40", transcript_path: "/t/sess-40.jsonl", cwd: p, permission_mode: "default" };
    const events: [string, Record<string, unknown>][] = [];
    const prompt = (text: string) => events.push(["UserPromptSubmit", { ...base, hook_event_name: "UserPromptSubmit", prompt: text }]);
    const tool = (name: string, input: Record<string, unknown>, response: unknown, failed = false) => {
      events.push(["PreToolUse", { ...base, hook_event_name: "PreToolUse", tool_name: name, tool_input: input }]);
      events.push(
        failed
          ? ["PostToolUseFailure", { ...base, hook_event_name: "PostToolUseFailure", tool_name: name, tool_input: input, error: response }]
          : ["PostToolUse", { ...base, hook_event_name: "PostToolUse", tool_name: name, tool_input: input, tool_response: response }],
      );
    };
    events.push(["SessionStart", { ...base, hook_event_name: "SessionStart", source: "startup" }]);
    prompt("add rate limiting to the API gateway");
    tool("Read", { file_path: `${p}/src/gateway.ts` }, { type: "text", file: { filePath: `${p}/src/gateway.ts`, content: "…" } });
    tool(
      "TodoWrite",
      {
        todos: [
          { content: "write the token bucket limiter", status: "in_progress", activeForm: "Writing" },
          { content: "add limiter tests", status: "pending", activeForm: "Adding" },
          { content: "document the limits in README", status: "pending", activeForm: "Documenting" },
        ],
      },
      "ok",
    );
    tool("Bash", { command: "git checkout -b rate-limit" }, { stdout: "Switched to a new branch 'rate-limit'", stderr: "" });
    tool("Write", { file_path: `${p}/src/limiter.ts`, content: "export class TokenBucket {}" }, "ok");
    tool("Edit", { file_path: `${p}/src/gateway.ts`, old_string: "a", new_string: "b" }, "ok");
    tool("Bash", { command: "npm test" }, "Exit code 1\nFAIL src/limiter.test.ts\nTypeError: bucket.take is not a function", true);
    prompt("don't use setInterval for refills, compute them lazily instead");
    tool("Edit", { file_path: `${p}/src/limiter.ts`, old_string: "x", new_string: "y" }, "ok");
    tool("Bash", { command: "npm test" }, { stdout: "Tests: 12 passed", stderr: "" });
    tool(
      "TodoWrite",
      {
        todos: [
          { content: "write the token bucket limiter", status: "completed", activeForm: "Writing" },
          { content: "add limiter tests", status: "in_progress", activeForm: "Adding" },
          { content: "document the limits in README", status: "pending", activeForm: "Documenting" },
        ],
      },
      "ok",
    );
    tool("Grep", { pattern: "rateLimit", path: `${p}/src` }, "src/gateway.ts:12");
    tool("Write", { file_path: `${p}/src/limiter.test.ts`, content: "test" }, "ok");
    tool("Bash", { command: "npm run lint" }, "Exit code 1\nsrc/limiter.ts:3:7 error 'unused' is assigned a value but never used", true);
    tool("mcp__ctxmode__ctx_search", { queries: ["bucket refill"] }, [{ type: "text", text: "hits" }]);
    tool("Bash", { command: "git add -A && git commit -m 'token bucket limiter'" }, { stdout: "[rate-limit 1a2b3c] token bucket limiter", stderr: "" });
    tool("Agent", { description: "find all route definitions", prompt: "…", subagent_type: "Explore" }, [
      { type: "text", text: "routes live in src/routes.ts and src/admin/routes.ts" },
    ]);
    tool("Bash", { command: "npm install lru-cache" }, { stdout: "added 1 package", stderr: "" });
    tool("Glob", { pattern: "src/**/*.ts" }, "src/a.ts");
    events.push([
      "PreToolUse",
      {
        ...base,
        hook_event_name: "PreToolUse",
        tool_name: "WebFetch",
        tool_input: { url: "https://datatracker.ietf.org/doc/html/rfc6585", prompt: "429 semantics" },
      },
    ]);
    prompt("now make the limiter configurable per route");
    events.push(["PreToolUse", { ...base, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: `${p}/src/routes.ts` } }]);
    expect(events.length).toBe(40);

    for (const [event, payload] of events) {
      const r = runHook("claude-code", event, JSON.stringify(payload), env);
      expect({ event, code: r.code }).toEqual({ event, code: 0 });
    }
    // Claude Code fires PreCompact once; Gemini CLI's PreCompress fires every turn: either way the result is the same.
    for (let i = 0; i < 2; i++)
      expect(
        runHook("claude-code", "PreCompact", JSON.stringify({ ...base, hook_event_name: "PreCompact", trigger: "auto", custom_instructions: null }), env),
      ).toMatchObject({ code: 0, stdout: "" });
    const start = runHook("claude-code", "SessionStart", JSON.stringify({ ...base, hook_event_name: "SessionStart", source: "compact" }), env);
    expect(start.code).toBe(0);
    const out = JSON.parse(start.stdout).hookSpecificOutput;
    expect(out.hookEventName).toBe("SessionStart");
    const state: string = out.additionalContext;
    expect(Buffer.byteLength(state)).toBeLessThanOrEqual(2_048);
    expect(state).toContain("Last request: now make the limiter configurable per route");
    expect(state).toMatch(/Open tasks:\n- add limiter tests\n- document the limits in README\n/);
    expect(state).not.toContain("- write the token bucket limiter");
    expect(state).toMatch(/Files modified: src\/limiter\.test\.ts, src\/limiter\.ts, src\/gateway\.ts/);
    expect(state).toMatch(/Unresolved errors:\n- npm run lint → .*error 'unused' is assigned a value but never used/);
    expect(state).not.toMatch(/- npm test →/); // fixed later in the session
    expect(state).toContain("don't use setInterval for refills, compute them lazily instead");

    // The model asks for the state again (or one full row) through the MCP server.
    const server = await startServer({ dir: p, dataDir: box.dataDir });
    const resume = await server.call("ctx_resume", {});
    expect(resume).toEqual({ text: state, isError: false });
    const seq = Number(/seq (\d+)\)/.exec((await server.call("ctx_resume", { seq: 1 })).text)?.[1] ?? 1);
    expect(seq).toBeGreaterThan(0);
    const row = await server.call("ctx_resume", { seq: 999_999 });
    expect(row.text).toMatch(/^no journal row 999999/);
    await server.close();

    // A later prompt brings back the rows that match it.
    const later = runHook("claude-code", "UserPromptSubmit", JSON.stringify({ ...base, prompt: "why did the lint fail on limiter.ts?" }), env);
    const block: string = JSON.parse(later.stdout).hookSpecificOutput.additionalContext;
    expect(Buffer.byteLength(block)).toBeLessThanOrEqual(600);
    expect(block).toMatch(/^ctxmode: earlier in this session/);
    expect(block).toContain("[error, open] npm run lint");
  });

  test("a fresh session gets at most 600 B of routing guidance; a resumed one its saved state", () => {
    const box = hookSandbox("ctxmode-start-");
    const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
    const fresh = runHook("claude-code", "SessionStart", JSON.stringify({ session_id: "new", cwd: box.project, source: "startup" }), env);
    const guidance: string = JSON.parse(fresh.stdout).hookSpecificOutput.additionalContext;
    expect(Buffer.byteLength(guidance)).toBeLessThanOrEqual(600);
    expect(guidance).toContain("ctx_execute");
    runHook("claude-code", "UserPromptSubmit", JSON.stringify({ session_id: "old", cwd: box.project, prompt: "port the parser to rust" }), env);
    runHook("claude-code", "PreCompact", JSON.stringify({ session_id: "old", cwd: box.project, trigger: "manual" }), env);
    // Resumed under a new id (some hosts fork the session): the project's last state comes back.
    const resumed = runHook("claude-code", "SessionStart", JSON.stringify({ session_id: "forked", cwd: box.project, source: "resume" }), env);
    expect(JSON.parse(resumed.stdout).hookSpecificOutput.additionalContext).toContain("Last request: port the parser to rust");
    // Kiro shows start context as plain text: a one-line pointer, never the block.
    const kiro = runHook("kiro", "agentSpawn", JSON.stringify({ hook_event_name: "agentSpawn", cwd: box.project }), env);
    expect(kiro.stdout.split("\n").filter(Boolean).length).toBeGreaterThan(0);
    // Without reachable ctx tools a fresh session gets nothing at all.
    expect(runHook("claude-code", "SessionStart", JSON.stringify({ session_id: "n2", cwd: box.project, source: "startup" }), hookEnv(box)).stdout).toBe("");
  });
});
