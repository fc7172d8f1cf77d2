import type { Database } from "../store/db.ts";
import { matchRows } from "./journal.ts";
import { fitLines, rowLine } from "./resume.ts";

/** Most bytes of the block added to a prompt: a reminder, not a second context window. */
const PROMPT_MATCH_MAX = 600;

/**
 * Journal rows of this session that match the user's new prompt (BM25 over the journal), as a
 * short block for the host to add to the prompt; "" when nothing matches. Prompts themselves and
 * routing noise are left out: the model has the prompt, and the block is about what was done.
 */
export function promptMatchBlock(db: Database, session: string, prompt: string, maxBytes = PROMPT_MATCH_MAX): string {
  const rows = matchRows(db, session, prompt, 4, ["prompt", "route", "search"]);
  if (rows.length === 0) return "";
  const block = fitLines(["ctxmode: earlier in this session (full row: ctx_resume(seq: N)):", ...rows.map(rowLine)], maxBytes);
  return block.includes("\n") ? block : "";
}
