import { join } from "node:path";
import { event } from "./claude-events.ts";
import { where } from "./setup-shapes.ts";
import { defineHost } from "./types.ts";

/**
 * Pi, through the extension (src/hooks/plugins/pi.ts). Pi has no MCP: the extension starts
 * `ctxmode serve` itself, registers ctxmode's tools under their own names (`ctx_execute` …), so
 * own tools are recognised bare, and runs the hooks.
 */
export const pi = defineHost({
  id: "pi",
  title: "Pi",
  command: "pi",
  env: ["PI_CODING_AGENT_DIR"],
  detect: (p) => [p.piDir],
  // `pi install npm:ctxmode` lists the package in Pi's settings (the npm package's `pi` manifest).
  plugin: {
    marker: (p) => [{ file: join(p.piDir, "settings.json"), pattern: /"npm:ctxmode(@[^"]*)?"/ }],
    update: "pi update npm:ctxmode",
    remove: "pi remove npm:ctxmode",
  },
  setup: (ctx) => [
    {
      kind: "file",
      file: where(ctx, join(ctx.paths.piDir, "extensions", "ctxmode.ts"), join(".pi", "extensions", "ctxmode.ts")),
      content: ctx.pluginSource("pi"),
    },
  ],
  hook: {
    events: [
      event("tool_call", "pre-tool", { hooked: false }),
      event("tool_result", "post-tool", { hooked: false }),
      event("before_agent_start", "prompt", { hooked: false }),
      event("session_before_compact", "pre-compact", { hooked: false }),
      event("session_start", "session-start", { hooked: false }),
    ],
    reply: "plugin",
    replaces: "bash",
    preToolContext: false,
    plainContext: false,
  },
  tools: { mcpFormat: "bare", shell: "bash" },
  // Pi reads AGENTS.md from its agent dir, then from the working directory up.
  projectInstructions: ["AGENTS.md"],
  instructionFile: { user: (p) => join(p.piDir, "AGENTS.md"), project: "AGENTS.md" },
  skillsDir: (p) => join(p.piDir, "skills"),
});
