/**
 * `bun bench/retrieval/fit.ts [--rounds 3] [--questions]`: fits the re-ranking's signal weights
 * (src/store/rank.ts WEIGHTS) to the dev split of bench/retrieval by coordinate ascent: each weight
 * in turn is scaled by a few factors, and a change is kept when it raises dev hit@1 + MRR. It reads
 * only the dev questions, so the frozen test split stays unseen; `bun bench/retrieval/run.ts` then
 * reports both. It fits WEIGHTS on the dev queries put as keywords; `--questions` fits
 * QUESTION_WEIGHTS on those put as sentences (rank.ts isQuestion). Prints the weights it ends with, to copy into rank.ts by hand.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULTS } from "../../src/config/constants.ts";
import { openStore } from "../../src/store/db.ts";
import { isQuestion, QUESTION_WEIGHTS, WEIGHTS, type Weights } from "../../src/store/rank.ts";
import { search } from "../../src/store/search.ts";
import { indexCorpus, loadCorpus, loadQueries } from "./corpus.ts";
import { score } from "./judge.ts";

const args = process.argv.slice(2);
const ROUNDS = args.includes("--rounds") ? Number(args[args.indexOf("--rounds") + 1]) : 3;
const FACTORS = [0, 0.5, 0.75, 1.33, 2];

const QUESTIONS = args.includes("--questions");
const queries = loadQueries();
// Each weight set is fitted on the queries it ranks: keywords, or sentences.
const dev = queries.filter((q) => q.split === "dev" && isQuestion(q.query) === QUESTIONS);
const tmp = mkdtempSync(join(tmpdir(), "ctxmode-fit-"));
try {
  const db = openStore(join(tmp, "context.db"), { busyTimeoutMs: 5000 });
  const files = await loadCorpus();
  indexCorpus(db, files);
  const evaluate = (weights: Weights) => {
    const opts = { limit: 5, snippetMax: DEFAULTS.snippetMax, rrfK: DEFAULTS.rrfK, weights };
    const s = score(dev.map((q) => ({ q, hits: search(db, q.query, opts).hits })));
    return { objective: s.hitAt1 + s.mrr, hitAt1: s.hitAt1, mrr: s.mrr };
  };
  let best = { ...(QUESTIONS ? QUESTION_WEIGHTS : WEIGHTS) };
  let bestScore = evaluate(best);
  console.log(`start: dev hit@1 ${bestScore.hitAt1.toFixed(3)}, MRR ${bestScore.mrr.toFixed(3)}`);
  for (let round = 1; round <= ROUNDS; round++) {
    let moved = false;
    for (const key of Object.keys(best) as (keyof Weights)[]) {
      const base = best[key];
      for (const f of FACTORS) {
        const value = base === 0 ? f * 0.2 : Math.round(base * f * 1000) / 1000;
        if (value === base) continue;
        const trial = { ...best, [key]: value };
        const s = evaluate(trial);
        if (s.objective > bestScore.objective + 1e-9) {
          best = trial;
          bestScore = s;
          moved = true;
          console.log(`round ${round}: ${key} ${base} -> ${value}: dev hit@1 ${s.hitAt1.toFixed(3)}, MRR ${s.mrr.toFixed(3)}`);
        }
      }
    }
    if (!moved) break;
  }
  console.log(JSON.stringify(best));
  db.close();
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
