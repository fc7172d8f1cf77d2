import { join } from "node:path";
import { event } from "./claude-events.ts";
import { hookedEvents, hookLine, marker, serve } from "./setup-shapes.ts";
import { defineHost, type FileEdit } from "./types.ts";

const EVENTS = [
  event("preToolUse", "pre-tool"),
  event("postToolUse", "post-tool"),
  event("postToolUseFailure", "post-tool", { hooked: false }),
  event("userPromptSubmitted", "prompt"),
  event("preCompact", "pre-compact", { hooked: false }),
  event("sessionStart", "session-start"),
];

/**
 * GitHub Copilot CLI (reference/hosts.md §5). Payloads are camelCase (`sessionId`, `toolName`,
 * `toolArgs` as an object or a JSON string, `toolResult {resultType, textResultForLlm}`); replies
 * are flat: `permissionDecision`/`permissionDecisionReason`, `modifiedResult`, `additionalContext`.
 */
export const copilotCli = defineHost({
  id: "copilot-cli",
  title: "Copilot CLI",
  command: "copilot",
  aliases: ["copilot"],
  env: ["COPILOT_HOME"],
  detect: (p) => [p.copilotDir],
  // `enabledPlugins` keeps `"ctxmode@ctxmode": false` after an uninstall: only `true` counts.
  plugin: {
    marker: (p) => [{ file: join(p.copilotDir, "settings.json"), pattern: /"ctxmode@ctxmode"\s*:\s*true/ }],
    update: "copilot plugin marketplace update ctxmode && copilot plugin update ctxmode@ctxmode",
    remove: "copilot plugin uninstall ctxmode@ctxmode && copilot plugin marketplace remove ctxmode",
  },
  // User level: Copilot CLI 1.0.102 loads every file in `$COPILOT_HOME/hooks/` in every repository
  // (its `userHooksDir`, no trust opt-in needed in -p mode); --project writes the repository's
  // checked-in `.github/hooks/`, which prompt mode loads only when the folder is trusted.
  setup: (ctx): FileEdit[] => [
    {
      kind: "json",
      file: join(ctx.paths.copilotDir, "mcp-config.json"),
      set: [{ at: ["mcpServers", "ctxmode"], value: { type: "local", ...serve(ctx), tools: ["*"] } }],
      hooks: [],
    },
    {
      kind: "json",
      file: ctx.project ? join(ctx.project, ".github", "hooks", "ctxmode.json") : join(ctx.paths.copilotDir, "hooks", "ctxmode.json"),
      set: [{ at: ["version"], value: 1 }],
      hooks: hookedEvents(EVENTS).map((e) => ({
        at: ["hooks", e.name],
        entry: { type: "command", bash: hookLine(ctx, "copilot-cli", e.arg), timeoutSec: 30 },
        marker: marker("copilot-cli", e.arg),
      })),
    },
  ],
  hook: { events: EVENTS, reply: "copilot", replaces: "bash-and-mcp", preToolContext: true, plainContext: false },
  tools: {
    mcpFormat: "dash",
    // Copilot CLI's own tools; MCP tools are `<server>-<tool>`, so a dash marks them.
    builtins: [
      "bash",
      "read_bash",
      "stop_bash",
      "list_bash",
      "view",
      "create",
      "edit",
      "skill",
      "sql",
      "session_store_sql",
      "read_agent",
      "list_agents",
      "write_agent",
      "grep",
      "glob",
      "task",
      "fetch_copilot_cli_documentation",
      "web_fetch",
      "report_intent",
      "update_todo",
    ],
    shell: "bash",
  },
  projectInstructions: [".github/copilot-instructions.md"],
  instructionFile: { user: (p) => join(p.copilotDir, "copilot-instructions.md"), project: join(".github", "copilot-instructions.md") },
  memory: (p) => ({ files: [join(p.copilotDir, "copilot-instructions.md")] }),
  skillsDir: (p) => join(p.copilotDir, "skills"),
});
