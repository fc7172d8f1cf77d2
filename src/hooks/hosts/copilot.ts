import { SILENT, type HostReply, type ReplyContract } from "../types.ts";
import { json } from "./common.ts";

/**
 * Copilot CLI's flat reply (reference/hosts.md §5): `permissionDecision`/`permissionDecisionReason`,
 * `modifiedResult {resultType, textResultForLlm}`, `additionalContext`.
 */
export const copilot: ReplyContract = {
  reply(_host, kind, decision): HostReply {
    if (decision.action === "deny" && kind === "pre-tool") return json({ permissionDecision: "deny", permissionDecisionReason: decision.reason });
    if (decision.action === "replace" && kind === "post-tool") {
      return json({ modifiedResult: { resultType: "success", textResultForLlm: decision.output } });
    }
    if (decision.action === "pass" && decision.context && kind !== "pre-compact") return json({ additionalContext: decision.context });
    return SILENT;
  },
};
