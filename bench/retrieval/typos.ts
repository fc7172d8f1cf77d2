/**
 * `bun bench/retrieval/typos.ts [--identifiers] [--fails N]`: misspellings generated from the dev
 * split, a larger typo set than the hand-written one. Each dev query of kind api, parent, howto
 * or partial whose first hit is the gold section as typed is asked again with one word misspelt
 * (and with two, where it has two): an inner pair swapped, a letter dropped, doubled or replaced
 * by its keyboard neighbour, the first pair swapped, the first letter dropped. Plain words of five
 * letters or more by default; `--identifiers` misspells the longest letter run of identifier-like
 * words instead (`assume_storage`, `fs.Stats`). Prints, per edit, how often the first hit stays
 * gold, and writes bench/results/retrieval-typos[-identifiers].json. The test split is never read.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULTS } from "../../src/config/constants.ts";
import { openStore } from "../../src/store/db.ts";
import { search } from "../../src/store/search.ts";
import { fnv1a64 } from "../../src/store/fnv1a.ts";
import { mulberry32 } from "../corpus.ts";
import { indexCorpus, loadCorpus, loadQueries } from "./corpus.ts";
import { EDITS, misspell } from "./misspell.ts";
import { isGold } from "./judge.ts";

const identifiers = process.argv.includes("--identifiers");
const failsArg = process.argv.indexOf("--fails");
const showFails = failsArg > 0 ? Number(process.argv[failsArg + 1]) : 0;
const eligible = (w: string) => (identifiers ? /[a-z]{5,}/i.test(w) && !/^[a-z]+$/i.test(w) : /^[a-z]{5,}$/i.test(w));

const files = await loadCorpus();
const queries = loadQueries();
const tmp = mkdtempSync(join(tmpdir(), "ctxmode-typos-"));
try {
  const db = openStore(join(tmp, "context.db"), { busyTimeoutMs: 5000 });
  indexCorpus(db, files);
  const opts = { limit: 5, snippetMax: DEFAULTS.snippetMax, rrfK: DEFAULTS.rrfK };
  const scores: Record<string, { right: number; asked: number }> = {};
  const fails: string[] = [];
  for (const q of queries.filter((x) => x.split === "dev" && ["api", "parent", "howto", "partial"].includes(x.kind))) {
    const asTyped = search(db, q.query, opts).hits[0];
    if (!asTyped || !isGold(asTyped, q, true)) continue;
    const words = q.query.split(/\s+/);
    const targets = words.map((w, i) => [w, i] as const).filter(([w]) => eligible(w));
    if (targets.length === 0) continue;
    // Each question's misspellings are drawn from its own seed: a change that makes one more
    // question hit as typed adds its variants and leaves every other question's as they were.
    const rnd = mulberry32(Number.parseInt(fnv1a64(`11:${q.id}`).slice(0, 8), 16));
    for (const edit of EDITS) {
      for (const both of [false, true]) {
        if (both && targets.length < 2) continue;
        const picked = both ? targets.slice(0, 2) : [targets[Math.floor(rnd() * targets.length)]!];
        const typed = [...words];
        for (const [w, i] of picked) typed[i] = misspell(w, edit, rnd);
        const first = search(db, typed.join(" "), opts).hits[0];
        const right = first ? isGold(first, q, true) : false;
        const key = both ? `${edit} x2` : edit;
        const s = (scores[key] ??= { right: 0, asked: 0 });
        s.asked++;
        if (right) s.right++;
        else fails.push(`${key}\t${q.id}\t"${q.query}" -> "${typed.join(" ")}"`);
      }
    }
  }
  db.close();
  const total = Object.values(scores).reduce((a, s) => ({ right: a.right + s.right, asked: a.asked + s.asked }), { right: 0, asked: 0 });
  const rows = Object.fromEntries(Object.entries(scores).map(([k, s]) => [k, { queries: s.asked, hitAt1: Math.round((s.right / s.asked) * 1000) / 1000 }]));
  const report = { identifiers, all: { queries: total.asked, hitAt1: Math.round((total.right / total.asked) * 1000) / 1000 }, edits: rows };
  writeFileSync(join(import.meta.dir, "..", "results", `retrieval-typos${identifiers ? "-identifiers" : ""}.json`), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`generated misspellings of dev queries (${identifiers ? "identifiers" : "plain words"}): section hit@1 ${report.all.hitAt1} over ${total.asked}`);
  for (const [k, r] of Object.entries(rows)) console.log(`  ${k.padEnd(14)} ${r.hitAt1.toFixed(3)}  (${r.queries})`);
  for (const f of fails.slice(0, showFails)) console.log(f);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
