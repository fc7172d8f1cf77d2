import { redactSecrets } from "../sandbox/redact.ts";
import { checkPaths, indexPaths } from "../store/index-path.ts";
import { formatBytes, openForCommand, printJson } from "./context.ts";

interface IndexOptions {
  source?: string;
  project?: string;
  json?: boolean;
}

const MAX_FILES = 10_000;
const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** `ctxmode index <paths…>`: progress on a TTY, one line per file otherwise, or JSON. */
export async function indexCommand(paths: string[], opts: IndexOptions): Promise<number> {
  checkPaths(paths); // before opening anything: a typo must not create a database
  const { config, store } = openForCommand(opts.project);
  const tty = process.stderr.isTTY && !opts.json;
  try {
    const report = await indexPaths(store.db, paths, {
      projectRoot: store.project.root,
      worktree: store.project.worktree,
      source: opts.source,
      session: config.session,
      maxChunk: config.budgets.maxChunk,
      maxFiles: MAX_FILES,
      maxFileBytes: MAX_FILE_BYTES,
      // Secrets never reach the database, whichever way text comes in.
      transform: redactSecrets,
      onFile: tty ? (done, total) => process.stderr.write(`\rindexing ${done}/${total} files`) : undefined,
    });
    if (tty) process.stderr.write("\r\x1b[K");
    if (opts.json) {
      printJson({
        project: store.project.root,
        database: store.dbPath,
        indexed: report.indexed.map(({ titles: _t, sourceId: _s, ...r }) => r),
        skipped: report.skipped,
        parallel: report.parallel,
      });
    } else {
      for (const r of report.indexed) {
        process.stdout.write(`${r.status === "unchanged" ? "unchanged" : "indexed  "} ${r.label}  ${formatBytes(r.bytes)}, ${r.chunks} chunks\n`);
      }
      for (const s of report.skipped) process.stdout.write(`skipped   ${s.path}: ${s.reason}\n`);
      const bytes = report.indexed.reduce((n, r) => n + r.bytes, 0);
      process.stdout.write(`${report.indexed.length} sources, ${formatBytes(bytes)} in ${store.dbPath}\n`);
    }
    return report.indexed.length === 0 && report.skipped.length > 0 ? 1 : 0;
  } finally {
    store.db.close();
  }
}
