import { closeSync, fstatSync, openSync, readFileSync, statSync } from "node:fs";
import { basename, isAbsolute, relative, sep } from "node:path";
import { errorMessage } from "../errors.ts";
import type { Database } from "../store/db.ts";
import type { IndexResult, SourceInput } from "../store/index-source.ts";

export interface IndexFilesOptions {
  projectRoot: string;
  /** Label of a single file, or prefix of a directory's files. */
  source?: string;
  session: string;
  worktree: string;
  maxChunk: number;
  maxFiles: number;
  maxFileBytes: number;
  /** A reason to skip the file (a Read deny rule), or undefined. */
  refuse(path: string): string | undefined;
  /** Applied to each file's text before it is stored (secret redaction). */
  transform(text: string): string;
}

export interface IndexFilesReport {
  indexed: IndexResult[];
  skipped: { path: string; reason: string }[];
}

/**
 * Indexes a file or a directory tree (.gitignore honoured, symlinks not followed) like the store's
 * indexPaths, but passes every text through `transform` first: secrets must be redacted before
 * anything is stored, and indexPaths has no hook for it yet.
 */
export async function indexFiles(db: Database, real: string, options: IndexFilesOptions): Promise<IndexFilesReport> {
  const [{ walkFiles, looksBinary }, { indexSources }, { detectKind }] = await Promise.all([
    import("../store/walk.ts"),
    import("../store/index-source.ts"),
    import("../store/chunk/index.ts"),
  ]);
  const report: IndexFilesReport = { indexed: [], skipped: [] };
  const isDir = statSync(real).isDirectory();
  const files = isDir ? walkFiles(real, { maxFiles: options.maxFiles }) : [real];
  let pending: SourceInput[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pending.length) report.indexed.push(...indexSources(db, pending));
    pending = [];
    pendingBytes = 0;
  };
  for (const file of files) {
    const refusal = options.refuse(file);
    if (refusal) {
      report.skipped.push({ path: file, reason: refusal });
      continue;
    }
    const text = readText(file, options.maxFileBytes, report, looksBinary);
    if (text === undefined) continue;
    const rel = relative(real, file).split(sep).join("/");
    const label = options.source ? (isDir ? `${options.source}/${rel}` : options.source) : labelFor(file, options.projectRoot);
    const clean = options.transform(text);
    pending.push({
      label,
      text: clean,
      kind: detectKind(basename(file), clean),
      origin: file,
      session: options.session,
      worktree: options.worktree,
      maxChunk: options.maxChunk,
    });
    pendingBytes += clean.length;
    if (pendingBytes >= 8 * 1024 * 1024) flush();
  }
  flush();
  return report;
}

function labelFor(file: string, projectRoot: string): string {
  const rel = relative(projectRoot, file);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split(sep).join("/") : file;
}

/** Reads a regular file as UTF-8 through one descriptor, skipping binaries and oversize files. */
function readText(
  path: string,
  maxBytes: number,
  report: IndexFilesReport,
  looksBinary: (bytes: Uint8Array) => boolean,
): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const st = fstatSync(fd);
    if (!st.isFile()) return void report.skipped.push({ path, reason: "not a regular file" });
    if (st.size > maxBytes) return void report.skipped.push({ path, reason: `larger than ${maxBytes} bytes` });
    const bytes = readFileSync(fd);
    if (looksBinary(bytes)) return void report.skipped.push({ path, reason: "binary" });
    return new TextDecoder().decode(bytes);
  } catch (err) {
    report.skipped.push({ path, reason: errorMessage(err) });
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
