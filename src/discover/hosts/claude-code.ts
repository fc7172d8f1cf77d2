import { basename } from "node:path";
import { addContext, objectOf, str, textOf } from "../trace.ts";
import { readTranscript } from "../transcript.ts";
import type { SessionTrace } from "../types.ts";
import { isOwnTool } from "../tool-kind.ts";

/**
 * Claude Code: `<config>/projects/<project>/<session>.jsonl`, one record per line. `assistant`
 * records carry `tool_use` blocks, `user` records the `tool_result` blocks the model read (a
 * replaced output is already the replacement there), attachments with `rendered` text are what
 * hooks, instruction files and skill listings added, and `api-request-shape` holds the tool list
 * (deferred tools, ctxmode's among them, are only named there until loaded).
 */
/** Records that never reach the model's context as counted here: request blobs, prompt snapshots, bookkeeping. */
const IGNORE =
  /^\{"type":"(?:api-request-blob|api-request|queue-operation|last-prompt|atis-latch|tools-used|cost-state)"|"attachment":\{"type":"prompt_snapshot"/;

export function readClaudeCode(file: string): { traces: SessionTrace[]; bytes: number } {
  let shapes = 0;
  let deferred = 0;
  return readTranscript(
    "claude-code",
    file,
    basename(file, ".jsonl"),
    (r, t) => {
      const { trace } = t;
      const type = r.type;
      if (typeof r.sessionId === "string" && r.sessionId) trace.session = r.sessionId;
      if (!trace.cwd && typeof r.cwd === "string") trace.cwd = r.cwd;
      const message = objectOf(r.message);
      if (type === "assistant") {
        for (const block of Array.isArray(message.content) ? message.content : []) {
          const b = objectOf(block);
          if (b.type === "tool_use") t.call(str(b.id), str(b.name), objectOf(b.input));
        }
      } else if (type === "user") {
        const id = str(r.uuid) || `line${t.n}`;
        if (typeof message.content === "string") return addContext(trace, id, message.content);
        if (!Array.isArray(message.content)) return void trace.skipped++;
        const texts: string[] = [];
        for (const block of message.content) {
          const b = objectOf(block);
          if (b.type === "tool_result") t.result(str(b.tool_use_id), textOf(b.content), b.is_error === true);
          else if (b.type === "text") texts.push(str(b.text));
        }
        addContext(trace, id, texts.join("\n"));
      } else if (type === "attachment") {
        const attachment = objectOf(r.attachment);
        if (attachment.type === "deferred_tools_delta" && Array.isArray(attachment.addedNames)) {
          for (const name of attachment.addedNames) if (isOwnTool("claude-code", str(name))) deferred += Buffer.byteLength(str(name)) + 1;
          if (deferred) trace.ctxOffered = true;
        }
        if (Array.isArray(r.rendered)) addContext(trace, str(r.uuid) || `line${t.n}`, r.rendered.map((x) => textOf(objectOf(x).content)).join("\n"));
      } else if (type === "api-request-shape") {
        const tools = objectOf(r.shape).tools;
        if (!Array.isArray(tools)) return;
        shapes++;
        let own = 0;
        for (const tool of tools) if (isOwnTool("claude-code", str(objectOf(tool).name))) own += Buffer.byteLength(JSON.stringify(tool));
        if (own) {
          trace.ctxOffered = true;
          trace.toolListBytes = Math.max(trace.toolListBytes ?? 0, own);
        }
      } else if (typeof type !== "string") trace.skipped++;
    },
    {
      ignore: IGNORE,
      // Deferred tools cost only their names until the model loads one (then its schema is in a shape).
      end: (trace) => {
        if (trace.toolListBytes === undefined && shapes && deferred) trace.toolListBytes = deferred;
      },
    },
  );
}
