import { asObj, obj, str } from "../payload.ts";
import { events, json, parsePayload } from "./common.ts";
import type { HookEvent, HostAdapter, HostReply } from "../types.ts";

/** Cursor always expects JSON on stdout; `{}` changes nothing. */
const EMPTY: HostReply = { stdout: "{}", exitCode: 0 };

/**
 * Cursor (reference/hosts.md §7, documented only). Session id is `conversation_id`, the project
 * `workspace_roots[0]`. Permission events answer `{permission, user_message, agent_message}`;
 * beforeShellExecution / beforeReadFile / beforeMCPExecution carry their own fields and are
 * mapped to a Shell / Read / MCP call. beforeSubmitPrompt cannot inject context (journal only).
 * ctxmode never answers "allow": that would skip Cursor's own approval.
 */
export const cursor: HostAdapter = {
  name: "cursor",
  events: events({
    preToolUse: "pre-tool",
    beforeShellExecution: "pre-tool",
    beforeReadFile: "pre-tool",
    beforeMCPExecution: "pre-tool",
    postToolUse: "post-tool",
    postToolUseFailure: "post-tool",
    beforeSubmitPrompt: "prompt",
    preCompact: "pre-compact",
    sessionStart: "session-start",
  }),
  mcpFormat: "cursor",
  caps: { preToolContext: false, plainContext: false },
  parse(kind, payload, hostEvent): HookEvent {
    const o = asObj(payload);
    // The dedicated before* events carry the call in their own fields.
    if (hostEvent === "beforeshellexecution") return parsePayload("cursor", kind, { ...o, tool_name: "Shell", tool_input: { command: str(o, "command") } }, { format: "cursor" });
    if (hostEvent === "beforereadfile") return parsePayload("cursor", kind, { ...o, tool_name: "Read", tool_input: { file_path: str(o, "file_path") } }, { format: "cursor" });
    if (hostEvent === "beforemcpexecution") {
      const name = str(o, "tool_name") || "tool";
      return parsePayload("cursor", kind, { ...o, tool_name: name.startsWith("MCP:") ? name : `MCP:${name}`, tool_input: obj(o, "tool_input") ?? {} }, { format: "cursor" });
    }
    return parsePayload("cursor", kind, o, { format: "cursor" }, hostEvent === "posttoolusefailure");
  },
  canReplace: () => false,
  reply(kind, decision): HostReply {
    if (decision.action === "deny" && kind === "pre-tool") {
      return json({ permission: "deny", user_message: "ctxmode routed this call to its sandbox tools.", agent_message: decision.reason });
    }
    if (decision.action === "pass" && decision.context && (kind === "session-start" || kind === "post-tool")) {
      return json({ additional_context: decision.context });
    }
    if (kind === "prompt") return json({ continue: true });
    return EMPTY;
  },
};
