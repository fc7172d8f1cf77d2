import { callHook, type BridgeOptions, type PluginReply } from "./bridge.ts";
import { McpClient } from "./mcp-client.ts";

/** The parts of Pi's extension API this extension uses (reference/hosts.md §10, pi 0.73). */
interface PiApi {
  on(event: string, handler: (event: any, ctx: any) => unknown): void;
  registerTool(tool: {
    name: string;
    label: string;
    description: string;
    parameters: Record<string, unknown>;
    execute(
      toolCallId: string,
      params: unknown,
      signal?: AbortSignal,
    ): Promise<{ content: { type: "text"; text: string }[]; details: Record<string, unknown>; isError?: boolean }>;
  }): void;
}

/**
 * The Pi extension. Pi has no MCP, so the extension starts `ctxmode serve` itself and registers
 * each ctx_* tool with Pi under its own name; the hooks go through `ctxmode hook pi <event>` and
 * their answers are applied the Pi way (`{block, reason}`, a replaced `content`, a context message
 * before the agent starts). Setup writes `~/.pi/agent/extensions/ctxmode.ts` calling this.
 */
export function createPiExtension(options: BridgeOptions) {
  return async function ctxmode(pi: PiApi): Promise<void> {
    let cwd = process.cwd();
    let session = "";
    let pendingState = "";
    let guidance = "";
    const hook = (event: string, payload: Record<string, unknown>): Promise<PluginReply> =>
      callHook(options, "pi", event, { session_id: session || `pi-${process.pid}`, cwd, ...payload });
    const client = new McpClient(options.command, cwd, options.env);
    process.once("exit", () => client.close());

    // Tools are registered while Pi loads extensions; a server that cannot start leaves Pi as it was.
    try {
      for (const tool of await client.listTools()) {
        pi.registerTool({
          name: tool.name,
          label: tool.title ?? tool.name,
          description: tool.description ?? tool.name,
          parameters: tool.inputSchema,
          async execute(_id, params, signal) {
            try {
              const r = await client.callTool(tool.name, params, signal);
              const text = r.content.map((c) => c.text ?? "").join("");
              return { content: [{ type: "text", text }], details: {}, isError: r.isError === true };
            } catch (err) {
              return { content: [{ type: "text", text: `${tool.name} failed: ${(err as Error).message}` }], details: {}, isError: true };
            }
          },
        });
      }
    } catch {
      client.close();
    }

    pi.on("session_start", async (event, ctx) => {
      cwd = typeof ctx?.cwd === "string" ? ctx.cwd : cwd;
      session = ctx?.sessionManager?.getSessionId?.() ?? ctx?.sessionManager?.getSessionFile?.() ?? session;
      const r = await hook("session_start", { source: event?.reason ?? "startup" });
      if (r.context) {
        if (event?.reason === "resume" || event?.reason === "fork") pendingState = r.context;
        else guidance = r.context;
      }
    });
    pi.on("tool_call", async (event) => {
      const r = await hook("tool_call", { tool_name: event?.toolName, tool_input: event?.input ?? {} });
      if (r.action === "deny" && r.reason) return { block: true, reason: r.reason };
      return undefined;
    });
    pi.on("tool_result", async (event) => {
      const text = Array.isArray(event?.content) ? event.content.map((c: { text?: string }) => c?.text ?? "").join("") : "";
      const r = await hook("tool_result", {
        tool_name: event?.toolName,
        tool_input: event?.input ?? {},
        tool_response: text,
        is_error: event?.isError === true,
      });
      if (r.action === "replace" && typeof r.output === "string") return { content: [{ type: "text", text: r.output }] };
      return undefined;
    });
    pi.on("before_agent_start", async (event) => {
      const r = await hook("before_agent_start", { prompt: event?.prompt ?? "" });
      const parts = [guidance, pendingState, r.context ?? ""].filter(Boolean);
      guidance = "";
      pendingState = "";
      if (parts.length === 0) return undefined;
      return { message: { customType: "ctxmode", content: parts.join("\n\n"), display: false } };
    });
    pi.on("session_before_compact", async () => {
      await hook("session_before_compact", {});
      return undefined;
    });
    pi.on("session_compact", async () => {
      const r = await hook("session_start", { source: "compact" });
      pendingState = r.context ?? "";
    });
    pi.on("session_shutdown", async () => client.close());
  };
}
