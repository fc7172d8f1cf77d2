import { sumStats, summarizeStats } from "../store/tool-stats.ts";
import { LIMITS } from "./collect.ts";
import type { DayTotal, Latency, ProjectData, Report, RouteRow, SourceTotals } from "./types.ts";

interface ReportMeta {
  title: string;
  allProjects: boolean;
  version: string;
  now: number;
}

/**
 * The page's model from one or more projects' data: sums per tool, day and route, the largest
 * sources and busiest sessions overall, percentiles over every project's timed calls, and the
 * journal of the session that wrote last.
 */
export function buildReport(parts: ProjectData[], meta: ReportMeta): Report {
  const tools = sumStats(parts.flatMap((p) => p.tools));
  // The session shown is the one that wrote last, in whichever project that was.
  const current = parts.filter((p) => p.timeline).sort((a, b) => b.timeline!.lastAt - a.timeline!.lastAt)[0];
  const timeline = current?.timeline;
  const sessionTools = current?.sessionTools ?? [];
  return {
    title: meta.title,
    allProjects: meta.allProjects,
    projects: parts.length,
    generatedAt: meta.now,
    version: meta.version,
    dbBytes: parts.reduce((n, p) => n + p.dbBytes, 0),
    totals: summarizeStats(meta.allProjects ? "all projects" : meta.title, tools),
    session: timeline && sessionTools.length ? summarizeStats(`session ${timeline.session}`, sessionTools) : undefined,
    days: fillDays(sumDays(parts.flatMap((p) => p.days))),
    sessions: parts
      .flatMap((p) => p.sessions.map((s) => ({ ...s, project: p.label })))
      .sort((a, b) => b.keptOut - a.keptOut || b.lastAt - a.lastAt)
      .slice(0, LIMITS.sessions),
    sources: sumSources(parts.map((p) => p.sources)),
    routes: sumRoutes(parts.flatMap((p) => p.routes)),
    latency: latencies(parts.map((p) => p.latencyMs)),
    timeline,
  };
}

function sumDays(rows: DayTotal[]): DayTotal[] {
  const by = new Map<string, DayTotal>();
  for (const r of rows) {
    const d = by.get(r.day) ?? { day: r.day, calls: 0, returned: 0, keptOut: 0 };
    by.set(r.day, { day: r.day, calls: d.calls + r.calls, returned: d.returned + r.returned, keptOut: d.keptOut + r.keptOut });
  }
  return [...by.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** Adds the quiet days between the first and the last, so the chart's x axis is time. */
function fillDays(rows: DayTotal[]): DayTotal[] {
  if (rows.length < 2) return rows;
  const by = new Map(rows.map((r) => [r.day, r]));
  const out: DayTotal[] = [];
  const last = rows[rows.length - 1]!.day;
  // Calendar arithmetic in UTC on the day strings themselves: no time zone or DST can skip a day.
  for (let t = Date.parse(`${rows[0]!.day}T00:00:00Z`); ; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push(by.get(day) ?? { day, calls: 0, returned: 0, keptOut: 0 });
    if (day >= last) break;
  }
  return out;
}

function sumSources(parts: SourceTotals[]): SourceTotals {
  return {
    count: parts.reduce((n, p) => n + p.count, 0),
    docs: parts.reduce((n, p) => n + p.docs, 0),
    bytes: parts.reduce((n, p) => n + p.bytes, 0),
    chunks: parts.reduce((n, p) => n + p.chunks, 0),
    top: parts
      .flatMap((p) => p.top)
      .sort((a, b) => b.bytes - a.bytes || a.label.localeCompare(b.label))
      .slice(0, LIMITS.sources),
  };
}

/** Route counts summed per (host, tool, rule, action), most frequent first. */
function sumRoutes(rows: RouteRow[]): RouteRow[] {
  const by = new Map<string, RouteRow>();
  for (const r of rows) {
    const key = JSON.stringify([r.host, r.tool, r.kind, r.action]);
    const prev = by.get(key);
    by.set(key, prev ? { ...prev, count: prev.count + r.count, lastAt: Math.max(prev.lastAt, r.lastAt) } : { ...r });
  }
  return [...by.values()].sort((a, b) => b.count - a.count || a.host.localeCompare(b.host) || a.tool.localeCompare(b.tool));
}

/** Percentiles per tool, ctx_search first (the latency users feel most), then by call count. */
function latencies(parts: Record<string, number[]>[]): Latency[] {
  const all = new Map<string, number[]>();
  for (const part of parts) for (const [tool, ms] of Object.entries(part)) all.set(tool, [...(all.get(tool) ?? []), ...ms]);
  return [...all.entries()]
    .map(([tool, ms]) => summarizeLatency(tool, ms))
    .sort((a, b) => Number(b.tool === "ctx_search") - Number(a.tool === "ctx_search") || b.count - a.count || a.tool.localeCompare(b.tool));
}

/** Nearest-rank percentiles: every figure is a latency that was actually measured. */
function summarizeLatency(tool: string, ms: number[]): Latency {
  const sorted = Float64Array.from(ms).sort();
  const at = (p: number) => (sorted.length ? sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]! : 0);
  return { tool, count: sorted.length, p50: at(0.5), p90: at(0.9), p95: at(0.95), p99: at(0.99), max: sorted.length ? sorted[sorted.length - 1]! : 0 };
}
