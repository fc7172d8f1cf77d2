import { beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { detectKind } from "../../src/store/chunk/index.ts";
import { openStore, type Database } from "../../src/store/db.ts";
import { indexSource, indexSources } from "../../src/store/index-source.ts";
import { planQuery } from "../../src/store/query-plan.ts";
import { parseQuery } from "../../src/store/query.ts";
import { isQuestion } from "../../src/store/rank.ts";
import { BM25, filterSql, gateTerms, gramFragments, listLength, search, versionTitles, type SearchOptions } from "../../src/store/search.ts";
import { fixturesDir, tempDir } from "../helpers/temp.ts";

const base: SearchOptions = { limit: 5, snippetMax: 800, rrfK: 60 };
let db: Database;

beforeAll(() => {
  db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
  for (const name of readdirSync(fixturesDir)) {
    const text = readFileSync(join(fixturesDir, name), "utf8");
    indexSource(db, { label: name, text, kind: detectKind(name, text), maxChunk: 4096 });
  }
  indexSource(db, {
    label: "ops.md",
    text: "# Cluster\n\nThe kubernetes deployment rolls out three replicas.\n\n## Scaling\n\nHorizontal pod autoscaling reacts to CPU load.\n",
    kind: "markdown",
    maxChunk: 4096,
    session: "s-1",
  });
});

const top = (q: string, o: Partial<SearchOptions> = {}) => search(db, q, { ...base, ...o });

describe("search", () => {
  test.each([
    ["fts_words", "function"],
    ["fts_words", "react OR hooks"],
    ["fts_titles", "function"],
    ["fts_grams", "Effect"],
  ] as const)("%s candidates by the written-out BM25 come in the order of its configured rank (%s)", (table, match) => {
    const byRank = db.prepare<{ score: number }>(`SELECT rank AS score FROM ${table} WHERE ${table} MATCH $match ORDER BY rank`).all({ match });
    const byBm25 = db
      .prepare<{ score: number }>(`SELECT ${BM25[table]} AS score FROM ${table} WHERE ${table} MATCH $match ORDER BY ${BM25[table]} LIMIT 1000`)
      .all({ match });
    expect(byRank.length).toBeGreaterThan(1);
    expect(byBm25.map((r) => r.score)).toEqual(byRank.map((r) => r.score));
  });

  test.each([
    ["stems: plural and -ing forms meet their stem", "cleanups functions", "context7-react-docs.md"],
    ["identifier substring", "useEff", "context7-react-docs.md"],
    ["camelCase middle substring", "ServerSideProps", "context7-nextjs-docs.md"],
    ["CJK substring", "中文字符", "utf8-content.txt"],
    ["path fragment", "dashboard/analytics", "build-output.txt"],
  ])("%s", (_name, query, source) => {
    const r = top(query);
    expect(r.hits.length).toBeGreaterThan(0);
    expect(r.hits[0]!.source).toBe(source);
  });

  test("a typo is corrected from the vocabulary when nothing matches", () => {
    const r = top("kuberntes");
    expect(r.corrected).toBe("kubernetes");
    expect(r.hits[0]!.source).toBe("ops.md");
  });

  test("a quoted phrase is searched as a phrase: its words adjacent and in order", () => {
    const r = top('"horizontal pod autoscaling"');
    expect(r.hits[0]!.title).toBe("Cluster > Scaling");
    expect(top('"autoscaling pod horizontal"').hits).toEqual([]);
    expect(top('"replicas horizontal"').hits).toEqual([]);
  });

  test.each(['useEffect AND OR NOT "', "NEAR(a b) * ^ : title:foo", '"unbalanced quote', "(((", "-- ; DROP TABLE chunks", "'single' `back` {brace} [bracket]"])(
    "FTS5 syntax in user input never raises: %s",
    (query) => {
      expect(() => top(query)).not.toThrow();
    },
  );

  test("hits carry line ranges, a title, and snippets within the byte budget", () => {
    const r = top("Property fullName does not exist on type User");
    const hit = r.hits[0]!;
    expect(hit.source).toBe("tsc-errors.txt");
    expect(hit.lineStart).toBeGreaterThan(0);
    expect(hit.lineEnd).toBeGreaterThanOrEqual(hit.lineStart);
    for (const h of r.hits) expect(Buffer.byteLength(h.snippet)).toBeLessThanOrEqual(800);
    expect(hit.snippet).toContain("fullName");
  });

  test("source filter: exact label, or a substring of labels", () => {
    expect(top("cleanup", { source: "context7-react-docs.md" }).hits.every((h) => h.source === "context7-react-docs.md")).toBe(true);
    expect(top("function", { source: "context7-" }).hits.every((h) => h.source.startsWith("context7-"))).toBe(true);
    expect(top("useEffect", { source: "nope%" }).hits).toEqual([]);
  });

  test("content type filter separates code from prose", () => {
    expect(top("useEffect", { contentType: "code" }).hits.every((h) => h.contentType === "code")).toBe(true);
    expect(top("useEffect", { contentType: "prose" }).hits.every((h) => h.contentType === "prose")).toBe(true);
  });

  test("session scope sees only that session's sources", () => {
    expect(top("replicas", { scope: "session", session: "s-1" }).hits[0]?.source).toBe("ops.md");
    expect(top("useEffect", { scope: "session", session: "s-1" }).hits).toEqual([]);
  });

  test("a function's name finds the chunk that defines it before chunks that only call it", () => {
    const own = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const lib = [
      "export function openQueue(path: string) {",
      "  return path;",
      "}",
      "",
      "export function drainQueue(q: string) {",
      "  return q.length;",
      "}",
      "",
    ].join("\n");
    const calls = Array.from({ length: 6 }, (_, i) => `test("drains ${i}", () => {\n  expect(drainQueue(openQueue("q${i}"))).toBe(2);\n});`).join("\n\n");
    indexSource(own, { label: "queue.ts", text: lib, kind: "code", maxChunk: 4096 });
    indexSource(own, { label: "queue.test.ts", text: calls, kind: "code", maxChunk: 4096 });
    expect(search(own, "drainQueue", base).hits[0]!.source).toBe("queue.ts");
    own.close();
  });

  test("an empty index answers with no hits", () => {
    const empty = openStore(join(tempDir(), "empty.db"), { busyTimeoutMs: 5000 });
    expect(search(empty, "anything", base).hits).toEqual([]);
    expect(search(empty, "kuberntes", base).hits).toEqual([]);
    empty.close();
  });
});

describe("the trigram list of a long query", () => {
  const plan = (q: string) => planQuery(db, parseQuery(q));
  test("looks for every fragment of a short one", () => {
    const q = parseQuery("useEffect cleanup src/app/page.tsx");
    expect(gramFragments(q, plan("useEffect cleanup src/app/page.tsx"))).toEqual(q.fragments);
  });

  test("of a typed one past six fragments, looks for names first, then words the index lacks, then words it holds, longest first", () => {
    const query = "useEffect cleanup zorbflux src/app/page.tsx react hooks dependencies state";
    expect(plan(query).pasted).toBeUndefined();
    const chosen = gramFragments(parseQuery(query), plan(query));
    expect(chosen).toHaveLength(6);
    // Names, longest first ("dependencies" is long enough to be one), then the word the index lacks.
    expect(chosen.slice(0, 4)).toEqual(["src/app/page.tsx", "dependencies", "useEffect", "zorbflux"]);
    expect(chosen).not.toContain("state");
  });

  test("of a pasted line, looks for its names alone: its plain words are the word lists' to find", () => {
    const line = "Warning: src/app/dashboard/page.tsx - React Hook useEffect has missing dependencies: zorbflux, quaxle, blorptang, fizzwock and wibblenard";
    expect(plan(line).pasted).toBe(true);
    expect(gramFragments(parseQuery(line), plan(line)).sort()).toEqual(["src/app/dashboard/page.tsx", "useEffect"]);
    // A line without a name still looks for its fragments.
    const words = "zorbflux quaxle blorptang fizzwock wibblenard";
    expect(plan(words).pasted).toBe(true);
    expect(gramFragments(parseQuery(words), plan(words))).toEqual(parseQuery(words).fragments);
    // The line still finds what the index holds of it.
    expect(search(db, line, base).hits.length).toBeGreaterThan(0);
  });
});

describe("the words that gate a query's AND list", () => {
  const gates = (q: string) => {
    const plan = planQuery(db, parseQuery(q));
    return {
      pasted: plan.pasted === true,
      words: gateTerms(
        plan,
        plan.terms.filter((t) => t.forms.length > 0),
      ).map((t) => t.word),
    };
  };
  test.each([
    // Typed: a small number is asked for ("8 replicas" is about eight of them).
    ["kubernetes 3 replicas", false, ["kubernetes", "3", "replicas"]],
    // Pasted (words this index lacks: zorbflux, quaxle, ...): its line and column are no gate, the words it holds are.
    [
      "ERROR in src/zorbflux/quaxle.ts(3,8): TS2345: Argument blorptype frinkle snarfle wibbet is not assignable to kubernetes replicas",
      true,
      ["kubernetes", "replicas"],
    ],
    // A longer number in a pasted line (a status, a year) still gates.
    ["zorbflux quaxle blorptype frinkle snarfle wibbet kubernetes 404", true, ["kubernetes", "404"]],
  ])("%s", (query, pasted, words) => {
    const got = gates(query);
    expect(got.pasted).toBe(pasted);
    for (const w of words) if (planQuery(db, parseQuery(w)).terms[0]!.df > 0) expect(got.words).toContain(w);
    if (pasted) expect(got.words.filter((w) => /^\d{1,2}$/.test(w))).toEqual([]);
  });
});

describe("a heading-only section's hit", () => {
  let own: Database;
  beforeAll(() => {
    own = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const options = Array.from({ length: 30 }, (_, i) => `### --opt${i}\n\nOption ${i} sets the knob number ${i} of the tracer.\n`).join("\n");
    indexSource(own, {
      label: "man/tracer.1.md",
      text: `# tracer\n\n## Startup\n\n### -E var=val\n\nRun command with var=val in its environment.\n\n### -p pid\n\nAttach to the process pid.\n\n## Filtering\n\n${options}\n## Exit status\n\nZero on success.\n`,
      kind: "markdown",
      maxChunk: 4096,
    });
  });

  test("shows the subsections under its heading, and its lines span them", () => {
    const [hit] = search(own, "tracer startup", { ...base, snippetMax: 1200 }).hits;
    expect(hit?.title).toBe("tracer > Startup");
    expect(hit?.snippet).toContain("Sections: -E var=val · -p pid");
    expect(hit?.snippet).toContain("Run command with var=val in its environment.");
    expect(hit?.snippet).toContain("Attach to the process pid.");
    expect(hit?.snippet).not.toContain("Filtering");
    expect([hit?.lineStart, hit?.lineEnd]).toEqual([3, 11]);
  });

  test("a long list of subsections is cut after a whole name, and the text below still fits the budget", () => {
    const [hit] = search(own, "tracer filtering", { ...base, snippetMax: 600 }).hits;
    expect(hit?.title).toBe("tracer > Filtering");
    expect(hit?.snippet).toMatch(/Sections: --opt0 · [^\n]*--opt\d+ · …\n/);
    expect(hit?.snippet).toContain("Option 0 sets the knob number 0");
    expect(Buffer.byteLength(hit!.snippet)).toBeLessThanOrEqual(600);
    expect(hit?.lineEnd).toBeGreaterThan(60);
  });

  test("a docs page that starts at its first heading is the hit for its title: the page, not an MDX import line", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const page =
      '---\ntitle: "bun install"\n---\n\nimport Install from "/snippets/cli/install.mdx";\n\n## Basic Usage\n\nbun install adds every dependency of package.json.\n\n## Logging\n\nbun install --verbose logs more.\n';
    indexSource(local, { label: "docs/pm/cli/install.mdx", text: page, kind: "markdown", maxChunk: 4096 });
    indexSource(local, {
      label: "docs/guides/migrate.mdx",
      text: "# Migrate from npm\n\n## Global installs\n\nUse bun install -g for tools; bun install reads package.json.\n",
      kind: "markdown",
      maxChunk: 4096,
    });
    const [hit] = search(local, "bun install", { ...base, snippetMax: 1200 }).hits;
    expect(hit?.source).toBe("docs/pm/cli/install.mdx");
    expect(hit?.title).toBe("bun install");
    expect(hit?.snippet).toContain("Sections: Basic Usage · Logging");
    expect(hit?.snippet).toContain("bun install adds every dependency");
    expect(hit?.snippet).not.toContain("import Install");
    local.close();
  });
});

