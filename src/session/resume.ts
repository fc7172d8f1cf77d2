import type { Database } from "../store/db.ts";
import { oneLine } from "./events.ts";
import { latestSession, loadState, matchRows, rowBySeq, sessionRows, type JournalRow } from "./journal.ts";
import { buildStateBlock } from "./state.ts";

interface ResumeRequest {
  /** The host's session id when known; else the project's most recently active session. */
  session?: string;
  seq?: number;
  query?: string;
  /** RESUME_CAP: most bytes of the reply. */
  cap: number;
}

/**
 * What `ctx_resume` returns: one full journal row by `seq`, the rows matching `query`, or the
 * session's state block (built fresh from the journal, so it is current). Always within `cap` bytes.
 */
export function resumeText(db: Database, req: ResumeRequest): string {
  if (req.seq !== undefined) {
    const row = rowBySeq(db, req.seq);
    if (!row) return `no journal row ${req.seq}; call ctx_resume() for the session state, whose lines name valid seq numbers`;
    return clipBytes(`journal row ${row.seq} · ${row.type}${row.resolved ? " (resolved)" : ""} · seen ${row.hits}x\n${row.data}`, req.cap);
  }
  const session = req.session || latestSession(db);
  if (!session) return "no session state recorded for this project yet (hooks record it as the agent works)";
  if (req.query?.trim()) {
    const rows = matchRows(db, session, req.query, 12);
    if (rows.length === 0) return `no journal row of this session matches ${JSON.stringify(req.query)}`;
    return fitLines([`journal rows matching ${JSON.stringify(req.query)}:`, ...rows.map(rowLine)], req.cap);
  }
  const state = buildStateBlock(sessionRows(db, session), req.cap) || loadState(db, session);
  return state || "this session has no recorded state yet";
}

/** One row as a list line: `- [error, open] npm test → … (seq 12)`. */
export function rowLine(row: JournalRow): string {
  const flag = row.type === "error" || row.type === "task" ? (row.resolved ? ", done" : ", open") : "";
  return `- [${row.type}${flag}] ${oneLine(row.data, 160)} (seq ${row.seq})`;
}

/** Whole lines from the start within `cap` bytes. */
export function fitLines(lines: string[], cap: number): string {
  const out: string[] = [];
  let used = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(line) + (out.length ? 1 : 0);
    if (used + size > cap) break;
    out.push(line);
    used += size;
  }
  return out.join("\n");
}

function clipBytes(text: string, cap: number): string {
  const buf = Buffer.from(text);
  if (buf.length <= cap) return text;
  const note = "\n… (cut at the reply cap)";
  let end = cap - Buffer.byteLength(note);
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString() + note;
}
