import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCtx } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";
import { makeProject, startServer } from "../mcp/helpers.ts";

/** `ctxmode search` and `ctx_search` with the project's memory files, through the built binary. */

function cliProject() {
  const root = tempDir("ctxmode-memory-cli-");
  const dir = join(root, "proj");
  const home = join(root, "home");
  mkdirSync(join(dir, ".git"), { recursive: true });
  mkdirSync(home, { recursive: true });
  return { dir, home, dataDir: join(root, "data") };
}

describe("memory files through the CLI", () => {
  test("an edit to AGENTS.md between two searches shows the new text; --no-memory leaves it out", () => {
    const p = cliProject();
    const env = { HOME: p.home, CTXMODE_PROJECT_DIR: "" };
    const run = (args: string[]) => runCtx(args, { dataDir: p.dataDir, cwd: p.dir, env });
    writeFileSync(join(p.dir, "build.md"), "# Build\n\nThe release build signs artifacts with the staging key.\n");
    expect(run(["index", "build.md"]).code).toBe(0);
    writeFileSync(join(p.dir, "AGENTS.md"), "# Rules\n\n## Release\n\nRelease builds need two approvals.\n");

    const first = JSON.parse(run(["search", "release build", "--json"]).stdout).results[0].hits;
    expect(first.map((h: { source: string; memory?: boolean }) => [h.source, h.memory ?? false])).toEqual([
      ["build.md", false],
      ["memory:AGENTS.md", true],
    ]);

    writeFileSync(join(p.dir, "AGENTS.md"), "# Rules\n\n## Release\n\nRelease builds wait for the pangolin freeze to end.\n");
    const second = run(["search", "pangolin"]);
    expect(second.stdout).toContain("memory AGENTS.md # Rules > Release (lines 3-5)");
    expect(second.stdout).toContain("Release builds wait for the pangolin freeze to end.");
    expect(run(["search", "approvals", "--json"]).stdout).not.toContain("AGENTS.md");
    expect(JSON.parse(run(["search", "pangolin", "--no-memory", "--json"]).stdout).results[0].hits).toEqual([]);
  });

  test("a project with nothing indexed but an AGENTS.md: the memory file is searched; without one, the usual hint", () => {
    const p = cliProject();
    const env = { HOME: p.home, CTXMODE_PROJECT_DIR: "" };
    const run = (args: string[]) => runCtx(args, { dataDir: p.dataDir, cwd: p.dir, env });
    expect(run(["search", "wombat"]).stdout).toContain("nothing indexed in this project yet");
    writeFileSync(join(p.dir, "AGENTS.md"), "# Rules\n\nThe wombat service owns the queue.\n");
    expect(run(["search", "wombat", "--no-memory"]).stdout).toContain("nothing indexed in this project yet");
    expect(JSON.parse(run(["search", "wombat", "--json"]).stdout).results[0].hits[0]).toMatchObject({ source: "memory:AGENTS.md", memory: true });
  });
});

describe("memory files through ctx_search", () => {
  test("labelled memory hits after content hits, fresh after an edit, left out with memory: false", async () => {
    const project = makeProject();
    writeFileSync(join(project.dir, "CLAUDE.md"), "# Conventions\n\n## Logging\n\nLog with the structured logger, never console.log.\n");
    const server = await startServer(project);
    await server.call("ctx_index", { text: "# Logging\n\nThe structured logger writes JSON lines to stderr.\n", source: "logging-notes" });

    const both = await server.call("ctx_search", { queries: ["structured logger"], limit: 5 });
    expect(both.isError).toBe(false);
    const body = both.text.split("\n").slice(1).join("\n");
    expect(body.indexOf("[logging-notes]")).toBeGreaterThan(-1);
    expect(body.indexOf("memory CLAUDE.md # Conventions > Logging")).toBeGreaterThan(body.indexOf("[logging-notes]"));

    writeFileSync(join(project.dir, "CLAUDE.md"), "# Conventions\n\n## Logging\n\nLog levels come from the axolotl config file.\n");
    await Bun.sleep(300); // the server checks memory files at most every 250 ms
    const fresh = await server.call("ctx_search", { queries: ["axolotl"] });
    expect(fresh.text).toContain("memory CLAUDE.md # Conventions > Logging");
    expect(fresh.text).toContain("axolotl config file");

    const off = await server.call("ctx_search", { queries: ["axolotl"], memory: false });
    expect(off.text).toContain("no matches");
  });
});
