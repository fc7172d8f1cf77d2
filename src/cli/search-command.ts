import { CtxError } from "../errors.ts";
import { search } from "../store/search.ts";
import { openForCommand, printJson } from "./context.ts";

interface SearchCliOptions {
  limit?: number | string;
  source?: string;
  project?: string;
  json?: boolean;
}

/** `ctxmode search <queries…>`: every argument is searched on its own. */
export function searchCommand(queries: string[], opts: SearchCliOptions): number {
  const cleaned = queries.map((q) => String(q).trim());
  if (cleaned.length === 0 || cleaned.some((q) => q === "")) throw new CtxError("BAD_INPUT", "empty query; pass the words to search for, e.g. `ctxmode search \"useEffect cleanup\"`");
  const limit = Number(opts.limit ?? 5);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new CtxError("BAD_INPUT", `--limit must be a whole number from 1 to 100, not ${opts.limit}`);
  let opened;
  try {
    opened = openForCommand(opts.project, { readonly: true });
  } catch (err) {
    if (err instanceof CtxError && err.code === "NOT_FOUND") {
      if (opts.json) printJson({ results: cleaned.map((query) => ({ query, hits: [] })) });
      else process.stdout.write("nothing indexed in this project yet; run `ctxmode index <path>` first\n");
      return 0;
    }
    throw err;
  }
  const { config, store } = opened;
  try {
    const results = cleaned.map((q) =>
      search(store.db, q, { limit, source: opts.source, snippetMax: config.budgets.snippetMax, rrfK: config.budgets.rrfK }),
    );
    if (opts.json) {
      printJson({ results });
      return 0;
    }
    for (const r of results) {
      process.stdout.write(`## ${r.query}${r.corrected ? `  (showing results for: ${r.corrected})` : ""}\n`);
      if (r.hits.length === 0) process.stdout.write("no results\n");
      for (const h of r.hits) {
        process.stdout.write(`\n[${h.source}] ${h.title} (lines ${h.lineStart}-${h.lineEnd})\n${h.snippet}\n`);
      }
      process.stdout.write("\n");
    }
    return 0;
  } finally {
    store.db.close();
  }
}
