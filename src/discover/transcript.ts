import { forEachRecord } from "./lines.ts";
import { isOwnTool } from "./tool-kind.ts";
import { addResult, type CallTable, newTrace, seen } from "./trace.ts";
import type { DiscoverHost, SessionTrace } from "./types.ts";

/** What a reader's record callback works with: its session's trace and the calls seen so far. */
export interface Transcript {
  trace: SessionTrace;
  /** Records read so far, the current one included (`line<n>` names a record without an id). */
  n: number;
  /** A tool call the model made; its result comes in a later record. */
  call(id: string, tool: string, input: Record<string, unknown>): void;
  /** The result the model read for call `id`; `tool` when the result record names it itself. */
  result(id: string, text: string, failed: boolean, tool?: string): void;
}

interface ReadOptions {
  /** Lines skipped unparsed by their opening bytes (forEachRecord). */
  ignore?: RegExp;
  /** Runs once the last record is read. */
  end?: (trace: SessionTrace) => void;
}

/**
 * One JSONL transcript read as one session of `host`: every record's time goes into the
 * session's span, unparseable lines count as skipped, and a file with no record is no session.
 */
export function readTranscript(
  host: DiscoverHost,
  file: string,
  session: string,
  onRecord: (record: Record<string, unknown>, t: Transcript) => void,
  options: ReadOptions = {},
): { traces: SessionTrace[]; bytes: number } {
  const trace = newTrace(host, session, file);
  const calls: CallTable = new Map();
  const t: Transcript = {
    trace,
    n: 0,
    call(id, tool, input) {
      calls.set(id, { tool, input });
      if (isOwnTool(host, tool)) trace.ctxOffered = true;
    },
    result(id, text, failed, tool) {
      const call = calls.get(id);
      addResult(trace, { id, tool: tool || call?.tool || "unknown", input: call?.input ?? {}, text, failed });
    },
  };
  const bytes = forEachRecord(
    file,
    (r) => {
      t.n++;
      seen(trace, r.timestamp);
      onRecord(r, t);
    },
    () => trace.skipped++,
    options.ignore,
  );
  options.end?.(trace);
  return { traces: t.n ? [trace] : [], bytes };
}
