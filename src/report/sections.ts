import { CHART_DAYS, dayChart, timelineStrip } from "./charts.ts";
import { LIMITS } from "./collect.ts";
import { bytes, clock, count, dateTime, esc, ms, percent } from "./format.ts";
import type { Report, RouteAction } from "./types.ts";

interface Column {
  label: string;
  numeric?: boolean;
}

/** A table with a caption and column headers; `rows` are ready `<tr>` strings. Wide tables scroll. */
function table(caption: string, columns: Column[], rows: string[]): string {
  const head = columns.map((c) => `<th scope="col"${c.numeric ? ' class="n"' : ""}>${esc(c.label)}</th>`).join("");
  return `<div class="scroll"><table><caption>${esc(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
}

/** A numeric cell whose exact value rides along in `data-value` (tests and scripts read it). */
function num(field: string, value: number, shown: string): string {
  return `<td class="n" data-field="${field}" data-value="${value}" title="${esc(count(value))}">${esc(shown)}</td>`;
}

function section(id: string, title: string, body: string): string {
  return `<section aria-labelledby="${id}-h"><h2 id="${id}-h">${esc(title)}</h2>${body}</section>`;
}

function card(stat: string, label: string, value: number, shown: string, note: string): string {
  return `<div><dt>${esc(label)}</dt><dd data-stat="${stat}" data-value="${value}">${esc(shown)}<small>${esc(note)}</small></dd></div>`;
}

const ACTIONS: RouteAction[] = ["denied", "redirected", "passed"];

export function summaryCards(r: Report): string {
  const t = r.totals;
  const routes = Object.fromEntries(ACTIONS.map((a) => [a, r.routes.filter((x) => x.action === a).reduce((n, x) => n + x.count, 0)]));
  const decisions = ACTIONS.reduce((n, a) => n + routes[a]!, 0);
  const search = r.latency.find((l) => l.tool === "ctx_search");
  return `<dl class="cards">${[
    card("keptOut", "Kept out of the context", t.keptOut, bytes(t.keptOut), `${t.keptOutPercent}% of ${bytes(t.keptOut + t.returned)}`),
    card("tokensKeptOut", "Tokens kept out (≈ bytes / 4)", t.tokensKeptOut, count(t.tokensKeptOut), "estimate"),
    card("returned", "Reached the context", t.returned, bytes(t.returned), "ctx tool replies"),
    card("calls", "ctx tool calls", t.calls, count(t.calls), r.session ? `${count(r.session.calls)} in the current session` : "all sessions"),
    card("indexedBytes", "Indexed", r.sources.bytes, bytes(r.sources.bytes), `${count(r.sources.count)} sources, ${count(r.sources.chunks)} chunks`),
    card("routingDecisions", "Routing decisions", decisions, count(decisions), ACTIONS.map((a) => `${a} ${count(routes[a]!)}`).join(" · ")),
    card(
      "searchP50",
      "Search latency p50",
      search?.p50 ?? 0,
      search ? ms(search.p50) : "—",
      search ? `p95 ${ms(search.p95)} over ${count(search.count)} searches` : "no timed searches yet",
    ),
  ].join("")}</dl>`;
}

export function daysSection(r: Report): string {
  if (r.days.length === 0) {
    return section("days", "Kept out over time", `<p>No timed calls yet: each ctx tool call adds to its day here.</p>`);
  }
  const legend = `<ul class="legend"><li style="--swatch: var(--kept)">kept out</li><li style="--swatch: var(--returned)">returned to the context</li></ul>`;
  const note = r.days.length > CHART_DAYS ? `<p>The chart shows the latest ${CHART_DAYS} days; the table has all ${r.days.length}.</p>` : "";
  const rows = [...r.days]
    .reverse()
    .filter((d) => d.calls > 0)
    .map(
      (d) =>
        `<tr data-day="${d.day}"><th scope="row">${d.day}</th>${num("calls", d.calls, count(d.calls))}${num("returned", d.returned, bytes(d.returned))}${num("keptOut", d.keptOut, bytes(d.keptOut))}</tr>`,
    );
  const body =
    `<p>Bytes per local day. Days before this version recorded each call show only in the totals.</p>${legend}${dayChart(r.days, "chart-days")}${note}` +
    `<details><summary>Per-day numbers</summary>${table("Calls and bytes per day, latest first", [{ label: "Day" }, { label: "Calls", numeric: true }, { label: "Returned", numeric: true }, { label: "Kept out", numeric: true }], rows)}</details>`;
  return section("days", "Kept out over time", body);
}

export function toolsSection(r: Report): string {
  if (r.totals.tools.length === 0) return section("tools", "Per tool", "<p>No ctx tool calls yet.</p>");
  const rows = [...r.totals.tools]
    .sort((a, b) => b.keptOut - a.keptOut || a.tool.localeCompare(b.tool))
    .map((t) => {
      const total = t.keptOut + t.returned;
      const share = total === 0 ? 0 : (100 * t.keptOut) / total;
      return (
        `<tr data-tool="${esc(t.tool)}"><th scope="row" class="mono">${esc(t.tool)}</th>${num("calls", t.calls, count(t.calls))}` +
        `${num("returned", t.returned, bytes(t.returned))}${num("keptOut", t.keptOut, bytes(t.keptOut))}` +
        `<td class="n">${percent(t.keptOut, total)}</td><td aria-hidden="true"><span class="bar"><span style="width:${share.toFixed(1)}%"></span></span></td></tr>`
      );
    });
  const cols = [
    { label: "Tool" },
    { label: "Calls", numeric: true },
    { label: "Returned", numeric: true },
    { label: "Kept out", numeric: true },
    { label: "Kept out %", numeric: true },
    { label: "Share" },
  ];
  return section(
    "tools",
    "Per tool",
    `<p><code>hook:*</code> rows are host tool outputs a hook indexed and replaced.</p>${table("Bytes per tool, most kept out first (same numbers as ctxmode stats)", cols, rows)}`,
  );
}

export function sessionsSection(r: Report): string {
  if (r.sessions.length === 0) return section("sessions", "Per session", "<p>No sessions with ctx tool calls yet.</p>");
  const rows = r.sessions.map(
    (s) =>
      `<tr><th scope="row" class="mono">${esc(s.session)}</th><td>${esc(s.host || "—")}</td>${r.allProjects ? `<td class="text">${esc(s.project)}</td>` : ""}` +
      `${num("calls", s.calls, count(s.calls))}${num("returned", s.returned, bytes(s.returned))}${num("keptOut", s.keptOut, bytes(s.keptOut))}<td class="n">${dateTime(s.lastAt)}</td></tr>`,
  );
  const cols = [
    { label: "Session" },
    { label: "Host" },
    ...(r.allProjects ? [{ label: "Project" }] : []),
    { label: "Calls", numeric: true },
    { label: "Returned", numeric: true },
    { label: "Kept out", numeric: true },
    { label: "Last call", numeric: true },
  ];
  return section("sessions", "Per session", table(`The ${r.sessions.length} sessions that kept out the most`, cols, rows));
}

export function sourcesSection(r: Report): string {
  const s = r.sources;
  if (s.count === 0) return section("sources", "Indexed sources", "<p>Nothing indexed yet.</p>");
  const rows = s.top.map(
    (x) =>
      `<tr><th scope="row" class="mono text" title="${esc(x.origin)}">${esc(x.label)}</th><td>${esc(x.kind)}</td>${r.allProjects ? `<td class="text">${esc(x.project)}</td>` : ""}` +
      `${num("bytes", x.bytes, bytes(x.bytes))}${num("chunks", x.chunks, count(x.chunks))}<td class="n">${dateTime(x.indexedAt)}</td></tr>`,
  );
  const cols = [
    { label: "Source" },
    { label: "Kind" },
    ...(r.allProjects ? [{ label: "Project" }] : []),
    { label: "Size", numeric: true },
    { label: "Chunks", numeric: true },
    { label: "Indexed", numeric: true },
  ];
  const intro = `<p>${count(s.count)} sources (${count(s.docs)} distinct documents), ${bytes(s.bytes)} in ${count(s.chunks)} chunks; database files ${bytes(r.dbBytes)}.</p>`;
  return section("sources", "Indexed sources", intro + table(`The ${s.top.length} largest sources`, cols, rows));
}

export function routesSection(r: Report): string {
  const intro =
    "<p><strong>denied</strong>: a hook stopped a wasteful call and named the ctx_* call to make instead; " +
    "<strong>redirected</strong>: a hook indexed a big output and gave the model a pointer; " +
    "<strong>passed</strong>: a rule matched but ctxmode's tools were out of reach, so the call ran.</p>";
  if (r.routes.length === 0) return section("routes", "Routing decisions", `${intro}<p>No routing decisions recorded yet.</p>`);
  const groups = new Map<string, { host: string; tool: string; kind: string; counts: Record<RouteAction, number> }>();
  for (const x of r.routes) {
    const key = JSON.stringify([x.host, x.tool, x.kind]);
    const g = groups.get(key) ?? { host: x.host, tool: x.tool, kind: x.kind, counts: { denied: 0, redirected: 0, passed: 0 } };
    g.counts[x.action] += x.count;
    groups.set(key, g);
  }
  const total = (g: { counts: Record<RouteAction, number> }) => ACTIONS.reduce((n, a) => n + g.counts[a], 0);
  const sorted = [...groups.values()].sort((a, b) => total(b) - total(a));
  const rows = sorted
    .slice(0, LIMITS.routes)
    .map(
      (g) =>
        `<tr data-route="${esc(`${g.host}/${g.tool}/${g.kind}`)}"><th scope="row">${esc(g.host || "—")}</th><td class="mono">${esc(g.tool)}</td><td>${esc(g.kind)}</td>` +
        ACTIONS.map((a) => num(a, g.counts[a], count(g.counts[a]))).join("") +
        "</tr>",
    );
  const cols = [{ label: "Host" }, { label: "Tool" }, { label: "Rule" }, ...ACTIONS.map((a) => ({ label: a[0]!.toUpperCase() + a.slice(1), numeric: true }))];
  const more = sorted.length > LIMITS.routes ? `<p>${sorted.length - LIMITS.routes} rarer combinations not shown.</p>` : "";
  return section("routes", "Routing decisions", intro + table("Decisions by host, tool and rule, most frequent first", cols, rows) + more);
}

export function latencySection(r: Report): string {
  const intro = "<p>Server-side time of each ctx tool call, from request to reply, as the MCP server recorded it.</p>";
  if (r.latency.length === 0) return section("latency", "Latency", `${intro}<p>No timed calls yet.</p>`);
  const rows = r.latency.map(
    (l) =>
      `<tr data-latency="${esc(l.tool)}"><th scope="row" class="mono">${esc(l.tool)}</th>${num("count", l.count, count(l.count))}` +
      (["p50", "p90", "p95", "p99", "max"] as const).map((k) => num(k, l[k], ms(l[k]))).join("") +
      "</tr>",
  );
  const cols = [{ label: "Tool" }, { label: "Calls", numeric: true }, ...["p50", "p90", "p95", "p99", "max"].map((label) => ({ label, numeric: true }))];
  return section("latency", "Latency", intro + table("Percentiles per tool, ctx_search first", cols, rows));
}

export function journalSection(r: Report): string {
  const t = r.timeline;
  if (!t) return section("journal", "Session journal", "<p>No session journal yet: hooks write it as an agent works.</p>");
  const shown = t.rows.length < t.total ? `the latest ${count(t.rows.length)} of ${count(t.total)} rows` : `${count(t.total)} rows`;
  const head =
    `<p>Session <code>${esc(t.session)}</code>${t.host ? ` (${esc(t.host)})` : ""}${r.allProjects ? ` in ${esc(t.project)}` : ""}, ` +
    `${dateTime(t.startedAt)} to ${dateTime(t.lastAt)}: ${shown}.</p>`;
  const state = t.state
    ? `<h3>Last state block</h3><p>Saved ${dateTime(t.stateAt)}${t.stateSession !== t.session ? ` by session <code>${esc(t.stateSession)}</code>` : ""}; injected after compaction.</p><pre class="state">${esc(t.state)}</pre>`
    : "<h3>Last state block</h3><p>None saved yet: the PreCompact hook saves one before the host compacts.</p>";
  // A session that spans days shows dates; one day needs only the time of day.
  const when = t.lastAt - t.startedAt > 20 * 3600_000 ? dateTime : clock;
  const rows = t.rows.map(
    (x) =>
      `<tr><td class="mono">${when(x.at)}</td><td class="type p${x.priority}">${esc(x.type)}</td>` +
      `<td class="text${x.resolved ? " resolved" : ""}">${esc(x.text)}${x.resolved ? " (resolved)" : ""}</td>${num("hits", x.hits, count(x.hits))}<td class="n mono">${x.seq}</td></tr>`,
  );
  const cols = [{ label: "Time" }, { label: "Type" }, { label: "Event" }, { label: "Hits", numeric: true }, { label: "Row", numeric: true }];
  const legend = `<ul class="legend"><li style="--swatch: var(--p4)">critical</li><li style="--swatch: var(--p3)">important</li><li style="--swatch: var(--p2)">useful</li><li style="--swatch: var(--p1)">noise</li></ul>`;
  return section(
    "journal",
    "Session journal",
    head +
      state +
      `<h3>Timeline</h3>${legend}${timelineStrip(t.rows, "chart-journal")}` +
      table("Journal rows, oldest first (ctx_resume(seq: Row) returns one whole)", cols, rows),
  );
}
