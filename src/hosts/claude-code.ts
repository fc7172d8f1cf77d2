import { join } from "node:path";
import { claudeEvents } from "./claude-events.ts";
import { nestedHooks, serve, where } from "./setup-shapes.ts";
import { defineHost } from "./types.ts";

const EVENTS = claudeEvents({
  PreToolUse: { matcher: "Bash|Read|WebFetch|Grep|Glob|Agent|Task|mcp__.*" },
  PostToolUse: { matcher: "" },
  PostToolUseFailure: { hooked: false },
});

/**
 * Claude Code (reference/hosts.md §1). Deny: `hookSpecificOutput.permissionDecision:"deny"` with
 * `permissionDecisionReason` (not `reason`). Replacement must match the tool's output schema:
 * Bash takes `updatedToolOutput {stdout, stderr, interrupted, isImage}`, MCP tools
 * `updatedMCPToolOutput` (a content array). ctxmode never answers "allow": that would skip the
 * user's own permission prompts.
 */
export const claudeCode = defineHost({
  id: "claude-code",
  title: "Claude Code",
  command: "claude",
  aliases: ["claude"],
  env: ["CLAUDE_CONFIG_DIR"],
  detect: (p) => [p.claudeDir, p.claudeJson],
  // `claude plugin install` records the plugin in installed_plugins.json and drops it from there on uninstall.
  plugin: {
    marker: (p) => [{ file: join(p.claudeDir, "plugins", "installed_plugins.json"), pattern: /"ctxmode@ctxmode"/ }],
    update: "claude plugin marketplace update ctxmode && claude plugin update ctxmode@ctxmode",
    remove: "claude plugin uninstall ctxmode@ctxmode && claude plugin marketplace remove ctxmode",
  },
  setup: (ctx) => [
    {
      kind: "json",
      file: where(ctx, ctx.paths.claudeJson, ".mcp.json"),
      set: [{ at: ["mcpServers", "ctxmode"], value: { type: "stdio", ...serve(ctx) } }],
      hooks: [],
    },
    {
      kind: "json",
      file: where(ctx, join(ctx.paths.claudeDir, "settings.json"), join(".claude", "settings.json")),
      set: [],
      hooks: nestedHooks(ctx, "claude-code", EVENTS),
    },
  ],
  hook: {
    events: EVENTS,
    reply: "claude-style",
    replaceAs: "updated-output",
    replaces: "bash-and-mcp",
    preToolContext: true,
    plainContext: false,
  },
  tools: { mcpFormat: "double", shell: "Bash" },
  projectInstructions: ["CLAUDE.md"],
  instructionFile: { user: (p) => join(p.claudeDir, "CLAUDE.md"), project: "CLAUDE.md" },
  memory: (p) => ({ files: [join(p.claudeDir, "CLAUDE.md")] }),
  skillsDir: (p) => join(p.claudeDir, "skills"),
});
