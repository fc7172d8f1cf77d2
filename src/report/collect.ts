import { readStats } from "../store/tool-stats.ts";
import { oneLine } from "../session/events.ts";
import type { Database } from "../store/db.ts";
import type { DayTotal, ProjectData, RouteAction, RouteRow, SessionTotal, SourceRow, Timeline } from "./types.ts";

/** How much of each list one project contributes; the page shows at most this many rows. */
export const LIMITS = { sessions: 20, sources: 25, routes: 60, timeline: 400, textChars: 240 } as const;

/**
 * Reads everything the report shows from one project database, inside one read transaction so
 * the numbers agree with each other while a server keeps writing (WAL: the reader blocks no one).
 * Tables a database does not have yet (an older schema opened read-only) read as empty.
 */
export function collectProject(db: Database, label: string, options: { session: string; dbBytes: number }): ProjectData {
  const tables = new Set(
    db
      .prepare<{ name: string }>("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
      .all()
      .map((r) => r.name),
  );
  const has = (name: string) => tables.has(name);
  db.exec("BEGIN");
  try {
    const session = has("journal_sessions") ? currentSession(db, options.session) : options.session;
    return {
      label,
      dbBytes: options.dbBytes,
      tools: has("tool_stats") ? readStats(db) : [],
      sessionTools: has("tool_stats") && session ? readStats(db, session) : [],
      days: has("tool_calls") ? days(db) : [],
      sessions: has("tool_stats") ? sessions(db, has("journal_sessions")) : [],
      sources: has("sources") ? sources(db, label) : { count: 0, docs: 0, bytes: 0, chunks: 0, top: [] },
      routes: has("route_stats") ? routes(db) : [],
      latencyMs: has("tool_calls") ? latencies(db) : {},
      timeline: has("journal") && has("journal_sessions") && session ? timeline(db, session, label) : undefined,
    };
  } finally {
    db.exec("COMMIT");
  }
}

/** The given session when the journal knows it, else the session of this project that wrote last. */
function currentSession(db: Database, wanted: string): string {
  if (wanted && db.prepare("SELECT 1 AS x FROM journal_sessions WHERE session = $wanted").get({ wanted })) return wanted;
  return db.prepare<{ session: string }>("SELECT session FROM journal_sessions ORDER BY last_at DESC LIMIT 1").get()?.session ?? wanted;
}

/** Quarter hours: every time zone's offset is a multiple of one, so no bucket straddles a local midnight. */
const BUCKET_MS = 15 * 60_000;

/**
 * Calls and bytes per local calendar day, oldest first. SQLite sums quarter-hour buckets and the
 * days are named here: `date(…, 'localtime')` on every row took 5x as long on 100,000 rows.
 */
function days(db: Database): DayTotal[] {
  const by = new Map<string, DayTotal>();
  const buckets = db
    .prepare<{ bucket: number; calls: number; returned: number; keptOut: number }>(
      `SELECT at / ${BUCKET_MS} AS bucket, count(*) AS calls, sum(bytes_returned) AS returned, sum(bytes_kept_out) AS keptOut
       FROM tool_calls GROUP BY bucket`,
    )
    .all();
  for (const b of buckets) {
    const day = localDay(Number(b.bucket) * BUCKET_MS);
    const d = by.get(day) ?? { day, calls: 0, returned: 0, keptOut: 0 };
    by.set(day, { day, calls: d.calls + Number(b.calls), returned: d.returned + Number(b.returned), keptOut: d.keptOut + Number(b.keptOut) });
  }
  return [...by.values()].sort((a, b) => a.day.localeCompare(b.day));
}

function localDay(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

function sessions(db: Database, withHosts: boolean): SessionTotal[] {
  const host = withHosts ? "coalesce((SELECT host FROM journal_sessions j WHERE j.session = t.session), '')" : "''";
  return db
    .prepare<SessionTotal>(
      `SELECT session, ${host} AS host, sum(calls) AS calls, sum(bytes_returned) AS returned,
         sum(bytes_kept_out) AS keptOut, max(updated_at) AS lastAt
       FROM tool_stats t GROUP BY session ORDER BY keptOut DESC, lastAt DESC LIMIT $limit`,
    )
    .all({ limit: LIMITS.sessions })
    .map((r) => ({ ...r, calls: Number(r.calls), returned: Number(r.returned), keptOut: Number(r.keptOut), lastAt: Number(r.lastAt) }));
}

function sources(db: Database, project: string): ProjectData["sources"] {
  const totals = db
    .prepare<{ docs: number; bytes: number | null; chunks: number | null }>(
      "SELECT count(*) AS docs, sum(bytes) AS bytes, sum(chunk_count) AS chunks FROM docs",
    )
    .get();
  const count = Number(db.prepare<{ n: number }>("SELECT count(*) AS n FROM sources").get()?.n ?? 0);
  const top = db
    .prepare<SourceRow>(
      `SELECT s.label, s.origin, s.indexed_at AS indexedAt, d.kind, d.bytes, d.chunk_count AS chunks
       FROM sources s JOIN docs d ON d.id = s.doc_id ORDER BY d.bytes DESC, s.label LIMIT $limit`,
    )
    .all({ limit: LIMITS.sources })
    .map((r) => ({ ...r, bytes: Number(r.bytes), chunks: Number(r.chunks), indexedAt: Number(r.indexedAt), project }));
  return { count, docs: Number(totals?.docs ?? 0), bytes: Number(totals?.bytes ?? 0), chunks: Number(totals?.chunks ?? 0), top };
}

function routes(db: Database): RouteRow[] {
  return db
    .prepare<RouteRow>("SELECT host, tool, kind, action, count, last_at AS lastAt FROM route_stats")
    .all()
    .map((r) => ({ ...r, action: r.action as RouteAction, count: Number(r.count), lastAt: Number(r.lastAt) }));
}

/** Every timed call's milliseconds, per tool (percentiles are taken after projects are merged). */
function latencies(db: Database): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const r of db.prepare<{ tool: string; ms: number }>("SELECT tool, ms FROM tool_calls WHERE ms IS NOT NULL").all()) {
    (out[r.tool] ??= []).push(Number(r.ms));
  }
  return out;
}

