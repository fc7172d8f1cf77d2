import { events, parsePayload } from "./common.ts";
import { pluginReply } from "./plugin-reply.ts";
import type { HostAdapter } from "../types.ts";

/**
 * Pi, through the extension (src/hooks/plugins/pi.ts). Pi has no MCP: the extension registers
 * ctxmode's tools under their own names (`ctx_execute` …), so own tools are recognised bare.
 */
export const pi: HostAdapter = {
  name: "pi",
  events: events({
    tool_call: "pre-tool",
    tool_result: "post-tool",
    before_agent_start: "prompt",
    session_before_compact: "pre-compact",
    session_start: "session-start",
  }),
  mcpFormat: "bare",
  caps: { preToolContext: false, plainContext: false },
  parse: (kind, payload) => parsePayload("pi", kind, payload, { format: "bare" }),
  canReplace: (tool) => tool.canonical === "Bash",
  reply: (kind, decision) => pluginReply(kind, decision),
};
