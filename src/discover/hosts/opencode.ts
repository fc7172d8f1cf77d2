import { statSync } from "node:fs";
import { openDatabase } from "#sqlite";
import { addContext, addResult, newTrace, objectOf, seen, str, textOf } from "../trace.ts";
import type { SessionTrace } from "../types.ts";
import { isOwnTool } from "../tool-kind.ts";

interface SessionRow {
  id: string;
  directory: string;
  time_created: number;
}
interface PartRow {
  id: string;
  role: string | null;
  data: string;
  time_created: number;
}

/**
 * OpenCode (1.2 and later): `$XDG_DATA_HOME/opencode/opencode.db`, opened read-only. Each
 * session's parts in order: `tool` parts hold the `state.output` the model read (or
 * `state.error` of a failed or blocked call); text parts of user messages are the prompt.
 * `since` (ms) leaves out sessions not updated since.
 */
export function readOpenCode(file: string, since = 0): { traces: SessionTrace[]; bytes: number } {
  const db = openDatabase(file, { readonly: true, busyTimeoutMs: 2_000 });
  const traces: SessionTrace[] = [];
  try {
    const sessions = db
      .prepare<SessionRow>("SELECT id, directory, time_created FROM session WHERE time_updated >= $since ORDER BY time_created")
      .all({ since });
    const parts = db.prepare<PartRow>(
      `SELECT p.id AS id, json_extract(m.data, '$.role') AS role, p.data AS data, p.time_created AS time_created
       FROM part p LEFT JOIN message m ON m.id = p.message_id WHERE p.session_id = $session ORDER BY p.time_created, p.id`,
    );
    for (const s of sessions) {
      const trace = newTrace("opencode", s.id, file);
      trace.cwd = s.directory;
      seen(trace, s.time_created);
      for (const row of parts.all({ session: s.id })) {
        seen(trace, row.time_created);
        let part: Record<string, unknown>;
        try {
          part = objectOf(JSON.parse(row.data));
        } catch {
          trace.skipped++;
          continue;
        }
        if (part.type === "tool") {
          const state = objectOf(part.state);
          const tool = str(part.tool);
          if (isOwnTool("opencode", tool)) trace.ctxOffered = true;
          if (state.status !== "completed" && state.status !== "error") continue;
          const failed = state.status === "error";
          addResult(trace, { id: str(part.callID) || row.id, tool, input: objectOf(state.input), text: textOf(failed ? state.error : state.output), failed });
        } else if (part.type === "text" && row.role === "user") {
          addContext(trace, row.id, str(part.text));
        }
      }
      traces.push(trace);
    }
  } finally {
    db.close();
  }
  let bytes = 0;
  for (const suffix of ["", "-wal"]) {
    try {
      bytes += statSync(file + suffix).size;
    } catch {
      // no WAL file
    }
  }
  return { traces, bytes };
}
