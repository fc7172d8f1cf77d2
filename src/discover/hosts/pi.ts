import { basename } from "node:path";
import { forEachRecord } from "../lines.ts";
import { addContext, addResult, type CallTable, newTrace, objectOf, seen, str, textOf } from "../trace.ts";
import type { SessionTrace } from "../types.ts";
import { isOwnTool } from "../tool-kind.ts";

/**
 * Pi: `~/.pi/agent/sessions/--<cwd>--/<time>_<id>.jsonl`. A `session` header (id, cwd), then
 * `message` records: assistant `toolCall` parts, `toolResult` messages the model read, user
 * messages; `custom_message` records are extension messages sent to the model (ctxmode's own).
 */
export function readPi(file: string): { traces: SessionTrace[]; bytes: number } {
  const trace = newTrace("pi", basename(file, ".jsonl").replace(/^.*_/, ""), file);
  const calls: CallTable = new Map();
  let n = 0;
  const bytes = forEachRecord(
    file,
    (r) => {
      n++;
      seen(trace, r.timestamp);
      if (r.type === "session") {
        trace.session = str(r.id) || trace.session;
        trace.cwd = str(r.cwd) || trace.cwd;
      } else if (r.type === "custom_message") {
        addContext(trace, str(r.id) || `line${n}`, textOf(r.content));
      } else if (r.type === "message") {
        const m = objectOf(r.message);
        if (m.role === "assistant") {
          for (const part of Array.isArray(m.content) ? m.content : []) {
            const p = objectOf(part);
            if (p.type !== "toolCall") continue;
            calls.set(str(p.id), { tool: str(p.name), input: objectOf(p.arguments) });
            if (isOwnTool("pi", str(p.name))) trace.ctxOffered = true;
          }
        } else if (m.role === "toolResult") {
          const id = str(m.toolCallId);
          const call = calls.get(id);
          addResult(trace, {
            id,
            tool: str(m.toolName) || call?.tool || "unknown",
            input: call?.input ?? {},
            text: textOf(m.content),
            failed: m.isError === true,
          });
        } else if (m.role === "user") addContext(trace, str(r.id) || `line${n}`, textOf(m.content));
      } else if (typeof r.type !== "string") trace.skipped++;
    },
    () => trace.skipped++,
  );
  return { traces: n ? [trace] : [], bytes };
}
