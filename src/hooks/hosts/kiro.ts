import { events, parsePayload } from "./common.ts";
import { SILENT, type HostAdapter, type HostReply } from "../types.ts";

/**
 * Kiro CLI (reference/hosts.md §8, documented only). Replies are exit codes: 2 blocks a tool
 * (preToolUse only) with stderr going to the model; stdout of agentSpawn and userPromptSubmit is
 * added to the context as plain text. No session id is sent: the Kiro process (our parent) stands
 * in for it. Event names are accepted in both the legacy camelCase and the V3 PascalCase form.
 */
export const kiro: HostAdapter = {
  name: "kiro",
  events: events({
    preToolUse: "pre-tool",
    postToolUse: "post-tool",
    userPromptSubmit: "prompt",
    agentSpawn: "session-start",
  }),
  mcpFormat: "kiro",
  caps: { preToolContext: false, plainContext: true },
  parse: (kind, payload) => parsePayload("kiro", kind, payload, { format: "kiro", sessionless: true }),
  canReplace: () => false,
  reply(kind, decision): HostReply {
    if (decision.action === "deny" && kind === "pre-tool") return { stdout: "", stderr: decision.reason, exitCode: 2 };
    if (decision.action === "pass" && decision.context && (kind === "prompt" || kind === "session-start")) {
      return { stdout: `${decision.context}\n`, exitCode: 0 };
    }
    return SILENT;
  },
};
