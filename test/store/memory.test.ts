import { describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hostPaths } from "../../src/config/host-paths.ts";
import { openStore, type Database } from "../../src/store/db.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { memoryPlaces } from "../../src/store/memory-files.ts";
import { MemoryWatch, refreshMemory } from "../../src/store/memory.ts";
import { search, type SearchOptions } from "../../src/store/search.ts";
import { tempDir } from "../helpers/temp.ts";

const base: SearchOptions = { limit: 5, snippetMax: 800, rrfK: 60 };

const AGENTS = `# Project rules

## Deploy

Always run the canary rollout script before a deploy; never deploy on Fridays.

## Tests

Run the flaky test suite with --retries 3.

## Canary details

The canary rollout watches error rates for ten minutes.
`;

/** A project with memory files, a home with one user-level file, and a database holding two content sources. */
function setup(): { root: string; project: string; home: string; db: Database; watch: MemoryWatch } {
  const root = tempDir("ctxmode-memory-");
  const project = join(root, "proj");
  const home = join(root, "home");
  mkdirSync(join(project, ".cursor", "rules"), { recursive: true });
  mkdirSync(join(home, ".claude"), { recursive: true });
  writeFileSync(join(project, "AGENTS.md"), AGENTS);
  writeFileSync(join(project, ".cursor", "rules", "style.mdc"), "---\ndescription: style\n---\n# Style\n\nTabs, not spaces. Wrap at 100 columns.\n");
  writeFileSync(join(home, ".claude", "CLAUDE.md"), "# Me\n\nExplain the root cause before changing code.\n");
  const db = openStore(join(root, "context.db"), { busyTimeoutMs: 5000 });
  indexSource(db, {
    label: "deploy.log",
    text: "step 1 canary rollout started\nstep 2 canary rollout healthy\nstep 3 deploy finished\n",
    kind: "text",
    maxChunk: 4096,
  });
  indexSource(db, { label: "notes.md", text: "# Notes\n\nThe canary rollout needs the feature flag service.\n", kind: "markdown", maxChunk: 4096 });
  const places = memoryPlaces(project, hostPaths({}, home, join(root, "data")));
  const watch = new MemoryWatch({ places, maxChunk: 4096 });
  refreshMemory(db, watch);
  return { root, project, home, db, watch };
}

const find = (db: Database, watch: MemoryWatch, q: string, o: Partial<SearchOptions> = {}) =>
  search(db, q, { ...base, memory: true, memoryReserve: watch.reserve, ...o });

describe("memory files in search", () => {
  test("project, rules-folder and user-level files are indexed as memory sources", () => {
    const { db, watch } = setup();
    expect(find(db, watch, "Fridays").hits.map((h) => [h.source, h.title, h.memory])).toEqual([["memory:AGENTS.md", "Project rules > Deploy", true]]);
    expect(find(db, watch, "wrap columns").hits[0]).toMatchObject({ source: "memory:.cursor/rules/style.mdc", memory: true });
    expect(find(db, watch, "root cause").hits[0]).toMatchObject({ source: "memory:~/.claude/CLAUDE.md", memory: true });
  });

  test("an edit to AGENTS.md between two searches is searched at once; the old text is gone", () => {
    const { db, watch, project } = setup();
    expect(find(db, watch, "Fridays").hits).toHaveLength(1);
    writeFileSync(join(project, "AGENTS.md"), "# Project rules\n\n## Deploy\n\nDeploys wait for the zebracorn freeze window.\n");
    refreshMemory(db, watch);
    expect(find(db, watch, "zebracorn").hits.map((h) => [h.source, h.snippet])).toEqual([
      ["memory:AGENTS.md", "## Deploy\n\nDeploys wait for the zebracorn freeze window."],
    ]);
    expect(find(db, watch, "Fridays").hits).toEqual([]);
  });

  test("re-indexed by mtime and size only: an untouched file costs no write; a touched one with the same text is re-checked", () => {
    const { db, watch, project } = setup();
    expect(watch.changes(db)).toEqual({ index: [], drop: [] });
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(project, "AGENTS.md"), later, later);
    const changes = watch.changes(db);
    expect(changes.index.map((f) => f.label)).toEqual(["memory:AGENTS.md"]);
    watch.apply(db, changes);
    expect(watch.changes(db)).toEqual({ index: [], drop: [] });
  });

  test("a deleted file is dropped; a new rules file is picked up, other files in a rules folder are not", () => {
    const { db, watch, project } = setup();
    rmSync(join(project, "AGENTS.md"));
    writeFileSync(join(project, ".cursor", "rules", "db.mdc"), "# DB\n\nMigrations go through the quokka review board.\n");
    writeFileSync(join(project, ".cursor", "rules", "diagram.svg"), "<svg><text>quokka</text></svg>");
    refreshMemory(db, watch);
    expect(find(db, watch, "quokka").hits.map((h) => h.source)).toEqual(["memory:.cursor/rules/db.mdc"]);
    expect(find(db, watch, "Fridays").hits).toEqual([]);
    expect(find(db, watch, "quokka").hits[0]?.source).toBe("memory:.cursor/rules/db.mdc");
  });

  test("content first and one memory hit when both match; memory never takes a content hit's place", () => {
    const { db, watch } = setup();
    const r = find(db, watch, "canary rollout", { limit: 10 });
    // Two memory chunks match ("Deploy", "Canary details"); only the best one shows, after the content.
    expect(r.hits.map((h) => h.memory === true)).toEqual([false, false, true]);
    expect(
      r.hits
        .slice(0, 2)
        .map((h) => h.source)
        .sort(),
    ).toEqual(["deploy.log", "notes.md"]);
    expect(r.hits[2]!.source).toBe("memory:AGENTS.md");
    // The content hits are exactly those a search without memory gives, in the same order.
    const without = find(db, watch, "canary rollout", { limit: 1, memory: false });
    expect(find(db, watch, "canary rollout", { limit: 1 }).hits.map((h) => h.source)).toEqual([without.hits[0]!.source, "memory:AGENTS.md"]);
  });

  test("a query only memory matches gets up to `limit` memory hits; memory: false leaves them out", () => {
    const { db, watch } = setup();
    expect(
      find(db, watch, "flaky Fridays")
        .hits.map((h) => `${h.source} # ${h.title}`)
        .sort(),
    ).toEqual(["memory:AGENTS.md # Project rules > Deploy", "memory:AGENTS.md # Project rules > Tests"]);
    // Deploy, Canary details, and the "Project rules" heading whose chunk lists its sections.
    expect(
      find(db, watch, "canary", { source: "memory:AGENTS.md" })
        .hits.map((h) => h.title)
        .sort(),
    ).toEqual(["Project rules", "Project rules > Canary details", "Project rules > Deploy"]);
    expect(find(db, watch, "Fridays", { memory: false }).hits).toEqual([]);
    expect(find(db, watch, "Fridays", { memory: undefined }).hits).toEqual([]);
  });

  test("a file shared word for word with an indexed content source shows under the content label", () => {
    const { db, watch } = setup();
    indexSource(db, { label: "docs/AGENTS-copy.md", text: AGENTS, kind: "markdown", maxChunk: 4096 });
    const hit = find(db, watch, "Fridays").hits[0]!;
    expect(hit.source).toBe("docs/AGENTS-copy.md");
    expect(hit.memory).toBeUndefined();
  });
});
