import { z } from "zod";
import { CtxError } from "../../errors.ts";
import { shortTitle } from "../budget.ts";
import { byteLength, quote } from "../format.ts";
import { MEMORY_PREFIX } from "../../store/memory-files.ts";
import { defineTool } from "../tool.ts";
import { formatBytes } from "../../preview/clip.ts";

/**
 * A server checks the memory files at most this often: a few stats per check, but searches come
 * in bursts (one call per query batch) and an edit a quarter second old is fresh enough.
 */
const MEMORY_CHECK_MS = 250;

/** The store code a search runs, loaded with the first search: an `import()` per call cost ~0.1 ms each. */
let storeCode: ReturnType<typeof loadStoreCode> | undefined;
const loadStoreCode = () =>
  Promise.all([
    import("../../store/search.ts"),
    import("../../store/memory.ts"),
    import("../../store/vocab.ts"),
    import("../../store/pending.ts"),
    import("../../store/spool.ts"),
  ]);

/** `ctx_search`: ranked snippets from everything indexed for this project, plus the agent memory files. */
export function searchTool() {
  return defineTool({
    name: "ctx_search",
    title: "Search indexed content",
    description: "Search indexed output, files, text and pages; several queries per call. Hits carry source and lines.",
    schema: z.object({
      queries: z.array(z.string()).min(1).max(20).describe('Queries, e.g. ["auth error"]'),
      limit: z.number().min(1).max(10).optional().describe("Hits per query, default 3"),
      source: z.string().optional().describe("Only sources whose label has this"),
      scope: z.enum(["session", "worktree", "project"]).optional().describe("Default project"),
      contentType: z.enum(["code", "prose"]).optional().describe("Only code or only prose"),
      memory: z.boolean().optional().describe("false: skip AGENTS.md etc."),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run(args, ctx) {
      const queries = args.queries.map((q) => q.trim()).filter(Boolean);
      if (queries.length === 0) throw new CtxError("BAD_INPUT", "`queries` holds only empty strings; pass words to search for");
      const [{ search }, { refreshMemory, watchMemory }, { backfillVocab }, { flushPending }, { applySpools, spoolRoot }] = await (storeCode ??=
        loadStoreCode());
      const { db, dbPath, project } = await ctx.store();
      // Kept fresh either way: memory chunks need their candidate slots even when left out.
      const watch = watchMemory(ctx.config, project.worktree, MEMORY_CHECK_MS);
      refreshMemory(db, watch);
      // What ctx_index stored moments ago gets its full-text rows before it is searched, another
      // server's spool included (this server's was written by ctx.store()).
      applySpools(db, spoolRoot(dbPath));
      flushPending(db);
      const { snippetMax, rrfK, outputCap } = ctx.config.budgets;
      const limit = Math.floor(args.limit ?? 3);
      const blocks: string[] = [];
      let used = 0;
      let hits = 0;
      let cut = false;
      for (const query of queries) {
        const result = search(db, query, {
          limit,
          snippetMax,
          rrfK,
          source: args.source,
          contentType: args.contentType,
          scope: args.scope ?? "project",
          session: ctx.session,
          worktree: project.worktree,
          memory: args.memory !== false,
          memoryReserve: watch.reserve,
          // Words of a run of ctx_index calls the spool worker has not read into the vocabulary yet.
          beforeVocab: () => {
            try {
              while (!backfillVocab(db)) {
                // a batch per transaction, so a hook writing meanwhile waits one batch at most
              }
            } catch {
              // busy past the timeout: this search goes without fixes toward the words not read yet
            }
          },
        });
        const also = result.alsoSearched ? ` (also searched: ${result.alsoSearched.map(quote).join(", ")})` : "";
        const fixed = `${result.corrected ? ` (spelling fixed: showing ${quote(result.corrected)})` : ""}${also}`;
        const lines = [`## ${query}${fixed}`];
        if (result.hits.length === 0) lines.push("no matches");
        for (const hit of result.hits) {
          const title = shortTitle(hit.title, hit.lineStart, hit.lineEnd);
          const hitText = hit.memory
            ? `memory ${hit.source.slice(MEMORY_PREFIX.length)} # ${title} · lines ${hit.lineStart}-${hit.lineEnd}\n${hit.snippet}`
            : `[${hit.source}] lines ${hit.lineStart}-${hit.lineEnd}${title ? ` · ${title}` : ""}\n${hit.snippet}`;
          if (used + byteLength(hitText) > outputCap - 256) {
            cut = true;
            break;
          }
          lines.push(hitText);
          used += byteLength(hitText);
          hits++;
        }
        blocks.push(lines.join("\n"));
        if (cut) break;
      }
      if (cut) blocks.push(`(cut at ${formatBytes(outputCap)}; ask fewer queries or pass \`source\`)`);
      const body = blocks.join("\n\n");
      const header = `ctx_search · ${queries.length} quer${queries.length === 1 ? "y" : "ies"} · ${hits} hit${hits === 1 ? "" : "s"} · ${formatBytes(byteLength(body))}`;
      if (hits === 0) {
        const known = Number(db.prepare<{ n: number }>("SELECT count(*) AS n FROM sources").get()?.n ?? 0);
        const hint =
          known === 0
            ? "nothing is indexed yet; run ctx_execute, ctx_batch or ctx_index first"
            : `${known} sources are indexed; try other words or no \`source\`/\`scope\` filter`;
        return { text: `${header}\n${body}\n\n${hint}`, keptOut: 0 };
      }
      return { text: `${header}\n${body}`, keptOut: 0 };
    },
  });
}
