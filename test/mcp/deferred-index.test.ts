import { expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "#sqlite";
import { makeProject, startServer, type TestProject } from "./helpers.ts";

/** The project's database file under the server's data dir. */
function dbPath(project: TestProject): string {
  const projects = join(project.dataDir, "projects");
  const [key] = readdirSync(projects);
  return join(projects, key!, "context.db");
}

function waiting(project: TestProject): number {
  const db = openDatabase(dbPath(project), { readonly: true, busyTimeoutMs: 5000 });
  try {
    return db.prepare<{ n: number }>("SELECT count(*) AS n FROM fts_pending").get()!.n;
  } finally {
    db.close();
  }
}

test("ctx_index replies once the chunks are stored; an idle server writes the full-text rows, a search right away finds the text", async () => {
  const project = makeProject();
  const server = await startServer(project);
  const indexed = await server.call("ctx_index", { text: "# Deploy\n\nthe gorsebloom rollout waits for the canary\n", source: "deploy-notes" });
  expect(indexed.isError).toBe(false);
  // A search straight after the call finds it: search writes what waits first.
  const found = await server.call("ctx_search", { queries: ["gorsebloom rollout"] });
  expect(found.text).toContain("deploy-notes");
  await server.call("ctx_index", { text: "# Later\n\nthe whinchat note\n", source: "later-notes" });
  expect(waiting(project)).toBe(1);
  // No call for a while: the server does the waiting work itself.
  const until = Date.now() + 5_000;
  while (waiting(project) > 0 && Date.now() < until) await Bun.sleep(50);
  expect(waiting(project)).toBe(0);
  await server.close();
});

test("text a killed server left waiting is found by the next server's first search", async () => {
  const project = makeProject();
  const first = await startServer(project);
  await first.call("ctx_index", { text: "# Incident\n\nthe corncrake outage timeline\n", source: "incident" });
  expect(waiting(project)).toBe(1);
  process.kill(first.pid, "SIGKILL");
  await first.close().catch(() => {});
  expect(existsSync(dbPath(project))).toBe(true);
  const second = await startServer(project);
  const found = await second.call("ctx_search", { queries: ["corncrake outage"] });
  expect(found.text).toContain("incident");
  expect(waiting(project)).toBe(0);
  await second.close();
});

test("a call still running is not idle: the waiting rows are written once no call is in flight", async () => {
  const project = makeProject();
  const server = await startServer(project);
  const long = server.call("ctx_execute", { language: "shell", code: "sleep 1.5; echo slow-done" });
  await server.call("ctx_index", { text: "# Queue\n\nthe stonechat backlog note\n", source: "queue-notes" });
  await Bun.sleep(700);
  expect(waiting(project)).toBe(1);
  expect((await long).text).toContain("slow-done");
  const until = Date.now() + 5_000;
  while (waiting(project) > 0 && Date.now() < until) await Bun.sleep(50);
  expect(waiting(project)).toBe(0);
  await server.close();
});
