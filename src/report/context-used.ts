import type { DiscoverReport } from "../discover/types.ts";
import { bytes, count, esc, percent } from "./format.ts";

/** The "context actually used" numbers the report shows: discover's, condensed. */
export interface ContextUsed {
  totals: DiscoverReport["totals"];
  hosts: { host: string; sessions: number; ctxmode: number; toolBytes: number; keptOut: number; standing: number; net: number }[];
  tools: { tool: string; host: string; calls: number; bytes: number }[];
  missed: { host: string; session: string; tool: string; kind: string; what: string; bytes: number; wouldReturn: number }[];
}

const TOP = 20;

/** Per host and per tool totals, and the missed calls that would have saved the most. */
export function summarizeDiscover(d: DiscoverReport): ContextUsed {
  const hosts = new Map<string, ContextUsed["hosts"][number]>();
  const tools = new Map<string, ContextUsed["tools"][number]>();
  const missed: ContextUsed["missed"] = [];
  for (const s of d.sessions) {
    const h = hosts.get(s.host) ?? { host: s.host, sessions: 0, ctxmode: 0, toolBytes: 0, keptOut: 0, standing: 0, net: 0 };
    h.sessions++;
    if (s.ctxmode) h.ctxmode++;
    h.toolBytes += s.toolBytes;
    h.keptOut += s.keptOut;
    h.standing += s.standing.toolList + s.standing.guidance;
    h.net += s.net;
    hosts.set(s.host, h);
    for (const t of s.byTool) {
      const key = `${s.host}\u0000${t.tool}`;
      const row = tools.get(key) ?? { tool: t.tool, host: s.host, calls: 0, bytes: 0 };
      row.calls += t.calls;
      row.bytes += t.bytes;
      tools.set(key, row);
    }
    for (const m of s.missed)
      missed.push({ host: s.host, session: s.session, tool: m.tool, kind: m.kind, what: m.what, bytes: m.bytes, wouldReturn: m.wouldReturn });
  }
  return {
    totals: d.totals,
    hosts: [...hosts.values()].sort((a, b) => b.toolBytes - a.toolBytes),
    tools: [...tools.values()].sort((a, b) => b.bytes - a.bytes).slice(0, TOP),
    missed: missed.sort((a, b) => b.bytes - b.wouldReturn - (a.bytes - a.wouldReturn)).slice(0, TOP),
  };
}

function row(cells: string[]): string {
  return `<tr>${cells.join("")}</tr>`;
}
function n(field: string, value: number, shown: string): string {
  return `<td class="n" data-field="${field}" data-value="${value}" title="${esc(count(value))}">${esc(shown)}</td>`;
}
function head(labels: [string, boolean][]): string {
  return `<thead><tr>${labels.map(([l, num]) => `<th scope="col"${num ? ' class="n"' : ""}>${esc(l)}</th>`).join("")}</tr></thead>`;
}
function table(caption: string, labels: [string, boolean][], rows: string[]): string {
  return `<div class="scroll"><table><caption>${esc(caption)}</caption>${head(labels)}<tbody>${rows.join("")}</tbody></table></div>`;
}

/** The section: what reached the model by host and by tool, ctxmode's saving net of its standing cost, and the missed calls. */
export function contextUsedSection(c: ContextUsed | undefined): string {
  const open = `<section aria-labelledby="context-h"><h2 id="context-h">Context actually used</h2>`;
  if (!c) return `${open}<p>Not read for this report (<code>--no-discover</code>).</p></section>`;
  if (c.totals.sessions === 0) return `${open}<p>No host transcripts found on this machine for this scope.</p></section>`;
  const t = c.totals;
  const intro =
    `<p>From the hosts' own transcripts (<code>ctxmode discover</code>): ${esc(bytes(t.toolBytes))} of tool results reached the model in ${esc(count(t.sessions))} sessions; ` +
    `ctxmode kept out ${esc(bytes(t.keptOut))} at a standing cost of ${esc(bytes(t.standing))} (tool list and guidance), net <span data-stat="net" data-value="${t.net}">${esc(bytes(Math.max(0, t.net)))}${t.net < 0 ? ` (a loss of ${esc(bytes(-t.net))})` : ""}</span>.</p>`;
  const hosts = table(
    "By host",
    [
      ["Host", false],
      ["Sessions", true],
      ["With ctxmode", true],
      ["Reached the model", true],
      ["Kept out", true],
      ["Standing cost", true],
      ["Net", true],
    ],
    c.hosts.map((h) =>
      row([
        `<th scope="row" class="mono">${esc(h.host)}</th>`,
        n("sessions", h.sessions, count(h.sessions)),
        n("ctxmode", h.ctxmode, count(h.ctxmode)),
        n("toolBytes", h.toolBytes, bytes(h.toolBytes)),
        n("keptOut", h.keptOut, bytes(h.keptOut)),
        n("standing", h.standing, bytes(h.standing)),
        n("net", h.net, h.net < 0 ? `-${bytes(-h.net)}` : bytes(h.net)),
      ]),
    ),
  );
  const tools = table(
    `The ${c.tools.length} tools whose results took the most context`,
    [
      ["Tool", false],
      ["Host", false],
      ["Calls", true],
      ["Reached the model", true],
      ["Share", true],
    ],
    c.tools.map((x) =>
      row([
        `<th scope="row" class="mono">${esc(x.tool)}</th>`,
        `<td>${esc(x.host)}</td>`,
        n("calls", x.calls, count(x.calls)),
        n("bytes", x.bytes, bytes(x.bytes)),
        `<td class="n">${percent(x.bytes, t.toolBytes)}</td>`,
      ]),
    ),
  );
  const missed = c.missed.length
    ? table(
        `Missed calls: ${count(t.missed)}, about ${bytes(t.missedBytes)} more ctxmode would have kept out (the ${c.missed.length} biggest)`,
        [
          ["Command or path", false],
          ["Tool", false],
          ["Host", false],
          ["Rule", false],
          ["Reached the model", true],
          ["ctxmode would return", true],
        ],
        c.missed.map((m) =>
          row([
            `<td class="mono text">${esc(m.what)}</td>`,
            `<td class="mono">${esc(m.tool)}</td>`,
            `<td>${esc(m.host)}</td>`,
            `<td>${esc(m.kind)}</td>`,
            n("bytes", m.bytes, bytes(m.bytes)),
            n("wouldReturn", m.wouldReturn, bytes(m.wouldReturn)),
          ]),
        ),
      )
    : "<p>No missed calls.</p>";
  return `${open}${intro}${hosts}${tools}${missed}</section>`;
}
