import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { loadHost } from "../../src/hooks/hosts/index.ts";
import { registeredMarker } from "../../src/session/liveness.ts";
import { resolveProject } from "../../src/store/project.ts";
import { startServer } from "../mcp/helpers.ts";
import { hookEnv, hookSandbox, runHook } from "./helpers.ts";
import { HOST_CASES } from "./hosts-table.ts";

const BIG = Array.from({ length: 3000 }, (_, i) => `line ${i}: compiled module ${i} ok`).join("\n") + "\nERROR: linker failed on symbol _frobnicate\n";

describe("ctxmode hook, driven as a process", () => {
  for (const h of HOST_CASES) {
    test(`${h.host}: curl is denied with the ctx_execute call when routing applies; passes otherwise`, async () => {
      const box = hookSandbox();
      const adapter = (await loadHost(h.host))!;
      const payload = JSON.stringify(h.preShell("s1", box.project, "curl -s https://api.example.com/items"));
      const denied = runHook(h.host, h.pre, payload, hookEnv(box, { CTXMODE_ROUTING: "always" }));
      expect(denied.ms).toBeLessThan(5_000);
      if (h.host === "kiro") {
        expect(denied).toMatchObject({ code: 2, stdout: "" });
        expect(denied.stderr).toContain('ctx_execute(language: "shell", code: "curl -s https://api.example.com/items"');
      } else {
        expect(denied.code).toBe(0);
        expect(denied.stdout).toContain('ctx_execute(language: \\"shell\\", code: \\"curl -s https://api.example.com/items\\"');
        expect(denied.stdout).toBe(
          adapter.reply(
            "pre-tool",
            { action: "deny", reason: JSON.parse(denied.stdout.match(/"(?:permissionDecisionReason|reason|agent_message)":("(?:[^"\\]|\\.)*")/)![1]!) },
            undefined,
            h.pre.toLowerCase(),
          ).stdout,
        );
      }
      // No registration, no live server: the call passes, with a note where the host shows one.
      const passed = runHook(h.host, h.pre, payload, hookEnv(box));
      expect(passed.code).toBe(0);
      expect(passed.stdout).not.toContain('permissionDecision":"deny');
      expect(passed.stdout).not.toContain('"decision":"deny"');
    });
  }

  test("a live ctxmode server for the project (or setup's registration) turns routing on; the marker goes when the server does", async () => {
    const box = hookSandbox();
    const env = hookEnv(box);
    const payload = JSON.stringify({ session_id: "s", cwd: box.project, tool_name: "Bash", tool_input: { command: "wget -qO- https://example.com" } });
    expect(runHook("claude-code", "PreToolUse", payload, env).stdout).toContain("additionalContext");
    const server = await startServer({ dir: box.project, dataDir: box.dataDir });
    const live = join(box.dataDir, "projects", resolveProject(box.project).key, "live");
    expect(existsSync(join(live, String(server.pid)))).toBe(true);
    expect(runHook("claude-code", "PreToolUse", payload, env).stdout).toContain('"permissionDecision":"deny"');
    await server.close();
    for (let i = 0; i < 40 && existsSync(join(live, String(server.pid))); i++) await Bun.sleep(50);
    expect(existsSync(join(live, String(server.pid)))).toBe(false);
    expect(runHook("claude-code", "PreToolUse", payload, env).stdout).not.toContain('"permissionDecision":"deny"');
    mkdirSync(join(box.dataDir, "registered"), { recursive: true });
    writeFileSync(registeredMarker(box.dataDir, "claude-code"), "");
    expect(runHook("claude-code", "PreToolUse", payload, env).stdout).toContain('"permissionDecision":"deny"');
    // A subagent without MCP tools is never sent to a ctx tool.
    const sub = JSON.stringify({
      session_id: "s",
      cwd: box.project,
      agent_id: "a",
      agent_type: "Explore",
      tool_name: "Bash",
      tool_input: { command: "curl https://x" },
    });
    expect(runHook("claude-code", "PreToolUse", sub, env).stdout).not.toContain('"permissionDecision":"deny"');
  });

  test("event names are case-insensitive; a one-time nudge per session", () => {
    const box = hookSandbox();
    const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
    const payload = (s: string) => JSON.stringify({ session_id: s, cwd: box.project, tool_name: "Bash", tool_input: { command: "ls" } });
    const first = runHook("claude-code", "PRETOOLUSE", payload("a"), env);
    expect(JSON.parse(first.stdout).hookSpecificOutput.additionalContext).toMatch(/^ctxmode: when output may be long/);
    expect(runHook("claude-code", "PreToolUse", payload("a"), env).stdout).toBe("");
    expect(runHook("claude-code", "pretooluse", payload("a"), env).stdout).toBe("");
    expect(runHook("claude-code", "preToolUse", payload("b"), env).stdout).toContain("additionalContext");
  });

  test("unknown host or event: exit 0, nothing printed, one log line each", () => {
    const box = hookSandbox();
    const env = hookEnv(box);
    expect(runHook("emacs", "PreToolUse", "{}", env)).toMatchObject({ code: 0, stdout: "" });
    expect(runHook("claude-code", "Stop", "{}", env)).toMatchObject({ code: 0, stdout: "" });
    expect(runHook("cursor", "stop", "{}", env)).toMatchObject({ code: 0, stdout: "{}" });
    const log = readFileSync(join(box.dataDir, "hook-errors.log"), "utf8").trim().split("\n");
    expect(log.length).toBe(3);
    expect(log[0]).toMatch(/^\S+Z emacs pretooluse BAD_INPUT: unknown host "emacs"$/);
    expect(log[1]).toMatch(/ claude-code stop BAD_INPUT: unknown event "Stop" for claude-code/);
  });

  for (const h of HOST_CASES.filter((c) => ["claude-code", "codex", "gemini-cli", "copilot-cli", "opencode", "pi"].includes(c.host))) {
    test(`${h.host}: a big output is indexed and replaced by its best parts plus a ctx_search call; a small failure passes whole`, async () => {
      const box = hookSandbox();
      const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
      runHook(h.host, h.prompt, JSON.stringify(h.promptPayload("s", box.project, "why does the linker fail?")), env);
      const r = runHook(h.host, h.post, JSON.stringify(h.postShell("s", box.project, "make all", BIG)), env);
      expect(r.code).toBe(0);
      const text = replacedText(h.host, r.stdout);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4_096);
      expect(text).toContain("ERROR: linker failed on symbol _frobnicate");
      expect(text).toMatch(/more: ctx_search\(queries: \["…"\], source: "hook:[^"]+"\)/);
      const small = runHook(h.host, h.post, JSON.stringify(h.postShell("s", box.project, "make", "short output")), env);
      expect(small).toMatchObject({ code: 0 });
      expect(small.stdout === "" || small.stdout === "{}").toBe(true);
    });
  }

  test("an MCP tool's one-line JSON reply is replaced by its shape and first record, not by an empty head", () => {
    const box = hookSandbox();
    const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
    const items = Array.from({ length: 60 }, (_, i) => ({
      id: 500 + i,
      title: `Widget ${i} breaks on resize`,
      state: i % 3 ? "open" : "closed",
      body: "steps ".repeat(40),
    }));
    const reply = JSON.stringify({ total_count: 60, items });
    const payload = {
      session_id: "s",
      cwd: box.project,
      tool_name: "mcp__github__search_issues",
      tool_input: { q: "widget" },
      tool_response: [{ type: "text", text: reply }],
    };
    const r = runHook("claude-code", "PostToolUse", JSON.stringify(payload), env);
    const text = JSON.parse(r.stdout).hookSpecificOutput.updatedMCPToolOutput[0].text as string;
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4_096);
    expect(text).toContain("JSON object, 2 keys");
    expect(text).toContain("items: 60 records");
    expect(text).toContain("state: open ×40, closed ×20");
    expect(text).toContain('first record (items[0]):\n{"id":500,');
    expect(text).not.toContain("first 0 lines");
    expect(text).toMatch(/more: ctx_search\(queries: \["…"\], source: "hook:mcp__github__search_issues#[^"]+"\)/);
  });

  test("the whole replaced output is searchable (its full-text rows wait for the first search); a failure under the cap passes whole", () => {
    const box = hookSandbox();
    const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
    const r = runHook(
      "claude-code",
      "PostToolUse",
      JSON.stringify({ session_id: "s", cwd: box.project, tool_name: "Bash", tool_input: { command: "make all" }, tool_response: { stdout: BIG, stderr: "" } }),
      env,
    );
    const label = /source: "(hook:[^"]+)"/.exec(replacedText("claude-code", r.stdout))![1]!;
    const waiting = () => {
      const db = new Database(join(box.dataDir, "projects", resolveProject(box.project).key, "context.db"), { readonly: true });
      try {
        return db.query<{ n: number }, []>("SELECT count(*) AS n FROM fts_pending").get()!.n;
      } finally {
        db.close();
      }
    };
    expect(waiting()).toBe(1);
    const search = Bun.spawnSync(
      [join(import.meta.dir, "../../dist/ctxmode"), "search", "compiled module 1234", "--source", label, "--project", box.project, "--json"],
      { env },
    );
    expect(search.stdout.toString()).toContain("line 1234: compiled module 1234 ok");
    expect(waiting()).toBe(0);
    const failed = runHook(
      "claude-code",
      "PostToolUseFailure",
      JSON.stringify({ session_id: "s", cwd: box.project, tool_name: "Bash", tool_input: { command: "make" }, error: `Exit code 2\n${"x".repeat(8_000)}` }),
      env,
    );
    expect(failed).toMatchObject({ code: 0, stdout: "" });
  });

  test("a large reply of one of ctxmode's own tools passes whole (ctx_doctor)", () => {
    const box = hookSandbox();
    const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
    const r = runHook(
      "claude-code",
      "PostToolUse",
      JSON.stringify({
        session_id: "s",
        cwd: box.project,
        tool_name: "mcp__ctxmode__ctx_doctor",
        tool_input: {},
        tool_response: [{ type: "text", text: BIG }],
      }),
      env,
    );
    expect(r).toMatchObject({ code: 0, stdout: "" });
  });

  test("a locked database costs the journal, not the host: allow reply within the budget, one log line", () => {
    const box = hookSandbox();
    const env = hookEnv(box, { CTXMODE_ROUTING: "always", CTXMODE_DB_TIMEOUT: "300" });
    runHook("claude-code", "UserPromptSubmit", JSON.stringify({ session_id: "s", cwd: box.project, prompt: "first" }), env);
    const db = new Database(join(box.dataDir, "projects", resolveProject(box.project).key, "context.db"));
    db.run("BEGIN EXCLUSIVE");
    try {
      const prompt = runHook("claude-code", "UserPromptSubmit", JSON.stringify({ session_id: "s", cwd: box.project, prompt: "second prompt here" }), env);
      expect(prompt).toMatchObject({ code: 0, stdout: "" });
      expect(prompt.ms).toBeLessThan(5_000);
      // Pre-tool routing needs no database: still denied while the lock is held.
      const pre = runHook(
        "claude-code",
        "PreToolUse",
        JSON.stringify({ session_id: "s", cwd: box.project, tool_name: "Bash", tool_input: { command: "curl https://x" } }),
        env,
      );
      expect(pre.stdout).toContain('"permissionDecision":"deny"');
    } finally {
      db.run("ROLLBACK");
      db.close();
    }
    expect(readFileSync(join(box.dataDir, "hook-errors.log"), "utf8")).toMatch(/claude-code userpromptsubmit DB_LOCKED: database is locked/);
  });

  test("an unusable data dir (a file where the folder should be): allow reply, exit 0", () => {
    const box = hookSandbox();
    writeFileSync(box.dataDir, "not a folder");
    const env = hookEnv(box, { CTXMODE_ROUTING: "always" });
    for (const [event, payload] of [
      ["PostToolUse", { session_id: "s", cwd: box.project, tool_name: "Bash", tool_input: { command: "ls" }, tool_response: { stdout: "a" } }],
      ["UserPromptSubmit", { session_id: "s", cwd: box.project, prompt: "hello" }],
      ["SessionStart", { session_id: "s", cwd: box.project, source: "compact" }],
    ] as const) {
      expect(runHook("claude-code", event, JSON.stringify(payload), env)).toMatchObject({ code: 0, stdout: "" });
    }
  });

  test("the error log is capped: past 1 MB it is rotated to hook-errors.log.1", () => {
    const box = hookSandbox();
    mkdirSync(box.dataDir, { recursive: true });
    writeFileSync(join(box.dataDir, "hook-errors.log"), "x".repeat(1024 * 1024 + 10));
    runHook("claude-code", "PreToolUse", "not json", hookEnv(box));
    expect(readFileSync(join(box.dataDir, "hook-errors.log.1"), "utf8").length).toBe(1024 * 1024 + 10);
    expect(readFileSync(join(box.dataDir, "hook-errors.log"), "utf8")).toMatch(/BAD_INPUT/);
  });

  test("stdin left open: the allow reply comes at the idle timeout, well within HOOK_TIMEOUT", async () => {
    const box = hookSandbox();
    const proc = Bun.spawn([join(import.meta.dir, "../../dist/ctxmode"), "hook", "claude-code", "PreToolUse"], {
      stdin: "pipe",
      stdout: "pipe",
      env: hookEnv(box),
    });
    proc.stdin.write('{"session_id":"s","tool_name":"Ba');
    proc.stdin.flush();
    const t = performance.now();
    const code = await proc.exited;
    expect(code).toBe(0);
    expect(await new Response(proc.stdout).text()).toBe("");
    expect(performance.now() - t).toBeLessThan(5_000);
    proc.stdin.end();
  });
});

