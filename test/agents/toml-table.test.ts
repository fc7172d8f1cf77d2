import { describe, expect, test } from "bun:test";
import { checkToml, getTable, removeTable, setTable, TomlShapeError } from "../../src/agents/toml-table.ts";

const CODEX = `# Codex config
model = "o3"   # the default
approval_policy = "on-request"

[mcp_servers.github]
command = "gh-mcp"
args = [
  "--stdio",
]

[profiles.fast]
model = "mini"
`;
const BODY = 'command = "/usr/local/bin/ctxmode"\nargs = ["serve"]\n';

describe("TOML table editing", () => {
  test("adds the table at the end and removes it byte for byte", () => {
    const out = setTable(CODEX, "mcp_servers.ctxmode", BODY);
    expect(out.startsWith(CODEX)).toBe(true);
    expect(getTable(out, "mcp_servers.ctxmode")).toBe(BODY);
    expect(removeTable(out, "mcp_servers.ctxmode")).toBe(CODEX);
  });

  test("replaces an existing table's body and keeps what follows", () => {
    const text = `[mcp_servers.ctxmode]\ncommand = "old"\n\n[profiles.fast]\nmodel = "mini"\n`;
    expect(setTable(text, "mcp_servers.ctxmode", BODY)).toBe(`[mcp_servers.ctxmode]\n${BODY}\n[profiles.fast]\nmodel = "mini"\n`);
  });

  test("setting the same body twice changes nothing", () => {
    const once = setTable(CODEX, "mcp_servers.ctxmode", BODY);
    expect(setTable(once, "mcp_servers.ctxmode", BODY)).toBe(once);
  });

  test("a broken header is reported with its line", () => {
    expect(() => checkToml('model = "o3"\n[mcp_servers.x\ncommand = "y"\n')).toThrow(TomlShapeError);
    expect(() => checkToml('model = "o3"\n[mcp_servers.x\n')).toThrow(/line 2/);
  });
});
