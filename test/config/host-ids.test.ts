import { describe, expect, test } from "bun:test";
import { HOSTS as SETUP_HOSTS } from "../../src/agents/hosts.ts";
import { HOSTS as HOOK_HOSTS, loadHost } from "../../src/hooks/hosts/index.ts";
import { runCtx } from "../helpers/cli.ts";
import { tempDir } from "../helpers/temp.ts";

const ALL = ["claude-code", "codex", "gemini-cli", "qwen-code", "copilot-cli", "vscode", "cursor", "kiro", "opencode", "pi", "zcode"];

describe("every host id, everywhere hosts are listed", () => {
  test("setup and the hook command know the same hosts", () => {
    expect(SETUP_HOSTS.map((h): string => h.id).sort()).toEqual([...ALL].sort());
    expect(Object.keys(HOOK_HOSTS).sort()).toEqual([...ALL].sort());
  });

  test("a name that is no host, even one every object has, loads no adapter", async () => {
    for (const name of ["constructor", "toString", "__proto__", "nope"]) expect(await loadHost(name)).toBeUndefined();
  });

  test("`setup --help` names every host for --agents", () => {
    const r = runCtx(["setup", "--help"], { dataDir: tempDir() });
    const line = r.stdout.split("\n").find((l) => l.includes("--agents")) ?? "";
    expect(line.slice(line.indexOf("):") + 2).trim().split(", ")).toEqual(ALL);
  });

  test("`ctxmode hook` without an event names every host in its usage line", () => {
    const r = runCtx(["hook"], { dataDir: tempDir() });
    expect(r.code).toBe(0);
    for (const id of ALL) expect(r.stderr).toMatch(new RegExp(`[ (]${id}[,;)]`));
  });
});
