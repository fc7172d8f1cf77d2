/**
 * The launcher every host package runs instead of a fixed binary path: a POSIX sh script that
 * finds the installed ctxmode binary (`CTXMODE_BINARY_PATH`, then `~/.ctxmode/bin/ctxmode`, where
 * install.sh puts it, then PATH) and execs it. Without one the host keeps working: a hook drains
 * its payload and exits 0 with no reply (the host's "allow / nothing to add"), except SessionStart,
 * which tells the model and the user the one command that installs ctxmode. Nothing is downloaded.
 * The MCP server cannot start without the binary; it exits 1 with the same sentence on stderr.
 */

export const INSTALL_COMMAND = "curl -fsSL https://github.com/ctxmode/ctxmode/releases/latest/download/install.sh | sh";

/** What a session hears when the plugin is installed and the binary is not. */
export const MISSING_BINARY_NOTE = `ctxmode's plugin is installed but the ctxmode binary is not, so its hooks and tools are off. Install it with \`${INSTALL_COMMAND}\` (or \`npm i -g ctxmode\`), then start a new session.`;

/** How a host reads SessionStart context: the reply the launcher prints when the binary is missing. */
export type StartReply = "claude-style" | "codex" | "gemini" | "copilot";

export function sessionStartReply(shape: StartReply): string {
  const context = { hookEventName: "SessionStart", additionalContext: MISSING_BINARY_NOTE };
  switch (shape) {
    // systemMessage is shown to the user; Codex's strict schema gets only the context.
    case "claude-style":
    case "gemini":
      return JSON.stringify({ systemMessage: MISSING_BINARY_NOTE, hookSpecificOutput: context });
    case "codex":
      return JSON.stringify({ hookSpecificOutput: context });
    case "copilot":
      return JSON.stringify({ additionalContext: MISSING_BINARY_NOTE });
  }
}

/** The launcher's commands, for `sh <file>` or `sh -c <body> ctxmode-plugin <args>`. */
export function launcherBody(shape: StartReply): string {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return `bin=
if [ -n "\${CTXMODE_BINARY_PATH:-}" ] && [ -x "$CTXMODE_BINARY_PATH" ]; then
  bin=$CTXMODE_BINARY_PATH
elif [ -n "\${HOME:-}" ] && [ -x "$HOME/.ctxmode/bin/ctxmode" ]; then
  bin=$HOME/.ctxmode/bin/ctxmode
else
  bin=$(command -v ctxmode 2>/dev/null) || bin=
fi
CTXMODE_ROUTE=plugin
export CTXMODE_ROUTE
[ -n "$bin" ] && exec "$bin" "$@"
note=${quote(MISSING_BINARY_NOTE)}
if [ "\${1:-}" = hook ]; then
  cat >/dev/null 2>&1
  [ "\${3:-}" = sessionstart ] && printf '%s\\n' ${quote(sessionStartReply(shape))}
  exit 0
fi
printf '%s\\n' "$note" >&2
exit 1
`;
}

/** `bin/ctxmode-plugin`: run as `sh <root>/bin/ctxmode-plugin hook <host> <event>` or `… serve`. */
export function launcherScript(shape: StartReply): string {
  return `#!/bin/sh
# ctxmode's plugin launcher: runs the installed ctxmode binary, never a copy of its own.
# Order: $CTXMODE_BINARY_PATH, ~/.ctxmode/bin/ctxmode (install.sh), ctxmode on PATH.
# Without a binary, hooks exit 0 with no reply (the host carries on as if ctxmode were not there)
# and SessionStart says how to install it; nothing is downloaded. CTXMODE_ROUTE=plugin tells the
# hooks that the plugin registered ctxmode's MCP server beside them.
${launcherBody(shape)}`;
}
