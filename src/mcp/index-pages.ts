/** The `url`/`urls` branch of ctx_index: fetch, index, and reply with a receipt per page. */
import { CtxError } from "../errors.ts";
import type { ToolContext } from "./context.ts";
import { byteLength } from "./format.ts";
import type { ToolReply } from "./tool.ts";
import { indexUrls, type PageRequest } from "../fetch/index-urls.ts";
import { pageReceipt, pagesReceipt } from "./page-receipt.ts";

interface PagesArgs {
  url?: string;
  urls?: string[];
  source?: string;
  concurrency?: number;
  ttl?: number;
  force?: boolean;
}

const DEFAULT_CONCURRENCY = 4;
const MAX_URLS = 20;

/**
 * One `url`: indexed under `source` or the URL; a failure is the tool's error. Several `urls`:
 * each under `<source>::<url>` or its URL; the reply is an error only when every page failed.
 */
export async function indexPagesTool(ctx: ToolContext, args: PagesArgs, signal?: AbortSignal): Promise<ToolReply> {
  const source = args.source?.trim() || undefined;
  const many = args.urls !== undefined;
  // Checked here rather than in the schema: every schema byte is paid in every session's tool list.
  if (many && (args.urls!.length === 0 || args.urls!.length > MAX_URLS)) {
    throw new CtxError("BAD_INPUT", `\`urls\` holds ${args.urls!.length} URLs; pass 1 to ${MAX_URLS}`);
  }
  const requests: PageRequest[] = many
    ? [...new Set(args.urls!.map((u) => u.trim()))].map((url) => ({ url, label: source ? `${source}::${url}` : undefined }))
    : [{ url: args.url!, label: source }];
  const { db, project } = await ctx.store();
  const fetch = ctx.config.fetch;
  const ttlMs = args.ttl ?? fetch.ttlMs;
  const outcomes = await indexUrls(
    requests,
    { ttlMs, force: args.force === true, concurrency: args.concurrency ?? DEFAULT_CONCURRENCY },
    { db, fetch, session: ctx.session, worktree: project.worktree, maxChunk: ctx.config.budgets.maxChunk, signal },
  );
  const stored = outcomes.reduce((n, o) => n + (o.ok ? o.textBytes : 0), 0);
  if (!many) {
    const only = outcomes[0]!;
    if (!only.ok) throw only.error;
    const text = pageReceipt(only, ttlMs, Date.now());
    return { text, keptOut: Math.max(0, stored - byteLength(text)) };
  }
  const text = pagesReceipt(outcomes, source);
  const failedAll = outcomes.every((o) => !o.ok);
  if (failedAll && outcomes.length === 1) throw (outcomes[0] as { error: CtxError }).error;
  return { text, isError: failedAll || undefined, keptOut: Math.max(0, stored - byteLength(text)) };
}
