import { expect, test } from "bun:test";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "#sqlite";
import { makeProject, startServer, type TestProject } from "./helpers.ts";

/** The project's database file under the server's data dir. */
function dbPath(project: TestProject): string {
  const projects = join(project.dataDir, "projects");
  const [key] = readdirSync(projects);
  return join(projects, key!, "context.db");
}

/** Files the servers' indexing spools hold (store/spool.ts). */
function spooled(project: TestProject): number {
  const root = join(dbPath(project), "..", "spool");
  if (!existsSync(root)) return 0;
  return readdirSync(root).reduce((n, dir) => n + readdirSync(join(root, dir)).filter((f) => f.endsWith(".json")).length, 0);
}

function waiting(project: TestProject): number {
  const db = openDatabase(dbPath(project), { readonly: true, busyTimeoutMs: 5000 });
  try {
    return db.prepare<{ n: number }>("SELECT count(*) AS n FROM fts_pending").get()!.n;
  } finally {
    db.close();
  }
}

test("ctx_index replies before its text is written; a search right away finds it; the spool worker writes it while another call runs", async () => {
  const project = makeProject();
  const server = await startServer(project);
  const indexed = await server.call("ctx_index", { text: "# Deploy\n\nthe gorsebloom rollout waits for the canary\n", source: "deploy-notes" });
  expect(indexed.isError).toBe(false);
  expect(indexed.text).toContain("(new)");
  // A search straight after the call finds it: the server writes its spool first.
  const found = await server.call("ctx_search", { queries: ["gorsebloom rollout"] });
  expect(found.text).toContain("deploy-notes");
  // A call in flight does not hold the writes up: the worker writes beside it.
  const long = server.call("ctx_execute", { language: "shell", code: "sleep 1.5; echo slow-done" });
  await server.call("ctx_index", { text: "# Later\n\nthe whinchat note\n", source: "later-notes" });
  const until = Date.now() + 1_200;
  while (spooled(project) > 0 && Date.now() < until) await Bun.sleep(20);
  expect(spooled(project)).toBe(0);
  expect(waiting(project)).toBe(0);
  const db = openDatabase(dbPath(project), { readonly: true, busyTimeoutMs: 5000 });
  const rows = db.prepare<{ n: number }>("SELECT count(*) AS n FROM fts_words WHERE fts_words MATCH 'whinchat'").get()!.n;
  db.close();
  expect(rows).toBe(1);
  expect((await long).text).toContain("slow-done");
  await server.close();
});

test("a misspelt search straight after a run of ctx_index calls finds the run's new words (ctx_search reads words the worker has not yet)", async () => {
  const project = makeProject();
  const server = await startServer(project);
  // 8 MB, so the worker is still reading the run's words in when the search comes; the bird is in the last file.
  const filler = (i: number) => `the tide table for station ${i} lists every reading of the day. `.repeat(16_000);
  const birds = ["dunlin", "sanderling", "turnstone", "redshank", "knot", "curlew", "whimbrel", "greenshank"];
  for (const [i, bird] of birds.entries())
    writeFileSync(join(project.dir, `tides-${i}.md`), `# Tides ${i}\n\n${filler(i)}\n\n## Birds\n\nthe ${bird} roost count\n`);
  for (const i of birds.keys()) expect((await server.call("ctx_index", { path: `tides-${i}.md` })).isError).toBe(false);
  const found = await server.call("ctx_search", { queries: ["greenshnak roost"] });
  expect(found.text).toContain("tides-7.md");
  expect(found.text).toContain("greenshank");
  await server.close();
});

test("text a killed server left in its spool is found by the next server's first search", async () => {
  const project = makeProject();
  const first = await startServer(project);
  // Big enough that its writes take a good part of a second: the kill comes before they end.
  const filler = "the rollout log keeps every step of the canary with its timing. ".repeat(100_000);
  writeFileSync(join(project.dir, "incident.md"), `# Incident\n\n${filler}\n\n## Timeline\n\nthe corncrake outage timeline\n`);
  const indexed = await first.call("ctx_index", { path: "incident.md" });
  process.kill(first.pid, "SIGKILL");
  expect(indexed.text).toContain("indexed 1 source");
  await first.close().catch(() => {});
  expect(spooled(project)).toBe(1);
  const second = await startServer(project);
  const found = await second.call("ctx_search", { queries: ["corncrake outage"] });
  expect(found.text).toContain("incident.md");
  expect(spooled(project)).toBe(0);
  await second.close();
});
