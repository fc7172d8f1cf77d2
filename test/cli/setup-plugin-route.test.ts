import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCtx } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";

/**
 * One install at a time. The plugin records here are the ones the real hosts write (seen in
 * test/e2e/*-plugin.test.ts, which also runs setup and doctor against real installs).
 */
const RECORDS: Record<string, [string, string]> = {
  "claude-code": [".claude/plugins/installed_plugins.json", `{"version":2,"plugins":{"ctxmode@ctxmode":[{"scope":"user"}]}}`],
  codex: [".codex/config.toml", `[marketplaces.ctxmode]\nsource_type = "local"\n\n[plugins."ctxmode@ctxmode"]\nenabled = true\n`],
  "gemini-cli": [".gemini/extensions/ctxmode/gemini-extension.json", `{\n  "name": "ctxmode",\n  "version": "0.1.0"\n}\n`],
  "qwen-code": [".qwen/extensions/ctxmode/qwen-extension.json", `{\n  "name": "ctxmode",\n  "version": "0.1.0"\n}\n`],
  "copilot-cli": [".copilot/settings.json", `{\n  "enabledPlugins": {\n    "ctxmode@ctxmode": true\n  }\n}\n`],
};

function run(home: string, args: string[]) {
  const env = {
    HOME: home,
    CLAUDE_CONFIG_DIR: "",
    CODEX_HOME: "",
    GEMINI_CLI_HOME: "",
    COPILOT_HOME: "",
    CTXMODE_ROUTING: "",
    CTXMODE_RELEASE_URL: "http://127.0.0.1:9",
  };
  return runCtx(args, { dataDir: join(home, ".ctxmode"), cwd: home, env });
}

function record(home: string, host: string): void {
  const [rel, text] = RECORDS[host]!;
  mkdirSync(join(home, rel, ".."), { recursive: true });
  writeFileSync(join(home, rel), text);
}

describe("setup and doctor with ctxmode installed through a host's plugin manager", () => {
  test("setup leaves a plugin-installed host alone and says how to update it; --remove says how to remove it; doctor names the route", () => {
    const home = tempDir();
    for (const host of Object.keys(RECORDS)) record(home, host);
    const hosts = Object.keys(RECORDS).join(",");
    const setup = run(home, ["setup", "--yes", "--agents", hosts]);
    expect(setup.code).toBe(0);
    for (const host of Object.keys(RECORDS))
      expect(setup.stdout).toMatch(new RegExp(`UNCHANGED +${host} +ctxmode is installed through .*'s plugin manager; setup adds nothing`));
    expect(setup.stdout).toContain("`claude plugin marketplace update ctxmode && claude plugin update ctxmode@ctxmode`");
    // Nothing of setup's: no MCP entry, no hook file, no skills.
    for (const rel of [
      ".claude.json",
      ".claude/settings.json",
      ".codex/hooks.json",
      ".gemini/settings.json",
      ".qwen/settings.json",
      ".copilot/mcp-config.json",
      ".copilot/hooks",
    ])
      expect(existsSync(join(home, rel))).toBe(false);
    const doctor = JSON.parse(run(home, ["doctor", "--json"]).stdout).checks as { name: string; status: string; detail: string }[];
    for (const host of Object.keys(RECORDS))
      expect(doctor.find((c) => c.name === `${host}/config`)).toMatchObject({ status: "PASS", detail: expect.stringContaining("plugin manager") });
    const remove = run(home, ["setup", "--remove", "--yes", "--agents", hosts]);
    expect(remove.stdout).toContain(
      "gemini-cli: ctxmode is installed through Gemini CLI's plugin manager; remove it with `gemini extensions uninstall ctxmode`",
    );
  });

  test("a host set up by setup and then given the plugin: doctor warns that every hook runs twice and names the fix", () => {
    const home = tempDir();
    expect(run(home, ["setup", "--yes", "--agents", "gemini-cli"]).code).toBe(0);
    record(home, "gemini-cli");
    const doctor = JSON.parse(run(home, ["doctor", "--json"]).stdout).checks as { name: string; status: string; fix?: string }[];
    expect(doctor.find((c) => c.name === "gemini-cli/config")).toMatchObject({ status: "WARN", fix: "ctxmode setup --remove --agents gemini-cli" });
  });

  test("Copilot CLI's record of an uninstalled plugin (`false`) is not an install", () => {
    const home = tempDir();
    mkdirSync(join(home, ".copilot"), { recursive: true });
    writeFileSync(join(home, ".copilot", "settings.json"), `{\n  "enabledPlugins": {\n    "ctxmode@ctxmode": false\n  }\n}\n`);
    const setup = run(home, ["setup", "--yes", "--agents", "copilot-cli"]);
    expect(setup.stdout).toMatch(/CONFIGURED +copilot-cli/);
  });
});