/** The session's journal (its last LIMITS.timeline rows) and the latest state block, preferring the session's own. */
function timeline(db: Database, session: string, project: string): Timeline | undefined {
  const meta = db
    .prepare<{ host: string; startedAt: number; lastAt: number }>(
      "SELECT host, started_at AS startedAt, last_at AS lastAt FROM journal_sessions WHERE session = $session",
    )
    .get({ session });
  if (!meta) return undefined;
  const total = Number(db.prepare<{ n: number }>("SELECT count(*) AS n FROM journal WHERE session = $session").get({ session })?.n ?? 0);
  const rows = db
    .prepare<{ seq: number; at: number; type: string; priority: number; data: string; hits: number; resolved: number }>(
      `SELECT * FROM (SELECT seq, at, type, priority, data, hits, resolved FROM journal WHERE session = $session
       ORDER BY at DESC, seq DESC LIMIT $limit) ORDER BY at ASC, seq ASC`,
    )
    .all({ session, limit: LIMITS.timeline })
    .map((r) => ({
      seq: Number(r.seq),
      at: Number(r.at),
      type: r.type,
      priority: Number(r.priority),
      text: oneLine(r.data, LIMITS.textChars),
      hits: Number(r.hits),
      resolved: Number(r.resolved) === 1,
    }));
  const state = db
    .prepare<{ session: string; state: string; stateAt: number }>(
      `SELECT session, state, state_at AS stateAt FROM journal_sessions WHERE state != ''
       ORDER BY session = $session DESC, state_at DESC LIMIT 1`,
    )
    .get({ session });
  return {
    project,
    session,
    host: meta.host,
    startedAt: Number(meta.startedAt),
    lastAt: Number(meta.lastAt),
    total,
    rows,
    state: state?.state ?? "",
    stateAt: Number(state?.stateAt ?? 0),
    stateSession: state?.session ?? "",
  };
}
