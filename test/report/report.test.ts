import { Database } from "bun:sqlite";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import { fillLargeProject } from "../../bench/report.ts";
import { recordCall } from "../../src/store/tool-stats.ts";
import { openStore } from "../../src/store/db.ts";
import { SCHEMA_VERSION } from "../../src/store/schema.ts";
import { projectDbPath, resolveProject } from "../../src/store/project.ts";
import { runCtx } from "../helpers/cli.ts";
import { repoRoot, tempDir } from "../helpers/temp.ts";
import { makeProject, startServer } from "../mcp/helpers.ts";
import { cardValue, rowKeys, rowValues } from "./page-values.ts";
import { LAST_PROMPT, scriptedSession, SEARCHES, SESSION, statsJson, type Scripted } from "./session.ts";

/** A Node that runs the Node build (>= 22.13): CI's Node 24 in .tools/, else the one on PATH. */
const node = [join(repoRoot, ".tools", "node_modules", ".bin", "node"), Bun.which("node")].find((p) => {
  if (!p || !existsSync(p)) return false;
  const [major = 0, minor = 0] = Bun.spawnSync([p, "--version"]).stdout.toString().slice(1).split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 13);
});

// The session runs once, in the first test that needs it; its temp dirs belong to the file.
const project = makeProject();
const other = makeProject();
let s: Scripted;
let made: Promise<Scripted> | undefined;
const scripted = async () => (s = await (made ??= scriptedSession(project)));

function report(args: string[], env: Record<string, string> = {}): { html: string; json: { path: string; bytes: number; ms: number } } {
  const out = join(s.project.dataDir, "..", `report-${Math.random().toString(36).slice(2)}.html`);
  const r = runCtx(["report", "--json", "--out", out, "--project", s.project.dir, ...args], {
    dataDir: s.project.dataDir,
    cwd: s.project.dir,
    env: { ...s.env, ...env },
  });
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
  return { html: readFileSync(out, "utf8"), json: JSON.parse(r.stdout) };
}

