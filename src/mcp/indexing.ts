import type { Database } from "../store/db.ts";
import type { ContentKind } from "../store/chunk/index.ts";
import type { IndexResult } from "../store/index-source.ts";
import type { ToolContext } from "./context.ts";

/** One chunk of an indexed source, as listed in an outline. */
export interface Section {
  title: string;
  lineStart: number;
  lineEnd: number;
}

/**
 * Redacts secrets from `text` and indexes it under a new label unique to this call
 * (`<prefix>#<n>-<stamp>`), tagged with this session and worktree. Returns the label and the db.
 */
export async function indexOutput(ctx: ToolContext, prefix: string, text: string): Promise<{ label: string; db: Database; result: IndexResult }> {
  const label = ctx.nextLabel(prefix);
  const { db, result } = await indexText(ctx, label, text);
  return { label, db, result };
}

/**
 * Redacts and indexes `text` under `label` (replacing what the label held). `deferSearch`: the
 * call does not wait for its full-text rows, which the server's spool worker writes
 * (store/spool-indexer.ts), or without one its next idle moment or search (store/pending.ts). `kind`:
 * how to chunk it, when not detected from label and text.
 */
export async function indexText(
  ctx: ToolContext,
  label: string,
  text: string,
  deferSearch = false,
  kind?: ContentKind,
): Promise<{ db: Database; result: IndexResult }> {
  const [{ redactSecrets }, { indexSource }, { detectKind }] = await Promise.all([
    import("../store/redact.ts"),
    import("../store/index-source.ts"),
    import("../store/chunk/index.ts"),
  ]);
  const { store, spool } = deferSearch ? await ctx.indexStore() : { store: await ctx.store() };
  const { db, project } = store;
  const clean = redactSecrets(text);
  const input = {
    label,
    text: clean,
    redacted: true,
    kind: kind ?? detectKind(label, clean),
    session: ctx.session,
    worktree: project.worktree,
    maxChunk: ctx.config.budgets.maxChunk,
    deferSearch,
  };
  if (spool) return { db, result: (await spool.index([input]))[0]! };
  const result = indexSource(db, input);
  if (deferSearch) await boundBacklog(db);
  return { db, result };
}

/** Writes the oldest waiting full-text rows once too many wait (store/pending.ts boundPending). */
export async function boundBacklog(db: Database): Promise<void> {
  const { boundPending } = await import("../store/pending.ts");
  boundPending(db);
}

/** The chunks of a source in order, with line ranges (for outlines). */
export function sectionsOf(db: Database, label: string): Section[] {
  return db
    .prepare<Section>(
      `SELECT c.title AS title, c.line_start AS lineStart, c.line_end AS lineEnd
       FROM chunks c JOIN sources s ON s.doc_id = c.doc_id WHERE s.label = $label ORDER BY c.seq`,
    )
    .all({ label });
}
