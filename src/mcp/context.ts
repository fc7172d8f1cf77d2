import type { Config } from "../config/config.ts";
import type { Policy } from "../sandbox/policy.ts";
import type { Database } from "../store/db.ts";
import type { ProjectStore } from "../store/open-project.ts";
import type { SpoolIndexer } from "../store/spool-indexer.ts";
import type { CallRecord } from "../store/tool-stats.ts";
import type { Project } from "../store/project.ts";
import { randomHex } from "../runtime/random.ts";

/** Text whose full-text rows one idle transaction writes: about half a second of work, then calls may come in. */
const FLUSH_SLICE_BYTES = 4 * 1024 * 1024;

/** Call records kept before a call writes them instead of the server's next idle moment. */
const KEPT_CALLS_MAX = 64;
/** Call records kept at most while they cannot be written (no usable database): the oldest go. */
const KEPT_CALLS_CAP = 1024;
/** Longest a read waits for the merge a run of ctx_index calls made due (store()): past it, it goes ahead beside the merge. */
const MERGE_WAIT_MS = 2_000;
/** Text a run of ctx_index calls gives the spool before the read after it waits for that merge. */
const MERGE_RUN_BYTES = 1024 * 1024;

/**
 * What every tool call shares within one server process (= one agent session): the config, the
 * session id, the project and its database (opened on first use, once), and unique source labels.
 */
export class ToolContext {
  readonly config: Config;
  /** The host's session id, or `mcp-<random>` when the host gave none. */
  readonly session: string;
  #project?: Project;
  #store?: Promise<ProjectStore>;
  /** This server's indexing spool once ctx_index needed it; null where there is none (Node). */
  #spool?: SpoolIndexer | null;
  /** The spool's spooledBytes when the store was last read. */
  #readAt = 0;
  #seq = 0;
  #calls: CallRecord[] = [];
  #policy?: { signature: string; policy: Policy };

  constructor(config: Config) {
    this.config = config;
    this.session = config.session || `mcp-${randomHex(4)}`;
  }

  /** The agent's project directory: children run here and relative paths resolve from here. */
  get projectDir(): string {
    return this.config.projectDir;
  }

  /** The git top-level holding the project dir: the boundary for file access. */
  async project(): Promise<Project> {
    if (!this.#project) {
      const { resolveProject } = await import("../store/project.ts");
      this.#project = resolveProject(this.config.projectDir);
    }
    return this.#project;
  }

  /**
   * The project's database, opened lazily once per server (a failed open is retried next call),
   * with everything this server's ctx_index spooled already in it.
   */
  async store(): Promise<ProjectStore> {
    const store = await this.#open();
    const spool = this.#spool;
    if (!spool) return store;
    await spool.drain();
    // The first read after a run of ctx_index calls: the run left FTS5 segments that every query
    // reads until an idle moment merges them. A script that searches at once would pay for them
    // on every search; the read waits for them to be merged down instead (store/maintenance.ts
    // mergeDue). Not after a file or two: what they leave is merged in the next pause, and a
    // merge step may rewrite a big level.
    const run = spool.spooledBytes - this.#readAt;
    this.#readAt = spool.spooledBytes;
    if (run >= MERGE_RUN_BYTES) {
      const { mergeDue } = await import("../store/maintenance.ts");
      if (mergeDue(store.db) && spool.merge(true)) await withinMs(spool.whenSettled(), MERGE_WAIT_MS);
    }
    return store;
  }

  /** Writes the call records kept so far (recordCall): ctx_stats counts them. */
  async writeKeptCalls(): Promise<void> {
    await this.#writeCalls((await this.#open()).db);
  }

