import { Worker } from "node:worker_threads";
import type { Database } from "./db.ts";
import { batches, cleanInput, hashSource, indexSources, writeBatch, type Hashed, type IndexResult, type SourceInput } from "./index-source.ts";
import { prepareChunks, type ChunkJob, type PreparedSource } from "./prepare-chunks.ts";
import { unpackSources, type PackedSources } from "./prepare-pack.ts";
import { knownWords } from "./vocab.ts";
import { workerModule, workersAvailable } from "./workers.ts";

/** Below this much input a worker costs more to start than it saves. */
const PARALLEL_MIN_BYTES = 4 * 1024 * 1024;
/** The first batch is prepared here while the worker starts (about 20 ms), sized so neither thread waits long. */
const FIRST_BATCH_BYTES = 1024 * 1024;

interface Indexer {
  index(inputs: SourceInput[]): Promise<IndexResult[]>;
  /** True once a batch was prepared on the worker thread (reported by `ctxmode index --json`). */
  readonly parallel: boolean;
  close(): Promise<void>;
}

/**
 * An indexer that chunks on a worker thread while this thread writes: the two halves of
 * indexing take about the same time, so a large run finishes in the time of the slower one.
 * Small runs, the Node build, and any worker failure fall back to indexing on this thread.
 */
export function createIndexer(db: Database): Indexer {
  let worker: PrepareWorker | undefined;
  let parallel = false;
  return {
    get parallel() {
      return parallel;
    },
    async index(inputs) {
      const total = inputs.reduce((n, i) => n + i.text.length, 0);
      if (total < PARALLEL_MIN_BYTES || !workersAvailable()) return indexSources(db, inputs);
      const w = (worker ??= new PrepareWorker());
      // The worker prepares the full-text terms too: writing them at once costs less than deferring them.
      const groups = batches(
        inputs.map((i) => ({ ...i, deferSearch: false })),
        undefined,
        FIRST_BATCH_BYTES,
      );
      // Every batch but the first goes to the worker at once (hashing and chunking); it answers
      // in order while this thread writes. The first is prepared here while the worker starts.
      const pending = groups.map((g, k) => (k === 0 ? Promise.resolve(undefined) : w.prepare(g.map(toJob))));
      const results: IndexResult[] = [];
      const words: string[] = [];
      // Checkpoints move to the worker: this thread only appends to the WAL while it writes.
      const autocheckpoint = Number(db.prepare<{ wal_autocheckpoint: number }>("PRAGMA wal_autocheckpoint").get()?.wal_autocheckpoint ?? 1000);
      db.exec("PRAGMA wal_autocheckpoint = 0");
      try {
        for (let k = 0; k < groups.length; k++) {
          const prepared: PreparedSource[] | undefined = await pending[k]!.catch(() => undefined);
          if (prepared) parallel = true;
          const hashed = groups[k]!.map((input, i): Hashed => {
            const p = prepared?.[i];
            if (p) return { input, sha256: p.sha256, bytes: p.bytes, needsChunks: true, prepared: p };
            const h = hashSource(db, cleanInput(input));
            if (h.needsChunks) h.prepared = prepareChunks(toJob(h.input), knownWords(db));
            return h;
          });
          results.push(...writeBatch(db, hashed, words, k === groups.length - 1));
          w.checkpoint(db.path);
        }
      } finally {
        db.exec(`PRAGMA wal_autocheckpoint = ${autocheckpoint}`);
      }
      return results;
    },
    async close() {
      await worker?.terminate();
    },
  };
}

function toJob(input: SourceInput): ChunkJob {
  return { text: input.text, kind: input.kind, label: input.label, maxChunk: input.maxChunk, redacted: input.redacted };
}

class PrepareWorker {
  private readonly worker = new Worker(workerModule("prepare-worker.ts"));
  private next = 0;
  private readonly waiting = new Map<number, { count: number; resolve: (p: PreparedSource[]) => void; reject: (e: Error) => void }>();

  constructor() {
    this.worker.unref();
    this.worker.on("message", (msg: { batch: number; packed?: PackedSources; error?: string }) => {
      const w = this.waiting.get(msg.batch);
      this.waiting.delete(msg.batch);
      if (w && msg.packed) w.resolve(unpackSources(msg.packed, w.count));
      else w?.reject(new Error(msg.error ?? "prepare worker failed"));
    });
    this.worker.on("error", (err: unknown) => this.failAll(err instanceof Error ? err : new Error(String(err))));
    this.worker.on("exit", () => this.failAll(new Error("prepare worker exited")));
  }

  prepare(jobs: ChunkJob[]): Promise<PreparedSource[]> {
    if (jobs.length === 0) return Promise.resolve([]);
    const batch = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(batch, { count: jobs.length, resolve, reject });
      this.worker.postMessage({ batch, jobs });
    });
  }

  /** Asks the worker to checkpoint the WAL of the database at `path`; nothing waits for it. */
  checkpoint(path: string): void {
    this.worker.postMessage({ checkpoint: path });
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }

  private failAll(err: Error): void {
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }
}
