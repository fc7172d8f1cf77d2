import { join } from "node:path";
import { event } from "./claude-events.ts";
import { nestedHooks, serve, where } from "./setup-shapes.ts";
import { defineHost } from "./types.ts";

const EVENTS = [
  event("BeforeTool", "pre-tool", { matcher: "run_shell_command|read_file|web_fetch|mcp_.*" }),
  event("AfterTool", "post-tool", { matcher: ".*" }),
  event("BeforeAgent", "prompt"),
  event("PreCompress", "pre-compact"),
  event("SessionStart", "session-start"),
];

/**
 * Gemini CLI (reference/hosts.md §3). `decision` is read only at the top level (a `decision`
 * inside hookSpecificOutput is ignored). AfterTool `decision:"deny"` + `reason` becomes the tool
 * result the model sees. PreCompress fires every turn whether or not anything is compressed, so
 * it only refreshes the saved state. SessionStart sources are startup|resume|clear (no compact).
 */
export const geminiCli = defineHost({
  id: "gemini-cli",
  title: "Gemini CLI",
  command: "gemini",
  aliases: ["gemini"],
  env: ["GEMINI_CLI_HOME"],
  detect: (p) => [p.geminiDir],
  plugin: {
    marker: (p) => [{ file: join(p.geminiDir, "extensions", "ctxmode", "gemini-extension.json"), pattern: /"name": "ctxmode"/ }],
    update: "gemini extensions update ctxmode",
    remove: "gemini extensions uninstall ctxmode",
  },
  setup: (ctx) => [
    {
      kind: "json",
      file: where(ctx, join(ctx.paths.geminiDir, "settings.json"), join(".gemini", "settings.json")),
      set: [{ at: ["mcpServers", "ctxmode"], value: serve(ctx) }],
      // Timeouts are in ms here (hosts.md §3).
      hooks: nestedHooks(ctx, "gemini-cli", EVENTS, 10_000),
    },
  ],
  hook: {
    events: EVENTS,
    reply: "gemini",
    replaces: "bash-and-mcp",
    // BeforeTool documents no additionalContext; the fresh-session guidance carries the advice instead.
    preToolContext: false,
    plainContext: false,
  },
  tools: { mcpFormat: "gemini", shell: "run_shell_command" },
  projectInstructions: ["GEMINI.md"],
  instructionFile: { user: (p) => join(p.geminiDir, "GEMINI.md"), project: "GEMINI.md" },
  memory: (p) => ({ files: [join(p.geminiDir, "GEMINI.md")] }),
  skillsDir: (p) => join(p.geminiDir, "skills"),
});
