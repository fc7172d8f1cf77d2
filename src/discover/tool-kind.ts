import { findHost } from "../hosts/index.ts";
import { resolveToolName, type ToolName } from "../hooks/tool-names.ts";
import type { DiscoverHost } from "./types.ts";

const cache = new Map<string, ToolName>();

/** A host's tool name resolved the way its hook adapter resolves it (canonical name, MCP server, ctxmode's own). */
export function toolName(host: DiscoverHost, name: string): ToolName {
  const key = `${host}\u0000${name}`;
  let hit = cache.get(key);
  if (!hit) {
    const tools = findHost(host)?.tools;
    hit = resolveToolName(name, tools?.mcpFormat ?? "double", new Set(tools?.builtins ?? []));
    if (cache.size > 10_000) cache.clear();
    cache.set(key, hit);
  }
  return hit;
}

/** One of ctxmode's own tools (`ctx_execute` under the host's MCP spelling). */
export function isOwnTool(host: DiscoverHost, name: string): boolean {
  return name !== "" && toolName(host, name).own;
}
