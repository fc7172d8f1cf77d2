import { callHook, type BridgeOptions, type PluginReply } from "./bridge.ts";

/** The parts of OpenCode's plugin API this plugin uses (reference/hosts.md §9, @opencode-ai/plugin 1.18). */
interface OpenCodeContext {
  directory: string;
  worktree?: string;
}
type ToolBefore = { tool: string; sessionID: string; callID?: string };
type ToolAfter = ToolBefore & { args?: Record<string, unknown> };
type Part = { type: string; text?: string; synthetic?: boolean };

/**
 * The OpenCode plugin: every hook goes through `ctxmode hook opencode <event>` (one process per
 * call, as with every other host), and the answer is applied the OpenCode way: a deny throws (the
 * error text becomes the tool result), a replacement assigns `output.output`, context goes into
 * the system prompt of the session's next model request. Setup writes a file under
 * `.opencode/plugin/` that calls this with the binary's path.
 */
export function createOpenCodePlugin(options: BridgeOptions & { registerMcp?: boolean }) {
  return async (ctx: OpenCodeContext) => {
    const cwd = ctx.directory;
    /** Routing guidance, kept in the system prompt for the whole session. */
    const standing = new Map<string, string>();
    /** One-time context (prompt matches, state after compaction): the next request only. */
    const once = new Map<string, string[]>();
    const hook = (event: string, payload: Record<string, unknown>): Promise<PluginReply> => callHook(options, "opencode", event, { cwd, ...payload });
    const queue = (session: string, text: string | undefined) => {
      if (!session || !text) return;
      once.set(session, [...(once.get(session) ?? []), text]);
    };

    return {
      // The npm package's plugin: ctxmode's MCP server, unless the user's config already names one.
      ...(options.registerMcp
        ? {
            config: async (config: { mcp?: Record<string, unknown> }) => {
              config.mcp ??= {};
              config.mcp.ctxmode ??= { type: "local", command: [...options.command, "serve"], enabled: true };
            },
          }
        : {}),
      "tool.execute.before": async (input: ToolBefore, output: { args: Record<string, unknown> }) => {
        const r = await hook("tool.execute.before", { session_id: input.sessionID, tool_name: input.tool, tool_input: output.args ?? {} });
        if (r.action === "deny" && r.reason) throw new Error(r.reason);
      },
      "tool.execute.after": async (input: ToolAfter, output: { output?: unknown; metadata?: { exit?: unknown } }) => {
        if (typeof output.output !== "string") return;
        const exit = output.metadata?.exit;
        const r = await hook("tool.execute.after", {
          session_id: input.sessionID,
          tool_name: input.tool,
          tool_input: input.args ?? {},
          tool_response: output.output,
          is_error: typeof exit === "number" && exit !== 0,
        });
        if (r.action === "replace" && typeof r.output === "string") output.output = r.output;
      },
      "chat.message": async (input: { sessionID: string }, output: { parts?: Part[] }) => {
        const prompt = (output.parts ?? [])
          .filter((p) => p.type === "text" && !p.synthetic && p.text)
          .map((p) => p.text)
          .join("\n");
        if (!prompt) return;
        const r = await hook("chat.message", { session_id: input.sessionID, prompt });
        queue(input.sessionID, r.context);
      },
      "experimental.chat.system.transform": async (input: { sessionID?: string }, output: { system: string[] }) => {
        const session = input.sessionID ?? "";
        const guidance = standing.get(session);
        if (guidance) output.system.push(guidance);
        const pending = once.get(session);
        if (pending?.length) {
          output.system.push(...pending);
          once.delete(session);
        }
      },
      "experimental.session.compacting": async (input: { sessionID: string }, output: { context: string[] }) => {
        await hook("session.compacting", { session_id: input.sessionID });
        // The summary is written from this context, so the state survives inside it.
        const r = await hook("session.created", { session_id: input.sessionID, source: "compact" });
        if (r.context) output.context.push(r.context);
      },
      event: async ({ event }: { event: { type: string; properties?: Record<string, unknown> } }) => {
        const props = event.properties ?? {};
        const info = props.info as { id?: string; parentID?: string } | undefined;
        if (event.type === "session.created" && info?.id) {
          const r = await hook("session.created", { session_id: info.id, source: "startup" });
          if (r.context) standing.set(info.id, r.context);
        } else if (event.type === "session.compacted" && typeof props.sessionID === "string") {
          const r = await hook("session.created", { session_id: props.sessionID, source: "compact" });
          queue(props.sessionID, r.context);
        }
      },
    };
  };
}
