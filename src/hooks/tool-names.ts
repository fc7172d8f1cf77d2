/**
 * Tool names differ per host (`Bash`, `run_shell_command`, `shell`, `bash` …) and so do MCP tool
 * names (`mcp__s__t`, `mcp_s_t`, `s_t`, `s-t`, `MCP:t`, `@s/t`): see reference/hosts.md, the
 * cross-host notes. Everything after the adapters works on the canonical names (config/tool-names.ts).
 */

import { OWN_TOOL_NAMES, type CanonicalTool } from "../config/tool-names.ts";
import type { McpFormat } from "../hosts/types.ts";

export type { CanonicalTool };

/** How a host spells an MCP tool (each host's entry in src/hosts/ names its format). */
export type { McpFormat };

/** ctxmode's own MCP tools: never routed, never replaced. */
export const OWN_TOOLS: ReadonlySet<string> = new Set(OWN_TOOL_NAMES);

const ALIASES: Record<string, CanonicalTool> = {};
const alias = (canonical: CanonicalTool, names: string) => {
  for (const n of names.split(" ")) ALIASES[n.toLowerCase()] = canonical;
};
alias(
  "Bash",
  "bash shell run_shell_command shell_command exec_command local_shell container.exec run_in_terminal runinterminal execute_bash run_command exec terminal",
);
alias("Read", "read read_file readfile view view_file fs_read read_many_files");
alias("WebFetch", "webfetch web_fetch fetch fetch_webpage web/fetch read_url_content");
alias("WebSearch", "websearch web_search google_web_search");
alias("Edit", "edit multiedit notebookedit replace str_replace replace_string_in_file apply_patch edit_file editfiles patch");
alias("Write", "write write_file create create_file fs_write");
alias("Grep", "grep grep_search search_file_content textsearch search");
alias("Glob", "glob filesearch find list_directory ls");
alias("Agent", "agent task invoke_agent runsubagent subagent");
alias("Todo", "todowrite todo_write write_todos update_todos update_plan taskcreate taskupdate tasklist taskget taskstop");
alias("Skill", "skill activate_skill");
alias("Plan", "enterplanmode exitplanmode enter_plan_mode exit_plan_mode");
alias("Ask", "askuserquestion ask_user request_user_input");

/** A tool call's name, resolved. */
export interface ToolName {
  /** As the host sent it. */
  name: string;
  canonical: CanonicalTool;
  /** Set for MCP tools (server may be "" when the host leaves it out, e.g. Cursor's `MCP:t`). */
  mcp?: { server: string; tool: string };
  /** One of ctxmode's own `ctx_*` tools. */
  own: boolean;
}

/**
 * Resolves a host tool name. `builtins` lists the host's own tool names for the formats where a
 * plain name and an MCP name look alike (`underscore`, `dash`, `bare`).
 */
export function resolveToolName(name: string, format: McpFormat, builtins: ReadonlySet<string> = new Set()): ToolName {
  const lower = name.toLowerCase();
  const mcp = builtins.has(lower) ? undefined : parseMcpName(name, format);
  if (mcp) return { name, canonical: "Mcp", mcp, own: OWN_TOOLS.has(mcp.tool) };
  if (OWN_TOOLS.has(name)) return { name, canonical: "Mcp", mcp: { server: "", tool: name }, own: true };
  return { name, canonical: ALIASES[lower] ?? "Other", own: false };
}

/** The server and tool of an MCP tool name in `format`, or undefined when it is not one. */
export function parseMcpName(name: string, format: McpFormat): { server: string; tool: string } | undefined {
  switch (format) {
    case "double": {
      // mcp__<server>__<tool>; plugin servers: mcp__plugin_<plugin>_<server>__<tool>.
      if (!name.startsWith("mcp__")) return undefined;
      const rest = name.slice(5);
      const at = rest.indexOf("__");
      if (at <= 0 || at + 2 >= rest.length) return undefined;
      return { server: rest.slice(0, at), tool: rest.slice(at + 2) };
    }
    case "gemini": {
      if (!name.startsWith("mcp_") || name.startsWith("mcp__")) return parseMcpName(name, "double");
      return splitAt(name.slice(4), "_");
    }
    case "underscore":
      return splitAt(name, "_");
    case "dash":
      return splitAt(name, "-");
    case "cursor": {
      if (!/^mcp:/i.test(name)) return undefined;
      const parts = name.slice(4).split(":");
      const tool = parts.pop() ?? "";
      return tool ? { server: parts.join(":"), tool } : undefined;
    }
    case "kiro": {
      const m = /^@([^/]+)\/(.+)$/.exec(name);
      return m ? { server: m[1]!, tool: m[2]! } : undefined;
    }
    case "bare":
      return undefined;
  }
}

/**
 * `<server><sep><tool>`: when the tool part is one of ctxmode's (`ctx_…`), the split is at the
 * separator before `ctx_`, so server names containing the separator still resolve.
 */
function splitAt(name: string, sep: string): { server: string; tool: string } | undefined {
  const own = name.lastIndexOf(`${sep}ctx_`);
  if (own > 0 && OWN_TOOLS.has(name.slice(own + 1))) return { server: name.slice(0, own), tool: name.slice(own + 1) };
  const at = name.indexOf(sep);
  if (at <= 0 || at === name.length - 1) return undefined;
  return { server: name.slice(0, at), tool: name.slice(at + 1) };
}
