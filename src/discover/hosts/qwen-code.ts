import { basename } from "node:path";
import { forEachRecord } from "../lines.ts";
import { addContext, addResult, type CallTable, newTrace, objectOf, seen, str, textOf } from "../trace.ts";
import type { SessionTrace } from "../types.ts";
import { isOwnTool } from "../tool-kind.ts";

/**
 * Qwen Code: `~/.qwen/projects/<project>/chats/<session>.jsonl`. `assistant` records carry
 * `functionCall` parts, `tool_result` records the `functionResponse` the model read, `user`
 * records the prompt; `system` records are telemetry and never reach the model.
 */
export function readQwenCode(file: string): { traces: SessionTrace[]; bytes: number } {
  const trace = newTrace("qwen-code", basename(file, ".jsonl"), file);
  const calls: CallTable = new Map();
  let n = 0;
  const bytes = forEachRecord(
    file,
    (r) => {
      n++;
      seen(trace, r.timestamp);
      if (typeof r.sessionId === "string" && r.sessionId) trace.session = r.sessionId;
      if (!trace.cwd && typeof r.cwd === "string") trace.cwd = r.cwd;
      const parts = objectOf(r.message).parts;
      if (r.type === "system") return;
      if (!Array.isArray(parts)) return void trace.skipped++;
      const texts: string[] = [];
      for (const part of parts) {
        const p = objectOf(part);
        if (p.functionCall) {
          const c = objectOf(p.functionCall);
          calls.set(str(c.id), { tool: str(c.name), input: objectOf(c.args) });
          if (isOwnTool("qwen-code", str(c.name))) trace.ctxOffered = true;
        } else if (p.functionResponse) {
          const fr = objectOf(p.functionResponse);
          const id = str(fr.id);
          const response = objectOf(fr.response);
          const failed = response.error !== undefined && response.output === undefined;
          const call = calls.get(id);
          addResult(trace, {
            id,
            tool: str(fr.name) || call?.tool || "unknown",
            input: call?.input ?? {},
            text: failed ? textOf(response.error) : textOf(response.output ?? response),
            failed,
          });
        } else if (typeof p.text === "string" && r.type === "user") texts.push(p.text);
      }
      addContext(trace, str(r.uuid) || `line${n}`, texts.join("\n"));
    },
    () => trace.skipped++,
  );
  return { traces: n ? [trace] : [], bytes };
}
