import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { binary, runCtx } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";

const HOSTS = "claude-code,codex,gemini-cli,qwen-code,copilot-cli,vscode,cursor,kiro,opencode,pi";

function run(home: string, args: string[]) {
  return runCtx(args, {
    dataDir: join(home, ".ctxmode"),
    cwd: home,
    env: {
      HOME: home,
      CLAUDE_CONFIG_DIR: "",
      CODEX_HOME: "",
      GEMINI_CLI_HOME: "",
      COPILOT_HOME: "",
      XDG_CONFIG_HOME: "",
      PI_CODING_AGENT_DIR: "",
      CTXMODE_ROUTING: "",
    },
  });
}

type Row = { name: string; status: string; fix?: string };
const rows = (stdout: string): Row[] => JSON.parse(stdout).checks;

describe("ctxmode doctor after setup", () => {
  test("all PASS for every registered host, then the right FAIL and fix after breaking a config", () => {
    const home = tempDir();
    mkdirSync(join(home, ".codex"), { recursive: true });
    writeFileSync(join(home, ".codex", "config.toml"), `model = "o3"\n`);
    expect(run(home, ["setup", "--yes", "--agents", HOSTS]).code).toBe(0);

    const ok = run(home, ["doctor", "--json"]);
    expect(ok.stderr).toBe("");
    const checks = rows(ok.stdout);
    expect(checks.filter((c) => c.status !== "PASS")).toEqual([]);
    expect(checks.map((c) => c.name)).toEqual([
      "install",
      "latest",
      "runtime",
      "sqlite",
      "fts5",
      "fts5-trigram",
      "data-dir",
      "project-db",
      "sandbox",
      "policy",
      "claude-code/config",
      "claude-code/hook",
      "codex/config",
      "codex/hook",
      "gemini-cli/config",
      "gemini-cli/hook",
      "qwen-code/config",
      "qwen-code/hook",
      "copilot-cli/config",
      "copilot-cli/hook",
      "vscode/config",
      "vscode/hook",
      "cursor/config",
      "cursor/hook",
      "kiro/config",
      "kiro/hook",
      "opencode/config",
      "opencode/hook",
      "pi/config",
      "pi/hook",
      "mcp",
    ]);
    expect(ok.code).toBe(0);

    // The MCP entry points at a binary that is not this one.
    const gemini = join(home, ".gemini", "settings.json");
    writeFileSync(gemini, readFileSync(gemini, "utf8").replace(`"command": ${JSON.stringify(binary)}`, `"command": "/opt/old/ctxmode"`));
    // Cursor's entry is gone.
    writeFileSync(join(home, ".cursor", "mcp.json"), "{}\n");
    const broken = run(home, ["doctor", "--json"]);
    expect(broken.code).toBe(1);
    const failed = rows(broken.stdout).filter((c) => c.status === "FAIL");
    expect(failed.map((c) => [c.name, c.fix])).toEqual([
      ["gemini-cli/config", "ctxmode setup --agents gemini-cli --yes"],
      ["cursor/config", "ctxmode setup --agents cursor --yes"],
    ]);

    // The fix it names works.
    expect(run(home, ["setup", "--yes", "--agents", "gemini-cli,cursor"]).code).toBe(0);
    expect(run(home, ["doctor"]).code).toBe(0);
  }, 60_000);

  test("--agents checks a host setup never touched: FAIL with the setup command", () => {
    const home = tempDir();
    const r = run(home, ["doctor", "--json", "--agents", "kiro"]);
    expect(r.code).toBe(1);
    expect(rows(r.stdout).find((c) => c.name === "kiro/config")).toMatchObject({ status: "FAIL", fix: "ctxmode setup --agents kiro --yes" });
  }, 30_000);
});
