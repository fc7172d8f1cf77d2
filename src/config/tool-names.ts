/**
 * The names of ctxmode's MCP tools, in the order tools/list shows them. A module of its own with no
 * imports: the hooks need the names (to leave these tools' replies alone) but must not load the
 * MCP SDK or zod that the tool definitions bring.
 */
export const OWN_TOOL_NAMES = [
  "ctx_execute",
  "ctx_batch",
  "ctx_index",
  "ctx_search",
  "ctx_stats",
  "ctx_purge",
  "ctx_resume",
  "ctx_doctor",
  "ctx_upgrade",
] as const;

/** One of ctxmode's MCP tool names. */
export type OwnToolName = (typeof OWN_TOOL_NAMES)[number];

/**
 * The host-neutral kinds of tool call: each host's spelling (`Bash`, `run_shell_command`, `shell` …)
 * maps to one in hooks/tool-names.ts, and the session journal's rules work on these alone.
 */
export type CanonicalTool =
  | "Bash"
  | "Read"
  | "WebFetch"
  | "WebSearch"
  | "Edit"
  | "Write"
  | "Grep"
  | "Glob"
  | "Agent"
  | "Todo"
  | "Skill"
  | "Plan"
  | "Ask"
  | "Mcp"
  | "Other";
