import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { binary, runCtx } from "../helpers/cli.ts";
import { repoRoot, tempDir } from "../helpers/temp.ts";
import { findModernNode } from "../installers/node-versions.ts";
import { openStore } from "../../src/store/db.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { projectDbPath, resolveProject } from "../../src/store/project.ts";
import { SCHEMA_VERSION } from "../../src/store/schema.ts";

describe("ctxmode doctor", () => {
  test("one PASS row per check (install, runtime, SQLite, data dir, sandbox, policy), exit 0", () => {
    const r = runCtx(["doctor"], { dataDir: tempDir() });
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split("\n");
    expect(rows.map((l) => l.split(/\s+/).slice(0, 2))).toEqual([
      ["PASS", "install"],
      ["PASS", "latest"],
      ["PASS", "runtime"],
      ["PASS", "sqlite"],
      ["PASS", "fts5"],
      ["PASS", "fts5-trigram"],
      ["PASS", "data-dir"],
      ["PASS", "project-db"],
      ["PASS", "sandbox"],
      ["PASS", "policy"],
    ]);
    expect(rows[0]).toMatch(/ctxmode \d+\.\d+\.\d+ \(\w+ build\), installed as standalone at /);
    expect(rows[2]).toMatch(/compiled binary \(Bun 1\.4\.4/);
    expect(rows[3]).toMatch(/SQLite 3\.\d+\.\d+ \(bun:sqlite\)/);
    expect(rows[8]).toMatch(/languages: javascript, typescript, python, shell/);
  });

  test("a data dir that cannot be written is a FAIL with a fix, exit 1; a malformed policy file is a WARN naming it", () => {
    const home = tempDir();
    writeFileSync(join(home, "not-a-dir"), "x");
    const broken = runCtx(["doctor", "--json"], { dataDir: join(home, "not-a-dir", "data"), env: { HOME: home } });
    expect(broken.code).toBe(1);
    const row = JSON.parse(broken.stdout).checks.find((c: { name: string }) => c.name === "data-dir");
    expect(row).toMatchObject({ status: "FAIL" });
    expect(row.fix).toContain("CTXMODE_DATA_DIR");

    mkdirSync(join(home, ".claude"), { recursive: true });
    writeFileSync(join(home, ".claude", "settings.json"), `{ "permissions": { "deny": ["Bash(sudo *)"] `);
    const warned = runCtx(["doctor", "--json"], { dataDir: join(home, "data"), env: { HOME: home }, cwd: home });
    expect(warned.code).toBe(0);
    const policy = JSON.parse(warned.stdout).checks.find((c: { name: string }) => c.name === "policy");
    expect(policy.status).toBe("WARN");
    expect(policy.detail).toContain(join(home, ".claude", "settings.json"));
  });

  test("the release check: a newer VERSION is a WARN with `ctxmode upgrade`; the same is a PASS; no answer is skipped", async () => {
    let published = "99.0.0";
    const release = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: (req) => (new URL(req.url).pathname === "/rel/VERSION" ? new Response(`${published}\n`) : new Response("no", { status: 404 })),
    });
    try {
      // Async: the server answers from this process.
      const latest = async (url: string) => {
        const p = Bun.spawn([binary, "doctor", "--json"], {
          env: { ...process.env, CTXMODE_DATA_DIR: tempDir(), CTXMODE_RELEASE_URL: url },
          stdout: "pipe",
          stderr: "pipe",
        });
        const [out, code] = await Promise.all([new Response(p.stdout).text(), p.exited]);
        return { code, row: JSON.parse(out).checks.find((c: { name: string }) => c.name === "latest") };
      };
      const newer = await latest(`http://127.0.0.1:${release.port}/rel`);
      expect(newer.code).toBe(0);
      expect(newer.row).toMatchObject({ status: "WARN", fix: "ctxmode upgrade" });
      expect(newer.row.detail).toMatch(/^ctxmode 99\.0\.0 is out \(this is \d+\.\d+\.\d+\)$/);
      published = (await latest(`http://127.0.0.1:${release.port}/rel`)).row.detail.match(/this is (\S+)\)/)[1];
      expect((await latest(`http://127.0.0.1:${release.port}/rel`)).row).toMatchObject({
        status: "PASS",
        detail: `ctxmode ${published} is the latest release`,
      });
      const started = Date.now();
      const offline = await latest("http://127.0.0.1:9/rel");
      expect(offline.row).toMatchObject({ status: "PASS" });
      expect(offline.row.detail).toMatch(/^release check skipped/);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      release.stop(true);
    }
  });

  test("secrets in what doctor prints are masked", () => {
    const token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
    const r = runCtx(["doctor"], { dataDir: join(tempDir(), token) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("data-dir");
    expect(r.stdout).not.toContain(token);
  });

  test("--json: version, runtime and the checks, each with a status", () => {
    const r = runCtx(["doctor", "--json"], { dataDir: tempDir() });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ runtime: "bun", ok: true, platform: `${process.platform}-${process.arch}` });
    expect(report.checks.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual(
      ["install", "latest", "runtime", "sqlite", "fts5", "fts5-trigram", "data-dir", "project-db", "sandbox", "policy"].map((name) => [name, "PASS"]),
    );
  });

  test("project-db names text waiting for its full-text rows; `ctxmode search` writes them", () => {
    const dataDir = tempDir();
    const project = join(tempDir(), "proj");
    mkdirSync(join(project, ".git"), { recursive: true });
    const db = openStore(projectDbPath(join(dataDir, "projects"), resolveProject(project)), { busyTimeoutMs: 5000 });
    indexSource(db, { label: "left.md", text: "# Left\n\nthe lapwing text a killed server left\n", kind: "markdown", maxChunk: 4096, deferSearch: true });
    db.close();
    const row = () => JSON.parse(runCtx(["doctor", "--json"], { dataDir, cwd: project }).stdout).checks.find((c: { name: string }) => c.name === "project-db");
    expect(row()).toMatchObject({ status: "PASS" });
    expect(row().detail).toMatch(/\d+ B waiting for full-text rows/);
    const found = runCtx(["search", "lapwing"], { dataDir, cwd: project });
    expect(found.stdout).toContain("left.md");
    expect(row().detail).not.toContain("waiting");
  });

  test("project-db counts sources an older release chunked; `ctxmode index` of the same files chunks them afresh", () => {
    const dataDir = tempDir();
    const project = join(tempDir(), "proj");
    mkdirSync(join(project, ".git"), { recursive: true });
    const file = join(project, "notes.md");
    writeFileSync(file, "# Notes\n\nthe whimbrel migrates in spring\n");
    const db = openStore(projectDbPath(join(dataDir, "projects"), resolveProject(project)), { busyTimeoutMs: 5000, targetVersion: SCHEMA_VERSION - 1 });
    indexSource(db, { label: "notes.md", origin: file, text: "# Notes\n\nthe whimbrel migrates in spring\n", kind: "markdown", maxChunk: 4096 });
    db.close();
    const row = () => JSON.parse(runCtx(["doctor", "--json"], { dataDir, cwd: project }).stdout).checks.find((c: { name: string }) => c.name === "project-db");
    expect(row()).toMatchObject({ status: "PASS" });
    expect(row().detail).toContain("1 source chunked by an older release");
    const again = runCtx(["index", file], { dataDir, cwd: project });
    expect(again.stdout).toContain("unchanged");
    expect(row().detail).not.toContain("older release");
    expect(runCtx(["search", "whimbrel"], { dataDir, cwd: project }).stdout).toContain("notes.md");
  });

  test("project-db counts spool files a stopped server left; `ctxmode search` writes them and the row passes", () => {
    const dataDir = tempDir();
    const project = join(tempDir(), "proj");
    mkdirSync(join(project, ".git"), { recursive: true });
    const dbPath = projectDbPath(join(dataDir, "projects"), resolveProject(project));
    openStore(dbPath, { busyTimeoutMs: 5000 }).close();
    // A real process spools two sources and exits without writing them (as a killed server would).
    const script = join(tempDir(), "writer.ts");
    writeFileSync(
      script,
      `import { SpoolFiles, spoolRoot } from ${JSON.stringify(join(repoRoot, "src/store/spool.ts"))};
       const files = new SpoolFiles(spoolRoot(${JSON.stringify(dbPath)}));
       files.append({ label: "left.md", text: "# Left\\n\\nthe dunlin note a killed server spooled\\n", kind: "markdown", maxChunk: 4096 });
       files.append({ label: "left2.md", text: "# Left 2\\n\\nthe knot note\\n", kind: "markdown", maxChunk: 4096 });`,
    );
    expect(Bun.spawnSync([process.execPath, script]).exitCode).toBe(0);
    const row = () => JSON.parse(runCtx(["doctor", "--json"], { dataDir, cwd: project }).stdout).checks.find((c: { name: string }) => c.name === "project-db");
    const before = row();
    expect(before.status).toBe("WARN");
    expect(before.detail).toMatch(/2 spool files \(\d+ B\) waiting to be written.*2 of them left by a server that stopped/);
    expect(before.fix).toContain("ctxmode search");
    expect(runCtx(["search", "dunlin"], { dataDir, cwd: project }).stdout).toContain("left.md");
    expect(row()).toMatchObject({ status: "PASS" });
    expect(row().detail).not.toContain("spool");
  });

  test("the Node build reports node:sqlite with FTS5 and trigrams", () => {
    const node = findModernNode();
    if (!node) {
      console.warn("skipped: no Node >= 22.13 found (.ci/run installs Node 24 into .tools/)");
      return;
    }
    // Its own data dir, and the release check pointed at a closed local port: a network that hangs past the test's 5 s is not what this asks.
    const r = Bun.spawnSync([node, join(repoRoot, "dist", "node", "ctxmode.mjs"), "doctor", "--json"], {
      stdout: "pipe",
      stderr: "pipe",
      env: { ...process.env, CTXMODE_DATA_DIR: tempDir(), CTXMODE_RELEASE_URL: "http://127.0.0.1:9" },
    });
    expect(r.stderr.toString()).toBe("");
    const report = JSON.parse(r.stdout.toString());
    expect(report).toMatchObject({ runtime: "node", ok: true });
    const rows = Object.fromEntries(report.checks.map((c: { name: string; detail: string }) => [c.name, c.detail]));
    expect(rows.sqlite).toMatch(/\(node:sqlite\)$/);
    expect(rows.runtime).toMatch(/^Node fallback on Node \d+/);
  });
});
