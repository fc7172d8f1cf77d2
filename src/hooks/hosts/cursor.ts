import { asObj, obj, str } from "../payload.ts";
import type { HookEvent, HostReply, ReplyContract } from "../types.ts";
import { json, parsePayload } from "./common.ts";

/** Cursor always expects JSON on stdout; `{}` changes nothing. */
const EMPTY: HostReply = { stdout: "{}", exitCode: 0 };

/**
 * Cursor's contract (reference/hosts.md §7, documented only). Session id is `conversation_id`, the
 * project `workspace_roots[0]`. Permission events answer `{permission, user_message, agent_message}`;
 * beforeShellExecution / beforeReadFile / beforeMCPExecution carry their own fields and are
 * mapped to a Shell / Read / MCP call. beforeSubmitPrompt cannot inject context (journal only).
 */
export const cursor: ReplyContract = {
  parse(host, kind, payload, hostEvent): HookEvent {
    const o = asObj(payload);
    const shape = { format: host.tools.mcpFormat };
    // The dedicated before* events carry the call in their own fields.
    if (hostEvent === "beforeshellexecution")
      return parsePayload(host.id, kind, { ...o, tool_name: "Shell", tool_input: { command: str(o, "command") } }, shape);
    if (hostEvent === "beforereadfile") return parsePayload(host.id, kind, { ...o, tool_name: "Read", tool_input: { file_path: str(o, "file_path") } }, shape);
    if (hostEvent === "beforemcpexecution") {
      const name = str(o, "tool_name") || "tool";
      return parsePayload(host.id, kind, { ...o, tool_name: name.startsWith("MCP:") ? name : `MCP:${name}`, tool_input: obj(o, "tool_input") ?? {} }, shape);
    }
    return parsePayload(host.id, kind, o, shape, hostEvent === "posttoolusefailure");
  },
  reply(_host, kind, decision): HostReply {
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
