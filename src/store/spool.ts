/**
 * The indexing spool. A server's ctx_index writes each source it indexes (redacted text and its
 * metadata) as one file, `<project>/spool/<owner>/<seq>.json`, and replies; a worker thread
 * (spool-worker.ts) moves the files into the database on the other core, a few MB per
 * transaction. A call then never waits for SQLite's one write lock, nor for FTS5's writes, which
 * cost three times the call itself.
 *
 * Files are applied in sequence order under the write lock, and the last sequence applied per
 * spool is written in the same transaction (`spool_marks`), so each file is applied exactly once
 * whoever applies it: the owner's worker, a search in any process that must see it first, or the
 * next process to open the project after its owner died. A file is renamed into place whole, so
 * a crash never leaves half of one.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { randomHex } from "../runtime/random.ts";
import { transaction, type Database } from "./db.ts";
import { hashSource, isStored, writeHashed, type Hashed, type IndexResult, type SourceInput } from "./index-source.ts";
import type { Chunk } from "./chunk/index.ts";
import { prepareChunked, type PreparedChunks } from "./prepare-chunks.ts";
import { knownWords, queueVocab } from "./vocab.ts";

const ENTRY = /^(\d+)\.json$/;

/** The project's spool folder: beside its database. */
export function spoolRoot(dbPath: string): string {
  return join(dirname(dbPath), "spool");
}

/** What a spool file holds: a source ready to write, its text already redacted. */
type SpooledSource = Pick<SourceInput, "label" | "text" | "kind" | "origin" | "session" | "worktree" | "maxChunk">;

/** One process's spool: files numbered in the order they were written. */
export class SpoolFiles {
  readonly name = `${process.pid}-${randomHex(4)}`;
  readonly dir: string;
  #seq = 0;

  constructor(readonly root: string) {
    this.dir = join(root, this.name);
    mkdirSync(this.dir, { recursive: true });
  }

  /**
   * Writes one source (its text already redacted) and returns its sequence number. The file is
   * a JSON header line, then the text as it is: JSON-escaping 256 KB of text cost more than
   * writing it.
   */
  append(input: SourceInput): number {
    const seq = ++this.#seq;
    const header: Omit<SpooledSource, "text"> = {
      label: input.label,
      kind: input.kind,
      origin: input.origin,
      session: input.session,
      worktree: input.worktree,
      maxChunk: input.maxChunk,
    };
    const path = join(this.dir, `${seq}.json`);
    writeFileSync(`${path}.tmp`, `${JSON.stringify(header)}\n${input.text}`);
    renameSync(`${path}.tmp`, path);
    return seq;
  }

