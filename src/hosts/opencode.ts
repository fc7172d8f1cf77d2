import { join } from "node:path";
import { event } from "./claude-events.ts";
import { where } from "./setup-shapes.ts";
import { defineHost } from "./types.ts";

/**
 * OpenCode, through the in-process plugin (src/hooks/plugins/opencode.ts), which sends a
 * Claude-shaped payload named after the plugin hook that fired (reference/hosts.md §9). Setup
 * writes no hook lines: OpenCode loads every module in its plugin folder, and ours runs the hooks.
 */
export const opencode = defineHost({
  id: "opencode",
  title: "OpenCode",
  command: "opencode",
  env: ["XDG_CONFIG_HOME"],
  detect: (p) => [p.opencodeDir],
  // `opencode plugin ctxmode -g` adds the npm package to the `plugin` list of the global config.
  plugin: {
    marker: (p) =>
      ["opencode.json", "opencode.jsonc"].map((name) => ({ file: join(p.opencodeDir, name), pattern: /"plugin"\s*:\s*\[[^\]]*"ctxmode(@[^"]*)?"/ })),
    update: "opencode plugin ctxmode -g --force",
    remove: 'delete "ctxmode" from the "plugin" list in ~/.config/opencode/opencode.json',
  },
  setup: (ctx) => [
    {
      kind: "json",
      file: where(ctx, join(ctx.paths.opencodeDir, "opencode.json"), "opencode.json"),
      set: [{ at: ["mcp", "ctxmode"], value: { type: "local", command: [ctx.binary, "serve"], enabled: true } }],
      hooks: [],
    },
    {
      kind: "file",
      file: where(ctx, join(ctx.paths.opencodeDir, "plugin", "ctxmode.js"), join(".opencode", "plugin", "ctxmode.js")),
      content: ctx.pluginSource("opencode"),
    },
  ],
  hook: {
    events: [
      event("tool.execute.before", "pre-tool", { hooked: false }),
      event("tool.execute.after", "post-tool", { hooked: false }),
      event("chat.message", "prompt", { hooked: false }),
      event("session.compacting", "pre-compact", { hooked: false }),
      event("session.created", "session-start", { hooked: false }),
    ],
    reply: "plugin",
    replaces: "bash-and-mcp",
    preToolContext: false,
    plainContext: false,
  },
  tools: {
    mcpFormat: "underscore",
    // OpenCode's own tools; anything else with an underscore is an MCP tool `<server>_<tool>`.
    builtins: [
      "bash",
      "edit",
      "glob",
      "grep",
      "list",
      "read",
      "skill",
      "task",
      "todowrite",
      "todoread",
      "webfetch",
      "websearch",
      "write",
      "patch",
      "apply_patch",
      "multiedit",
      "codesearch",
      "invalid",
    ],
    shell: "bash",
  },
  projectInstructions: ["AGENTS.md"],
  instructionFile: { user: (p) => join(p.opencodeDir, "AGENTS.md"), project: "AGENTS.md" },
  memory: (p) => ({ files: [join(p.opencodeDir, "AGENTS.md")] }),
  skillsDir: (p) => join(p.opencodeDir, "skill"),
});
