import { z } from "zod";
import { CtxError } from "../../errors.ts";
import { quote } from "../format.ts";
import { defineTool } from "../tool.ts";

/** `ctx_purge`: delete indexed content by source, by session, or for the whole project. */
export function purgeTool() {
  return defineTool({
    name: "ctx_purge",
    title: "Delete indexed content",
    description: "Delete a source, a session's content or all. Needs confirm: true.",
    schema: z.object({
      scope: z.enum(["source", "session", "project"]).describe("What to delete"),
      source: z.string().optional().describe("Exact label, for scope source"),
      session: z.string().optional().describe("For scope session; default this one"),
      confirm: z.boolean().describe("Must be true"),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    async run(args, ctx) {
      if (args.confirm !== true) throw new CtxError("BAD_INPUT", "purge deletes indexed content for good; call again with `confirm: true`");
      const { purge } = await import("../../store/purge.ts");
      const { db } = await ctx.store();
      let target: Parameters<typeof purge>[1];
      let what: string;
      if (args.scope === "source") {
        const source = args.source?.trim();
        if (!source) throw new CtxError("BAD_INPUT", "scope `source` needs `source`, the exact label to delete");
        const known = db.prepare("SELECT 1 AS x FROM sources WHERE label = $label").get({ label: source });
        if (!known) throw new CtxError("NOT_FOUND", `no source is labelled ${quote(source)}; ctx_search results show the exact labels`);
        target = { source };
        what = `source ${quote(source)}`;
      } else if (args.scope === "session") {
        const session = args.session?.trim() || ctx.session;
        target = { session };
        what = `session ${quote(session)}`;
      } else {
        target = { all: true };
        what = "project";
      }
      const result = purge(db, target);
      return {
        text: `ctx_purge: deleted ${result.sources} source${result.sources === 1 ? "" : "s"} and ${result.chunks} chunk${result.chunks === 1 ? "" : "s"} (scope: ${what}). This cannot be undone.`,
        keptOut: 0,
      };
    },
  });
}
