import type { ReplyContract } from "../types.ts";

/**
 * The reply the in-process plugins (OpenCode, Pi) read from `ctxmode hook <host> <event>`:
 * `{"action":"deny","reason"}`, `{"action":"replace","output"}`, `{"context"}` or `{}`. The
 * plugin applies it the host's way (throw, mutate the output, push context).
 */
export const plugin: ReplyContract = {
  reply(_host, kind, decision) {
    if (decision.action === "deny" && kind === "pre-tool") return { stdout: JSON.stringify({ action: "deny", reason: decision.reason }), exitCode: 0 };
    if (decision.action === "replace" && kind === "post-tool") return { stdout: JSON.stringify({ action: "replace", output: decision.output }), exitCode: 0 };
    if (decision.action === "pass" && decision.context) return { stdout: JSON.stringify({ context: decision.context }), exitCode: 0 };
    return { stdout: "{}", exitCode: 0 };
  },
};
