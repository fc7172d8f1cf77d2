import { events, hookSpecificReply, parsePayload } from "./common.ts";
import type { HostAdapter, HostReply } from "../types.ts";

/** Exact `hookEventName` spellings of the events whose reply may carry context; ZCode rejects an invalid one. */
const NAMES: Record<string, string> = {
  sessionstart: "SessionStart",
  userpromptsubmit: "UserPromptSubmit",
  pretooluse: "PreToolUse",
  posttooluse: "PostToolUse",
  posttoolusefailure: "PostToolUseFailure",
};

/**
 * ZCode, Z.ai's desktop agent (reference/hosts.md §11; documented only, never run here). Plugin
 * hooks get a Claude-shaped payload (snake_case fields beside camelCase ones) and read
 * `hookSpecificOutput` with `additionalContext`, or `permissionDecision:"deny"` with
 * `permissionDecisionReason` in PreToolUse. PostToolUse cannot replace a tool's output. ZCode has
 * no pre-compaction event, so `Stop` (end of every turn) saves the state block instead, and a
 * SessionStart with source `compact` injects it. `Stop` always answers with nothing: a reply there
 * could make the model run another round.
 */
export const zcode: HostAdapter = {
  name: "zcode",
  events: events({
    SessionStart: "session-start",
    UserPromptSubmit: "prompt",
    PreToolUse: "pre-tool",
    PostToolUse: "post-tool",
    PostToolUseFailure: "post-tool",
    Stop: "pre-compact",
  }),
  mcpFormat: "double",
  caps: { preToolContext: true, plainContext: false },
  parse: (kind, payload, hostEvent) => parsePayload("zcode", kind, payload, { format: "double" }, hostEvent === "posttoolusefailure"),
  canReplace: () => false,
  // `Stop` has no entry in NAMES, so it always gets the empty reply.
  reply: (kind, decision, _event, hostEvent = ""): HostReply => hookSpecificReply(kind, decision, hostEvent, NAMES),
};