describe("a word in more chunks than a BM25 list ranks", () => {
  test("its newest chunks are ranked, not every one; a rarer word beside it still finds an older chunk", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    // The oldest note says the word most often in the fewest words: BM25's best of all 700.
    indexSource(local, { label: "notes/0000.md", text: "zorblax zorblax zorblax quintessa", kind: "text", maxChunk: 4096 });
    for (let i = 1; i < 700; i++) {
      indexSource(local, {
        label: `notes/${String(i).padStart(4, "0")}.md`,
        text: `Note ${i} mentions the zorblax value once among other words here.`,
        kind: "text",
        maxChunk: 4096,
      });
    }
    const hits = search(local, "zorblax", base).hits;
    expect(hits.length).toBeGreaterThan(0);
    // Only the newest 256 of the word's 700 chunks were ranked.
    for (const h of hits) expect(Number(h.source.slice(6, 10))).toBeGreaterThanOrEqual(700 - 256);
    expect(search(local, "zorblax quintessa", base).hits[0]?.source).toBe("notes/0000.md");
    local.close();
  });
});

describe("a word in a chunk or two", () => {
  test("closes the OR list when BM25 ranked its chunks out of it, and the re-ranking weighs them", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    // Among 1,600 other notes, sixty say `package` over and over in a few words: BM25's best for
    // the query's commoner words; one long record names the command once.
    indexSources(
      local,
      Array.from({ length: 1660 }, (_, i) => ({
        label: `notes/n${i}.md`,
        text: i < 60 ? `The package of package ${i}: a package of packages.` : `Note ${i} mentions other words here.`,
        kind: "text" as const,
        maxChunk: 4096,
      })),
    );
    const fields = Array.from({ length: 90 }, (_, k) => `  "field${k}": "value number ${k} of the record"`).join(",\n");
    const record = `{\n  "name": "esprima",\n  "bin": { "esparse": "./bin/esparse.js", "esvalidate": "./bin/esvalidate.js" },\n${fields}\n}\n`;
    indexSource(local, { label: "records.json", text: record, kind: "json", maxChunk: 4096 });
    expect(search(local, "which package provides the esvalidate command", base).hits[0]?.source).toBe("records.json");
    local.close();
  });
});

