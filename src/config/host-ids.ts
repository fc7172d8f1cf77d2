/**
 * Every agent host ctxmode knows, by the id users type (`setup --agents`, `ctxmode hook <host>`).
 * The one list: setup's host specs and the hook adapters are typed against it, and the CLI's help
 * prints it, so a new host cannot be left out of one of them.
 */
export const HOST_IDS = ["claude-code", "codex", "gemini-cli", "qwen-code", "copilot-cli", "vscode", "cursor", "kiro", "opencode", "pi", "zcode"] as const;

export type HostId = (typeof HOST_IDS)[number];

/** Whether `name` is one of the host ids (a plain lookup would also find `constructor` and co.). */
export function isHostId(name: string): name is HostId {
  return (HOST_IDS as readonly string[]).includes(name);
}
