import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hostPackages, PLUGIN_HOSTS, writeHostPackages } from "../../build/host-plugins.ts";
import { MISSING_BINARY_NOTE } from "../../build/plugin-launcher.ts";
import { binary } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";

/** The launcher of one host package, run as the host runs it: `sh <root>/bin/ctxmode-plugin …`. */
function launch(root: string, args: string[], env: Record<string, string>, stdin = "{}") {
  const r = Bun.spawnSync(["sh", join(root, "bin", "ctxmode-plugin"), ...args], { env, stdin: Buffer.from(stdin), stdout: "pipe", stderr: "pipe" });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
}

const pluginRoot = (out: string, host: string) => (["gemini-cli", "qwen-code"].includes(host) ? join(out, host) : join(out, host, "plugins", "ctxmode"));

describe("host packages (build/host-plugins.ts)", () => {
  test("every manifest and hook file parses; hooks and MCP entries run the launcher, never a path of this machine", () => {
    for (const [host, files] of Object.entries(hostPackages("1.2.3"))) {
      for (const [path, text] of Object.entries(files)) {
        if (path.endsWith(".json")) expect(() => JSON.parse(text)).not.toThrow();
        expect(text).not.toContain(binary);
      }
      if (host === "zcode") {
        // ZCode starts processes from args (no shell line): `sh <root>/bin/ctxmode-plugin …`, for hooks and the server.
        const hooks = JSON.parse(files[join("plugins", "ctxmode", "hooks", "hooks.json")]!).hooks as Record<
          string,
          { hooks: { command: string; args: string[] }[] }[]
        >;
        for (const [event, [entry]] of Object.entries(hooks)) {
          expect(entry!.hooks[0]).toMatchObject({ command: "sh", args: ["${ZCODE_PLUGIN_ROOT}/bin/ctxmode-plugin", "hook", "zcode", event] });
        }
        expect(JSON.parse(files[join("plugins", "ctxmode", ".mcp.json")]!).mcpServers.ctxmode.args).toEqual([
          "${ZCODE_PLUGIN_ROOT}/bin/ctxmode-plugin",
          "serve",
        ]);
        continue;
      }
      const hooks = Object.entries(files).find(([p]) => /hooks(\/hooks)?\.json$/.test(p))![1];
      expect(hooks).toContain(`/bin/ctxmode-plugin\\" hook ${host} `);
      // Every hook line fails open, even if the host handed the launcher a wrong root.
      const lines = hooks.match(/sh \\"[^\n]*/g) ?? [];
      expect(lines.length).toBeGreaterThan(2);
      for (const line of lines) expect(line).toMatch(/ \|\| true",?$/);
      expect(Object.values(files).some((t) => t.includes('"serve"') && t.includes("ctxmode-plugin"))).toBe(true);
      expect(Object.values(files).some((t) => t.includes('"version": "1.2.3"'))).toBe(true);
    }
  });

  const noBinaryEnv = (home: string) => ({ HOME: home, PATH: "/usr/bin:/bin" });

  test.each([...PLUGIN_HOSTS])(
    "%s without a binary: hooks exit 0 with no reply, SessionStart says how to install, serve fails with the same sentence",
    (host) => {
      const out = tempDir();
      writeHostPackages(out);
      const root = pluginRoot(out, host);
      const home = tempDir();
      const pre = launch(root, ["hook", host, "pretooluse"], noBinaryEnv(home), JSON.stringify({ tool_name: "Bash", tool_input: { command: "curl x" } }));
      expect(pre).toEqual({ code: 0, out: "", err: "" });
      const start = launch(root, ["hook", host, "sessionstart"], noBinaryEnv(home));
      expect(start.code).toBe(0);
      expect(JSON.stringify(JSON.parse(start.out))).toContain(JSON.stringify(MISSING_BINARY_NOTE).slice(1, -1));
      const serve = launch(root, ["serve"], noBinaryEnv(home), "");
      expect(serve.code).toBe(1);
      expect(serve.err.trim()).toBe(MISSING_BINARY_NOTE);
    },
  );

  test("the binary is found through CTXMODE_BINARY_PATH, then ~/.ctxmode/bin/ctxmode, then PATH, and runs with CTXMODE_ROUTE=plugin", () => {
    const out = tempDir();
    writeHostPackages(out);
    const root = pluginRoot(out, "claude-code");
    const fake = (dir: string, name: string) => {
      mkdirSync(dir, { recursive: true });
      const file = join(dir, "ctxmode");
      writeFileSync(file, `#!/bin/sh\necho ${name} "$CTXMODE_ROUTE" "$@"\n`, { mode: 0o755 });
      return file;
    };
    const home = tempDir();
    const onPath = fake(join(home, "path-bin"), "path");
    const env = { HOME: home, PATH: `${join(home, "path-bin")}:/usr/bin:/bin` };
    expect(launch(root, ["--version"], env).out).toBe("path plugin --version\n");
    fake(join(home, ".ctxmode", "bin"), "installed");
    expect(launch(root, ["--version"], env).out).toBe("installed plugin --version\n");
    const explicit = fake(join(home, "elsewhere"), "explicit");
    expect(launch(root, ["--version"], { ...env, CTXMODE_BINARY_PATH: explicit }).out).toBe("explicit plugin --version\n");
    expect(onPath).toContain("path-bin");
  });

  test("with the real binary behind it, a hook answers in the host's reply shape", () => {
    const out = tempDir();
    writeHostPackages(out);
    const home = tempDir();
    mkdirSync(join(home, ".ctxmode", "bin"), { recursive: true });
    symlinkSync(binary, join(home, ".ctxmode", "bin", "ctxmode"));
    const payload = { session_id: "s", cwd: home, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "curl https://example.com" } };
    const r = launch(
      pluginRoot(out, "claude-code"),
      ["hook", "claude-code", "pretooluse"],
      { HOME: home, PATH: "/usr/bin:/bin", CTXMODE_DATA_DIR: join(home, ".ctxmode") },
      JSON.stringify(payload),
    );
    expect(r.code).toBe(0);
    // The plugin ships the MCP server with the hooks, so the deny may name ctx_execute without setup's marker.
    expect(JSON.parse(r.out).hookSpecificOutput.permissionDecision).toBe("deny");
  });
});