describe("HOOK_TIMEOUT", () => {
  test("a host that keeps trickling bytes still gets the allow reply before the deadline", async () => {
    const box = hookSandbox();
    const proc = Bun.spawn([join(import.meta.dir, "../../dist/ctxmode"), "hook", "claude-code", "PreToolUse"], {
      stdin: "pipe",
      stdout: "pipe",
      env: hookEnv(box, { CTXMODE_HOOK_TIMEOUT: "1200" }),
    });
    const t = performance.now();
    const timer = setInterval(() => {
      try {
        proc.stdin.write(" ");
        proc.stdin.flush();
      } catch {
        // the hook already answered and closed its end
      }
    }, 100);
    const code = await proc.exited;
    const elapsed = performance.now() - t;
    clearInterval(timer);
    expect(code).toBe(0);
    expect(await new Response(proc.stdout).text()).toBe("");
    // The deadline runs from the hook's own start: what a hook that answers at once takes (start-up
    // on this machine, however busy) is subtracted before comparing with the 1,200 ms.
    const startup = Math.min(...[0, 1].map(() => runHook("claude-code", "PreToolUse", "{}", hookEnv(box)).ms));
    expect(elapsed - startup).toBeLessThan(1_200);
    expect(readFileSync(join(box.dataDir, "hook-errors.log"), "utf8")).toMatch(/BAD_INPUT: no payload on stdin in time|HOOK_TIMEOUT: no answer within 1200 ms/);
  });
});

/** The replacement text inside each host's reply. */
function replacedText(host: string, stdout: string): string {
  const o = JSON.parse(stdout);
  switch (host) {
    case "claude-code":
      return o.hookSpecificOutput.updatedToolOutput.stdout;
    case "codex":
      expect(o.decision).toBe("block");
      return o.reason;
    case "gemini-cli":
      expect(o.decision).toBe("deny");
      return o.reason;
    case "copilot-cli":
      return o.modifiedResult.textResultForLlm;
    default:
      expect(o.action).toBe("replace");
      return o.output;
  }
}
