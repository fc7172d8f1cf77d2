import { SILENT, type HostReply, type ReplyContract } from "../types.ts";
import { json } from "./common.ts";

/**
 * Gemini CLI's reply (reference/hosts.md §3): `decision` is read only at the top level (a
 * `decision` inside hookSpecificOutput is ignored). AfterTool `decision:"deny"` + `reason`
 * becomes the tool result the model sees; context goes in `hookSpecificOutput.additionalContext`.
 */
export const gemini: ReplyContract = {
  reply(_host, kind, decision): HostReply {
    if (decision.action === "deny" && kind === "pre-tool") return json({ decision: "deny", reason: decision.reason });
    if (decision.action === "replace" && kind === "post-tool") return json({ decision: "deny", reason: decision.output });
    if (decision.action === "pass" && decision.context && kind !== "pre-compact") {
      return json({ hookSpecificOutput: { additionalContext: decision.context } });
    }
    return SILENT;
  },
};
