import { expect, test } from "bun:test";
import { join } from "node:path";
import { openStore } from "../../src/store/db.ts";
import { tempDir } from "../helpers/temp.ts";

test("two processes writing one database at once lose nothing and never see 'database is locked'", async () => {
  const path = join(tempDir(), "context.db");
  const worker = join(import.meta.dir, "workers", "index-many.ts");
  const procs = ["left", "right"].map((prefix) => Bun.spawn([process.execPath, worker, path, prefix, "150"], { stdout: "pipe", stderr: "pipe" }));
  const results = await Promise.all(procs.map(async (p) => ({ code: await p.exited, err: await new Response(p.stderr).text() })));
  for (const r of results) {
    expect(r.err).not.toMatch(/locked|SQLITE_BUSY/i);
    expect(r.code).toBe(0);
  }
  const db = openStore(path, { busyTimeoutMs: 5000 });
  const labels = db
    .prepare<{ label: string }>("SELECT label FROM sources")
    .all()
    .map((r) => r.label);
  expect(labels.length).toBe(300);
  expect(new Set(labels).size).toBe(300);
  expect(db.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
  db.close();
});