describe("a version the query types beside common words", () => {
  test("its release headings join the candidates, though the common word is in no such heading", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    // Enough other text that `changes`, `2` and `0` are in most chunks and gate nothing: `zorblax` alone does.
    const notes = Array.from({ length: 4200 }, (_, i) => `## Note ${i}\n\nThe changes of week ${i} follow rule 2.0 here.\n`).join("\n");
    indexSource(local, { label: "notes.md", text: notes, kind: "markdown", maxChunk: 4096 });
    const release = (v: string, body: string) => `# zorblax ${v} (1 Jan 2020)\n${body}\n`;
    const log = [...Array.from({ length: 30 }, (_, i) => release(`1.0.${i}`, `* Fix zorblax bug ${i}.`)), release("2.0.0", "* Rewrote the tree.")].join("\n");
    indexSource(local, { label: "zorblax-CHANGELOG.md", text: log, kind: "markdown", maxChunk: 4096 });
    const q = parseQuery("zorblax 2.0.0 changes");
    const plan = planQuery(local, q);
    const gate = gateTerms(plan, plan.terms);
    expect(gate.map((t) => t.word)).toEqual(["zorblax"]);
    const filter = filterSql(local, base);
    const title = (id: number) => local.prepare<{ title: string }>("SELECT title FROM chunks WHERE id = $id").get({ id })?.title;
    expect(versionTitles(local, q, gate, filter).map(title)).toEqual(["zorblax 2.0.0 (1 Jan 2020)"]);
    // No version typed, no such list.
    expect(versionTitles(local, parseQuery("zorblax changes"), gate, filter)).toEqual([]);
    expect(search(local, "zorblax 2.0.0 changes", base).hits[0]?.title).toBe("zorblax 2.0.0 (1 Jan 2020)");
    local.close();
  });
});

