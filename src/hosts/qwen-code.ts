import { join } from "node:path";
import { claudeEvents } from "./claude-events.ts";
import { nestedHooks, serve, where } from "./setup-shapes.ts";
import { defineHost } from "./types.ts";

const EVENTS = claudeEvents({
  PreToolUse: { matcher: "run_shell_command|read_file|web_fetch|mcp__.*", context: false },
  PostToolUse: { matcher: ".*" },
  PostToolUseFailure: { hooked: false, context: false },
});

/**
 * Qwen Code 0.15 (reference/hosts.md §4). Claude-style deny; PreToolUse `updatedInput` and
 * `additionalContext` are ignored and there is no output replacement. UserPromptSubmit fires a
 * second time with an empty prompt on tool-result continuations (ignored upstream). `<` and `>`
 * in additionalContext are HTML-escaped by the host, so ctxmode's texts avoid them.
 */
export const qwenCode = defineHost({
  id: "qwen-code",
  title: "Qwen Code",
  command: "qwen",
  aliases: ["qwen"],
  detect: (p) => [p.qwenDir],
  plugin: {
    marker: (p) => [{ file: join(p.qwenDir, "extensions", "ctxmode", "qwen-extension.json"), pattern: /"name": "ctxmode"/ }],
    update: "qwen extensions update ctxmode",
    remove: "qwen extensions uninstall ctxmode",
  },
  setup: (ctx) => [
    {
      kind: "json",
      file: where(ctx, join(ctx.paths.qwenDir, "settings.json"), join(".qwen", "settings.json")),
      set: [{ at: ["mcpServers", "ctxmode"], value: serve(ctx) }],
      // Timeouts are in ms here (hosts.md §4).
      hooks: nestedHooks(ctx, "qwen-code", EVENTS, 10_000),
    },
  ],
  hook: {
    events: EVENTS,
    reply: "claude-style",
    replaces: "none",
    preToolContext: false,
    plainContext: false,
  },
  tools: { mcpFormat: "double", shell: "run_shell_command" },
  projectInstructions: ["QWEN.md"],
  instructionFile: { user: (p) => join(p.qwenDir, "QWEN.md"), project: "QWEN.md" },
  memory: (p) => ({ files: [join(p.qwenDir, "QWEN.md")] }),
  skillsDir: (p) => join(p.qwenDir, "skills"),
});
