import { isHostId, type HostId } from "../../config/host-ids.ts";
import type { HostAdapter } from "../types.ts";

/**
 * Every host `ctxmode hook <host> <event>` serves, loaded on demand so a hook process evaluates
 * one adapter. OpenCode and Pi are reached through their in-process plugins (src/hooks/plugins).
 */
export const HOSTS: Readonly<Record<HostId, () => Promise<HostAdapter>>> = {
  "claude-code": async () => (await import("./claude-code.ts")).claudeCode,
  codex: async () => (await import("./codex.ts")).codex,
  "gemini-cli": async () => (await import("./gemini-cli.ts")).geminiCli,
  "qwen-code": async () => (await import("./qwen-code.ts")).qwenCode,
  "copilot-cli": async () => (await import("./copilot-cli.ts")).copilotCli,
  vscode: async () => (await import("./vscode.ts")).vscode,
  cursor: async () => (await import("./cursor.ts")).cursor,
  kiro: async () => (await import("./kiro.ts")).kiro,
  opencode: async () => (await import("./opencode.ts")).opencode,
  pi: async () => (await import("./pi.ts")).pi,
  zcode: async () => (await import("./zcode.ts")).zcode,
};

/** Host names as users type them, with the short forms accepted too. */
const ALIASES: Readonly<Record<string, string>> = { claude: "claude-code", gemini: "gemini-cli", qwen: "qwen-code", copilot: "copilot-cli", "vs-code": "vscode", "kiro-cli": "kiro" };

export async function loadHost(name: string): Promise<HostAdapter | undefined> {
  const key = name.toLowerCase();
  const id = ALIASES[key] ?? key;
  return isHostId(id) ? HOSTS[id]() : undefined;
}