  /** No spool, or its worker is done with the last run: this thread may take the write lock without waiting on it. */
  #settled(): boolean {
    return !this.#spool || this.#spool.settled;
  }

  /**
   * The database and this server's indexing spool (store/spool-indexer.ts), for ctx_index: its
   * sources go to the spool and a worker thread writes them, so the call does not wait for that.
   * No spool where worker threads are not available (the Node build): write to the database then.
   */
  async indexStore(): Promise<{ store: ProjectStore; spool?: SpoolIndexer }> {
    const store = await this.#open();
    if (this.#spool === undefined) {
      const { spoolIndexer } = await import("../store/spool-indexer.ts");
      this.#spool = spoolIndexer(store.db, store.dbPath, this.config.budgets.dbTimeoutMs) ?? null;
    }
    return { store, spool: this.#spool ?? undefined };
  }

  /** Whether this server's spool worker still has text to write. */
  get indexing(): boolean {
    return Boolean(this.#spool?.waitingBytes);
  }

  /**
   * Records a call's byte counts and milliseconds (store/tool-stats.ts). The rows wait here and
   * go when the server is idle (flushWaiting), before ctx_stats reads them, at close, or with the
   * call that brings KEPT_CALLS_MAX of them once the spool worker is done: a call never pays a
   * write transaction (about a tenth of a search) just to count itself.
   */
  async recordCall(tool: string, returned: number, keptOut: number, ms: number): Promise<void> {
    this.#calls.push({ tool, returned, keptOut, ms });
    if (this.#calls.length > KEPT_CALLS_CAP) this.#calls.splice(0, this.#calls.length - KEPT_CALLS_CAP);
    if (this.#calls.length >= KEPT_CALLS_MAX && this.#settled()) await this.#writeCalls((await this.#open()).db);
  }

  /** Writes the call records kept meanwhile (recordCall). */
  async #writeCalls(db: Database): Promise<void> {
    if (this.#calls.length === 0) return;
    const { recordCalls } = await import("../store/tool-stats.ts");
    recordCalls(db, this.session, this.#calls.splice(0));
  }

  #open(): Promise<ProjectStore> {
    this.#store ??= Promise.all([import("../store/open-project.ts"), import("../fetch/cache.ts"), import("../store/upgrade.ts"), import("../store/spool.ts")])
      .then(([{ openProjectStore }, { sweepStalePages }, { upgradeStep }, { applySpools, spoolRoot }]) => {
        const store = openProjectStore(this.config, this.config.projectDir);
        // What a server that died left in its spool goes in before anything reads the database.
        applySpools(store.db, spoolRoot(store.dbPath));
        // Fetched pages not refreshed within the retention period go when a server first opens the store.
        sweepStalePages(store.db, this.config.fetch.retentionDays, Date.now());
        finishUpgrade(() => upgradeStep(store.db, 500));
        return store;
      })
      .catch((err: unknown) => {
        this.#store = undefined;
        throw err;
      });
    return this.#store;
  }

  /**
   * The user's deny/allow rules, checked on every call so edits apply at once: the files are read
   * and compiled again only when one of them changed (a stat of each, against a millisecond to load).
   */
  async policy(): Promise<Policy> {
    const { loadPolicy, policySignature } = await import("../sandbox/policy.ts");
    const paths = { home: this.config.home, projectDir: this.config.projectDir, dataDir: this.config.dataDir };
    const signature = policySignature(paths);
    if (this.#policy?.signature !== signature) this.#policy = { signature, policy: loadPolicy(paths) };
    return this.#policy.policy;
  }

  /**
   * A label no other call can hold (`exec:python#3-m3k9x2ab`): a per-server counter plus the time
   * in base 36 and two random characters, so calls of concurrent servers never overwrite each other.
   */
  nextLabel(prefix: string): string {
    this.#seq += 1;
    const stamp = Date.now().toString(36) + randomHex(1);
    return `${prefix}#${this.#seq}-${stamp}`;
  }

  /** Keeps the open database's WAL and FTS5 segments bounded (store/maintenance.ts); a no-op before the first open. */
  async maintain(): Promise<void> {
    // While the spool worker writes (its spool, then the run's words), it maintains the store itself once done:
    // a TRUNCATE checkpoint here would wait for its transactions.
    if (!this.#store || !this.#settled()) return;
    try {
      const [{ maintainStore }, { db, dbPath }] = await Promise.all([import("../store/maintenance.ts"), this.#store]);
      maintainStore(db, dbPath);
    } catch {
      // the store failed to open: the call that opened it already said so
    }
  }

  /**
   * Run when idle: waits for the spool worker, writes the call records kept meanwhile, then the
   * full-text rows left waiting (store/pending.ts), a few MB per transaction, yielding between
   * them so a call that arrives meanwhile is not held up; then merges FTS5 segments a step at a
   * time (maintenance.ts mergeStep) until a call comes (`busy`) or nothing is left to merge.
   */
  async flushWaiting(busy: () => boolean = () => false): Promise<void> {
    if (!this.#store) return;
    const later = () => new Promise((resolve) => setTimeout(resolve, 0));
    try {
      await this.#spool?.drain();
      // The worker still reads a run's words in, or merges what the last idle moment asked it to:
      // a write here would wait out all of it (its transactions follow each other faster than
      // SQLite's busy handler retries), holding this thread and the next call with it. The writes
      // wait for the worker without holding anything; a call that comes meanwhile has its own
      // idle moment after it.
      if (this.#spool && !this.#settled()) {
        this.#spool.merge();
        await this.#spool.whenSettled();
        if (busy()) return;
      }
      const [{ flushPending }, { mergeStep }, { db, dbPath }] = await Promise.all([
        import("../store/pending.ts"),
        import("../store/maintenance.ts"),
        this.#store,
      ]);
      await this.#writeCalls(db);
      while (!flushPending(db, FLUSH_SLICE_BYTES)) await later();
      // With a spool worker, it merges (after the words of its last run), off this thread; it
      // stops once a call spools a file.
      if (this.#spool?.merge()) return;
      while (!busy() && !mergeStep(db, dbPath)) await later();
    } catch {
      // the store failed to open, or another writer held the lock too long: the next search flushes
    }
  }

  /** Writes what the spool holds, then closes the database if it was opened. */
  async close(): Promise<void> {
    const pending = this.#store;
    const spool = this.#spool;
    this.#store = undefined;
    this.#spool = undefined;
    if (!pending) return;
    try {
      await spool?.close();
      await this.#writeCalls((await pending).db);
    } catch {
      // left in the spool's folder (the next process to open the project writes it), or a busy stats write
    }
    try {
      (await pending).db.close();
    } catch {
      // never opened, or already closed
    }
  }
}

/**
 * Chunks stored by an older ctxmode are read into the spelling vocabulary a batch at a time
 * between requests (a few milliseconds each), so no call waits for the whole upgrade and a hook
 * writing meanwhile waits one batch at most. A batch that fails (busy, closed) is retried a few
 * times, then left to the next server or CLI call.
 */
function finishUpgrade(step: () => boolean): void {
  let failures = 0;
  const run = () => {
    try {
      if (!step()) setTimeout(run, 10).unref();
    } catch {
      if (++failures < 5) setTimeout(run, 1000).unref();
    }
  };
  setTimeout(run, 50).unref();
}

/** Resolves when `done` does or after `ms`, whichever comes first. */
async function withinMs(done: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([done, late]);
  } finally {
    clearTimeout(timer);
  }
}
