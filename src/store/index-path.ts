import { openSync, closeSync, fstatSync, readFileSync, realpathSync, statSync } from "node:fs";
import { basename, isAbsolute, relative, resolve, sep } from "node:path";
import { gunzipSync } from "node:zlib";
import { CtxError, errorMessage } from "../errors.ts";
import { detectKind, type ContentKind } from "./chunk/index.ts";
import type { Database } from "./db.ts";
import type { IndexResult, SourceInput } from "./index-source.ts";
import { createIndexer } from "./index-parallel.ts";
import { decodeText, looksBinary, walkFiles } from "./walk.ts";

interface IndexPathOptions {
  /** Project top-level: labels are paths relative to it. */
  projectRoot: string;
  /** Label for a single file, or the prefix for the files of a directory. */
  source?: string;
  session?: string;
  worktree?: string;
  maxChunk: number;
  maxFiles: number;
  maxFileBytes: number;
  /** Called after each file, for progress output. */
  onFile?: (done: number, total: number, path: string) => void;
  /** Last say on each file (a policy check); return a reason to skip it. */
  refuse?: (path: string) => string | undefined;
  /** Leave the full-text rows to flushPending (store/pending.ts): a server's ctx_index. */
  deferSearch?: boolean;
  /** Writes the sources instead of indexing them here (a server's spool, store/spool-indexer.ts). */
  write?: (inputs: SourceInput[]) => Promise<IndexResult[]>;
  /**
   * What to index for a file whose text is not to be indexed as it is (an HTML page becomes
   * markdown, fetch/local-page.ts); undefined keeps the text, its kind detected from name and content.
   */
  convert?: (path: string, text: string) => Promise<{ text: string; kind: ContentKind } | undefined>;
}

/** A compressed file's name: the kind is told by the name without it. */
const GZIPPED = /\.gz$/i;

interface IndexPathReport {
  indexed: IndexResult[];
  skipped: { path: string; reason: string }[];
  /** Whether chunking ran on a worker thread beside the writes. */
  parallel: boolean;
}

/** Throws NOT_FOUND / UNREADABLE before anything is written, so a bad argument loses nothing. */
export function checkPaths(paths: string[]): void {
  for (const p of paths) {
    try {
      statSync(p);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOENT") throw new CtxError("NOT_FOUND", `no such file or directory: ${p}`);
      throw new CtxError("UNREADABLE", `cannot read ${p}: ${errorMessage(err)}`);
    }
  }
}

/** Indexes files and directory trees; binaries, oversize and unreadable files are skipped with a reason. */
export async function indexPaths(db: Database, paths: string[], options: IndexPathOptions): Promise<IndexPathReport> {
  checkPaths(paths);
  const report: IndexPathReport = { indexed: [], skipped: [], parallel: false };
  const files: { path: string; label: string }[] = [];
  for (const p of paths) {
    const abs = resolve(p);
    if (statSync(abs).isDirectory()) {
      for (const f of walkFiles(abs, { maxFiles: options.maxFiles - files.length })) {
        const rel = relative(abs, f).split(sep).join("/");
        files.push({ path: f, label: options.source ? `${options.source}/${rel}` : labelFor(f, options.projectRoot) });
      }
    } else {
      files.push({ path: abs, label: options.source && paths.length === 1 ? options.source : labelFor(abs, options.projectRoot) });
    }
  }
  // Read in slices of a few MB; each slice is written in batched transactions while a worker
  // chunks the next batch (see createIndexer).
  const indexer = createIndexer(db);
  const write = options.write ?? ((inputs: SourceInput[]) => indexer.index(inputs));
  let pending: SourceInput[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pending.length) report.indexed.push(...(await write(pending)));
    pending = [];
    pendingBytes = 0;
  };
  try {
    for (const [i, { path, label }] of files.entries()) {
      const refusal = options.refuse?.(path);
      const raw = refusal ? undefined : readText(path, options.maxFileBytes, report);
      if (refusal) report.skipped.push({ path, reason: refusal });
      if (raw !== undefined) {
        const converted = options.convert ? await options.convert(path.replace(GZIPPED, ""), raw) : undefined;
        const text = converted?.text ?? raw;
        pending.push({
          label,
          text,
          kind: converted?.kind ?? detectKind(basename(path).replace(GZIPPED, ""), text),
          origin: path,
          session: options.session,
          worktree: options.worktree,
          maxChunk: options.maxChunk,
          deferSearch: options.deferSearch,
        });
        pendingBytes += text.length;
        if (pendingBytes >= 16 * 1024 * 1024) await flush();
      }
      options.onFile?.(i + 1, files.length, path);
    }
    await flush();
    report.parallel = indexer.parallel;
  } finally {
    await indexer.close();
  }
  return report;
}

function labelFor(abs: string, projectRoot: string): string {
  let real = abs;
  try {
    real = realpathSync(abs);
  } catch {
    // keep the given path
  }
  const rel = relative(projectRoot, real);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split(sep).join("/") : real;
}

/**
 * Reads a regular file as text through one descriptor (no swap between check and read). A
 * gzip-compressed file named `.gz` (Debian ships its changelogs and manuals so) is read
 * decompressed, within the same size limit.
 */
function readText(path: string, maxBytes: number, report: IndexPathReport): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const st = fstatSync(fd);
    if (!st.isFile()) return void report.skipped.push({ path, reason: "not a regular file" });
    if (st.size > maxBytes) return void report.skipped.push({ path, reason: `larger than ${maxBytes} bytes` });
    let bytes: Uint8Array = readFileSync(fd);
    if (GZIPPED.test(path) && bytes[0] === 0x1f && bytes[1] === 0x8b) {
      try {
        bytes = gunzipSync(bytes, { maxOutputLength: maxBytes });
      } catch (err) {
        const big = (err as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE";
        return void report.skipped.push({ path, reason: big ? `larger than ${maxBytes} bytes decompressed` : "not valid gzip" });
      }
    }
    if (looksBinary(bytes)) return void report.skipped.push({ path, reason: "binary" });
    return decodeText(bytes);
  } catch (err) {
    report.skipped.push({ path, reason: errorMessage(err) });
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
