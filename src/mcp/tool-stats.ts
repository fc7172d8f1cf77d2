import type { Database } from "../store/db.ts";

/** Calls and bytes of one tool: what reached the context and what was kept out of it. */
export interface ToolStat {
  tool: string;
  calls: number;
  returned: number;
  keptOut: number;
}

/** Adds one call to the session's row for `tool` in `tool_stats` (one short write). */
export function recordCall(db: Database, session: string, tool: string, returned: number, keptOut: number): void {
  db.prepare(
    `INSERT INTO tool_stats(session, tool, calls, bytes_returned, bytes_kept_out, updated_at)
     VALUES ($session, $tool, 1, $returned, $kept, $now)
     ON CONFLICT(session, tool) DO UPDATE SET calls = calls + 1, bytes_returned = bytes_returned + $returned,
       bytes_kept_out = bytes_kept_out + $kept, updated_at = $now`,
  ).run({ session, tool, returned, kept: keptOut, now: Date.now() });
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
