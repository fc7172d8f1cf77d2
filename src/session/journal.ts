import { transaction, type Database } from "../store/db.ts";
import { redactSecrets } from "../store/redact.ts";
import { DATA_MAX, EVENT_PRIORITY, type EventType, type JournalEvent } from "./events.ts";
import { fnv1a64 } from "../store/fnv1a.ts";

/** One stored journal row. */
export interface JournalRow {
  seq: number;
  session: string;
  type: EventType;
  priority: number;
  data: string;
  key: string;
  resolved: number;
  hits: number;
  at: number;
}

interface RecordOptions {
  /** Most rows kept for the session; beyond it the lowest priority (resolved first, then oldest) go. */
  cap: number;
  host?: string;
  now?: number;
  /** Rows of this type and key are marked resolved (an error whose command now succeeded). */
  resolve?: { type: EventType; key: string }[];
}

/**
 * Writes events in one short IMMEDIATE transaction. Secrets are redacted first. A repeat of an
 * identical (type, text) row bumps its `hits` and time instead of adding a row (hosts fire some
 * events every turn); a task's new status updates its row. Returns how many rows were resolved.
 */
export function recordEvents(db: Database, session: string, events: JournalEvent[], options: RecordOptions): number {
  return transaction(db, () => writeEvents(db, session, events, options));
}

/** recordEvents without its transaction, for callers that batch several sessions' events in one. */
export function writeEvents(db: Database, session: string, events: JournalEvent[], options: RecordOptions): number {
  const now = options.now ?? Date.now();
  touchSession(db, session, now, options.host ?? "");
  let resolved = 0;
  for (const r of options.resolve ?? []) {
    resolved += db
      .prepare("UPDATE journal SET resolved = 1 WHERE session = $session AND type = $type AND key = $key AND resolved = 0")
      .run({ session, type: r.type, key: journalKey(r.key) }).changes;
  }
  const insert = db.prepare(
    `INSERT INTO journal(session, type, priority, data, key, hash, resolved, hits, at)
     VALUES ($session, $type, $priority, $data, $key, $hash, $resolved, 1, $at)
     ON CONFLICT(session, type, hash) DO UPDATE SET hits = hits + 1, at = excluded.at, resolved = excluded.resolved, key = excluded.key`,
  );
  for (const e of events) {
    const data = redactSecrets(e.data).slice(0, DATA_MAX);
    if (data.trim() === "") continue;
    insert.run({
      session,
      type: e.type,
      priority: EVENT_PRIORITY[e.type],
      data,
      key: journalKey(e.key),
      hash: fnv1a64(data),
      resolved: e.resolved ? 1 : 0,
      at: now,
    });
  }
  evict(db, session, options.cap);
  return resolved;
}

/** A row's key as stored: a command is a key, and commands carry tokens, so keys are redacted like data. */
function journalKey(key: string | undefined): string {
  return key ? redactSecrets(key.slice(0, 600)).slice(0, 300) : "";
}

function touchSession(db: Database, session: string, now: number, host: string): void {
  db.prepare(
    `INSERT INTO journal_sessions(session, host, started_at, last_at) VALUES ($session, $host, $now, $now)
     ON CONFLICT(session) DO UPDATE SET last_at = max(last_at, $now)`,
  ).run({ session, host, now });
}

/** Deletes rows beyond `cap`: lowest priority first, resolved before open, oldest first. */
function evict(db: Database, session: string, cap: number): void {
  const count = Number(db.prepare<{ n: number }>("SELECT count(*) AS n FROM journal WHERE session = $session").get({ session })?.n ?? 0);
  if (count <= cap) return;
  db.prepare(
    `DELETE FROM journal WHERE seq IN (
       SELECT seq FROM journal WHERE session = $session ORDER BY priority ASC, resolved DESC, at ASC, seq ASC LIMIT $n)`,
  ).run({ session, n: count - cap });
}

/** Every row of a session, oldest first. */
export function sessionRows(db: Database, session: string): JournalRow[] {
  return db.prepare<JournalRow>("SELECT * FROM journal WHERE session = $session ORDER BY at ASC, seq ASC").all({ session });
}

export function rowBySeq(db: Database, seq: number): JournalRow | undefined {
  return db.prepare<JournalRow>("SELECT * FROM journal WHERE seq = $seq").get({ seq });
}

/** The session of this project that wrote last (the MCP server does not know the host's session id). */
export function latestSession(db: Database): string | undefined {
  return db.prepare<{ session: string }>("SELECT session FROM journal_sessions ORDER BY last_at DESC LIMIT 1").get()?.session;
}

export function saveState(db: Database, session: string, state: string, now = Date.now()): void {
  transaction(db, () => {
    touchSession(db, session, now, "");
    db.prepare("UPDATE journal_sessions SET state = $state, state_at = $now WHERE session = $session").run({ session, state, now });
  });
}

/** The state block saved at the session's last PreCompact ("" when none). */
export function loadState(db: Database, session: string): string {
  return db.prepare<{ state: string }>("SELECT state FROM journal_sessions WHERE session = $session").get({ session })?.state ?? "";
}

/** Whether the session has written anything before (a resumed session has). */
export function hasRows(db: Database, session: string): boolean {
  return db.prepare("SELECT 1 AS x FROM journal WHERE session = $session LIMIT 1").get({ session }) !== undefined;
}

/** Deletes sessions (and their rows) idle for longer than `maxAgeMs`, except `keep`. */
export function pruneSessions(db: Database, maxAgeMs: number, keep: string, now = Date.now()): number {
  return transaction(db, () => {
    const cutoff = now - maxAgeMs;
    const old = db.prepare<{ session: string }>("SELECT session FROM journal_sessions WHERE last_at < $cutoff AND session != $keep").all({ cutoff, keep });
    for (const { session } of old) {
      db.prepare("DELETE FROM journal WHERE session = $session").run({ session });
      db.prepare("DELETE FROM journal_sessions WHERE session = $session").run({ session });
    }
    return old.length;
  });
}

/**
 * Rows of a session that match `text` by BM25 (porter stems, OR of its words), best first.
 * `exclude` drops rows such as the prompt just written.
 */
export function matchRows(db: Database, session: string, text: string, limit: number, exclude: EventType[] = []): JournalRow[] {
  const expr = matchExpression(text);
  if (!expr) return [];
  try {
    return db
      .prepare<JournalRow>(
        `SELECT j.* FROM journal_fts JOIN journal j ON j.seq = journal_fts.rowid
         WHERE journal_fts MATCH $expr AND j.session = $session AND j.type NOT IN (SELECT value FROM json_each($skip))
         ORDER BY bm25(journal_fts) LIMIT $limit`,
      )
      .all({ expr, session, limit, skip: JSON.stringify(exclude) });
  } catch {
    return []; // an FTS syntax corner case must never cost the caller its answer
  }
}

const STOP = new Set(
  "the and for with that this from into what when where which have has had was were are you your our can could should would will not but all any how why who its it's use using make made need want please just also then than them they there here about".split(
    " ",
  ),
);

/** An FTS5 OR expression of up to 12 distinct words (3+ characters, no stop words), each quoted. */
function matchExpression(text: string): string {
  const words = new Set<string>();
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}_]{3,}/gu)) {
    const w = m[0];
    if (STOP.has(w) || /^\d+$/.test(w)) continue;
    words.add(w);
    if (words.size >= 12) break;
  }
  return [...words].map((w) => `"${w}"`).join(" OR ");
}
