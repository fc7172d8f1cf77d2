import { resolve, sep } from "node:path";
import type { Config } from "../config/config.ts";
import type { HostPaths } from "../config/host-paths.ts";
import { openStore } from "../store/db.ts";
import { projectDatabases } from "../store/project.ts";
import { errorMessage } from "../errors.ts";
import { analyzeSession } from "./analyze.ts";
import { readClaudeCode } from "./hosts/claude-code.ts";
import { readCodex } from "./hosts/codex.ts";
import { readCopilotCli } from "./hosts/copilot-cli.ts";
import { readGeminiCli } from "./hosts/gemini-cli.ts";
import { readOpenCode } from "./hosts/opencode.ts";
import { readPi } from "./hosts/pi.ts";
import { readQwenCode } from "./hosts/qwen-code.ts";
import { findTranscripts, type Transcript } from "./sources.ts";
import { DISCOVER_HOSTS, type DiscoverHost, type DiscoverReport, type SessionReport, type SessionTrace } from "./types.ts";

type Reader = (file: string, since: number) => { traces: SessionTrace[]; bytes: number };

const READERS: Record<DiscoverHost, Reader> = {
  "claude-code": readClaudeCode,
  codex: readCodex,
  "gemini-cli": readGeminiCli,
  "qwen-code": readQwenCode,
  "copilot-cli": readCopilotCli,
  opencode: readOpenCode,
  pi: readPi,
};

export interface DiscoverOptions {
  hosts?: readonly DiscoverHost[];
  /** Only sessions whose recorded working directory is this directory or under it. */
  project?: string;
  /** Only transcripts written at or after this time (ms since the epoch). */
  since?: number;
  session?: string;
  /** Bytes of ctxmode's tool list, counted for sessions whose host does not record its tool list. */
  toolListBytes: number;
  /** Called after each transcript with the bytes read so far and the total. */
  progress?: (done: number, total: number) => void;
}

/**
 * Reads the hosts' own session transcripts (read-only, offline) and reports, per session, the
 * tool-result bytes that reached the model, what went through ctxmode and what it kept out, the
 * calls it missed, and its standing cost. A transcript that cannot be read is skipped with a note.
 */
export function discover(config: Config, paths: HostPaths, options: DiscoverOptions): DiscoverReport {
  const started = Date.now();
  const hosts = options.hosts ?? DISCOVER_HOSTS;
  const project = options.project ? resolve(options.project) : undefined;
  const notes: string[] = [];
  const transcripts = findTranscripts(paths, hosts, options.since ?? 0).filter((t) => mayHold(t, options.session));
  const total = transcripts.reduce((n, t) => n + t.size, 0);
  const recorded = recordedKeptOut(config, notes);
  const perHost = new Map(hosts.map((h) => [h, { host: h, sessions: 0, files: 0, skipped: 0, ctxmode: 0 }]));
  const sessions: SessionReport[] = [];
  let bytesRead = 0;
  for (const t of transcripts) {
    const h = perHost.get(t.host)!;
    h.files++;
    try {
      const { traces, bytes } = READERS[t.host](t.path, options.since ?? 0);
      bytesRead += bytes;
      for (const trace of traces) {
        h.skipped += trace.skipped;
        if (options.session && trace.session !== options.session) continue;
        if (project && !(trace.cwd === project || trace.cwd.startsWith(project + sep))) continue;
        if (trace.results.size === 0 && trace.context.size === 0) continue;
        const report = analyzeSession(trace, { home: config.home, budgets: config.budgets, recorded, toolListBytes: options.toolListBytes });
        sessions.push(report);
        h.sessions++;
        if (report.ctxmode) h.ctxmode++;
      }
    } catch (err) {
      h.skipped++;
      notes.push(`skipped ${t.path}: ${errorMessage(err).split("\n")[0]}`);
    }
    options.progress?.(bytesRead, total);
  }
  for (const h of perHost.values()) if (h.skipped) notes.push(`${h.host}: ${h.skipped} record(s) of a shape this version does not read were skipped`);
  sessions.sort((a, b) => a.startedAt - b.startedAt);
  const totals = { sessions: sessions.length, toolBytes: 0, keptOut: 0, standing: 0, net: 0, missed: 0, missedBytes: 0 };
  for (const s of sessions) {
    totals.toolBytes += s.toolBytes;
    totals.keptOut += s.keptOut;
    totals.standing += s.standing.toolList + s.standing.guidance;
    totals.net += s.net;
    totals.missed += s.missed.length;
    for (const m of s.missed) totals.missedBytes += Math.max(0, m.bytes - m.wouldReturn);
  }
  return { sessions, hosts: [...perHost.values()], totals, notes, bytesRead, ms: Date.now() - started };
}

/** With --session, a transcript whose path names another session is not opened (OpenCode keeps all in one database). */
function mayHold(t: Transcript, session: string | undefined): boolean {
  if (!session || t.host === "opencode") return true;
  return t.path.includes(session) || (t.host === "gemini-cli" && t.path.includes(session.slice(0, 8)));
}

/** Bytes ctxmode's hooks kept out per host session id, summed over every project database. */
function recordedKeptOut(config: Config, notes: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const { dbPath } of projectDatabases(config.projectsDir)) {
    try {
      const db = openStore(dbPath, { busyTimeoutMs: config.budgets.dbTimeoutMs, readonly: true });
      try {
        const rows = db
          .prepare<{ session: string; kept: number }>(`SELECT session, SUM(bytes_kept_out) AS kept FROM tool_stats WHERE tool LIKE 'hook:%' GROUP BY session`)
          .all();
        for (const r of rows) out.set(r.session, (out.get(r.session) ?? 0) + Number(r.kept));
      } finally {
        db.close();
      }
    } catch (err) {
      notes.push(`skipped ctxmode's record ${dbPath}: ${errorMessage(err).split("\n")[0]}`);
    }
  }
  return out;
}
