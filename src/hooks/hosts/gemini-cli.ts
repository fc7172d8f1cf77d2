import { events, json, parsePayload } from "./common.ts";
import { SILENT, type HostAdapter, type HostReply } from "../types.ts";

/**
 * Gemini CLI (reference/hosts.md §3). `decision` is read only at the top level (a `decision`
 * inside hookSpecificOutput is ignored). AfterTool `decision:"deny"` + `reason` becomes the tool
 * result the model sees. PreCompress fires every turn whether or not anything is compressed, so
 * it only refreshes the saved state. SessionStart sources are startup|resume|clear (no compact).
 */
export const geminiCli: HostAdapter = {
  name: "gemini-cli",
  events: events({
    BeforeTool: "pre-tool",
    AfterTool: "post-tool",
    BeforeAgent: "prompt",
    PreCompress: "pre-compact",
    SessionStart: "session-start",
  }),
  mcpFormat: "gemini",
  // BeforeTool documents no additionalContext; the fresh-session guidance carries the advice instead.
  caps: { preToolContext: false, plainContext: false },
  parse: (kind, payload) => parsePayload("gemini-cli", kind, payload, { format: "gemini" }),
  canReplace: (tool) => tool.canonical === "Bash" || (tool.canonical === "Mcp" && !tool.own),
  reply(kind, decision): HostReply {
    if (decision.action === "deny" && kind === "pre-tool") return json({ decision: "deny", reason: decision.reason });
    if (decision.action === "replace" && kind === "post-tool") return json({ decision: "deny", reason: decision.output });
    if (decision.action === "pass" && decision.context && kind !== "pre-compact") {
      return json({ hookSpecificOutput: { additionalContext: decision.context } });
    }
    return SILENT;
  },
};
