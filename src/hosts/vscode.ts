import { join } from "node:path";
import { claudeEvents } from "./claude-events.ts";
import { hookedEvents, hookLine, marker, serve, where } from "./setup-shapes.ts";
import { defineHost } from "./types.ts";

const EVENTS = claudeEvents({ PostToolUseFailure: null });

/**
 * VS Code Copilot agent hooks, Local harness (reference/hosts.md §6, documented only). Payload
 * mixes `sessionId` with snake_case tool fields; tool inputs are camelCase (`filePath`). Matchers
 * are ignored, so every tool call arrives here. No output replacement is documented.
 */
export const vscode = defineHost({
  id: "vscode",
  title: "VS Code",
  command: "code",
  aliases: ["vs-code"],
  env: ["APPDATA", "XDG_CONFIG_HOME"],
  detect: (p) => [p.vscodeUserDir],
  note: "VS Code's agent hooks are a preview feature: they run once `chat.hooks.enabled` (or your VS Code's equivalent) is on.",
  setup: (ctx) => [
    {
      kind: "json",
      file: where(ctx, join(ctx.paths.vscodeUserDir, "mcp.json"), join(".vscode", "mcp.json")),
      set: [{ at: ["servers", "ctxmode"], value: { type: "stdio", ...serve(ctx) } }],
      hooks: [],
    },
    // VS Code reads user hook files from ~/.copilot/hooks (hosts.md §6); matchers are ignored there,
    // so every tool call reaches the hook, which filters by tool name itself.
    ...(ctx.project
      ? []
      : [
          {
            kind: "json" as const,
            file: join(ctx.paths.home, ".copilot", "hooks", "ctxmode-vscode.json"),
            set: [],
            hooks: hookedEvents(EVENTS).map((e) => ({
              at: ["hooks", e.name],
              entry: { type: "command", command: hookLine(ctx, "vscode", e.arg), timeout: 30 },
              marker: marker("vscode", e.arg),
            })),
          },
        ]),
  ],
  hook: { events: EVENTS, reply: "claude-style", replaces: "none", preToolContext: true, plainContext: false },
  tools: { mcpFormat: "gemini", shell: "run_in_terminal" },
  projectInstructions: [],
});
