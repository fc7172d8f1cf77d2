import { claudeCode } from "./claude-code.ts";
import { codex } from "./codex.ts";
import { copilotCli } from "./copilot-cli.ts";
import { cursor } from "./cursor.ts";
import { geminiCli } from "./gemini-cli.ts";
import { kiro } from "./kiro.ts";
import { opencode } from "./opencode.ts";
import { pi } from "./pi.ts";
import { qwenCode } from "./qwen-code.ts";
import type { HostDef } from "./types.ts";
import { vscode } from "./vscode.ts";
import { zcode } from "./zcode.ts";

/**
 * Every agent host ctxmode knows, one file each in this folder. The one list: the host ids, the
 * CLI's help, setup's edits, doctor's checks and the hook adapters are derived from it, so adding
 * a host is one file here (see CONTRIBUTING.md).
 */
export const HOSTS = [claudeCode, codex, geminiCli, qwenCode, copilotCli, vscode, cursor, kiro, opencode, pi, zcode] as const;

/** A host by the id users type (`setup --agents`, `ctxmode hook <host>`). */
export type HostId = (typeof HOSTS)[number]["id"];

/** Any registry entry. */
export type Host = HostDef<HostId>;

export const HOST_IDS: readonly HostId[] = HOSTS.map((h) => h.id);

/** The host for an id or one of its aliases (`claude`, `gemini` …), case-insensitively. */
export function findHost(name: string): Host | undefined {
  const key = name.toLowerCase();
  return (HOSTS as readonly Host[]).find((h) => h.id === key || h.aliases?.includes(key));
}
