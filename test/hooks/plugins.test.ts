import { describe, expect, test } from "bun:test";
import { createOpenCodePlugin } from "../../src/hooks/plugins/opencode.ts";
import { createPiExtension } from "../../src/hooks/plugins/pi.ts";
import { callHook } from "../../src/hooks/plugins/bridge.ts";
import { binary } from "../helpers/cli.ts";
import { hookSandbox } from "./helpers.ts";

const BIG = Array.from({ length: 2000 }, (_, i) => `row ${i} ok`).join("\n") + "\nFATAL: disk quota exceeded\n";

function pluginEnv(box: ReturnType<typeof hookSandbox>) {
  return { HOME: box.home, CTXMODE_DATA_DIR: box.dataDir, CTXMODE_ROUTING: "always", CTXMODE_PROJECT_DIR: box.project };
}

describe("in-process plugins, driving the built binary", () => {
  test("bridge: a missing binary or garbage answer means 'let it through'", async () => {
    expect(await callHook({ command: ["/nonexistent/ctxmode"] }, "opencode", "tool.execute.before", {})).toEqual({});
    expect(await callHook({ command: ["sh", "-c", "echo not-json; cat >/dev/null", "x"] }, "opencode", "x", {})).toEqual({});
    expect(await callHook({ command: ["sh", "-c", "sleep 5", "x"], timeoutMs: 200 }, "opencode", "x", {})).toEqual({});
  });

  test("OpenCode: deny throws, big output is replaced, guidance and state reach the system prompt and the compaction", async () => {
    const box = hookSandbox("ctxmode-opencode-");
    const hooks = await createOpenCodePlugin({ command: [binary], env: pluginEnv(box) })({ directory: box.project });
    await hooks.event({ event: { type: "session.created", properties: { info: { id: "ses_1" } } } });
    const system: string[] = [];
    await hooks["experimental.chat.system.transform"]({ sessionID: "ses_1" }, { system });
    expect(system.join("\n")).toContain("ctxmode is active");

    await expect(hooks["tool.execute.before"]({ tool: "bash", sessionID: "ses_1" }, { args: { command: "curl -s https://example.com" } })).rejects.toThrow(
      /ctx_execute\(language: "shell"/,
    );
    await hooks["tool.execute.before"]({ tool: "bash", sessionID: "ses_1" }, { args: { command: "ls" } });

    await hooks["chat.message"]({ sessionID: "ses_1" }, { parts: [{ type: "text", text: "why is the disk quota exceeded?" }] });
    const output = { output: BIG, metadata: { exit: 0 } };
    await hooks["tool.execute.after"]({ tool: "bash", sessionID: "ses_1", args: { command: "./sync.sh" } }, output);
    expect(output.output).toContain("FATAL: disk quota exceeded");
    expect(output.output).toContain("more: ctx_search(");
    expect(Buffer.byteLength(output.output)).toBeLessThanOrEqual(4_096);

    const compaction = { context: [] as string[] };
    await hooks["experimental.session.compacting"]({ sessionID: "ses_1" }, compaction);
    expect(compaction.context.join("\n")).toContain("Last request: why is the disk quota exceeded?");
  });

  test("Pi: ctx tools bridged over MCP, hooks applied the Pi way", async () => {
    const box = hookSandbox("ctxmode-pi-");
    const tools = new Map<
      string,
      { execute(id: string, params: unknown, signal?: AbortSignal): Promise<{ content: { text: string }[]; isError?: boolean }> }
    >();
    const handlers = new Map<string, (event: unknown, ctx: unknown) => unknown>();
    const pi = {
      on: (event: string, handler: (event: unknown, ctx: unknown) => unknown) => handlers.set(event, handler),
      registerTool: (tool: { name: string } & Parameters<typeof tools.set>[1]) => tools.set(tool.name, tool),
    };
    await createPiExtension({ command: [binary], env: pluginEnv(box) })(pi);
    try {
      expect([...tools.keys()]).toEqual([
        "ctx_execute",
        "ctx_batch",
        "ctx_index",
        "ctx_search",
        "ctx_stats",
        "ctx_purge",
        "ctx_resume",
        "ctx_doctor",
        "ctx_upgrade",
      ]);
      const run = await tools.get("ctx_execute")!.execute("c1", { language: "shell", code: "echo bridged" });
      expect(run.content[0]!.text).toContain("bridged");

      const ctx = { cwd: box.project, sessionManager: { getSessionId: () => "pi-1" } };
      await handlers.get("session_start")!({ reason: "startup" }, ctx);
      expect(await handlers.get("tool_call")!({ toolName: "bash", toolCallId: "t", input: { command: "wget -qO- https://x.dev" } }, ctx)).toMatchObject({
        block: true,
        reason: expect.stringContaining("ctx_execute"),
      });
      expect(await handlers.get("tool_call")!({ toolName: "bash", toolCallId: "t", input: { command: "ls" } }, ctx)).toBeUndefined();
      const started = (await handlers.get("before_agent_start")!({ prompt: "clean up the sync script" }, ctx)) as {
        message: { content: string; display: boolean };
      };
      expect(started.message).toMatchObject({ display: false, content: expect.stringContaining("ctxmode is active") });
      const replaced = (await handlers.get("tool_result")!(
        { toolName: "bash", input: { command: "./sync.sh" }, content: [{ type: "text", text: BIG }], isError: false },
        ctx,
      )) as { content: { text: string }[] };
      expect(replaced.content[0]!.text).toContain("FATAL: disk quota exceeded");
      await handlers.get("session_before_compact")!({}, ctx);
      await handlers.get("session_compact")!({}, ctx);
      const after = (await handlers.get("before_agent_start")!({ prompt: "continue" }, ctx)) as { message: { content: string } };
      expect(after.message.content).toContain("Last request: clean up the sync script");
    } finally {
      await handlers.get("session_shutdown")?.({}, {});
    }
  });
});
