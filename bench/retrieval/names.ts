/**
 * `bun bench/retrieval/names.ts [--fails N]`: names taken from the corpus's own headings, a larger
 * set of API and partial-name queries than the hand-written one, and labelled by rule rather than
 * by hand. Every name one heading alone gives (`fs.readFileSync`, `BZ2_bzCompressInit`,
 * `--exclude-vcs`, `writeBigUInt64LE`) is asked as written, and the gold is that heading's
 * section. A name's last part of eight letters or more is asked again as a piece, its first and
 * last one or two letters cut off (`eadFileSyn`), when no other heading's name holds that piece.
 * Each name of six letters or more is asked once more misspelt by one rule of misspell.ts
 * (`requst.getHeader`), the same section being the gold. Which sections are asked, and each
 * name's piece and misspelling, are drawn from a hash of the section or name, so a heading
 * renamed elsewhere does not redraw the rest.
 * A changelog entry's package and version (`git 1:2.39.1-0.1`, from `git (1:2.39.1-0.1) unstable`)
 * and a git log record's short hash are asked too, the entry they head being the gold.
 * Prints hit@1 and hit@3 per kind and writes bench/results/retrieval-names.json. Headings are the
 * files', not the labelled questions': neither split is read.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULTS } from "../../src/config/constants.ts";
import { openStore } from "../../src/store/db.ts";
import { search } from "../../src/store/search.ts";
import { fnv1a64 } from "../../src/store/fnv1a.ts";
import { mulberry32 } from "../corpus.ts";
import { indexCorpus, loadCorpus } from "./corpus.ts";
import { EDITS, misspell } from "./misspell.ts";

const failsArg = process.argv.indexOf("--fails");
const showFails = failsArg > 0 ? Number(process.argv[failsArg + 1]) : 0;

/** Dotted or `::` names, camelCase, snake_case and options with dashes, each from where it starts. */
const NAME = /(?<![\w$.-])(?:[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)+|[a-z]+[A-Z][A-Za-z0-9]*|[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+|--?[a-z][a-z0-9-]+)/g;
/** Names asked at most, spread evenly over the corpus's headings. */
const MAX_NAMES = 600;

interface Case {
  kind: "name" | "piece" | "typo" | "version" | "commit";
  query: string;
  source: string;
  /** The heading path, without a continuation's ` (2)`. */
  section: string;
}

const section = (title: string) => title.replace(/ \(\d+\)$/, "");

/** A generator seeded by a string: the same draws for the same name in every run. */
const seeded = (key: string) => mulberry32(Number.parseInt(fnv1a64(key).slice(0, 8), 16));

function casesOf(headings: { title: string; source: string }[]): Case[] {
  // Each name, and every section whose own heading gives it.
  const where = new Map<string, Set<string>>();
  for (const h of headings) {
    const leaf = section(h.title).split(" > ").at(-1)!;
    for (const name of new Set(leaf.match(NAME) ?? [])) {
      if (name.length < 6) continue;
      const sections = where.get(name) ?? new Set<string>();
      sections.add(`${h.source}\0${section(h.title)}`);
      where.set(name, sections);
    }
  }
  const all = [...where.keys()].map((n) => n.toLowerCase());
  const out: Case[] = [];
  for (const [name, sections] of where) {
    if (sections.size !== 1) continue;
    const [source, title] = [...sections][0]!.split("\0") as [string, string];
    out.push({ kind: "name", query: name, source, section: title });
    // Each name's own draws, so that a heading added or renamed elsewhere leaves the others' alone.
    const rnd = seeded(`piece:${name}`);
    const typoRnd = seeded(`typo:${name}`);
    if (/[a-z]{6,}/i.test(name))
      out.push({ kind: "typo", query: misspell(name, EDITS[Math.floor(typoRnd() * EDITS.length)]!, typoRnd), source, section: title });
    const last = name.split(/\.|::/).at(-1)!;
    if (last.startsWith("-") || last.length < 8) continue;
    const piece = last.slice(1 + Math.floor(rnd() * 2), last.length - 1 - Math.floor(rnd() * 2));
    // A piece another heading's name holds too has more than one right answer.
    if (all.filter((n) => n.includes(piece.toLowerCase())).length === 1) out.push({ kind: "piece", query: piece, source, section: title });
  }
  // Records: a changelog entry by package and version, a commit by its hash.
  for (const h of headings) {
    const entry = h.title.match(/: ([a-z0-9.+-]+) \(([^)]+)\) [a-z-]+$/);
    if (entry) out.push({ kind: "version", query: `${entry[1]} ${entry[2]}`, source: h.source, section: section(h.title) });
    const commit = h.title.match(/\(([0-9a-f]{7})\)$/);
    if (commit) out.push({ kind: "commit", query: commit[1]!, source: h.source, section: section(h.title) });
  }
  return out;
}

const files = await loadCorpus();
const tmp = mkdtempSync(join(tmpdir(), "ctxmode-names-"));
try {
  const db = openStore(join(tmp, "context.db"), { busyTimeoutMs: 5000 });
  indexCorpus(db, files);
  const headings = db
    .prepare<{ title: string; source: string }>(
      "SELECT c.title AS title, s.label AS source FROM chunks c JOIN sources s ON s.doc_id = c.doc_id ORDER BY s.label, c.seq",
    )
    .all();
  const cases = casesOf(headings);
  const names = cases.filter((c) => c.kind === "name");
  const step = Math.max(1, Math.ceil(names.length / MAX_NAMES));
  // One name in `step`, by a hash of the name, and every section it heads: which are asked does not move when others change.
  const asked = new Set(names.filter((c) => Number.parseInt(fnv1a64(`asked:${c.query}`).slice(0, 8), 16) % step === 0).map((c) => `${c.source}\0${c.section}`));
  const isAsked = (c: Case) => c.kind === "version" || c.kind === "commit" || asked.has(`${c.source}\0${c.section}`);
  const opts = { limit: 5, snippetMax: DEFAULTS.snippetMax, rrfK: DEFAULTS.rrfK };
  const scores: Record<string, { h1: number; h3: number; n: number }> = {};
  const fails: string[] = [];
  for (const c of cases.filter(isAsked)) {
    const hits = search(db, c.query, opts).hits;
    const rank = hits.findIndex((h) => h.source === c.source && section(h.title) === c.section);
    const s = (scores[c.kind] ??= { h1: 0, h3: 0, n: 0 });
    s.n++;
    if (rank === 0) s.h1++;
    if (rank >= 0 && rank < 3) s.h3++;
    if (rank !== 0)
      fails.push(`${c.kind}\t"${c.query}" gold [${c.source}] ${c.section} -> ${rank < 0 ? "none" : rank + 1}; first [${hits[0]?.source}] ${hits[0]?.title}`);
  }
  db.close();
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const report = Object.fromEntries(Object.entries(scores).map(([k, s]) => [k, { queries: s.n, hitAt1: round(s.h1 / s.n), hitAt3: round(s.h3 / s.n) }]));
  writeFileSync(join(import.meta.dir, "..", "results", "retrieval-names.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log("names from the corpus's headings, asked as written and in part:");
  for (const [k, r] of Object.entries(report)) console.log(`  ${k.padEnd(7)} hit@1 ${r.hitAt1.toFixed(3)}  hit@3 ${r.hitAt3.toFixed(3)}  (${r.queries})`);
  for (const f of fails.slice(0, showFails)) console.log(f);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
