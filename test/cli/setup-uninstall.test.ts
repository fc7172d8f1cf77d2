import { describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { binary } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";

describe.skipIf(process.platform === "win32")("ctxmode uninstall", () => {
  test("removes ctxmode from the hosts, the binary and install.sh's PATH line; keeps data unless asked", () => {
    const home = tempDir();
    const bin = join(home, ".ctxmode", "bin");
    mkdirSync(bin, { recursive: true });
    const exe = join(bin, "ctxmode");
    copyFileSync(binary, exe);
    const bashrc = "# my shell\nalias ll='ls -l'\n";
    writeFileSync(join(home, ".bashrc"), `${bashrc}# added by the ctxmode installer\nexport PATH="${bin}:$PATH"\n`);
    const claude = `{\n  // mine\n  "mcpServers": { "github": { "command": "gh-mcp" } }\n}\n`;
    writeFileSync(join(home, ".claude.json"), claude);
    const env = { PATH: process.env.PATH ?? "", HOME: home, CTXMODE_DATA_DIR: join(home, ".ctxmode") };
    const run = (args: string[]) => {
      const r = Bun.spawnSync([exe, ...args], { env, cwd: home, stdout: "pipe", stderr: "pipe" });
      return { code: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
    };
    expect(run(["setup", "--yes", "--agents", "claude-code"]).code).toBe(0);
    expect(readFileSync(join(home, ".claude.json"), "utf8")).toContain(`"ctxmode"`);

    const r = run(["uninstall", "--yes"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(readFileSync(join(home, ".claude.json"), "utf8")).toBe(claude);
    expect(existsSync(join(home, ".claude", "settings.json"))).toBe(false);
    expect(existsSync(exe)).toBe(false);
    expect(readFileSync(join(home, ".bashrc"), "utf8")).toBe(bashrc);
    expect(existsSync(join(home, ".ctxmode"))).toBe(true);
    expect(r.stdout).toContain("kept your data");
  }, 60_000);

  test("--delete-data removes the data dir too", () => {
    const home = tempDir();
    const exe = join(home, "bin", "ctxmode");
    mkdirSync(join(home, "bin"));
    copyFileSync(binary, exe);
    const data = join(home, "data");
    mkdirSync(join(data, "projects"), { recursive: true });
    const r = Bun.spawnSync([exe, "uninstall", "--yes", "--delete-data"], {
      env: { PATH: process.env.PATH ?? "", HOME: home, CTXMODE_DATA_DIR: data },
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(r.exitCode).toBe(0);
    expect(existsSync(data)).toBe(false);
    expect(existsSync(exe)).toBe(false);
  }, 60_000);
});
