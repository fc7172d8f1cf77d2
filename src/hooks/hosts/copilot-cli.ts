import { events, json, parsePayload } from "./common.ts";
import { SILENT, type HostAdapter, type HostReply } from "../types.ts";

/** Copilot CLI's own tools; MCP tools are `<server>-<tool>`, so a dash marks them. */
const BUILTINS = new Set(["bash", "read_bash", "stop_bash", "list_bash", "view", "create", "edit", "skill", "sql", "session_store_sql", "read_agent", "list_agents", "write_agent", "grep", "glob", "task", "fetch_copilot_cli_documentation", "web_fetch", "report_intent", "update_todo"]);

/**
 * GitHub Copilot CLI (reference/hosts.md §5). Payloads are camelCase (`sessionId`, `toolName`,
 * `toolArgs` as an object or a JSON string, `toolResult {resultType, textResultForLlm}`); replies
 * are flat: `permissionDecision`/`permissionDecisionReason`, `modifiedResult`, `additionalContext`.
 */
export const copilotCli: HostAdapter = {
  name: "copilot-cli",
  events: events({
    preToolUse: "pre-tool",
    postToolUse: "post-tool",
    postToolUseFailure: "post-tool",
    userPromptSubmitted: "prompt",
    preCompact: "pre-compact",
    sessionStart: "session-start",
  }),
  mcpFormat: "dash",
  caps: { preToolContext: true, plainContext: false },
  parse: (kind, payload, hostEvent) =>
    parsePayload("copilot-cli", kind, payload, { format: "dash", builtins: BUILTINS }, hostEvent === "posttoolusefailure"),
  canReplace: (tool) => tool.canonical === "Bash" || (tool.canonical === "Mcp" && !tool.own),
  reply(kind, decision): HostReply {
    if (decision.action === "deny" && kind === "pre-tool") return json({ permissionDecision: "deny", permissionDecisionReason: decision.reason });
    if (decision.action === "replace" && kind === "post-tool") {
      return json({ modifiedResult: { resultType: "success", textResultForLlm: decision.output } });
    }
    if (decision.action === "pass" && decision.context && kind !== "pre-compact") return json({ additionalContext: decision.context });
    return SILENT;
  },
};
