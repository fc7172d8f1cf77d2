import { join } from "node:path";
import { claudeEvents } from "./claude-events.ts";
import { nestedHooks, where } from "./setup-shapes.ts";
import { defineHost } from "./types.ts";

const EVENTS = claudeEvents({ PreToolUse: { matcher: "Bash|apply_patch|mcp__.*" }, PostToolUseFailure: null });

/**
 * OpenAI Codex CLI (reference/hosts.md §2). Its reply schema is strict: an unknown key fails the
 * hook, so replies carry only documented keys. Deny needs a non-empty reason; output is replaced
 * by `decision:"block"` + `reason` (`updatedMCPToolOutput` is rejected at runtime). Shell calls
 * arrive normalised as `Bash` with a string `command`; edits as `apply_patch`.
 */
export const codex = defineHost({
  id: "codex",
  title: "Codex CLI",
  command: "codex",
  env: ["CODEX_HOME"],
  detect: (p) => [p.codexHome],
  note: "Codex runs new or changed hooks only once trusted: start `codex` and approve ctxmode's hooks when asked.",
  plugin: {
    marker: (p) => [{ file: join(p.codexHome, "config.toml"), pattern: /^\[plugins\."ctxmode@ctxmode"\]/m }],
    // A local marketplace is read in place: adding the plugin again installs its new version.
    update: "codex plugin add ctxmode@ctxmode",
    remove: "codex plugin remove ctxmode@ctxmode && codex plugin marketplace remove ctxmode",
  },
  setup: (ctx) => [
    {
      kind: "toml",
      file: where(ctx, join(ctx.paths.codexHome, "config.toml"), join(".codex", "config.toml")),
      table: "mcp_servers.ctxmode",
      body: `command = ${JSON.stringify(ctx.binary)}\nargs = ["serve"]\n`,
    },
    {
      kind: "json",
      file: where(ctx, join(ctx.paths.codexHome, "hooks.json"), join(".codex", "hooks.json")),
      set: [],
      hooks: nestedHooks(ctx, "codex", EVENTS),
    },
  ],
  hook: {
    events: EVENTS,
    reply: "claude-style",
    replaceAs: "decision-block",
    denyFallback: "ctxmode",
    replaces: "bash-and-mcp",
    preToolContext: true,
    plainContext: false,
  },
  tools: { mcpFormat: "double", shell: "Bash" },
  projectInstructions: ["AGENTS.md"],
  instructionFile: { user: (p) => join(p.codexHome, "AGENTS.md"), project: "AGENTS.md" },
  memory: (p) => ({ files: [join(p.codexHome, "AGENTS.md")] }),
  skillsDir: (p) => join(p.codexHome, "skills"),
});
