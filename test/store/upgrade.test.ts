/**
 * A database written by an older ctxmode (schema 5: test/store/fixtures/schema-5.db, four bench
 * fixtures indexed) opens and answers without re-indexing: in process, through the CLI (which
 * finishes the upgrade at once, read-only search included) and through a server (which reads the
 * old chunks into the spelling vocabulary and the title index in the background).
 */
import { describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/config/config.ts";
import { openStore, schemaVersion } from "../../src/store/db.ts";
import { projectDbPath, resolveProject } from "../../src/store/project.ts";
import { SCHEMA_VERSION } from "../../src/store/schema.ts";
import { search } from "../../src/store/search.ts";
import { titlesPending, titlesReady } from "../../src/store/titles.ts";
import { upgradeStep } from "../../src/store/upgrade.ts";
import { backfillVocab, vocabPending } from "../../src/store/vocab.ts";
import { runCtx } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";
import { makeProject, startServer } from "../mcp/helpers.ts";

const FIXTURE = join(import.meta.dir, "fixtures", "schema-5.db");
const opts = { limit: 3, snippetMax: 800, rrfK: 60 };

/** The fixture copied to where ctxmode keeps the database of `projectDir`. */
function placeFixture(projectDir: string, dataDir: string): string {
  const config = loadConfig({ ...process.env, CTXMODE_DATA_DIR: dataDir });
  const path = projectDbPath(config.projectsDir, resolveProject(projectDir));
  mkdirSync(join(path, ".."), { recursive: true });
  copyFileSync(FIXTURE, path);
  return path;
}

describe("a schema-5 database", () => {
  test("in process: migrated on open, answers at once, spelling fixes reach old chunks once read in", () => {
    const path = join(tempDir(), "context.db");
    copyFileSync(FIXTURE, path);
    const db = openStore(path, { busyTimeoutMs: 5000 });
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    const before = search(db, "cleanup function", opts);
    expect(before.hits[0]!.source).toBe("context7-react-docs.md");
    expect(vocabPending(db)).toBe(true);
    // Without the old words, a typo of one of them finds nothing to fix it to.
    expect(search(db, "clenaup", opts).corrected).toBeUndefined();
    let batches = 0;
    while (!backfillVocab(db, 10)) batches++;
    expect(batches).toBeGreaterThan(1);
    expect(vocabPending(db)).toBe(false);
    const fixed = search(db, "clenaup", opts);
    expect(fixed.corrected).toBe("cleanup");
    expect(fixed.hits[0]!.source).toBe("context7-react-docs.md");
    expect(db.prepare<{ n: number }>("SELECT count(*) AS n FROM chunks").get()!.n).toBe(53);
    // Title matches read the porter index until the old titles are in their own (schema 10).
    expect(titlesPending(db)).toBe(true);
    const titled = search(db, "useEffect cleanup", opts).hits.map((h) => h.title);
    while (!upgradeStep(db, 10)) {
      // a batch per transaction
    }
    expect(titlesReady(db)).toBe(true);
    expect(db.prepare<{ n: number }>("SELECT count(*) AS n FROM fts_titles_docsize").get()!.n).toBe(53);
    expect(search(db, "useEffect cleanup", opts).hits.map((h) => h.title)).toEqual(titled);
    db.close();
  });

  test("CLI: a read-only search upgrades the file first and answers", () => {
    const project = makeProject();
    const path = placeFixture(project.dir, project.dataDir);
    const r = runCtx(["search", "clenaup", "--json", "--project", project.dir], { dataDir: project.dataDir, cwd: project.dir });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { results: { corrected?: string; hits: { source: string }[] }[] };
    expect(out.results[0]!.corrected).toBe("cleanup");
    expect(out.results[0]!.hits[0]!.source).toBe("context7-react-docs.md");
    const db = openStore(path, { busyTimeoutMs: 5000 });
    expect(titlesReady(db)).toBe(true);
    db.close();
  });

  test("server: answers on the first call and reads old chunks into the vocabulary in the background", async () => {
    const project = makeProject();
    const path = placeFixture(project.dir, project.dataDir);
    const server = await startServer(project);
    const first = await server.call("ctx_search", { queries: ["cleanup function"] });
    expect(first.text).toContain("[context7-react-docs.md]");
    let fixed = "";
    for (let i = 0; i < 50 && !fixed.includes('showing "cleanup"'); i++) {
      await Bun.sleep(50);
      fixed = (await server.call("ctx_search", { queries: ["clenaup"] })).text;
    }
    expect(fixed).toContain('showing "cleanup"');
    await server.close();
    const db = openStore(path, { busyTimeoutMs: 5000 });
    expect(vocabPending(db)).toBe(false);
    expect(titlesPending(db)).toBe(false);
    expect(db.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    db.close();
  });
});
