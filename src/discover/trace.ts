import type { DiscoverHost, RecordedResult, SessionTrace } from "./types.ts";

/** An empty trace for one session of a host. */
export function newTrace(host: DiscoverHost, session: string, file: string): SessionTrace {
  return { host, session, cwd: "", file, startedAt: 0, endedAt: 0, results: new Map(), context: new Map(), ctxOffered: false, skipped: 0 };
}

/** Notes a record's time (ISO string or epoch milliseconds) in the session's span. */
export function seen(trace: SessionTrace, at: unknown): void {
  const ms = typeof at === "number" ? at : typeof at === "string" ? Date.parse(at) : Number.NaN;
  if (!Number.isFinite(ms) || ms <= 0) return;
  if (!trace.startedAt || ms < trace.startedAt) trace.startedAt = ms;
  if (ms > trace.endedAt) trace.endedAt = ms;
}

/** Records a result; a later record of the same call replaces the earlier one (hosts rewrite a call as it finishes). */
export function addResult(trace: SessionTrace, result: RecordedResult): void {
  trace.results.set(result.id, result);
}

/** Records context text under its record id; empty text is ignored. */
export function addContext(trace: SessionTrace, id: string, text: string): void {
  if (text) trace.context.set(id, text);
}

/** Pending tool calls by id: the name and input a later result belongs to. */
export type CallTable = Map<string, { tool: string; input: Record<string, unknown> }>;

/** Flattens message content (a string, text parts, nested `content`/`output`/`text`) into the text the model read. */
export function textOf(content: unknown): string {
  if (content == null) return "";
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map(textOf).join("\n");
  if (typeof content === "object") {
    const o = content as Record<string, unknown>;
    if (typeof o.text === "string") return o.text;
    if ("content" in o) return textOf(o.content);
    if ("output" in o) return textOf(o.output);
    return JSON.stringify(o);
  }
  return String(content);
}

/** A JSON object field as a record, else an empty one. */
export function objectOf(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Tool arguments recorded as a JSON string or an object. */
export function argsOf(value: unknown): Record<string, unknown> {
  if (typeof value === "string") {
    try {
      return objectOf(JSON.parse(value));
    } catch {
      return { input: value };
    }
  }
  return objectOf(value);
}

export function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}
