import { formatBytes } from "../preview/clip.ts";
import type { DiscoverReport, SessionReport } from "./types.ts";

/** Bytes per token for the approximate counts shown beside byte figures (the rule of thumb `stats` uses). */
const BYTES_PER_TOKEN = 4;

/** `18.4 KB (≈4,710 tokens)`: bytes first, the token count labelled as an estimate. */
export function bytesAndTokens(n: number): string {
  const sign = n < 0 ? "-" : "";
  return `${sign}${formatBytes(Math.abs(n))} (≈${sign}${Math.round(Math.abs(n) / BYTES_PER_TOKEN).toLocaleString("en-US")} tokens)`;
}

function pct(part: number, whole: number): string {
  return whole <= 0 ? "0%" : `${Math.round((1000 * part) / whole) / 10}%`;
}

/** The plain-text report: totals, then per host, project and session, the tools and the missed calls. */
export function formatDiscover(report: DiscoverReport, options: { limit?: number } = {}): string {
  const t = report.totals;
  const lines: string[] = [];
  lines.push(
    `${t.sessions} session(s), ${formatBytes(report.bytesRead)} of transcripts read in ${report.ms} ms`,
    `tool results that reached the model: ${bytesAndTokens(t.toolBytes)}`,
    `kept out by ctxmode: ${bytesAndTokens(t.keptOut)}; its standing cost (tool list, guidance): ${bytesAndTokens(t.standing)}; net: ${bytesAndTokens(t.net)}`,
    `missed: ${t.missed} call(s); ctxmode would have kept about ${bytesAndTokens(t.missedBytes)} more out`,
    "",
  );
  const hosts = report.hosts.filter((h) => h.files > 0);
  if (hosts.length === 0) lines.push("no transcripts found for the hosts asked for");
  for (const h of hosts)
    lines.push(
      `${h.host}: ${h.sessions} session(s) in ${h.files} transcript(s), ctxmode in ${h.ctxmode}${h.skipped ? `, ${h.skipped} record(s) skipped` : ""}`,
    );
  const limit = options.limit ?? 20;
  const shown = report.sessions.slice(-limit);
  if (report.sessions.length > shown.length) lines.push("", `the last ${shown.length} of ${report.sessions.length} sessions (--json has them all):`);
  for (const s of shown) lines.push("", ...formatSession(s));
  if (report.notes.length) lines.push("", ...report.notes.map((n) => `note: ${n}`));
  return `${lines.join("\n")}\n`;
}

function formatSession(s: SessionReport): string[] {
  const when = s.startedAt ? new Date(s.startedAt).toISOString().slice(0, 16).replace("T", " ") : "unknown time";
  const out = [`${s.host} ${s.session} · ${s.project || "(no project recorded)"} · ${when}${s.ctxmode ? "" : " · ctxmode not set up"}`];
  out.push(`  tool results ${bytesAndTokens(s.toolBytes)}, ${pct(s.toolBytes, s.contextBytes)} of the ${formatBytes(s.contextBytes)} recorded context`);
  const width = Math.max(4, ...s.byTool.map((t) => t.tool.length));
  for (const t of s.byTool.slice(0, 12)) out.push(`    ${t.tool.padEnd(width)}  ${String(t.calls).padStart(4)} calls  ${formatBytes(t.bytes).padStart(9)}`);
  if (s.ctxmode) {
    const st = s.standing;
    out.push(
      `  through ctxmode: ${s.through.calls} result(s), ${formatBytes(s.through.bytes)} (${s.through.denied} denied, ${s.through.replaced} replaced); kept out ${formatBytes(s.keptOut)} (${s.keptOutFrom})`,
      `  standing cost: tool list ${formatBytes(st.toolList)}${st.toolListRecorded ? "" : " (not recorded by the host: ctxmode's current list)"}, guidance ${formatBytes(st.guidance)}; net ${bytesAndTokens(s.net)}`,
    );
  }
  for (const m of s.missed.slice(0, 10)) {
    out.push(
      `  missed ${m.kind}: ${m.tool} ${JSON.stringify(m.what)} put ${formatBytes(m.bytes)} in the context; ctxmode: ${formatBytes(m.wouldReturn)} — ${m.instead}`,
    );
  }
  if (s.missed.length > 10) out.push(`  … ${s.missed.length - 10} more missed call(s)`);
  return out;
}
