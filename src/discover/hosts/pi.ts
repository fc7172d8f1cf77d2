import { basename } from "node:path";
import { addContext, objectOf, str, textOf } from "../trace.ts";
import { readTranscript } from "../transcript.ts";
import type { SessionTrace } from "../types.ts";

/**
 * Pi: `~/.pi/agent/sessions/--<cwd>--/<time>_<id>.jsonl`. A `session` header (id, cwd), then
 * `message` records: assistant `toolCall` parts, `toolResult` messages the model read, user
 * messages; `custom_message` records are extension messages sent to the model (ctxmode's own).
 */
export function readPi(file: string): { traces: SessionTrace[]; bytes: number } {
  return readTranscript("pi", file, basename(file, ".jsonl").replace(/^.*_/, ""), (r, t) => {
    const { trace } = t;
    if (r.type === "session") {
      trace.session = str(r.id) || trace.session;
      trace.cwd = str(r.cwd) || trace.cwd;
    } else if (r.type === "custom_message") {
      addContext(trace, str(r.id) || `line${t.n}`, textOf(r.content));
    } else if (r.type === "message") {
      const m = objectOf(r.message);
      if (m.role === "assistant") {
        for (const part of Array.isArray(m.content) ? m.content : []) {
          const p = objectOf(part);
          if (p.type === "toolCall") t.call(str(p.id), str(p.name), objectOf(p.arguments));
        }
      } else if (m.role === "toolResult") {
        t.result(str(m.toolCallId), textOf(m.content), m.isError === true, str(m.toolName));
      } else if (m.role === "user") addContext(trace, str(r.id) || `line${t.n}`, textOf(m.content));
    } else if (typeof r.type !== "string") trace.skipped++;
  });
}
