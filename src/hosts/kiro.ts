import { join } from "node:path";
import { event } from "./claude-events.ts";
import { hookedEvents, hookLine, marker, serve, where } from "./setup-shapes.ts";
import { defineHost } from "./types.ts";

/** Setup writes the V3 PascalCase triggers; the legacy camelCase names lower-case to the same events. */
const EVENTS = [
  event("PreToolUse", "pre-tool", { matcher: "execute_bash|shell|fs_read|read|@*" }),
  event("PostToolUse", "post-tool", { matcher: "*" }),
  event("UserPromptSubmit", "prompt"),
  event("AgentSpawn", "session-start"),
];

/**
 * Kiro CLI (reference/hosts.md §8, documented only). Replies are exit codes: 2 blocks a tool
 * (preToolUse only) with stderr going to the model; stdout of agentSpawn and userPromptSubmit is
 * added to the context as plain text. No session id is sent: the Kiro process (our parent) stands
 * in for it.
 */
export const kiro = defineHost({
  id: "kiro",
  title: "Kiro CLI",
  command: "kiro-cli",
  aliases: ["kiro-cli"],
  detect: (p) => [p.kiroDir],
  setup: (ctx) => [
    {
      kind: "json",
      file: where(ctx, join(ctx.paths.kiroDir, "settings", "mcp.json"), join(".kiro", "settings", "mcp.json")),
      set: [{ at: ["mcpServers", "ctxmode"], value: serve(ctx) }],
      hooks: [],
    },
    // Kiro's standalone hook files (hosts.md §8, documented only): one list of named hooks.
    {
      kind: "json",
      file: where(ctx, join(ctx.paths.kiroDir, "hooks", "ctxmode.json"), join(".kiro", "hooks", "ctxmode.json")),
      set: [{ at: ["version"], value: "v1" }],
      hooks: hookedEvents(EVENTS).map((e) => ({
        at: ["hooks"],
        entry: {
          name: `ctxmode ${e.arg}`,
          trigger: e.name,
          ...(e.matcher ? { matcher: e.matcher } : {}),
          action: { type: "command", command: hookLine(ctx, "kiro", e.arg) },
          enabled: true,
        },
        marker: marker("kiro", e.arg),
      })),
    },
  ],
  hook: { events: EVENTS, reply: "exit-code", replaces: "none", preToolContext: false, plainContext: true, sessionless: true },
  tools: { mcpFormat: "kiro", shell: "execute_bash" },
  projectInstructions: [],
  projectInstructionDirs: [".kiro/steering"],
  memory: (p) => ({ dirs: [join(p.kiroDir, "steering")] }),
});