describe("candidates per list", () => {
  test("a question put in words takes more of each list than keywords or pasted text", () => {
    const question = (q: string) => listLength(isQuestion(q), false);
    expect(question("how do I put every link at the bottom of the page")).toBeGreaterThan(question("turndown link references"));
    expect(listLength(true, true)).toBe(question("turndown link references"));
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    expect(filterSql(local, base, listLength(true, false)).take).toBe(listLength(true, false));
    local.close();
  });
});

describe("an option typed in part", () => {
  test("`--posi` finds the entry headed `--posix`, not the many chunks that say posix", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const env = Array.from(
      { length: 60 },
      (_, i) => `## POSIX_VAR${i}\n\nWith POSIXLY_CORRECT set, posix rules apply to option ${i}; posix mode is strict, posix posix.\n`,
    ).join("\n");
    indexSource(local, { label: "find.md", text: `# find\n\n${env}`, kind: "markdown", maxChunk: 4096 });
    const manual = "# sed\n\n## -n, --quiet\n\nPrint nothing.\n\n## --posix\n\nDisable all GNU extensions.\n";
    indexSource(local, { label: "sed.md", text: manual, kind: "markdown", maxChunk: 4096 });
    const hit = search(local, "--posi", base).hits[0]!;
    expect(hit.source).toBe("sed.md");
    expect(hit.title).toBe("sed > --posix");
    local.close();
  });
});
