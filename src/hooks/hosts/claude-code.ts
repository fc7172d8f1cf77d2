import { events, json, parsePayload } from "./common.ts";
import { SILENT, type HostReply, type HostAdapter } from "../types.ts";

/** Exact `hookEventName` spellings, keyed by the lower-cased event. */
const NAMES: Record<string, string> = {
  pretooluse: "PreToolUse",
  posttooluse: "PostToolUse",
  posttoolusefailure: "PostToolUseFailure",
  userpromptsubmit: "UserPromptSubmit",
  sessionstart: "SessionStart",
};

/**
 * Claude Code (reference/hosts.md §1). Deny: `hookSpecificOutput.permissionDecision:"deny"` with
 * `permissionDecisionReason` (not `reason`). Replacement must match the tool's output schema:
 * Bash takes `updatedToolOutput {stdout, stderr, interrupted, isImage}`, MCP tools
 * `updatedMCPToolOutput` (a content array). ctxmode never answers "allow": that would skip the
 * user's own permission prompts.
 */
export const claudeCode: HostAdapter = {
  name: "claude-code",
  events: events({
    PreToolUse: "pre-tool",
    PostToolUse: "post-tool",
    PostToolUseFailure: "post-tool",
    UserPromptSubmit: "prompt",
    PreCompact: "pre-compact",
    SessionStart: "session-start",
  }),
  mcpFormat: "double",
  caps: { preToolContext: true, plainContext: false },
  parse: (kind, payload, hostEvent) => parsePayload("claude-code", kind, payload, { format: "double" }, hostEvent === "posttoolusefailure"),
  canReplace: (tool) => tool.canonical === "Bash" || (tool.canonical === "Mcp" && !tool.own),
  reply(kind, decision, event, hostEvent = ""): HostReply {
    const hookEventName = NAMES[hostEvent] ?? "";
    if (decision.action === "deny" && kind === "pre-tool") {
      return json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: decision.reason } });
    }
    if (decision.action === "replace" && kind === "post-tool" && hostEvent === "posttooluse") {
      const updated =
        event?.tool?.canonical === "Bash"
          ? { updatedToolOutput: { stdout: decision.output, stderr: "", interrupted: false, isImage: false } }
          : { updatedMCPToolOutput: [{ type: "text", text: decision.output }] };
      return json({ hookSpecificOutput: { hookEventName: "PostToolUse", ...updated } });
    }
    if (decision.action === "pass" && decision.context && hookEventName && kind !== "pre-compact") {
      return json({ hookSpecificOutput: { hookEventName, additionalContext: decision.context } });
    }
    return SILENT;
  },
};