describe("ctxmode report", () => {
  test("the page's numbers are ctxmode stats --json's, per tool and in total", async () => {
    await scripted();
    const { html, json } = report(["--session", SESSION]);
    const [session, project] = statsJson(s).scopes;
    expect(json.bytes).toBe(Buffer.byteLength(html));
    for (const stat of ["calls", "returned", "keptOut", "tokensKeptOut"] as const)
      expect({ stat, value: cardValue(html, stat) }).toEqual({ stat, value: project![stat] });
    expect(rowKeys(html, "data-tool").sort()).toEqual(project!.tools.map((t) => t.tool).sort());
    for (const t of project!.tools) expect(rowValues(html, "data-tool", t.tool)).toEqual({ calls: t.calls, returned: t.returned, keptOut: t.keptOut });
    // Every call of the script is timed and dated: the day rows add up to the totals.
    const days = rowKeys(html, "data-day").map((d) => rowValues(html, "data-day", d)!);
    expect(days.reduce((n, d) => n + (d.keptOut ?? 0), 0)).toBe(project!.keptOut);
    expect(days.reduce((n, d) => n + (d.calls ?? 0), 0)).toBe(project!.calls);
    expect(session!.calls).toBe(project!.calls);
    expect(html).toContain(`${session!.calls} in the current session`);
  });

  test("routing decisions by host, tool and rule; search latency; indexed sources; the journal with its state block", async () => {
    await scripted();
    const { html } = report([]);
    expect(rowValues(html, "data-route", "claude-code/Bash/http")).toEqual({ denied: 2, redirected: 0, passed: 0 });
    expect(rowValues(html, "data-route", "claude-code/WebFetch/webfetch")).toEqual({ denied: 1, redirected: 0, passed: 1 });
    expect(rowValues(html, "data-route", "claude-code/Bash/replace")).toEqual({ denied: 0, redirected: 1, passed: 0 });
    expect(cardValue(html, "routingDecisions")).toBe(5);
    const search = rowValues(html, "data-latency", "ctx_search")!;
    expect(search.count).toBe(SEARCHES);
    expect(search.p50).toBeGreaterThan(0);
    expect(search.p50).toBeLessThanOrEqual(search.p95!);
    expect(search.p99).toBeLessThanOrEqual(search.max!);
    expect(cardValue(html, "searchP50")).toBe(search.p50!);
    // The replaced Bash output is indexed like the fixtures.
    expect(html).toMatch(/<th scope="row" class="mono text" title="[^"]*">hook:Bash#/);
    expect(html).toContain("docs/github-issues.json");
    expect(html).toContain(`Session <code>${SESSION}</code> (claude-code)`);
    expect(html).toContain(`Last request: ${LAST_PROMPT}`);
    expect(html).toContain('<td class="type p4">file_edit</td><td class="text">src/report.ts</td>');
  });

  test("the page is self-contained: no script, no external URL in any src/href, a CSP that loads nothing", async () => {
    await scripted();
    const { html } = report([]);
    expect(html).not.toMatch(/<script/i);
    expect([...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]!).filter((u) => !u.startsWith("#") && !u.startsWith("data:"))).toEqual([]);
    expect(html).toContain(`content="default-src 'none';`);
  });

  test("--all-projects sums every project like the all-projects scope of stats", async () => {
    await scripted();
    const dataDir = s.project.dataDir;
    const server = await startServer({ dir: other.dir, dataDir }, { CTXMODE_SESSION: "other" });
    expect((await server.call("ctx_execute", { language: "shell", code: "seq 1 5000", intent: "the end" })).isError).toBe(false);
    await server.close();
    const { html, json } = report(["--all-projects"]);
    const all = statsJson(s).scopes[2]!;
    expect(json.path.endsWith(".html")).toBe(true);
    for (const stat of ["calls", "returned", "keptOut", "tokensKeptOut"] as const) expect(cardValue(html, stat)).toBe(all[stat]);
    for (const t of all.tools) expect(rowValues(html, "data-tool", t.tool)).toEqual({ calls: t.calls, returned: t.returned, keptOut: t.keptOut });
    expect(html).toContain("all projects (2)");
  });

  test.skipIf(!node)("the Node build writes the same page numbers on node:sqlite", async () => {
    await scripted();
    const bun = report([]).html;
    const out = join(s.project.dataDir, "..", "node-report.html");
    const r = Bun.spawnSync([node!, join(repoRoot, "dist", "node", "ctxmode.mjs"), "report", "--out", out, "--project", s.project.dir], {
      cwd: s.project.dir,
      env: s.env,
      stdout: "pipe",
      stderr: "pipe",
      timeout: 30_000,
    });
    expect({ code: r.exitCode, stderr: r.stderr.toString() }).toEqual({ code: 0, stderr: "" });
    const html = readFileSync(out, "utf8");
    for (const stat of ["calls", "returned", "keptOut", "routingDecisions", "indexedBytes", "searchP50"])
      expect(cardValue(html, stat)).toBe(cardValue(bun, stat));
    expect(rowKeys(html, "data-day")).toEqual(rowKeys(bun, "data-day"));
  });

  test("reads without a lock: a writer holding the database does not stop it, and it changes nothing", async () => {
    await scripted();
    const dbPath = projectDbPath(join(s.project.dataDir, "projects"), resolveProject(s.project.dir));
    const before = statsJson(s).scopes[1]!;
    const writer = new Database(dbPath);
    writer.run("PRAGMA busy_timeout = 100");
    writer.run("BEGIN IMMEDIATE");
    writer.run("INSERT INTO tool_calls(at, session, tool, bytes_returned, bytes_kept_out, ms) VALUES (1, 'w', 'ctx_search', 1, 1000000, 1)");
    try {
      const t = performance.now();
      const { html } = report([], { CTXMODE_DB_TIMEOUT: "30000" });
      expect(performance.now() - t).toBeLessThan(10_000);
      expect(cardValue(html, "keptOut")).toBe(before.keptOut); // the uncommitted row is not seen
    } finally {
      writer.run("ROLLBACK");
      writer.close();
    }
    const version = new Database(dbPath, { readonly: true });
    expect(version.query("PRAGMA user_version").get()).toEqual({ user_version: SCHEMA_VERSION });
    version.close();
  });

  test("an older database is read as it is: schema 3 has totals but no days or latency, and stays at 3", () => {
    const dataDir = tempDir("ctxmode-report-old-");
    const dir = join(dataDir, "proj");
    mkdirSync(join(dir, ".git"), { recursive: true });
    const dbPath = projectDbPath(join(dataDir, "data", "projects"), resolveProject(dir));
    const db = openStore(dbPath, { busyTimeoutMs: 1000, targetVersion: 3 });
    db.prepare("INSERT INTO tool_stats VALUES ('s', 'ctx_execute', 3, 300, 30000, 1)").run();
    db.close();
    const out = join(dataDir, "old.html");
    const r = runCtx(["report", "--out", out, "--project", dir], { dataDir: join(dataDir, "data"), cwd: dir });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    expect(r.stdout).toStartWith(`wrote ${out} (`);
    const html = readFileSync(out, "utf8");
    expect(cardValue(html, "keptOut")).toBe(30_000);
    expect(html).toContain("No timed calls yet");
    const check = new Database(dbPath, { readonly: true });
    expect(check.query("PRAGMA user_version").get()).toEqual({ user_version: 3 });
    check.close();
  });

  test("days are local calendar days, also in a half-hour time zone", () => {
    const dataDir = tempDir("ctxmode-report-tz-");
    const dir = join(dataDir, "proj");
    mkdirSync(join(dir, ".git"), { recursive: true });
    const db = openStore(projectDbPath(join(dataDir, "data", "projects"), resolveProject(dir)), { busyTimeoutMs: 1000 });
    const call = db.prepare("INSERT INTO tool_calls(at, session, tool, bytes_returned, bytes_kept_out, ms) VALUES ($at, 's', 'ctx_search', 1, $kept, 1)");
    call.run({ at: Date.parse("2026-01-01T18:20:00Z"), kept: 10 }); // 23:50 in Kolkata (+05:30)
    call.run({ at: Date.parse("2026-01-01T18:40:00Z"), kept: 20 }); // 00:10 the next day there
    call.run({ at: Date.parse("2026-01-04T12:00:00Z"), kept: 40 });
    db.close();
    const out = join(dataDir, "tz.html");
    const r = runCtx(["report", "--out", out, "--project", dir], { dataDir: join(dataDir, "data"), cwd: dir, env: { TZ: "Asia/Kolkata" } });
    expect(r.code).toBe(0);
    const html = readFileSync(out, "utf8");
    expect(rowKeys(html, "data-day")).toEqual(["2026-01-04", "2026-01-02", "2026-01-01"]);
    expect(rowValues(html, "data-day", "2026-01-02")).toEqual({ calls: 1, returned: 1, keptOut: 20 });
    // Quiet days between are bars of zero in the chart: four days from the 1st to the 4th.
    expect(html.match(/<title>2026-01-0\d: /g)?.length).toBe(4);
  });

  test.skipIf(process.platform !== "linux")("--open hands the file to xdg-open", async () => {
    await scripted();
    const bin = tempDir("ctxmode-report-open-");
    const seen = join(bin, "opened.txt");
    writeFileSync(join(bin, "xdg-open"), `#!/bin/sh\nprintf '%s' "$1" > "${seen}"\n`);
    chmodSync(join(bin, "xdg-open"), 0o755);
    const { json } = report(["--open"], { PATH: `${bin}:${process.env.PATH}` });
    for (let i = 0; i < 100 && !existsSync(seen); i++) Bun.sleepSync(20);
    expect(readFileSync(seen, "utf8")).toBe(json.path);
  });

  test("100,000 calls and 100,000 journal rows: a page under 2 MB, written well within a generous bound", () => {
    const dataDir = tempDir("ctxmode-report-big-");
    const dir = join(dataDir, "proj");
    mkdirSync(join(dir, ".git"), { recursive: true });
    fillLargeProject(projectDbPath(join(dataDir, "data", "projects"), resolveProject(dir)), 100_000);
    const out = join(dataDir, "big.html");
    const r = runCtx(["report", "--json", "--out", out, "--project", dir], { dataDir: join(dataDir, "data"), cwd: dir });
    expect(r.code).toBe(0);
    const { bytes, ms } = JSON.parse(r.stdout) as { bytes: number; ms: number };
    expect(bytes).toBeLessThan(2 * 1024 * 1024);
    // A sanity bound on a shared machine; bench/report.ts measures the real figure.
    expect(ms).toBeLessThan(10_000);
    expect(cardValue(readFileSync(out, "utf8"), "calls")).toBe(100_000);
  }, 60_000);
});

