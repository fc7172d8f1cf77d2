import { events, json, parsePayload } from "./common.ts";
import { SILENT, type HostAdapter, type HostReply } from "../types.ts";

const NAMES: Record<string, string> = {
  pretooluse: "PreToolUse",
  posttooluse: "PostToolUse",
  userpromptsubmit: "UserPromptSubmit",
  sessionstart: "SessionStart",
};

/**
 * OpenAI Codex CLI (reference/hosts.md §2). Its reply schema is strict: an unknown key fails the
 * hook, so replies carry only documented keys. Deny needs a non-empty reason; output is replaced
 * by `decision:"block"` + `reason` (`updatedMCPToolOutput` is rejected at runtime). Shell calls
 * arrive normalised as `Bash` with a string `command`; edits as `apply_patch`.
 */
export const codex: HostAdapter = {
  name: "codex",
  events: events({
    PreToolUse: "pre-tool",
    PostToolUse: "post-tool",
    UserPromptSubmit: "prompt",
    PreCompact: "pre-compact",
    SessionStart: "session-start",
  }),
  mcpFormat: "double",
  caps: { preToolContext: true, plainContext: false },
  parse: (kind, payload) => parsePayload("codex", kind, payload, { format: "double" }),
  canReplace: (tool) => tool.canonical === "Bash" || (tool.canonical === "Mcp" && !tool.own),
  reply(kind, decision, _event, hostEvent = ""): HostReply {
    if (decision.action === "deny" && kind === "pre-tool") {
      return json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: decision.reason || "ctxmode" } });
    }
    if (decision.action === "replace" && kind === "post-tool") return json({ decision: "block", reason: decision.output });
    const hookEventName = NAMES[hostEvent];
    if (decision.action === "pass" && decision.context && hookEventName) {
      return json({ hookSpecificOutput: { hookEventName, additionalContext: decision.context } });
    }
    return SILENT;
  },
};
