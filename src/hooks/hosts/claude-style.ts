import type { Host } from "../../hosts/index.ts";
import { SILENT, type HostReply, type ReplyContract } from "../types.ts";
import { json } from "./common.ts";

/**
 * The `hookSpecificOutput` reply Claude Code defined (reference/hosts.md §1) and Codex, Qwen Code,
 * VS Code and ZCode copied. Deny: `permissionDecision:"deny"` with `permissionDecisionReason` (not
 * `reason`). Context goes under the host's exact name for the event, only at the events whose
 * entry says they take it (ZCode rejects an invalid `hookEventName`; Qwen ignores PreToolUse's).
 * Output replacement differs per host (`replaceAs`): Claude Code's must match the tool's output
 * schema (Bash `updatedToolOutput {stdout, stderr, interrupted, isImage}`, MCP tools
 * `updatedMCPToolOutput`), Codex takes `decision:"block"` + `reason` and rejects unknown keys.
 * ctxmode never answers "allow": that would skip the user's own permission prompts.
 */
export const claudeStyle: ReplyContract = {
  reply(host, kind, decision, event, hostEvent): HostReply {
    if (decision.action === "deny" && kind === "pre-tool") {
      const reason = host.hook.denyFallback ? decision.reason || host.hook.denyFallback : decision.reason;
      return json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } });
    }
    if (decision.action === "replace" && kind === "post-tool") {
      const how = host.hook.replaceAs;
      if (how === "decision-block") return json({ decision: "block", reason: decision.output });
      if (how === "updated-output" && hostEvent === "posttooluse") {
        const updated =
          event?.tool?.canonical === "Bash"
            ? { updatedToolOutput: { stdout: decision.output, stderr: "", interrupted: false, isImage: false } }
            : { updatedMCPToolOutput: [{ type: "text", text: decision.output }] };
        return json({ hookSpecificOutput: { hookEventName: "PostToolUse", ...updated } });
      }
    }
    const hookEventName = contextName(host, hostEvent);
    if (decision.action === "pass" && decision.context && hookEventName) {
      return json({ hookSpecificOutput: { hookEventName, additionalContext: decision.context } });
    }
    return SILENT;
  },
};

/** The host's spelling of an event whose reply may carry context, or undefined. */
function contextName(host: Host, hostEvent: string): string | undefined {
  return host.hook.events.find((e) => e.context && e.name.toLowerCase() === hostEvent)?.name;
}
