import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { binary, runCtx } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";

/** A ZCode user config that already lists a plugin folder, with a comment and keys of its own. */
const EXISTING = `{
  // set by ZCode
  "theme": "dark",
  "plugins": {
    "dirs": ["/opt/plugins/other"],
    "enabledPlugins": { "other@inline": true }
  },
  "hooks": { "enabled": true }
}
`;

function run(home: string, args: string[], env: Record<string, string> = {}) {
  return runCtx(args, {
    dataDir: join(home, ".ctxmode"),
    cwd: home,
    env: { HOME: home, CTXMODE_ROUTING: "", CTXMODE_ZCODE_DIR: "", CTXMODE_ZCODE_PLUGIN_DIR: "", ...env },
  });
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, ""));

describe("setup --agents zcode", () => {
  test("writes the plugin folder and lists it in cli/config.json, keeping the user's config; doctor passes; --remove restores the bytes", () => {
    const home = tempDir();
    const config = join(home, ".zcode", "cli", "config.json");
    mkdirSync(join(home, ".zcode", "cli"), { recursive: true });
    writeFileSync(config, EXISTING);

    const setup = run(home, ["setup", "--yes", "--agents", "zcode"]);
    expect(setup.stderr).toBe("");
    expect(setup.code).toBe(0);
    const plugin = join(home, ".zcode", "plugins", "ctxmode");
    expect(readJson(config)).toEqual({
      theme: "dark",
      plugins: { dirs: ["/opt/plugins/other", plugin], enabledPlugins: { "other@inline": true } },
      hooks: { enabled: true },
    });
    expect(readFileSync(config, "utf8")).toContain("// set by ZCode");

    expect(readJson(join(plugin, ".zcode-plugin", "plugin.json")).name).toBe("ctxmode");
    expect(readJson(join(plugin, ".mcp.json"))).toEqual({
      mcpServers: { ctxmode: { type: "stdio", command: binary, args: ["serve"], cwd: "${ZCODE_PROJECT_DIR}" } },
    });
    const hooks = readJson(join(plugin, "hooks", "hooks.json")).hooks;
    expect(Object.keys(hooks)).toEqual(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure", "Stop"]);
    for (const [event, entries] of Object.entries(hooks) as [string, { hooks: unknown[] }[]][]) {
      expect(entries[0]!.hooks).toEqual([{ type: "process", command: binary, args: ["hook", "zcode", event], timeoutMs: 10_000 }]);
    }
    expect(existsSync(join(plugin, "skills", "ctxmode", "SKILL.md"))).toBe(true);

    // Every hook line the plugin names answers in ZCode's shape.
    for (const event of Object.keys(hooks)) {
      const r = Bun.spawnSync([binary, "hook", "zcode", event], {
        stdin: Buffer.from(JSON.stringify({ session_id: "s", cwd: home, hook_event_name: event })),
        env: { ...process.env, HOME: home, CTXMODE_DATA_DIR: join(home, ".ctxmode") },
      });
      expect({ event, code: r.exitCode }).toEqual({ event, code: 0 });
    }

    expect(run(home, ["setup", "--yes", "--agents", "zcode"]).stdout).toMatch(/UNCHANGED\s+zcode\s/);
    const doctor = run(home, ["doctor", "--json", "--agents", "zcode"]);
    const rows = JSON.parse(doctor.stdout).checks.filter((c: { name: string }) => c.name.startsWith("zcode/") || c.name === "mcp");
    expect(rows.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ["zcode/config", "PASS"],
      ["zcode/hook", "PASS"],
      ["mcp", "PASS"],
    ]);

    // A hook file changed by hand: doctor names it and the fix.
    writeFileSync(join(plugin, "hooks", "hooks.json"), "{}\n");
    const broken = JSON.parse(run(home, ["doctor", "--json", "--agents", "zcode"]).stdout).checks.find((c: { name: string }) => c.name === "zcode/config");
    expect(broken).toMatchObject({ status: "FAIL", fix: "ctxmode setup --agents zcode --yes" });
    expect(run(home, ["setup", "--yes", "--agents", "zcode"]).code).toBe(0);

    const removed = run(home, ["setup", "--yes", "--remove", "--agents", "zcode"]);
    expect(removed.code).toBe(0);
    expect(readFileSync(config, "utf8")).toBe(EXISTING);
    expect(existsSync(plugin)).toBe(false);
    expect(readdirSync(join(home, ".zcode")).sort()).toEqual(["cli"]);
  });

  test("a config edited after setup loses only ctxmode's folder entry on --remove; CTXMODE_ZCODE_PLUGIN_DIR moves the plugin", () => {
    const home = tempDir();
    const config = join(home, ".zcode", "cli", "config.json");
    mkdirSync(join(home, ".zcode", "cli"), { recursive: true });
    writeFileSync(config, EXISTING);
    const plugin = join(home, "elsewhere", "ctxmode-plugin");
    const env = { CTXMODE_ZCODE_PLUGIN_DIR: plugin };
    expect(run(home, ["setup", "--yes", "--agents", "zcode", "--no-skills"], env).code).toBe(0);
    expect(existsSync(join(plugin, "hooks", "hooks.json"))).toBe(true);
    expect(readJson(config).plugins.dirs).toEqual(["/opt/plugins/other", plugin]);

    writeFileSync(config, readFileSync(config, "utf8").replace('"theme": "dark"', '"theme": "light"'));
    expect(run(home, ["setup", "--yes", "--remove", "--agents", "zcode"], env).code).toBe(0);
    expect(readJson(config)).toEqual({
      theme: "light",
      plugins: { dirs: ["/opt/plugins/other"], enabledPlugins: { "other@inline": true } },
      hooks: { enabled: true },
    });
    expect(existsSync(plugin)).toBe(false);
    expect(existsSync(join(home, "elsewhere"))).toBe(false);
  });

  test("a malformed ZCode config is reported and left untouched", () => {
    const home = tempDir();
    const config = join(home, ".zcode", "cli", "config.json");
    mkdirSync(join(home, ".zcode", "cli"), { recursive: true });
    writeFileSync(config, '{ "plugins": ');
    const r = run(home, ["setup", "--yes", "--agents", "zcode"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(config);
    expect(readFileSync(config, "utf8")).toBe('{ "plugins": ');
    expect(existsSync(join(home, ".zcode", "plugins"))).toBe(false);
  });

  test("--plugin-dir writes a marketplace folder and changes no config", () => {
    const home = tempDir();
    const out = join(home, "market");
    const r = run(home, ["setup", "--agents", "zcode", "--plugin-dir", out, "--binary", "ctxmode", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).files).toContain(join(out, "marketplace.json"));
    const market = readJson(join(out, "marketplace.json"));
    expect(market).toMatchObject({ name: "ctxmode", plugins: [{ name: "ctxmode", source: "./plugins/ctxmode" }] });
    const manifest = readJson(join(out, "plugins", "ctxmode", ".zcode-plugin", "plugin.json"));
    // ZCode's rule: the marketplace entry and the manifest agree on name and version.
    expect(market.plugins[0].version).toBe(manifest.version);
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+/);
    // A bare --binary stays bare: the published plugin finds ctxmode on PATH.
    expect(readJson(join(out, "plugins", "ctxmode", ".mcp.json")).mcpServers.ctxmode.command).toBe("ctxmode");
    expect(readJson(join(out, "plugins", "ctxmode", "hooks", "hooks.json")).hooks.Stop[0].hooks[0].command).toBe("ctxmode");
    expect(existsSync(join(home, ".zcode"))).toBe(false);
    expect(existsSync(join(home, ".ctxmode", "registered"))).toBe(false);

    const wrong = run(home, ["setup", "--agents", "codex", "--plugin-dir", out]);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain("--agents zcode");
  });
});
