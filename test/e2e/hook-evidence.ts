import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binary } from "../helpers/cli.ts";
import type { HostSandbox } from "./host-run.ts";

/** What ctxmode's hooks leave behind in a sandbox, read the way a user could: files and the project DB. */

/** Lines of ctxmode's hook error log (every hook error is logged there and answered with "allow"). */
export function hookErrors(box: HostSandbox): string[] {
  const log = join(box.dataDir, "hook-errors.log");
  return existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : [];
}

export interface JournalDump {
  sessions: { session: string; host: string }[];
  rows: { session: string; type: string; data: string }[];
}

/** Every file under the sandbox's data dir, for failure messages. */
export function dataFiles(box: HostSandbox): string[] {
  if (!existsSync(box.dataDir)) return [];
  return (readdirSync(box.dataDir, { recursive: true }) as string[]).sort();
}

/**
 * The session journal of every project under the sandbox's data dir: rows in context.db plus events
 * still waiting in the spool (hooks that only record write there; the next database user moves them in).
 */
export function readJournal(box: HostSandbox): JournalDump {
  const dump: JournalDump = { sessions: [], rows: [] };
  const projects = join(box.dataDir, "projects");
  if (!existsSync(projects)) return dump;
  for (const key of readdirSync(projects)) {
    const spool = join(projects, key, "spool");
    for (const name of existsSync(spool) ? readdirSync(spool) : []) {
      if (!name.endsWith(".json") || name.startsWith(".")) continue;
      const entry = JSON.parse(readFileSync(join(spool, name), "utf8")) as { session: string; host: string; events: { type: string; data: string }[] };
      dump.sessions.push({ session: entry.session, host: entry.host });
      dump.rows.push(...entry.events.map((e) => ({ session: entry.session, type: e.type, data: e.data })));
    }
    const file = join(projects, key, "context.db");
    if (!existsSync(file)) continue;
    const db = new Database(file, { readonly: true });
    try {
      const tables = new Set(
        db
          .query("SELECT name FROM sqlite_master WHERE type = 'table'")
          .all()
          .map((r: any) => r.name as string),
      );
      if (tables.has("journal_sessions")) dump.sessions.push(...(db.query("SELECT session, host FROM journal_sessions").all() as JournalDump["sessions"]));
      if (tables.has("journal")) dump.rows.push(...(db.query("SELECT session, type, data FROM journal ORDER BY seq").all() as JournalDump["rows"]));
    } finally {
      db.close();
    }
  }
  return dump;
}

/**
 * Marks ctxmode's MCP server as registered for `host`, as setup does after writing the host's config:
 * hooks deny a call only when the model can make the ctx_* call the reason names.
 */
export function markRegistered(box: HostSandbox, host: string): void {
  mkdirSync(join(box.dataDir, "registered"), { recursive: true });
  writeFileSync(join(box.dataDir, "registered", host), "");
}

let guidance: string | undefined;

/**
 * The routing guidance a fresh session gets, as the built binary gives it to Claude Code for a sample
 * SessionStart payload (one template for every host). Cached; throws when the hook injects nothing.
 */
export function freshSessionGuidance(): string {
  if (guidance !== undefined) return guidance;
  const root = mkdtempSync(join(tmpdir(), "ctxmode-e2e-guidance-"));
  const project = join(root, "proj");
  mkdirSync(join(project, ".git"), { recursive: true });
  const dataDir = join(root, "data");
  // As after setup: the guidance is given only where the model can call the ctx tools it names.
  markRegistered({ root, home: root, project, dataDir }, "claude-code");
  const payload = { session_id: "e2e-guidance", transcript_path: "", cwd: project, hook_event_name: "SessionStart", source: "startup" };
  const r = Bun.spawnSync([binary, "hook", "claude-code", "sessionstart"], {
    cwd: project,
    env: { PATH: process.env.PATH ?? "", HOME: root, CTXMODE_DATA_DIR: dataDir },
    stdin: Buffer.from(JSON.stringify(payload)),
    stdout: "pipe",
    stderr: "pipe",
    timeout: 10_000,
  });
  rmSync(root, { recursive: true, force: true });
  const out = r.stdout.toString();
  let text = out;
  try {
    text = findContext(JSON.parse(out)) ?? "";
  } catch {
    // plain-text stdout is context too
  }
  if (!text.trim()) throw new Error(`SessionStart hook injected nothing (exit ${r.exitCode}): ${out}${r.stderr.toString()}`);
  guidance = text;
  return text;
}

function findContext(reply: unknown): string | undefined {
  if (reply === null || typeof reply !== "object") return undefined;
  for (const [k, v] of Object.entries(reply)) {
    if ((k === "additionalContext" || k === "additional_context") && typeof v === "string") return v;
    const inner = findContext(v);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** Undoes the HTML escaping some hosts apply to injected context (Qwen Code escapes `<` and `>`). */
export function unescapeHtml(text: string): string {
  return text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&amp;", "&");
}
