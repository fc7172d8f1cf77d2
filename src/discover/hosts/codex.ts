import { basename } from "node:path";
import { addContext, argsOf, objectOf, str, textOf } from "../trace.ts";
import { readTranscript } from "../transcript.ts";
import type { SessionTrace } from "../types.ts";

/**
 * Codex CLI: `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`. `response_item`
 * records are the conversation as sent to the model (`function_call`, `custom_tool_call` and
 * their `*_output`, developer and user messages).
 */
/** Events and usage records: what the model read is in the `response_item` records. */
const IGNORE = /^\{"timestamp":"[^"]*",(?:"ordinal":\d+,)?"type":"(?:event_msg|token_usage_record|world_state)"/;

export function readCodex(file: string): { traces: SessionTrace[]; bytes: number } {
  const session = basename(file, ".jsonl").replace(/^rollout-[\dT:-]+?-(?=[0-9a-f]{8}-)/, "");
  return readTranscript(
    "codex",
    file,
    session,
    (r, t) => {
      const { trace } = t;
      const p = objectOf(r.payload);
      if (r.type === "session_meta") {
        trace.session = str(p.id) || trace.session;
        trace.cwd = str(p.cwd) || trace.cwd;
      } else if (r.type === "turn_context") {
        if (!trace.cwd) trace.cwd = str(p.cwd);
      } else if (r.type === "response_item") {
        const kind = p.type;
        if (kind === "function_call" || kind === "custom_tool_call" || kind === "local_shell_call") {
          const name = p.namespace ? `${str(p.namespace)}__${str(p.name)}` : str(p.name) || "local_shell";
          t.call(str(p.call_id), name, kind === "custom_tool_call" ? { input: str(p.input) } : argsOf(p.arguments ?? p.action));
        } else if (kind === "function_call_output" || kind === "custom_tool_call_output") {
          const output = objectOf(p.output);
          const text = typeof p.output === "string" || Array.isArray(p.output) ? textOf(p.output) : textOf(output.content ?? output);
          t.result(str(p.call_id), text, output.success === false);
        } else if (kind === "message" && p.role !== "assistant") {
          addContext(trace, str(p.id) || `line${t.n}`, textOf(p.content));
        } else if (kind !== "message" && kind !== "reasoning") trace.skipped++;
      }
    },
    { ignore: IGNORE },
  );
}
