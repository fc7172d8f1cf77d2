import { Worker } from "node:worker_threads";
import { sha256Hex } from "#process";
import type { Database } from "./db.ts";
import { cleanInput, storedDoc, type IndexResult, type SourceInput } from "./index-source.ts";
import { chunkText, type Chunk } from "./chunk/index.ts";
import { prepareChunked, type PreparedChunks } from "./prepare-chunks.ts";
import { applySpools, SpoolFiles, spoolRoot } from "./spool.ts";
import type { SpoolWorkerData, SpoolWorkerMessage, SpoolWorkerReply } from "./spool-worker.ts";
import { knownWords } from "./vocab.ts";
import { workerModule, workersAvailable } from "./workers.ts";

/**
 * Text spooled and not yet in the database past which a call waits for the worker: what a search
 * right after a run of calls waits for stays about half a second of writes.
 */
export const SPOOL_CAP_BYTES = 8 * 1024 * 1024;

/** Text waiting for the worker from which a call prepares its chunks' trigram terms and words itself. */
const BEHIND_BYTES = 1024 * 1024;

/**
 * A server's indexer: each call chunks its sources here, writes them to the spool (spool.ts) and
 * answers, while a worker thread writes them into the database beside the next calls. `drain`
 * waits until everything spooled is in the database: every other use of the database does it
 * first, so a search never misses what was indexed. Bun only (the Node build has no worker
 * bundle): `spoolIndexer` returns undefined there, and a server writes on its own thread.
 */
export class SpoolIndexer {
  readonly files: SpoolFiles;
  #worker: Worker | undefined;
  /** Files written and not yet applied, oldest first. */
  #queue: { seq: number; bytes: number }[] = [];
  #waitingBytes = 0;
  /** Bytes of text ever given to the spool. */
  #spooledBytes = 0;
  #newest = 0;
  /** The newest unapplied file of each label: a label indexed twice before the worker catches up. */
  #latest = new Map<string, { seq: number; sha256: string }>();
  #waiters: { ready: () => boolean; resolve: () => void; reject: (err: Error) => void }[] = [];
  #settled = true;
  /** Messages sent to the worker: a `settled` reply it sent before reading the last of them is stale. */
  #sent = 0;

