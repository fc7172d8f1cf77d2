import { events, hookSpecificReply, parsePayload } from "./common.ts";
import type { HostAdapter, HostReply } from "../types.ts";

const NAMES: Record<string, string> = {
  pretooluse: "PreToolUse",
  posttooluse: "PostToolUse",
  userpromptsubmit: "UserPromptSubmit",
  sessionstart: "SessionStart",
};

/**
 * VS Code Copilot agent hooks, Local harness (reference/hosts.md §6, documented only). Payload
 * mixes `sessionId` with snake_case tool fields; tool inputs are camelCase (`filePath`). Matchers
 * are ignored, so every tool call arrives here. No output replacement is documented.
 */
export const vscode: HostAdapter = {
  name: "vscode",
  events: events({
    PreToolUse: "pre-tool",
    PostToolUse: "post-tool",
    UserPromptSubmit: "prompt",
    PreCompact: "pre-compact",
    SessionStart: "session-start",
  }),
  mcpFormat: "gemini",
  caps: { preToolContext: true, plainContext: false },
  parse: (kind, payload) => parsePayload("vscode", kind, payload, { format: "gemini" }),
  canReplace: () => false,
  reply: (kind, decision, _event, hostEvent = ""): HostReply => hookSpecificReply(kind, decision, hostEvent, NAMES),
};
