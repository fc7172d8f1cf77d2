/**
 * Fetch, convert and index web pages: the one path behind `ctx_index` url/urls and
 * `ctxmode index <url>`. A page indexed within its TTL comes from the index instead.
 */
import type { FetchConfig } from "../config/config.ts";
import { CtxError, errorMessage } from "../errors.ts";
import type { Database } from "../store/db.ts";
import { indexSource } from "../store/index-source.ts";
import { sourceTitles } from "../store/source-lookup.ts";
import { cachedPage, sweepStalePages } from "./cache.ts";
import { convertPage } from "./convert.ts";
import { hostOf, parseHttpUrl, resolveChecked, safeFetch, type Resolver } from "./fetch.ts";
import { isIpLiteral } from "./ip-address.ts";

export interface PageRequest {
  url: string;
  /** Label to index under; the URL itself when absent. */
  label?: string;
}

export interface IndexUrlsOptions {
  /** Answer from the index when the page was indexed less than this many ms ago (0: always refetch). */
  ttlMs: number;
  force: boolean;
  /** Pages fetched at once, 1–8. */
  concurrency: number;
}

export interface WebIndexContext {
  db: Database;
  fetch: FetchConfig;
  session: string;
  worktree: string;
  maxChunk: number;
  signal?: AbortSignal;
  /** Test seams: a resolver (the address check still runs) and extra trusted CAs. */
  resolve?: Resolver;
  ca?: string;
  now?: () => number;
}

/** A page indexed now, or one answered from the index. */
export interface PageIndexed {
  ok: true;
  url: string;
  label: string;
  from: "web" | "index";
  /** Where the body came from after redirects (the URL itself for a cached page). */
  finalUrl: string;
  title: string;
  /** Body bytes fetched (0 from the index). */
  fetchedBytes: number;
  /** Bytes of the indexed text (markdown for HTML). */
  textBytes: number;
  kind: string;
  chunks: number;
  status: "new" | "replaced" | "unchanged" | "cached";
  /** Chunk titles in order, for the outline. */
  titles: string[];
  indexedAt: number;
}

export interface PageFailed {
  ok: false;
  url: string;
  label: string;
  error: CtxError;
}

export type PageOutcome = PageIndexed | PageFailed;

/** Indexes every request; one failure does not stop the others. Outcomes keep the request order. */
export async function indexUrls(requests: PageRequest[], options: IndexUrlsOptions, ctx: WebIndexContext): Promise<PageOutcome[]> {
  const now = ctx.now ?? Date.now;
  sweepStalePages(ctx.db, ctx.fetch.retentionDays, now());
  const outcomes = new Array<PageOutcome>(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const i = next++;
      const req = requests[i]!;
      try {
        outcomes[i] = await indexOne(req, options, ctx, now);
      } catch (err) {
        const error = err instanceof CtxError ? err : new CtxError("UNREADABLE", `${req.url}: ${errorMessage(err)}`, { cause: err });
        outcomes[i] = { ok: false, url: req.url, label: req.label ?? req.url, error };
      }
    }
  };
  const lanes = Math.max(1, Math.min(8, Math.floor(options.concurrency), requests.length));
  await Promise.all(Array.from({ length: lanes }, worker));
  return outcomes;
}

async function indexOne(req: PageRequest, options: IndexUrlsOptions, ctx: WebIndexContext, now: () => number): Promise<PageIndexed> {
  const url = parseHttpUrl(req.url);
  const label = req.label?.trim() || url.href;
  // An address in the URL itself is checked before the cache, so a policy change applies to cached pages too.
  if (isIpLiteral(hostOf(url))) await resolveChecked(hostOf(url), policyOf(ctx.fetch));
  if (!options.force) {
    const hit = cachedPage(ctx.db, label, url.href, options.ttlMs, now());
    if (hit) {
      const titles = sourceTitles(ctx.db, label);
      return {
        ok: true,
        url: url.href,
        label,
        from: "index",
        finalUrl: url.href,
        title: hit.kind === "markdown" ? pageTitle(titles, label) : "",
        fetchedBytes: 0,
        textBytes: hit.bytes,
        kind: hit.kind,
        chunks: hit.chunks,
        status: "cached",
        titles,
        indexedAt: hit.indexedAt,
      };
    }
  }
  const page = await safeFetch(url.href, {
    policy: policyOf(ctx.fetch),
    proxy: ctx.fetch.proxy,
    resolve: ctx.resolve,
    timeoutMs: ctx.fetch.timeoutMs,
    maxBytes: ctx.fetch.maxBytes,
    maxRedirects: ctx.fetch.maxRedirects,
    signal: ctx.signal,
    ca: ctx.ca,
  });
  const converted = await convertPage(page);
  const result = indexSource(ctx.db, {
    label,
    text: converted.text,
    kind: converted.kind,
    origin: url.href,
    session: ctx.session,
    worktree: ctx.worktree,
    maxChunk: ctx.maxChunk,
  });
  return {
    ok: true,
    url: url.href,
    label,
    from: "web",
    finalUrl: page.url,
    title: converted.title,
    fetchedBytes: page.bytesRead(),
    textBytes: result.bytes,
    kind: converted.kind,
    chunks: result.chunks,
    status: result.status,
    titles: result.titles,
    indexedAt: now(),
  };
}

function policyOf(fetch: FetchConfig) {
  return { allowPrivate: fetch.allowPrivate, strict: fetch.strict };
}

/** The page title of a converted HTML page: the h1 every chunk title starts with. */
function pageTitle(titles: string[], label: string): string {
  const first = titles[0]?.split(" > ")[0]?.replace(/ \(\d+\)$/, "") ?? "";
  return first === label ? "" : first;
}
