import { isAbsolute, relative, sep } from "node:path";
import { z } from "zod";
import { CtxError } from "../../errors.ts";
import { byteLength, quote, searchCall } from "../format.ts";
import { boundBacklog, indexText } from "../indexing.ts";
import { allowedPath } from "../paths.ts";
import { defineTool } from "../tool.ts";
import { formatBytes } from "../../preview/clip.ts";

const MAX_FILES = 5_000;
const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** `ctx_index`: put a file, a directory tree or given text into the project's search index. */
export function indexTool() {
  return defineTool({
    name: "ctx_index",
    title: "Index files, text or pages",
    description: "Index a file or dir (path), text, or web pages (url, urls) for ctx_search.",
    schema: z.object({
      path: z.string().optional().describe("File or dir in the project"),
      text: z.string().optional().describe("Text to index"),
      source: z.string().optional().describe("Label (prefix for a dir or urls)"),
      url: z.string().optional().describe("Web page to fetch"),
      urls: z.array(z.string()).optional().describe("Several pages (max 20)"),
      concurrency: z.number().int().min(1).max(8).optional().describe("Parallel fetches (4)"),
      ttl: z.number().min(0).optional().describe("Max cache age, ms (default 1 day)"),
      force: z.boolean().optional().describe("Refetch even if cached"),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    async run(args, ctx, signal) {
      const given = (["path", "text", "url", "urls"] as const).filter((k) => args[k] !== undefined);
      if (given.length !== 1) {
        throw new CtxError(
          "BAD_INPUT",
          `pass exactly one of \`path\`, \`text\` or \`url\` (\`urls\` for several)${given.length ? ` (got ${given.join(" and ")})` : ""}`,
        );
      }
      if (args.url !== undefined || args.urls !== undefined) {
        const { indexPagesTool } = await import("../index-pages.ts");
        return indexPagesTool(ctx, args, signal);
      }
      const source = args.source?.trim() || undefined;
      if (args.text !== undefined) {
        if (args.text.trim() === "") throw new CtxError("BAD_INPUT", "`text` is empty; pass the text to index");
        const label = source ?? ctx.nextLabel("text");
        // An HTML page pasted as text is indexed as its content, as a page read from a file is.
        const { localPageText } = await import("../../fetch/local-page.ts");
        const page = await localPageText(label, args.text);
        const { result } = await indexText(ctx, label, page?.text ?? args.text, true, page?.kind);
        // The caller wrote this text itself, so nothing was kept out of its context.
        return {
          text: `indexed ${quote(label)}: ${result.chunks} chunks, ${formatBytes(result.bytes)} (${result.status})\nsearch: ${searchCall(label)}`,
          keptOut: 0,
        };
      }
      const policy = await ctx.policy();
      const real = await allowedPath(ctx, policy, "path", args.path!, "any");
      const [{ checkPath }, { indexPaths }, { localPageText }] = await Promise.all([
        import("../../sandbox/policy.ts"),
        import("../../store/index-path.ts"),
        import("../../fetch/local-page.ts"),
      ]);
      const { store, spool } = await ctx.indexStore();
      const { db, project } = store;
      const report = await indexPaths(db, [real], {
        projectRoot: project.root,
        source,
        session: ctx.session,
        worktree: project.worktree,
        maxChunk: ctx.config.budgets.maxChunk,
        maxFiles: MAX_FILES,
        maxFileBytes: MAX_FILE_BYTES,
        deferSearch: true,
        write: spool && ((inputs) => spool.index(inputs)),
        convert: localPageText,
        refuse: (file) => {
          const d = checkPath(policy, file, project.root);
          return d.ok ? undefined : d.reason;
        },
      });
      if (!spool) await boundBacklog(db);
      const bytes = report.indexed.reduce((n, r) => n + r.bytes, 0);
      const chunks = report.indexed.reduce((n, r) => n + r.chunks, 0);
      if (report.indexed.length === 0) {
        const why = report.skipped[0] ? `: ${report.skipped[0].reason}` : " (no files)";
        throw new CtxError("UNREADABLE", `nothing indexed from ${args.path}${why}`);
      }
      const lines = [`indexed ${report.indexed.length} source${report.indexed.length === 1 ? "" : "s"}, ${chunks} chunks, ${formatBytes(bytes)}`];
      for (const r of report.indexed.slice(0, 10)) lines.push(`  ${r.label} · ${r.chunks} chunks · ${r.status}`);
      if (report.indexed.length > 10) lines.push(`  … ${report.indexed.length - 10} more`);
      if (report.skipped.length) {
        lines.push(`skipped ${report.skipped.length}:`);
        for (const s of report.skipped.slice(0, 5)) lines.push(`  ${s.path}: ${s.reason}`);
      }
      // One file: its label. A directory: the label prefix its files share (the given source, or its path).
      const rel = relative(project.root, real).split(sep).join("/");
      const prefix = source ?? (rel && !rel.startsWith("..") && !isAbsolute(rel) ? `${rel}/` : "");
      const scope = report.indexed.length === 1 ? report.indexed[0]!.label : prefix;
      lines.push(`search: ${scope ? searchCall(scope) : 'ctx_search(queries: ["…"])'}`);
      const text = lines.join("\n");
      return { text, keptOut: Math.max(0, bytes - byteLength(text)) };
    },
  });
}
