import { CtxError } from "../errors.ts";
import { localPageText } from "../fetch/local-page.ts";
import { checkPaths, indexPaths } from "../store/index-path.ts";
import { openForCommand, printJson } from "./context.ts";
import { formatBytes } from "../preview/clip.ts";

interface IndexOptions {
  source?: string;
  project?: string;
  json?: boolean;
  /** URLs only: refetch even when the index holds a fresh copy. */
  force?: boolean;
  /** URLs only: seconds a fetched copy stays fresh (overrides CTXMODE_FETCH_TTL). */
  ttl?: number | string;
}

const MAX_FILES = 10_000;
const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** `ctxmode index <paths…>`: progress on a TTY, one line per file otherwise, or JSON. URLs go to indexUrlsCommand. */
export async function indexCommand(paths: string[], opts: IndexOptions): Promise<number> {
  const urls = paths.filter(isUrl);
  if (urls.length > 0) {
    if (urls.length !== paths.length) throw new CtxError("BAD_INPUT", "pass either files or URLs to one `ctxmode index`, not both");
    return indexUrlsCommand(urls, opts);
  }
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
      onFile: tty ? (done, total) => process.stderr.write(`\rindexing ${done}/${total} files`) : undefined,
      convert: localPageText,
    });
    if (tty) process.stderr.write("\r\x1b[K");
    if (opts.json) {
      printJson({
        project: store.project.root,
        database: store.dbPath,
        indexed: report.indexed.map(({ titles: _t, ...r }) => r),
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

/** `scheme://…`: a URL (an unsupported scheme is then refused by name, not reported as a missing file). */
function isUrl(arg: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(arg);
}

/**
 * `ctxmode index <url…>`: fetches, converts and indexes each page (or answers it from the index
 * within its TTL, CTXMODE_FETCH_TTL). One URL that fails is the command's error; with several,
 * each failure is a line on stderr and the exit code is 1.
 */
async function indexUrlsCommand(urls: string[], opts: IndexOptions): Promise<number> {
  for (const url of urls) (await import("../fetch/fetch.ts")).parseHttpUrl(url); // before opening anything
  const ttlSeconds = opts.ttl === undefined ? undefined : Number(opts.ttl);
  if (ttlSeconds !== undefined && !(Number.isFinite(ttlSeconds) && ttlSeconds >= 0)) {
    throw new CtxError("BAD_INPUT", `--ttl must be a number of seconds (0 or more), not ${opts.ttl}`);
  }
  const [{ indexUrls }, { pageReceipt }] = await Promise.all([import("../fetch/index-urls.ts"), import("../mcp/page-receipt.ts")]);
  const { config, store } = openForCommand(opts.project);
  try {
    const source = opts.source?.trim() || undefined;
    const requests = urls.map((url) => ({ url, label: source && urls.length > 1 ? `${source}::${url}` : source }));
    const outcomes = await indexUrls(
      requests,
      { ttlMs: ttlSeconds === undefined ? config.fetch.ttlMs : ttlSeconds * 1000, force: opts.force === true, concurrency: 4 },
      { db: store.db, fetch: config.fetch, session: config.session, worktree: store.project.worktree, maxChunk: config.budgets.maxChunk },
    );
    if (urls.length === 1 && !outcomes[0]!.ok) throw outcomes[0]!.error;
    if (opts.json) {
      printJson({
        project: store.project.root,
        database: store.dbPath,
        pages: outcomes.map((o) =>
          o.ok ? (({ ok: _ok, titles: _t, ...page }) => page)(o) : { url: o.url, label: o.label, error: o.error.message, code: o.error.code },
        ),
      });
    } else {
      const now = Date.now();
      for (const o of outcomes) {
        if (o.ok) process.stdout.write(`${pageReceipt(o, config.fetch.ttlMs, now, (label) => `ctxmode search "…" --source ${JSON.stringify(label)}`)}\n`);
        else process.stderr.write(`failed ${o.url}: ${o.error.message}\n`);
      }
    }
    return outcomes.every((o) => o.ok) ? 0 : 1;
  } finally {
    store.db.close();
  }
}
