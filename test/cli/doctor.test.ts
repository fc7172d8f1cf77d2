import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { runCtx } from "../helpers/cli.ts";
import { repoRoot, tempDir } from "../helpers/temp.ts";
import { findModernNode } from "../installers/node-versions.ts";

describe("ctxmode doctor", () => {
  test("one PASS row per SQLite check, exit 0", () => {
    const r = runCtx(["doctor"], { dataDir: tempDir() });
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split("\n");
    expect(rows.map((l) => l.split(/\s+/).slice(0, 2))).toEqual([
      ["PASS", "sqlite"],
      ["PASS", "fts5"],
      ["PASS", "fts5-trigram"],
    ]);
    expect(rows[0]).toMatch(/SQLite 3\.\d+\.\d+ \(bun:sqlite\)/);
  });

  test("--json: version, runtime and the checks, each with a status", () => {
    const r = runCtx(["doctor", "--json"], { dataDir: tempDir() });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ runtime: "bun", ok: true, platform: `${process.platform}-${process.arch}` });
    expect(report.checks.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ["sqlite", "PASS"],
      ["fts5", "PASS"],
      ["fts5-trigram", "PASS"],
    ]);
  });

  test("the Node build reports node:sqlite with FTS5 and trigrams", () => {
    const node = findModernNode();
    if (!node) {
      console.warn("skipped: no Node >= 22.13 found (.ci/run installs Node 24 into .tools/)");
      return;
    }
    const r = Bun.spawnSync([node, join(repoRoot, "dist", "node", "ctxmode.mjs"), "doctor", "--json"], { stdout: "pipe", stderr: "pipe" });
    expect(r.stderr.toString()).toBe("");
    const report = JSON.parse(r.stdout.toString());
    expect(report).toMatchObject({ runtime: "node", ok: true });
    expect(report.checks[0].detail).toMatch(/\(node:sqlite\)$/);
  });
});