  /** Removes this spool's folder; call once everything in it was applied. */
  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Whether any spool of the project holds a file: a directory read per spool, nothing when there is none. */
export function spoolWaiting(root: string): boolean {
  return spools(root).some((name) => entries(join(root, name)).length > 0);
}

/** What waits in a project's spools: files not yet applied, their bytes, and how many belong to no running process. */
export interface SpoolBacklog {
  files: number;
  bytes: number;
  /** Files of spools whose owner is gone (a killed server): the next search or CLI command applies them. */
  orphaned: number;
}

/** Counts the waiting spool files (a directory read and a stat per file; for doctor, not per call). */
export function spoolBacklog(root: string): SpoolBacklog {
  const backlog: SpoolBacklog = { files: 0, bytes: 0, orphaned: 0 };
  for (const name of spools(root)) {
    const seqs = entries(join(root, name));
    if (seqs.length === 0) continue;
    for (const seq of seqs) backlog.bytes += statSync(join(root, name, `${seq}.json`), { throwIfNoEntry: false })?.size ?? 0;
    backlog.files += seqs.length;
    if (!ownerRunning(name)) backlog.orphaned += seqs.length;
  }
  return backlog;
}

/**
 * A spooled source as its writer had it: its input and hash, and if it was new its chunks,
 * with their trigram terms and words (`prepared`) or without (`chunks`). With chunks the text
 * itself may be left out (`input.text` empty, `bytes` its size): a worker is not sent it twice.
 */
export interface GivenSource {
  input: SourceInput;
  sha256: string;
  bytes: number;
  prepared?: PreparedChunks;
  chunks?: Chunk[];
}

export interface ApplyOptions {
  /** Apply only this spool (a worker applying its own). */
  only?: string;
  /** Sources the caller holds already, by `<spool>/<seq>`: not read, hashed or chunked again. */
  given?: Map<string, GivenSource>;
  /** Stop once about this many bytes of text are applied (all by default). */
  maxBytes?: number;
  /** Apply no file past this sequence number (a worker: none whose prepared chunks it was not sent yet). */
  upTo?: number;
  /**
   * Write the chunks without collecting their words and queue them for the vocabulary instead
   * (vocab.ts queueVocab): a worker reads them in once it has caught up.
   */
  deferWords?: boolean;
}

export interface Applied {
  /** The last sequence applied, per spool, after this run. */
  marks: Map<string, number>;
  results: IndexResult[];
  /** False when `maxBytes` left files waiting. */
  done: boolean;
}

/**
 * Writes waiting spool files into the database, oldest first per spool, in one IMMEDIATE
 * transaction that also advances each spool's mark; after the commit the applied files are
 * deleted, and the folders of owners no longer running with them. A file that is not a spooled
 * source (damaged by hand) is set aside as `<seq>.bad` and passed over.
 */
export function applySpools(db: Database, root: string, options: ApplyOptions = {}): Applied {
  const marks = new Map<string, number>();
  const results: IndexResult[] = [];
  // Applied files are swept, so a spool with none needs no transaction (every search asks).
  const names = (options.only ? [options.only] : spools(root)).filter((name) => {
    if (entries(join(root, name)).length > 0) return true;
    sweep(db, root, name, 0);
    return false;
  });
  if (names.length === 0) return { marks, results, done: true };
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const upTo = options.upTo ?? Number.POSITIVE_INFINITY;
  let done = true;
  // The chunks this transaction writes, for their words to be queued (deferWords).
  const lastChunk = () => db.prepare<{ id: number | null }>("SELECT max(id) AS id FROM chunks").get()?.id ?? 0;
  transaction(db, () => {
    const firstId = options.deferWords ? lastChunk() + 1 : 0;
    const mark = db.prepare<{ seq: number }>("SELECT seq FROM spool_marks WHERE spool = $spool");
    const setMark = db.prepare("INSERT INTO spool_marks(spool, seq) VALUES ($spool, $seq) ON CONFLICT(spool) DO UPDATE SET seq = excluded.seq");
    let bytes = 0;
    for (const name of names) {
      const dir = join(root, name);
      let last = mark.get({ spool: name })?.seq ?? 0;
      const batch: Hashed[] = [];
      for (const seq of entries(dir)) {
        if (seq <= last) continue;
        if (bytes >= maxBytes || seq > upTo) {
          done = false;
          break;
        }
        last = seq;
        const h = given(db, options.given?.get(`${name}/${seq}`), options.deferWords === true) ?? hashEntry(db, dir, seq);
        if (!h) continue;
        batch.push(h);
        bytes += h.bytes;
      }
      results.push(...writeHashed(db, batch));
      if (last > 0) setMark.run({ spool: name, seq: last });
      marks.set(name, last);
    }
    if (options.deferWords) queueVocab(db, firstId, lastChunk());
  });
  for (const [name, last] of marks) sweep(db, root, name, last);
  return { marks, results, done };
}

/**
 * Deletes the applied files of a spool and, once none is left and its owner is gone, its folder
 * and then its mark (no file of that spool can come back; a crash between the two leaves a row).
 */
function sweep(db: Database, root: string, name: string, last: number): void {
  const dir = join(root, name);
  const left = entries(dir).filter((seq) => {
    if (seq > last) return true;
    try {
      unlinkSync(join(dir, `${seq}.json`));
    } catch {
      // another process swept it first
    }
    return false;
  });
  if (left.length > 0 || ownerRunning(name)) return;
  rmSync(dir, { recursive: true, force: true });
  try {
    db.prepare("DELETE FROM spool_marks WHERE spool = $spool").run({ spool: name });
  } catch {
    // busy: a stale row costs nothing
  }
}

/**
 * A given source, hashed already; whether its text is stored is checked under the lock.
 * Undefined (read the file instead) when it must be chunked and came without its text or chunks.
 */
function given(db: Database, g: GivenSource | undefined, deferWords: boolean): Hashed | undefined {
  if (!g) return undefined;
  const stored = isStored(db, g.sha256);
  if (!stored && !g.prepared && !g.chunks && g.input.text === "") return undefined;
  // Its full-text rows are what the spool is for: never left waiting (pending.ts).
  const input = g.input.deferSearch ? { ...g.input, deferSearch: false } : g.input;
  const prepared = stored ? undefined : (g.prepared ?? (g.chunks && prepareChunked(g.chunks, knownWords(db), !deferWords)));
  return { input, sha256: g.sha256, bytes: g.bytes, needsChunks: !stored, prepared };
}

function hashEntry(db: Database, dir: string, seq: number): Hashed | undefined {
  const input = readEntry(dir, seq);
  return input && hashSource(db, input);
}

function readEntry(dir: string, seq: number): SourceInput | undefined {
  const path = join(dir, `${seq}.json`);
  try {
    const raw = readFileSync(path, "utf8");
    // A header line and the text; a file of one line is one JSON object, text included (as earlier servers wrote them).
    const nl = raw.indexOf("\n");
    const e = (nl < 0 ? JSON.parse(raw) : { ...JSON.parse(raw.slice(0, nl)), text: raw.slice(nl + 1) }) as SpooledSource;
    if (typeof e.label !== "string" || typeof e.text !== "string" || typeof e.kind !== "string" || typeof e.maxChunk !== "number") {
      throw new Error("not a spooled source");
    }
    return { ...e, redacted: true };
  } catch (err) {
    // Gone meanwhile (another process applied and swept it) is not damage.
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    try {
      renameSync(path, join(dir, `${seq}.bad`));
    } catch {
      // leave it; the mark passes over it either way
    }
    return undefined;
  }
}

/** Spool folder names (`<pid>-<hex>`), sorted. */
function spools(root: string): string[] {
  try {
    return readdirSync(root)
      .filter((n) => /^\d+-[0-9a-f]+$/.test(n))
      .sort();
  } catch {
    return [];
  }
}

/** A spool's file sequence numbers, ascending. */
function entries(dir: string): number[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const seqs: number[] = [];
  for (const n of names) {
    const m = ENTRY.exec(n);
    if (m) seqs.push(Number(m[1]));
  }
  return seqs.sort((a, b) => a - b);
}

/** Whether the process that owns a spool (`<pid>-…`) still runs; a spool of this process counts as running. */
function ownerRunning(name: string): boolean {
  const pid = Number(name.split("-")[0]);
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
