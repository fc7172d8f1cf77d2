import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCtx } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";
import { FIXTURE_SESSIONS, fixtureHome } from "../discover/fixture-home.ts";

/**
 * The report's "context actually used" section and `stats`' pointer, from the same transcripts
 * `ctxmode discover` reads: the fixture session of every host, laid out in a temp HOME.
 */
describe("report and stats beside discover", () => {
  const home = tempDir("ctxmode-report-discover-");
  fixtureHome(home);
  const dataDir = join(home, ".ctxmode");
  const project = join(home, "proj");
  mkdirSync(join(project, ".git"), { recursive: true });
  const env = { HOME: home, XDG_DATA_HOME: join(home, ".local", "share"), XDG_CONFIG_HOME: join(home, ".config") };

  test("the report's section carries discover's totals, hosts and net; the two agree", () => {
    const d = runCtx(["discover", "--json"], { dataDir, cwd: project, env });
    expect(d.code).toBe(0);
    const discovered = JSON.parse(d.stdout);
    expect(discovered.totals.sessions).toBe(Object.keys(FIXTURE_SESSIONS).length);
    const out = join(home, "report.html");
    const r = runCtx(["report", "--all-projects", "--out", out, "--json"], { dataDir, cwd: project, env });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.contextUsed).toEqual(discovered.totals);
    const html = readFileSync(out, "utf8");
    expect(html).toContain("Context actually used");
    expect(html).toContain(`data-stat="net" data-value="${discovered.totals.net}"`);
    for (const host of Object.keys(FIXTURE_SESSIONS)) expect(html).toContain(`<th scope="row" class="mono">${host}</th>`);
  });

  test("stats --session shows the session's net as discover and the report count it", () => {
    const session = FIXTURE_SESSIONS["claude-code"];
    const d = JSON.parse(runCtx(["discover", "--json", "--session", session], { dataDir, cwd: project, env }).stdout).sessions[0];
    const s = runCtx(["stats", "--json", "--session", session, "--project", project], { dataDir, cwd: project, env });
    expect(s.code).toBe(0);
    expect(JSON.parse(s.stdout).transcript).toEqual({
      host: "claude-code",
      keptOut: d.keptOut,
      standing: d.standing.toolList + d.standing.guidance,
      net: d.net,
    });
    const text = runCtx(["stats", "--session", session, "--project", project], { dataDir, cwd: project, env }).stdout;
    expect(text).toContain(`session ${session} in the claude-code transcript:`);
    expect(JSON.parse(runCtx(["stats", "--json", "--session", "no-such-session"], { dataDir, cwd: project, env }).stdout).transcript).toBeNull();
  });

  test("--no-discover leaves the transcripts unread and says so", () => {
    const out = join(home, "plain.html");
    const r = runCtx(["report", "--all-projects", "--no-discover", "--out", out, "--json"], { dataDir, cwd: project, env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).contextUsed).toBeUndefined();
    expect(readFileSync(out, "utf8")).toContain("Not read for this report");
  });

  test("stats points to discover and names the hosts with transcripts but no ctxmode set up", () => {
    const r = runCtx(["stats", "--project", project], { dataDir, cwd: project, env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("without ctxmode set up: `ctxmode discover`");
    for (const host of Object.keys(FIXTURE_SESSIONS)) expect(r.stdout).toContain(host);
    // Once setup has registered a host, it is no longer named.
    mkdirSync(join(dataDir, "registered"), { recursive: true });
    for (const host of Object.keys(FIXTURE_SESSIONS)) writeFileSync(join(dataDir, "registered", host), "");
    const after = runCtx(["stats", "--project", project], { dataDir, cwd: project, env });
    expect(after.stdout).not.toContain("without ctxmode set up");
    expect(after.stdout).toContain("ctxmode discover");
  });
});
