import { join } from "node:path";
import { event } from "./claude-events.ts";
import { hookedEvents, hookLine, marker, serve, where } from "./setup-shapes.ts";
import { defineHost } from "./types.ts";

/** The dedicated before* events carry the call in their own fields; setup registers the general ones. */
const EVENTS = [
  event("preToolUse", "pre-tool", { matcher: "Shell|Read|Grep|MCP:.*" }),
  event("beforeShellExecution", "pre-tool", { hooked: false }),
  event("beforeReadFile", "pre-tool", { hooked: false }),
  event("beforeMCPExecution", "pre-tool", { hooked: false }),
  event("postToolUse", "post-tool"),
  event("postToolUseFailure", "post-tool", { hooked: false }),
  event("beforeSubmitPrompt", "prompt"),
  event("preCompact", "pre-compact"),
  event("sessionStart", "session-start"),
];

/**
 * Cursor (reference/hosts.md §7, documented only). Session id is `conversation_id`, the project
 * `workspace_roots[0]`. Permission events answer `{permission, user_message, agent_message}`;
 * beforeShellExecution / beforeReadFile / beforeMCPExecution are mapped to a Shell / Read / MCP
 * call. beforeSubmitPrompt cannot inject context (journal only). ctxmode never answers "allow":
 * that would skip Cursor's own approval.
 */
export const cursor = defineHost({
  id: "cursor",
  title: "Cursor",
  command: "cursor-agent",
  detect: (p) => [p.cursorDir],
  setup: (ctx) => [
    {
      kind: "json",
      file: where(ctx, join(ctx.paths.cursorDir, "mcp.json"), join(".cursor", "mcp.json")),
      set: [{ at: ["mcpServers", "ctxmode"], value: serve(ctx) }],
      hooks: [],
    },
    {
      kind: "json",
      file: where(ctx, join(ctx.paths.cursorDir, "hooks.json"), join(".cursor", "hooks.json")),
      set: [{ at: ["version"], value: 1 }],
      hooks: hookedEvents(EVENTS).map((e) => ({
        at: ["hooks", e.name],
        entry: { command: hookLine(ctx, "cursor", e.arg), ...(e.matcher ? { matcher: e.matcher } : {}) },
        marker: marker("cursor", e.arg),
      })),
    },
  ],
  hook: { events: EVENTS, reply: "cursor", replaces: "none", preToolContext: false, plainContext: false },
  tools: { mcpFormat: "cursor", shell: "Shell" },
  projectInstructions: [".cursorrules"],
  projectInstructionDirs: [".cursor/rules"],
  // Cursor keeps its user rules in its settings database: no user-level memory file.
});
