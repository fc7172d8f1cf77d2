import { basename } from "node:path";
import { addContext, objectOf, str, textOf } from "../trace.ts";
import { readTranscript } from "../transcript.ts";
import type { SessionTrace } from "../types.ts";

/**
 * Qwen Code: `~/.qwen/projects/<project>/chats/<session>.jsonl`. `assistant` records carry
 * `functionCall` parts, `tool_result` records the `functionResponse` the model read, `user`
 * records the prompt; `system` records are telemetry and never reach the model.
 */
export function readQwenCode(file: string): { traces: SessionTrace[]; bytes: number } {
  return readTranscript("qwen-code", file, basename(file, ".jsonl"), (r, t) => {
    const { trace } = t;
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
        t.call(str(c.id), str(c.name), objectOf(c.args));
      } else if (p.functionResponse) {
        const fr = objectOf(p.functionResponse);
        const response = objectOf(fr.response);
        const failed = response.error !== undefined && response.output === undefined;
        t.result(str(fr.id), failed ? textOf(response.error) : textOf(response.output ?? response), failed, str(fr.name));
      } else if (typeof p.text === "string" && r.type === "user") texts.push(p.text);
    }
    addContext(trace, str(r.uuid) || `line${t.n}`, texts.join("\n"));
  });
}
