import { readdirSync, readFileSync, statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { hostPaths } from "../config/host-paths.ts";
import type { Config } from "../config/config.ts";
import type { Database } from "./db.ts";
import { indexSources, type SourceInput } from "./index-source.ts";
import { MEMORY_PREFIX, memoryPlaces, type MemoryPlace } from "./memory-files.ts";
import { purge } from "./purge.ts";

/** Memory files are short instructions; anything bigger is not one. */
const MAX_BYTES = 256 * 1024;
/** The first label past every `memory:` label (`;` follows `:`), so the label index serves a range read. */
const MEMORY_END = "memory;";
/** Most files taken from one rules folder, and the kinds it holds (Cursor `.mdc`, Kiro `.md`). */
const MAX_DIR_FILES = 50;
const RULE_FILE = /\.(?:md|mdc|markdown|txt)$/i;

/** A memory file on disk: its label, path and stat signature. */
interface OnDisk {
  label: string;
  path: string;
  sig: string;
}

/** What the database must do to match the disk. */
interface MemoryChanges {
  index: OnDisk[];
  drop: string[];
}

interface MemoryWatchOptions {
  places: MemoryPlace[];
  maxChunk: number;
  /** Checks closer together than this reuse the last answer (a long-running server). */
  minIntervalMs?: number;
}

/**
 * The project's agent memory files, kept in the project database as sources labelled
 * `memory:<name>` and re-indexed only when a file's mtime, size or inode changed. A check is one stat
 * per known place (a rules folder is re-listed only when its own mtime moved) and one indexed
 * range read of the memory labels; nothing is read or written while nothing changed.
 */
export class MemoryWatch {
  readonly #options: MemoryWatchOptions;
  readonly #dirs = new Map<string, { mtime: number; names: string[] }>();
  #checkedAt = -Infinity;
  #reserve = 0;

  constructor(options: MemoryWatchOptions) {
    this.#options = options;
  }

  /** Memory chunks in the database at the last check: the candidate slots search keeps for them. */
  get reserve(): number {
    return this.#reserve;
  }

  /** What differs between the disk and `db`; empty when checked within `minIntervalMs`. */
  changes(db: Database, now = Date.now()): MemoryChanges {
    if (now - this.#checkedAt < (this.#options.minIntervalMs ?? 0)) return { index: [], drop: [] };
    this.#checkedAt = now;
    const stored = new Map<string, string>();
    let chunks = 0;
    const rows = db
      .prepare<{ label: string; origin: string; chunks: number }>(
        "SELECT s.label, s.origin, d.chunk_count AS chunks FROM sources s JOIN docs d ON d.id = s.doc_id WHERE s.label >= $lo AND s.label < $hi",
      )
      .all({ lo: MEMORY_PREFIX, hi: MEMORY_END });
    for (const r of rows) {
      stored.set(r.label, r.origin.slice(r.origin.lastIndexOf("#") + 1));
      chunks += r.chunks;
    }
    this.#reserve = chunks;
    const disk = this.#scan();
    return {
      index: disk.filter((f) => stored.get(f.label) !== f.sig),
      drop: [...stored.keys()].filter((label) => !disk.some((f) => f.label === label)),
    };
  }

  /** Whether any memory file exists now. */
  present(): boolean {
    return this.#scan().length > 0;
  }

  /** Brings `db` (opened for writing) in line with `changes`. */
  apply(db: Database, changes: MemoryChanges): void {
    const inputs: SourceInput[] = [];
    for (const f of changes.index) {
      let text: string;
      try {
        text = readFileSync(f.path, "utf8");
      } catch {
        continue; // gone between the stat and the read: the next check drops it
      }
      inputs.push({
        label: f.label,
        text,
        kind: "markdown",
        origin: `${f.path}#${f.sig}`,
        maxChunk: this.#options.maxChunk,
      });
    }
    // The reserve stays a close guess until the next check counts the chunks again.
    if (inputs.length) for (const r of indexSources(db, inputs)) this.#reserve += r.chunks;
    for (const label of changes.drop) this.#reserve -= purge(db, { source: label }).chunks;
    this.#reserve = Math.max(0, this.#reserve);
  }

  /** Every memory file present now, with its signature. */
  #scan(): OnDisk[] {
    const found: OnDisk[] = [];
    for (const place of this.#options.places) {
      const st = statSync(place.path, { throwIfNoEntry: false });
      if (!st) continue;
      if (!place.dir) {
        if (st.isFile() && st.size <= MAX_BYTES) found.push({ label: MEMORY_PREFIX + place.name, path: place.path, sig: signature(st) });
        continue;
      }
      if (!st.isDirectory()) continue;
      for (const name of this.#list(place.path, st.mtimeMs)) {
        const path = join(place.path, name);
        const f = statSync(path, { throwIfNoEntry: false });
        if (f?.isFile() && f.size <= MAX_BYTES) found.push({ label: MEMORY_PREFIX + place.name + name, path, sig: signature(f) });
      }
    }
    return found;
  }

  /** A rules folder's file names, listed again only when the folder's mtime moved (a file came or went). */
  #list(dir: string, mtime: number): string[] {
    const cached = this.#dirs.get(dir);
    if (cached?.mtime === mtime) return cached.names;
    let names: string[] = [];
    try {
      names = readdirSync(dir)
        .filter((n) => !n.startsWith(".") && RULE_FILE.test(n))
        .sort()
        .slice(0, MAX_DIR_FILES);
    } catch {
      // unreadable: no rules from it
    }
    this.#dirs.set(dir, { mtime, names });
    return names;
  }
}

const watches = new Map<string, MemoryWatch>();

/**
 * The memory watch of one worktree, kept for the life of the process, so a server's repeated
 * searches re-list rules folders and reuse their checks. Secrets are redacted as for any indexed text.
 */
export function watchMemory(config: Config, worktree: string, minIntervalMs = 0): MemoryWatch {
  let watch = watches.get(worktree);
  if (!watch) {
    const places = memoryPlaces(worktree, hostPaths(config.env, config.home, config.dataDir));
    watch = new MemoryWatch({ places, maxChunk: config.budgets.maxChunk, minIntervalMs });
    watches.set(worktree, watch);
  }
  return watch;
}

/** Checks memory against the disk and re-indexes what changed, on a database open for writing. */
export function refreshMemory(db: Database, watch: MemoryWatch): void {
  const changes = watch.changes(db);
  if (changes.index.length || changes.drop.length) watch.apply(db, changes);
}

/** mtime and size, plus the inode: an editor that saves by rename gives the file a new one. */
function signature(st: Stats): string {
  return `${st.mtimeMs}-${st.size}-${st.ino}`;
}
