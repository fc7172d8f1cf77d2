import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { transaction, type Database } from "../store/db.ts";
import { redactSecrets } from "../store/redact.ts";
import { DATA_MAX, EVENT_PRIORITY, type EventType, type JournalEvent } from "./events.ts";
import { fnv1a64 } from "../store/fnv1a.ts";
import { writeEvents } from "./journal.ts";

/**
 * The hooks' write path. Most hook calls only add journal events; opening SQLite for that costs
 * more than the rest of the hook (the last connection to close checkpoints the WAL: four fsyncs,
 * ~10 ms measured here). So a hook drops its events into a spool file of its own (written under a
 * temporary name, then renamed: a reader never sees half a file, writers never contend), and
 * whoever opens the database next (a hook that needs it, the MCP server's ctx_resume) moves the
 * spool into the journal in one transaction before reading.
 */
interface SpoolEntry {
  session: string;
  host: string;
  at: number;
  events: JournalEvent[];
  resolve?: { type: EventType; key: string }[];
}

/** Spool and once-markers of a project live in its data folder, beside context.db. */
export function spoolDir(projectsDir: string, projectKey: string): string {
  return join(projectsDir, projectKey, "spool");
}

export function onceDir(projectsDir: string, projectKey: string): string {
  return join(projectsDir, projectKey, "once");
}

/** A spool file claimed by an ingester that then died is taken over after this long. */
const STALE_CLAIM_MS = 60_000;
/** Most spool files moved per ingest; the rest wait for the next one (bounds a hook's work). */
const INGEST_MAX = 2_000;

/** Writes one spool file; throws only if the data dir is unusable (the caller logs and passes). */
export function appendSpool(dir: string, entry: SpoolEntry): void {
  if (entry.events.length === 0 && !entry.resolve?.length) return;
  const name = `${entry.at.toString().padStart(14, "0")}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const tmp = join(dir, `.${name}.tmp`);
  // Secrets never reach the disk, not even in a spool file waiting to be moved in.
  const events = entry.events.map((e) => ({
    ...e,
    data: redactSecrets(e.data.slice(0, DATA_MAX * 2)),
    ...(e.key ? { key: redactSecrets(e.key.slice(0, 600)) } : {}),
  }));
  const resolve = entry.resolve?.map((r) => ({ ...r, key: redactSecrets(r.key.slice(0, 600)) }));
  const text = JSON.stringify({ ...entry, events, resolve });
  try {
    writeFileSync(tmp, text);
  } catch {
    mkdirSync(dir, { recursive: true });
    writeFileSync(tmp, text);
  }
  renameSync(tmp, join(dir, `${name}.json`));
}

/**
 * Moves spooled events into the journal, oldest first, in one transaction, then deletes their
 * files. A file is claimed by renaming it first, so two ingesters never apply it twice.
 */
export function ingestSpool(db: Database, dir: string, cap: number, now = Date.now()): number {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  const claimed: string[] = [];
  const entries: SpoolEntry[] = [];
  for (const name of names.sort()) {
    if (claimed.length >= INGEST_MAX) break;
    const file = join(dir, name);
    let target: string;
    if (name.endsWith(".json")) {
      target = join(dir, `${name}.claimed-${process.pid}`);
      try {
        renameSync(file, target);
      } catch {
        continue; // another ingester took it
      }
    } else if (name.includes(".claimed-") || name.endsWith(".tmp")) {
      // Left by a process that died mid-way: take over once it is clearly abandoned.
      try {
        if (now - statSync(file).mtimeMs < STALE_CLAIM_MS) continue;
      } catch {
        continue;
      }
      if (name.endsWith(".tmp")) {
        rmSync(file, { force: true });
        continue;
      }
      target = file;
    } else {
      continue;
    }
    claimed.push(target);
    try {
      const entry = JSON.parse(readFileSync(target, "utf8")) as SpoolEntry;
      if (validEntry(entry)) entries.push(entry);
    } catch {
      // a truncated file (disk full while writing): nothing to recover
    }
  }
  if (entries.length) {
    transaction(db, () => {
      for (const e of entries) writeEvents(db, e.session, e.events, { cap, host: e.host, now: e.at, resolve: e.resolve });
    });
  }
  for (const file of claimed) rmSync(file, { force: true });
  return entries.length;
}

function validEntry(e: SpoolEntry): boolean {
  return (
    typeof e === "object" &&
    e !== null &&
    typeof e.session === "string" &&
    typeof e.at === "number" &&
    Array.isArray(e.events) &&
    e.events.every((ev) => typeof ev?.data === "string" && Object.hasOwn(EVENT_PRIORITY, ev.type))
  );
}

/**
 * Claims the session's one-time nudge: true only for the first caller (an exclusive create of
 * `<dir>/<session hash>`), so no database is needed on the hot pre-tool path.
 */
export function claimOnce(dir: string, session: string): boolean {
  const file = join(dir, fnv1a64(session));
  try {
    writeFileSync(file, "", { flag: "wx" });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") return false;
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(file, "", { flag: "wx" });
      return true;
    } catch {
      return false;
    }
  }
}

/** Deletes once-markers older than `maxAgeMs` (one empty file per past session). */
export function pruneOnce(dir: string, maxAgeMs: number, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    try {
      if (now - statSync(join(dir, name)).mtimeMs > maxAgeMs) rmSync(join(dir, name), { force: true });
    } catch {
      // gone already
    }
  }
}
