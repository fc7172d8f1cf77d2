import { loadConfig } from "../config/config.ts";
import { CtxError } from "../errors.ts";
import { watchMemory } from "../store/memory.ts";
import { openProjectStore } from "../store/open-project.ts";
import { flushPending, hasPending } from "../store/pending.ts";
import { resolveProject } from "../store/project.ts";
import { search } from "../store/search.ts";
import { openForCommand, printJson } from "./context.ts";

interface SearchCliOptions {
  limit?: number | string;
  source?: string;
  project?: string;
  json?: boolean;
  /** `--no-memory`: leave the agent memory files out. */
  memory?: boolean;
}

function hasMemoryFiles(projectDir: string | undefined): boolean {
  const project = resolveProject(projectDir ?? process.cwd());
  return watchMemory(loadConfig(), project.worktree).present();
}

/** `ctxmode search <queries…>`: every argument is searched on its own. */
export function searchCommand(queries: string[], opts: SearchCliOptions): number {
  const cleaned = queries.map((q) => String(q).trim());
  if (cleaned.length === 0 || cleaned.some((q) => q === ""))
    throw new CtxError("BAD_INPUT", 'empty query; pass the words to search for, e.g. `ctxmode search "useEffect cleanup"`');
  const limit = Number(opts.limit ?? 5);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new CtxError("BAD_INPUT", `--limit must be a whole number from 1 to 100, not ${opts.limit}`);
  const memory = opts.memory !== false;
  let opened: ReturnType<typeof openForCommand>;
  try {
    opened = openForCommand(opts.project, { readonly: true });
  } catch (err) {
    if (!(err instanceof CtxError && err.code === "NOT_FOUND")) throw err;
    // Nothing indexed yet; the project's memory files alone are still worth a database.
    if (memory && hasMemoryFiles(opts.project)) opened = openForCommand(opts.project);
    else {
      if (opts.json) printJson({ results: cleaned.map((query) => ({ query, hits: [] })) });
      else process.stdout.write("nothing indexed in this project yet; run `ctxmode index <path>` first\n");
      return 0;
    }
  }
  const { config, store } = opened;
  try {
    // Read-only unless a memory file changed since it was indexed; then one short write first.
    const watch = watchMemory(config, store.project.worktree);
    const changes = watch.changes(store.db);
    // …and when a server left text waiting for its full-text rows (store/pending.ts).
    if (changes.index.length || changes.drop.length || hasPending(store.db)) {
      const writer = openProjectStore(config, store.project.worktree);
      try {
        watch.apply(writer.db, changes);
        flushPending(writer.db);
      } finally {
        writer.db.close();
      }
    }
    const results = cleaned.map((q) =>
      search(store.db, q, {
        limit,
        source: opts.source,
        snippetMax: config.budgets.snippetMax,
        rrfK: config.budgets.rrfK,
        memory,
        memoryReserve: watch.reserve,
      }),
    );
    if (opts.json) {
      printJson({ results });
      return 0;
    }
    for (const r of results) {
      const also = r.alsoSearched ? `  (also searched: ${r.alsoSearched.join(", ")})` : "";
      process.stdout.write(`## ${r.query}${r.corrected ? `  (showing results for: ${r.corrected})` : ""}${also}\n`);
      if (r.hits.length === 0) process.stdout.write("no results\n");
      for (const h of r.hits) {
        const head = h.memory ? `memory ${h.source.slice("memory:".length)} # ${h.title}` : `[${h.source}] ${h.title}`;
        process.stdout.write(`\n${head} (lines ${h.lineStart}-${h.lineEnd})\n${h.snippet}\n`);
      }
      process.stdout.write("\n");
    }
    return 0;
  } finally {
    store.db.close();
  }
}
