import { events, parsePayload } from "./common.ts";
import { pluginReply } from "./plugin-reply.ts";
import type { HostAdapter } from "../types.ts";

/** OpenCode's own tools; anything else with an underscore is an MCP tool `<server>_<tool>`. */
const BUILTINS = new Set(["bash", "edit", "glob", "grep", "list", "read", "skill", "task", "todowrite", "todoread", "webfetch", "websearch", "write", "patch", "apply_patch", "multiedit", "codesearch", "invalid"]);

/**
 * OpenCode, through the in-process plugin (src/hooks/plugins/opencode.ts), which sends a
 * Claude-shaped payload named after the plugin hook that fired (reference/hosts.md §9).
 */
export const opencode: HostAdapter = {
  name: "opencode",
  events: events({
    "tool.execute.before": "pre-tool",
    "tool.execute.after": "post-tool",
    "chat.message": "prompt",
    "session.compacting": "pre-compact",
    "session.created": "session-start",
  }),
  mcpFormat: "underscore",
  caps: { preToolContext: false, plainContext: false },
  parse: (kind, payload) => parsePayload("opencode", kind, payload, { format: "underscore", builtins: BUILTINS }),
  canReplace: (tool) => tool.canonical === "Bash" || (tool.canonical === "Mcp" && !tool.own),
  reply: (kind, decision) => pluginReply(kind, decision),
};
