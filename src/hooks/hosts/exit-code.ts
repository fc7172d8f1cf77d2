import { SILENT, type HostReply, type ReplyContract } from "../types.ts";

/**
 * Kiro CLI's reply (reference/hosts.md §8, documented only): exit codes. 2 blocks a tool
 * (preToolUse only) with stderr going to the model; stdout of agentSpawn and userPromptSubmit is
 * added to the context as plain text.
 */
export const exitCode: ReplyContract = {
  reply(_host, kind, decision): HostReply {
    if (decision.action === "deny" && kind === "pre-tool") return { stdout: "", stderr: decision.reason, exitCode: 2 };
    if (decision.action === "pass" && decision.context && (kind === "prompt" || kind === "session-start")) {
      return { stdout: `${decision.context}\n`, exitCode: 0 };
    }
    return SILENT;
  },
};