  constructor(
    private readonly db: Database,
    dbPath: string,
    busyTimeoutMs: number,
  ) {
    this.files = new SpoolFiles(spoolRoot(dbPath));
    const data: SpoolWorkerData = { dbPath, root: this.files.root, spool: this.files.name, busyTimeoutMs };
    const worker = new Worker(workerModule("spool-worker.ts"), { workerData: data });
    worker.unref();
    worker.on("message", (reply: SpoolWorkerReply) => {
      if ("mark" in reply) this.#advance(reply.mark);
      else if ("settled" in reply) {
        this.#settled = reply.settled === this.#sent && this.#queue.length === 0;
        this.#wake();
      } else this.#catchUpHere();
    });
    worker.on("error", () => this.#lose(worker));
    worker.on("exit", () => this.#lose(worker));
    this.#worker = worker;
  }

  /**
   * False from a call until the worker has written it, read its words in and maintained the
   * store: meanwhile the worker writes, and this thread leaves checkpoints and merges to it.
   */
  get settled(): boolean {
    return this.#settled || !this.#worker;
  }

  /** Bytes of text spooled and not yet in the database. */
  get waitingBytes(): number {
    return this.#waitingBytes;
  }

  /** Bytes of text given to the spool since it started, written or not. */
  get spooledBytes(): number {
    return this.#spooledBytes;
  }

  /** Spools the sources (redacting them first) and returns what each becomes, as indexSources would. */
  async index(inputs: SourceInput[]): Promise<IndexResult[]> {
    const results = inputs.map((input) => this.#spool(cleanInput(input)));
    if (!this.#worker) {
      const failed = this.#catchUpHere();
      if (failed) throw failed;
    } else if (this.#waitingBytes > SPOOL_CAP_BYTES) await this.#until(() => this.#waitingBytes <= SPOOL_CAP_BYTES);
    return results;
  }

  /**
   * Has the worker merge FTS5 segments (the server is idle) until the next call spools a file;
   * `down`: only until no index holds more than a read should seek (a read right after a run of
   * calls waits for it). False when there is no worker to do it. Meanwhile this thread leaves
   * writes to it (`settled`).
   */
  merge(down = false): boolean {
    if (!this.#worker) return false;
    this.#settled = false;
    this.#sent++;
    this.#worker.postMessage({ merge: down ? "down" : true } satisfies SpoolWorkerMessage);
    return true;
  }

  /** Resolves once everything spooled is in the database. */
  drain(): Promise<void> {
    return this.#until(() => this.#queue.length === 0);
  }

  /** Resolves once the worker is done with what it was given and asked (`settled`). */
  whenSettled(): Promise<void> {
    return this.#until(() => this.settled);
  }

  /** Drains (on this thread if the worker is gone), stops the worker and removes the spool's folder. */
  async close(): Promise<void> {
    try {
      await this.drain();
    } finally {
      const worker = this.#worker;
      this.#worker = undefined;
      await worker?.terminate();
      // Anything left (a failed drain) stays on disk for the next process to apply.
      if (this.#queue.length === 0) this.files.remove();
    }
  }

  #spool(input: SourceInput): IndexResult {
    const sha256 = sha256Hex(input.text);
    const bytes = Buffer.byteLength(input.text);
    const db = this.db;
    const stored = storedDoc(db, sha256);
    let prepared: PreparedChunks | undefined;
    let chunks: Chunk[] | undefined;
    let result: Pick<IndexResult, "chunks" | "codeChunks" | "titles">;
    if (stored) {
      const titles = db.prepare<{ title: string }>("SELECT title FROM chunks WHERE doc_id = $doc ORDER BY seq").all({ doc: stored.id });
      result = { chunks: stored.chunk_count, codeChunks: stored.code_count, titles: titles.map((t) => t.title) };
    } else {
      // The reply needs the chunks. Their trigram terms are taken on here only when the worker
      // is behind, so a call after a pause stays short. Their words go into the vocabulary
      // after the run (the worker reads them back, vocab.ts queueVocab).
      chunks = chunkText(input.text, input.kind, { maxChunk: input.maxChunk, name: input.label });
      if (this.#waitingBytes >= BEHIND_BYTES) prepared = prepareChunked(chunks, knownWords(db), false);
      result = { chunks: chunks.length, codeChunks: chunks.filter((c) => c.code).length, titles: chunks.map((c) => c.title) };
    }
    const prior =
      this.#latest.get(input.label)?.sha256 ??
      db
        .prepare<{ sha256: string }>("SELECT d.sha256 AS sha256 FROM sources s JOIN docs d ON d.id = s.doc_id WHERE s.label = $label")
        .get({ label: input.label })?.sha256;
    const seq = this.files.append(input);
    this.#newest = seq;
    this.#latest.set(input.label, { seq, sha256 });
    this.#queue.push({ seq, bytes });
    this.#settled = false;
    this.#waitingBytes += bytes;
    this.#spooledBytes += bytes;
    if (this.#worker) {
      this.#worker.ref();
      // Chunks hold the text already: structured-cloning it as well cost both threads a copy.
      const sent = prepared || chunks ? { ...input, text: "" } : input;
      this.#sent++;
      this.#worker.postMessage({ seq, source: { input: sent, sha256, bytes, ...(prepared ? { prepared } : { chunks }) } } satisfies SpoolWorkerMessage);
    }
    return { label: input.label, bytes, status: prior === undefined ? "new" : prior === sha256 ? "unchanged" : "replaced", ...result };
  }

  /** Everything up to `mark` is in the database. */
  #advance(mark: number): void {
    while (this.#queue.length && this.#queue[0]!.seq <= mark) this.#waitingBytes -= this.#queue.shift()!.bytes;
    for (const [label, { seq }] of this.#latest) if (seq <= mark) this.#latest.delete(label);
    if (this.#queue.length === 0) this.#worker?.unref();
    this.#wake();
  }

  /** Resolves the waiters whose condition now holds. */
  #wake(): void {
    const ready = this.#waiters.filter((w) => w.ready());
    this.#waiters = this.#waiters.filter((w) => !ready.includes(w));
    for (const w of ready) w.resolve();
  }

  /** Applies the rest of the spool on this thread (the worker failed a slice, or is gone); the error, if that failed too. */
  #catchUpHere(): Error | undefined {
    try {
      applySpools(this.db, this.files.root, { only: this.files.name });
      this.#advance(this.#newest);
      // Written here, words included: nothing is left for the worker to settle.
      this.#settled = true;
      this.#wake();
      return undefined;
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      for (const w of this.#waiters.splice(0)) w.reject(error);
      return error;
    }
  }

  #lose(worker: Worker): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    if (this.#queue.length) this.#catchUpHere();
  }

  #until(ready: () => boolean): Promise<void> {
    if (ready()) return Promise.resolve();
    if (!this.#worker) {
      const failed = this.#catchUpHere();
      return failed ? Promise.reject(failed) : Promise.resolve();
    }
    return new Promise((resolve, reject) => this.#waiters.push({ ready, resolve, reject }));
  }
}

/** A spooling indexer for `db`, or undefined where worker threads are not available (the Node build). */
export function spoolIndexer(db: Database, dbPath: string, busyTimeoutMs: number): SpoolIndexer | undefined {
  return workersAvailable() ? new SpoolIndexer(db, dbPath, busyTimeoutMs) : undefined;
}
