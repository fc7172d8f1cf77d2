/**
 * An idle server merges the FTS5 segments that one-transaction-per-call writing leaves (hooks,
 * other processes, its own spool worker's slices), so searches read a segment or so per level.
 */
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/config/config.ts";
import { openStore } from "../../src/store/db.ts";
import { storeHealth } from "../../src/store/fts-health.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { projectDbPath, resolveProject } from "../../src/store/project.ts";
import { makeProject, startServer } from "./helpers.ts";

const note = (i: number) => `# Note ${i}\n\nlarkspur${i} ${"plain filler words ".repeat(40)}\n`;

/** The segment count of the busiest index, read on a connection of its own. */
function segments(path: string): number {
  const db = openStore(path, { busyTimeoutMs: 2000, readonly: true });
  try {
    return Math.max(...Object.values(storeHealth(db, path).segments));
  } finally {
    db.close();
  }
}

async function until(ok: () => boolean): Promise<boolean> {
  for (let i = 0; i < 60 && !ok(); i++) await Bun.sleep(100);
  return ok();
}

describe("an idle server", () => {
  test("merges segments other processes wrote, on its own thread when it has no spool", async () => {
    const project = makeProject();
    const path = projectDbPath(loadConfig({ ...process.env, CTXMODE_DATA_DIR: project.dataDir }).projectsDir, resolveProject(project.dir));
    mkdirSync(join(path, ".."), { recursive: true });
    const db = openStore(path, { busyTimeoutMs: 2000 });
    for (let i = 0; i < 30; i++) indexSource(db, { label: `hook-${i}`, text: note(i), kind: "markdown", maxChunk: 4096 });
    db.close();
    expect(segments(path)).toBeGreaterThan(8);
    const server = await startServer(project);
    expect((await server.call("ctx_search", { queries: ["larkspur17"] })).text).toContain("[hook-17]");
    expect(await until(() => segments(path) <= 2)).toBe(true);
    expect((await server.call("ctx_search", { queries: ["larkspur17"] })).text).toContain("[hook-17]");
    await server.close();
  }, 20_000);

  test("has its spool worker merge what a run of ctx_index calls left before the first read after it, and a new call stops nothing it needs", async () => {
    const project = makeProject();
    const server = await startServer(project);
    const path = projectDbPath(loadConfig({ ...process.env, CTXMODE_DATA_DIR: project.dataDir }).projectsDir, resolveProject(project.dir));
    mkdirSync(join(project.dir, "notes"), { recursive: true });
    // A run of more than a megabyte: the first read after it waits for the merge.
    for (let i = 0; i < 30; i++) {
      writeFileSync(join(project.dir, "notes", `n${i}.md`), `${note(i)}${"more filler text for a longer note\n".repeat(1100)}`);
      await server.call("ctx_index", { path: `notes/n${i}.md` });
      // A model turn between calls: the worker writes each file in a transaction of its own.
      await Bun.sleep(20);
    }
    expect((await server.call("ctx_search", { queries: ["larkspur29"] })).text).toContain("notes/n29.md");
    // Read before the server's idle moment (a quarter second after the call): the search waited for the merge.
    const merged = segments(path);
    expect(merged).toBeLessThanOrEqual(2);
    // One more small file leaves one segment more, and no run to hold a read up for.
    writeFileSync(join(project.dir, "notes", "late.md"), "# Late\n\nbluebell notes\n");
    await server.call("ctx_index", { path: "notes/late.md" });
    expect((await server.call("ctx_search", { queries: ["bluebell"] })).text).toContain("notes/late.md");
    expect(segments(path)).toBe(merged + 1);
    await server.close();
  }, 20_000);
});
