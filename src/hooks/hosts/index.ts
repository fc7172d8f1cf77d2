import { findHost, HOSTS, type Host, type HostId } from "../../hosts/index.ts";
import type { ReplyShape } from "../../hosts/types.ts";
import type { ToolCall } from "../types.ts";
import type { HostAdapter, ReplyContract } from "../types.ts";
import { parsePayload } from "./common.ts";

/**
 * The reply contracts, loaded on demand so a hook process evaluates one. A host whose replies
 * look like one of these needs no code here, only its entry in src/hosts/.
 */
const CONTRACTS: Readonly<Record<ReplyShape, () => Promise<ReplyContract>>> = {
  "claude-style": async () => (await import("./claude-style.ts")).claudeStyle,
  gemini: async () => (await import("./gemini.ts")).gemini,
  copilot: async () => (await import("./copilot.ts")).copilot,
  cursor: async () => (await import("./cursor.ts")).cursor,
  "exit-code": async () => (await import("./exit-code.ts")).exitCode,
  plugin: async () => (await import("./plugin.ts")).plugin,
};

/** Which tool outputs a host lets a post-tool hook replace (also what `ctxmode discover` counts as replaceable). */
export const REPLACES: Record<Host["hook"]["replaces"], (tool: ToolCall) => boolean> = {
  "bash-and-mcp": (tool) => tool.canonical === "Bash" || (tool.canonical === "Mcp" && !tool.own),
  bash: (tool) => tool.canonical === "Bash",
  none: () => false,
};

/** A host's hook adapter: its registry entry read through its reply contract. */
function adapterOf(host: Host, contract: ReplyContract): HostAdapter {
  const events = Object.fromEntries(host.hook.events.map((e) => [e.name.toLowerCase(), e.kind]));
  // The *Failure events (PostToolUseFailure …) report a tool that failed, whatever its output says.
  const failure = new Set(host.hook.events.filter((e) => e.kind === "post-tool" && /failure$/i.test(e.name)).map((e) => e.name.toLowerCase()));
  const shape = { format: host.tools.mcpFormat, builtins: host.tools.builtins && new Set(host.tools.builtins), sessionless: host.hook.sessionless };
  return {
    name: host.id,
    events,
    mcpFormat: host.tools.mcpFormat,
    caps: { preToolContext: host.hook.preToolContext, plainContext: host.hook.plainContext },
    parse: contract.parse
      ? (kind, payload, hostEvent) => contract.parse!(host, kind, payload, hostEvent)
      : (kind, payload, hostEvent) => parsePayload(host.id, kind, payload, shape, failure.has(hostEvent)),
    canReplace: REPLACES[host.hook.replaces],
    reply: (kind, decision, event, hostEvent = "") => contract.reply(host, kind, decision, event, hostEvent),
  };
}

/** Every host `ctxmode hook <host> <event>` serves; OpenCode and Pi are reached through their in-process plugins (src/hooks/plugins). */
export const ADAPTERS: Readonly<Record<HostId, () => Promise<HostAdapter>>> = Object.fromEntries(
  HOSTS.map((host) => [host.id, async () => adapterOf(host, await CONTRACTS[host.hook.reply]())]),
) as Record<HostId, () => Promise<HostAdapter>>;

/** The adapter for a host id or one of its aliases (`claude`, `gemini` …). */
export async function loadHost(name: string): Promise<HostAdapter | undefined> {
  const host = findHost(name);
  return host ? ADAPTERS[host.id]() : undefined;
}