// recordCall is what the server and hooks call; its trigger keeps tool_stats in step.
test("recordCall: one tool_calls row per call, tool_stats totals from its trigger", () => {
  const db = openStore(join(tempDir("ctxmode-report-rc-"), "c.db"), { busyTimeoutMs: 1000 });
  recordCall(db, "s", "ctx_search", 10, 90, 1.25);
  recordCall(db, "s", "ctx_search", 5, 5);
  expect(db.prepare("SELECT tool, calls, bytes_returned, bytes_kept_out FROM tool_stats").all()).toEqual([
    { tool: "ctx_search", calls: 2, bytes_returned: 15, bytes_kept_out: 95 },
  ]);
  expect(db.prepare("SELECT ms FROM tool_calls ORDER BY id").all()).toEqual([{ ms: 1.25 }, { ms: null }]);
  db.close();
});

test("per-call rows older than 180 days are pruned as calls come in; the totals keep them", () => {
  const db = openStore(join(tempDir("ctxmode-report-prune-"), "p.db"), { busyTimeoutMs: 1000 });
  const call = db.prepare("INSERT INTO tool_calls(at, session, tool, bytes_returned, bytes_kept_out) VALUES ($at, 's', 'ctx_execute', 1, 10)");
  const now = Date.now();
  for (let i = 0; i < 1_000; i++) call.run({ at: i < 10 ? now - 181 * 86_400_000 : now });
  expect(db.prepare("SELECT count(*) AS n FROM tool_calls").get()).toEqual({ n: 990 });
  expect(db.prepare("SELECT calls, bytes_kept_out FROM tool_stats").get()).toEqual({ calls: 1_000, bytes_kept_out: 10_000 });
  db.close();
});
