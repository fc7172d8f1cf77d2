import { basename } from "node:path";
import { forEachRecord } from "../lines.ts";
import { addContext, addResult, argsOf, type CallTable, newTrace, objectOf, seen, str, textOf } from "../trace.ts";
import type { SessionTrace } from "../types.ts";
import { isOwnTool } from "../tool-kind.ts";

/**
 * Codex CLI: `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`. `response_item`
 * records are the conversation as sent to the model (`function_call`, `custom_tool_call` and
 * their `*_output`, developer and user messages).
 */
/** Events and usage records: what the model read is in the `response_item` records. */
const IGNORE = /^\{"timestamp":"[^"]*",(?:"ordinal":\d+,)?"type":"(?:event_msg|token_usage_record|world_state)"/;

export function readCodex(file: string): { traces: SessionTrace[]; bytes: number } {
  const trace = newTrace("codex", basename(file, ".jsonl").replace(/^rollout-[\dT:-]+?-(?=[0-9a-f]{8}-)/, ""), file);
  const calls: CallTable = new Map();
  let n = 0;
  const bytes = forEachRecord(
    file,
    (r) => {
      n++;
      seen(trace, r.timestamp);
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
          calls.set(str(p.call_id), { tool: name, input: kind === "custom_tool_call" ? { input: str(p.input) } : argsOf(p.arguments ?? p.action) });
          if (isOwnTool("codex", name)) trace.ctxOffered = true;
        } else if (kind === "function_call_output" || kind === "custom_tool_call_output") {
          const id = str(p.call_id);
          const call = calls.get(id);
          const output = objectOf(p.output);
          const text = typeof p.output === "string" || Array.isArray(p.output) ? textOf(p.output) : textOf(output.content ?? output);
          addResult(trace, { id, tool: call?.tool ?? "unknown", input: call?.input ?? {}, text, failed: output.success === false });
        } else if (kind === "message" && p.role !== "assistant") {
          addContext(trace, str(p.id) || `line${n}`, textOf(p.content));
        } else if (kind !== "message" && kind !== "reasoning") trace.skipped++;
      }
    },
    () => trace.skipped++,
    IGNORE,
  );
  return { traces: n ? [trace] : [], bytes };
}
