import { events, hookSpecificReply, parsePayload } from "./common.ts";
import type { HostAdapter, HostReply } from "../types.ts";

const NAMES: Record<string, string> = {
  posttooluse: "PostToolUse",
  userpromptsubmit: "UserPromptSubmit",
  sessionstart: "SessionStart",
};

/**
 * Qwen Code 0.15 (reference/hosts.md §4). Claude-style deny; PreToolUse `updatedInput` and
 * `additionalContext` are ignored and there is no output replacement. UserPromptSubmit fires a
 * second time with an empty prompt on tool-result continuations (ignored upstream). `<` and `>`
 * in additionalContext are HTML-escaped by the host, so ctxmode's texts avoid them.
 */
export const qwenCode: HostAdapter = {
  name: "qwen-code",
  events: events({
    PreToolUse: "pre-tool",
    PostToolUse: "post-tool",
    PostToolUseFailure: "post-tool",
    UserPromptSubmit: "prompt",
    PreCompact: "pre-compact",
    SessionStart: "session-start",
  }),
  mcpFormat: "double",
  caps: { preToolContext: false, plainContext: false },
  parse: (kind, payload, hostEvent) => parsePayload("qwen-code", kind, payload, { format: "double" }, hostEvent === "posttoolusefailure"),
  canReplace: () => false,
  reply: (kind, decision, _event, hostEvent = ""): HostReply => hookSpecificReply(kind, decision, hostEvent, NAMES),
};
