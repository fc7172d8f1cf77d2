import type { ContextUsed } from "./context-used.ts";
import type { StatsSummary, ToolStat } from "../store/tool-stats.ts";

/** Calls and bytes of one local calendar day (`YYYY-MM-DD`). */
export interface DayTotal {
  day: string;
  calls: number;
  returned: number;
  keptOut: number;
}

export interface SessionTotal {
  session: string;
  host: string;
  calls: number;
  returned: number;
  keptOut: number;
  lastAt: number;
}

export interface SourceRow {
  label: string;
  origin: string;
  kind: string;
  bytes: number;
  chunks: number;
  indexedAt: number;
  /** The project the source belongs to (shown when the report covers several). */
  project: string;
}

export interface SourceTotals {
  /** Labelled sources; identical content under two labels is stored once (one doc). */
  count: number;
  docs: number;
  bytes: number;
  chunks: number;
  top: SourceRow[];
}

/** Schema 4's route_stats actions (src/store/schema.ts). */
export type RouteAction = "denied" | "passed" | "redirected";

export interface RouteRow {
  host: string;
  tool: string;
  /** The routing rule (`http`, `read` …) or `replace` for a redirected output. */
  kind: string;
  action: RouteAction;
  count: number;
  lastAt: number;
}

export interface TimelineRow {
  seq: number;
  at: number;
  type: string;
  priority: number;
  /** The row's data on one line, shortened. */
  text: string;
  hits: number;
  resolved: boolean;
}

/** A session's journal as the page shows it, with the last state block saved before compaction. */
export interface Timeline {
  project: string;
  session: string;
  host: string;
  startedAt: number;
  lastAt: number;
  /** Rows the session holds; `rows` are its latest ones. */
  total: number;
  rows: TimelineRow[];
  state: string;
  stateAt: number;
  /** The session the state block belongs to (another one when this session has none yet). */
  stateSession: string;
}

/** Everything read from one project database. */
export interface ProjectData {
  label: string;
  dbBytes: number;
  tools: ToolStat[];
  sessionTools: ToolStat[];
  days: DayTotal[];
  sessions: SessionTotal[];
  sources: SourceTotals;
  routes: RouteRow[];
  latencyMs: Record<string, number[]>;
  timeline?: Timeline;
}

/** Percentiles of one tool's server-side milliseconds (nearest rank). */
export interface Latency {
  tool: string;
  count: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

/** The page's model: one project, or every project merged. */
export interface Report {
  title: string;
  allProjects: boolean;
  projects: number;
  generatedAt: number;
  version: string;
  dbBytes: number;
  /** Equal to the matching scope of `ctxmode stats --json` (project, or all projects). */
  totals: StatsSummary;
  /** The journal's current session, when ctxmode's tools ran in it. */
  session?: StatsSummary;
  days: DayTotal[];
  sessions: (SessionTotal & { project: string })[];
  sources: SourceTotals;
  routes: RouteRow[];
  latency: Latency[];
  timeline?: Timeline;
  /** What the hosts' transcripts say reached the model (`ctxmode discover`); absent when not read. */
  contextUsed?: ContextUsed;
}
