/**
 * What a schema change leaves for later, in batches: chunks stored before the spelling vocabulary
 * (vocab.ts) or the title index (titles.ts) existed, read into them one short transaction at a
 * time. A migration itself stays instant, since it runs in whatever process opens the database
 * first, a hook included; a server does these steps in the background, the CLI at once.
 */
import type { Database } from "./db.ts";
import { backfillTitles, titlesPending } from "./titles.ts";
import { backfillVocab, vocabPending } from "./vocab.ts";

/** True while a step is left. */
export function upgradePending(db: Database): boolean {
  return titlesPending(db) || vocabPending(db);
}

/**
 * One batch of about `maxChunks` chunks (titles, which are short, four times as many); true when
 * nothing is left. Titles go first: until they are in, title matches read the porter index.
 */
export function upgradeStep(db: Database, maxChunks = 2000): boolean {
  if (titlesPending(db)) backfillTitles(db, maxChunks * 4);
  else backfillVocab(db, maxChunks);
  return !upgradePending(db);
}
