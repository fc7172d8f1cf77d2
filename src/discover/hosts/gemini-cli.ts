import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { forEachRecord } from "../lines.ts";
import { addContext, addResult, newTrace, objectOf, seen, str, textOf } from "../trace.ts";
import type { DiscoverHost, SessionTrace } from "../types.ts";
import { isOwnTool } from "../tool-kind.ts";

/**
 * Gemini CLI: `~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl` (a header line, then
 * messages, rewritten in place by later lines with the same id, and `$set` patches), or one
 * `session-….json` document in older versions. Tool results are `functionResponse` parts; the
 * project's path is in `<project>/.project_root`. Qwen Code keeps the same part shapes.
 */
export function readGeminiCli(file: string): { traces: SessionTrace[]; bytes: number } {
  const trace = newTrace("gemini-cli", basename(file).replace(/\.jsonl?$/, ""), file);
  trace.cwd = projectRoot(file);
  if (file.endsWith(".json")) {
    const text = readFileSync(file, "utf8");
    try {
      const doc = objectOf(JSON.parse(text));
      header(trace, doc);
      for (const m of Array.isArray(doc.messages) ? doc.messages : []) message(trace, "gemini-cli", objectOf(m));
    } catch {
      trace.skipped++;
    }
    return { traces: [trace], bytes: Buffer.byteLength(text) };
  }
  let n = 0;
  const bytes = forEachRecord(
    file,
    (r) => {
      n++;
      if (r.$set) {
        const set = objectOf(r.$set);
        for (const m of Array.isArray(set.messages) ? set.messages : []) message(trace, "gemini-cli", objectOf(m));
      } else if (r.sessionId && !r.type) header(trace, r);
      else if (typeof r.type === "string") message(trace, "gemini-cli", r);
      else trace.skipped++;
    },
    () => trace.skipped++,
  );
  return { traces: n ? [trace] : [], bytes };
}

function header(trace: SessionTrace, r: Record<string, unknown>): void {
  trace.session = str(r.sessionId) || trace.session;
  seen(trace, r.startTime);
}

/** One chat message: user text and function responses, model tool calls with their results. */
function message(trace: SessionTrace, host: DiscoverHost, m: Record<string, unknown>): void {
  seen(trace, m.timestamp);
  const id = str(m.id);
  if (m.type === "user") {
    const texts: string[] = [];
    for (const part of Array.isArray(m.content) ? m.content : [m.content]) {
      const p = objectOf(part);
      if (p.functionResponse) functionResponse(trace, host, objectOf(p.functionResponse), {});
      else if (typeof part === "string") texts.push(part);
      else if (typeof p.text === "string") texts.push(p.text);
    }
    addContext(trace, id, texts.join("\n"));
  } else if (m.type === "gemini") {
    for (const call of Array.isArray(m.toolCalls) ? m.toolCalls : []) {
      const c = objectOf(call);
      if (isOwnTool(host, str(c.name))) trace.ctxOffered = true;
      for (const part of Array.isArray(c.result) ? c.result : []) {
        const fr = objectOf(objectOf(part).functionResponse);
        if (fr.id || fr.name) functionResponse(trace, host, fr, objectOf(c.args));
      }
    }
  }
}

/** A `functionResponse` part: the model reads its `output`, or its `error` when the call failed or was denied. */
export function functionResponse(trace: SessionTrace, host: DiscoverHost, fr: Record<string, unknown>, args: Record<string, unknown>): void {
  const id = str(fr.id);
  const response = objectOf(fr.response);
  const failed = response.error !== undefined && response.output === undefined;
  const text = failed ? textOf(response.error) : textOf(response.output ?? response);
  const before = trace.results.get(id);
  const input = Object.keys(args).length ? args : (before?.input ?? {});
  if (isOwnTool(host, str(fr.name))) trace.ctxOffered = true;
  addResult(trace, { id, tool: str(fr.name), input, text, failed });
}

/** `<project dir>/.project_root` holds the project's path; else the folder name is all there is. */
function projectRoot(file: string): string {
  const dir = dirname(dirname(file));
  try {
    return readFileSync(join(dir, ".project_root"), "utf8").trim();
  } catch {
    return "";
  }
}
