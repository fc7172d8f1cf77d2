import { transaction, type Database } from "./db.ts";

/** Calls and bytes of one tool: what reached the context and what was kept out of it. */
export interface ToolStat {
  tool: string;
  calls: number;
  returned: number;
  keptOut: number;
}

/**
 * Records one call: a `tool_calls` row (time, bytes, and the server's milliseconds when timed);
 * a trigger adds it to the session's `tool_stats` totals in the same statement.
 */
export function recordCall(db: Database, session: string, tool: string, returned: number, keptOut: number, ms?: number): void {
  db.prepare(`INSERT INTO tool_calls(at, session, tool, bytes_returned, bytes_kept_out, ms) VALUES ($now, $session, $tool, $returned, $kept, $ms)`).run({
    now: Date.now(),
    session,
    tool,
    returned,
    kept: keptOut,
    ms: ms === undefined ? null : Math.round(ms * 1000) / 1000,
  });
}

/** A tool call's counts, as recordCall takes them. */
export interface CallRecord {
  tool: string;
  returned: number;
  keptOut: number;
  ms?: number;
}

/** Records several calls of one session in one transaction. */
export function recordCalls(db: Database, session: string, calls: CallRecord[]): void {
  const write = () => {
    for (const c of calls) recordCall(db, session, c.tool, c.returned, c.keptOut, c.ms);
  };
  if (calls.length > 1) transaction(db, write);
  else write();
}

/** Per-tool totals for one session, or for every session when `session` is undefined. */
export function readStats(db: Database, session?: string): ToolStat[] {
  const where = session === undefined ? "" : "WHERE session = $session";
  return db
    .prepare<ToolStat>(
      `SELECT tool, SUM(calls) AS calls, SUM(bytes_returned) AS returned, SUM(bytes_kept_out) AS keptOut
       FROM tool_stats ${where} GROUP BY tool ORDER BY tool`,
    )
    .all(session === undefined ? undefined : { session })
    .map((r) => ({ tool: r.tool, calls: Number(r.calls), returned: Number(r.returned), keptOut: Number(r.keptOut) }));
}

/** Per-tool sums of rows from several sessions or databases, sorted by tool name (the order `ctxmode stats` prints). */
export function sumStats(rows: ToolStat[]): ToolStat[] {
  const by = new Map<string, ToolStat>();
  for (const r of rows) {
    const t = by.get(r.tool) ?? { tool: r.tool, calls: 0, returned: 0, keptOut: 0 };
    by.set(r.tool, { tool: r.tool, calls: t.calls + r.calls, returned: t.returned + r.returned, keptOut: t.keptOut + r.keptOut });
  }
  return [...by.values()].sort((a, b) => a.tool.localeCompare(b.tool));
}

/** Bytes per token for the estimate: the usual rule of thumb for English text and code. */
const BYTES_PER_TOKEN = 4;

/** Totals over a set of per-tool rows, as `ctxmode stats` and `ctxmode report` show them. */
export interface StatsSummary {
  label: string;
  tools: ToolStat[];
  calls: number;
  returned: number;
  keptOut: number;
  /** Kept out / (returned + kept out), one decimal. */
  keptOutPercent: number;
  tokensKeptOut: number;
}

/** The totals of `tools` under a label (`session …`, `project …`, `all projects`). */
export function summarizeStats(label: string, tools: ToolStat[]): StatsSummary {
  const calls = tools.reduce((n, r) => n + r.calls, 0);
  const returned = tools.reduce((n, r) => n + r.returned, 0);
  const keptOut = tools.reduce((n, r) => n + r.keptOut, 0);
  const keptOutPercent = returned + keptOut === 0 ? 0 : Math.round((1000 * keptOut) / (returned + keptOut)) / 10;
  return { label, tools, calls, returned, keptOut, keptOutPercent, tokensKeptOut: Math.round(keptOut / BYTES_PER_TOKEN) };
}
