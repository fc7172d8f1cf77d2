/**
 * `bun bench/retrieval/freeze.ts`: merges queries/*.json into queries.json and draws the test split
 * once: per kind, 30% of the queries by a fixed-seed shuffle. A query that already has a split keeps
 * it, so running this again (after adding queries) never moves a frozen one.
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { mulberry32 } from "../corpus.ts";
import type { RetrievalQuery } from "./judge.ts";

const here = import.meta.dir;
const out = join(here, "queries.json");
const frozen = new Map<string, RetrievalQuery>();
if (existsSync(out)) for (const q of (JSON.parse(readFileSync(out, "utf8")) as { queries: RetrievalQuery[] }).queries) frozen.set(q.id, q);
const parts = readdirSync(join(here, "queries"))
  .filter((f) => f.endsWith(".json"))
  .sort();
const all: RetrievalQuery[] = parts.flatMap((f) => (JSON.parse(readFileSync(join(here, "queries", f), "utf8")) as { queries: RetrievalQuery[] }).queries);
const ids = new Set<string>();
for (const q of all) {
  if (ids.has(q.id)) throw new Error(`duplicate query id ${q.id}`);
  ids.add(q.id);
}
const rnd = mulberry32(20261201);
for (const kind of [...new Set(all.map((q) => q.kind))].sort()) {
  const fresh = all.filter((q) => q.kind === kind && !frozen.has(q.id));
  for (let i = fresh.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [fresh[i], fresh[j]] = [fresh[j]!, fresh[i]!];
  }
  const testCount = Math.round(fresh.length * 0.3);
  fresh.forEach((q, i) => {
    q.split = i < testCount ? "test" : "dev";
  });
}
const merged = all.map((q) => ({ ...q, split: frozen.get(q.id)?.split ?? q.split }));
writeFileSync(out, `${JSON.stringify({ queries: merged }, null, 1)}\n`);
const count = (split: string) => merged.filter((q) => q.split === split).length;
console.log(`${merged.length} queries: ${count("dev")} dev, ${count("test")} test`);
