import { describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sessionRows } from "../../src/session/journal.ts";
import { appendSpool, claimOnce, ingestSpool } from "../../src/session/spool.ts";
import { openStore } from "../../src/store/db.ts";
import { tempDir } from "../helpers/temp.ts";

const root = tempDir("ctxmode-spool-");

describe("spool", () => {
  test("hooks spool events; the next database user moves them into the journal, oldest first, once", () => {
    const dir = join(root, "a");
    appendSpool(dir, { session: "s", host: "claude-code", at: 2, events: [{ type: "file_edit", data: "b.ts" }] });
    appendSpool(dir, { session: "s", host: "claude-code", at: 1, events: [{ type: "file_edit", data: "a.ts" }] });
    appendSpool(dir, { session: "t", host: "codex", at: 3, events: [{ type: "error", data: "make → boom", key: "make" }] });
    appendSpool(dir, { session: "t", host: "codex", at: 4, events: [], resolve: [{ type: "error", key: "make" }] });
    appendSpool(dir, { session: "s", host: "x", at: 5, events: [] }); // nothing to write: no file
    expect(readdirSync(dir).length).toBe(4);
    const db = openStore(join(root, "a.db"), { busyTimeoutMs: 1000 });
    expect(ingestSpool(db, dir, 100)).toBe(4);
    expect(readdirSync(dir)).toEqual([]);
    expect(sessionRows(db, "s").map((r) => [r.data, r.at])).toEqual([
      ["a.ts", 1],
      ["b.ts", 2],
    ]);
    expect(sessionRows(db, "t").map((r) => [r.data, r.resolved])).toEqual([["make → boom", 1]]);
    expect(ingestSpool(db, dir, 100)).toBe(0);
    db.close();
  });

  test("a file another ingester claimed is left alone until it is stale; truncated and foreign files are dropped", () => {
    const dir = join(root, "b");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "00000000000001-1-aaaaaa.json.claimed-999999"),
      JSON.stringify({ session: "s", host: "h", at: 1, events: [{ type: "git", data: "git push" }] }),
    );
    writeFileSync(join(dir, "00000000000002-1-bbbbbb.json"), '{"session":"s","host":"h","at":2,"events":[{"type":"git","da');
    writeFileSync(join(dir, "00000000000003-1-cccccc.json"), JSON.stringify({ session: "s", host: "h", at: 3, events: [{ type: "nonsense", data: "x" }] }));
    const db = openStore(join(root, "b.db"), { busyTimeoutMs: 1000 });
    expect(ingestSpool(db, dir, 100)).toBe(0);
    expect(readdirSync(dir)).toEqual(["00000000000001-1-aaaaaa.json.claimed-999999"]);
    const old = new Date(Date.now() - 120_000);
    utimesSync(join(dir, "00000000000001-1-aaaaaa.json.claimed-999999"), old, old);
    expect(ingestSpool(db, dir, 100)).toBe(1);
    expect(sessionRows(db, "s").map((r) => r.data)).toEqual(["git push"]);
    db.close();
  });

  test("concurrent ingesters apply each file once", async () => {
    const dir = join(root, "c");
    for (let i = 0; i < 200; i++) appendSpool(dir, { session: "s", host: "h", at: 1000 + i, events: [{ type: "file_read", data: `f${i}` }] });
    const path = join(root, "c.db");
    openStore(path, { busyTimeoutMs: 1000 }).close();
    const code = `
      const { openStore } = await import(${JSON.stringify(join(import.meta.dir, "../../src/store/db.ts"))});
      const { ingestSpool } = await import(${JSON.stringify(join(import.meta.dir, "../../src/session/spool.ts"))});
      const db = openStore(${JSON.stringify(path)}, { busyTimeoutMs: 5000 });
      ingestSpool(db, ${JSON.stringify(dir)}, 1000);
      db.close();`;
    const procs = [0, 1, 2].map(() => Bun.spawn(["bun", "-e", code], { stdout: "ignore", stderr: "pipe" }));
    await Promise.all(procs.map((p) => p.exited));
    for (const p of procs) expect(p.exitCode).toBe(0);
    const db = openStore(path, { busyTimeoutMs: 1000 });
    const rows = sessionRows(db, "s");
    expect(rows.length).toBe(200);
    expect(rows.every((r) => r.hits === 1)).toBe(true);
    db.close();
  });

  test("secrets are redacted before a spool file is written", () => {
    const dir = join(root, "secret");
    appendSpool(dir, {
      session: "s",
      host: "h",
      at: 1,
      events: [{ type: "env", data: "export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" }],
    });
    const [file] = readdirSync(dir);
    expect(readFileSync(join(dir, file!), "utf8")).not.toContain("wJalrXUtnFEMI");
  });

  test("the one-time marker is claimed once per session", () => {
    const dir = join(root, "once");
    expect(claimOnce(dir, "s1")).toBe(true);
    expect(claimOnce(dir, "s1")).toBe(false);
    expect(claimOnce(dir, "s2")).toBe(true);
  });
});
