import { describe, expect, test } from "bun:test";
import { parse } from "smol-toml";
import { applyEdit, removeEdit } from "../../src/agents/edit.ts";
import type { FileEdit } from "../../src/agents/hosts.ts";
import { TomlShapeError } from "../../src/agents/toml-table.ts";

const edit: FileEdit = { kind: "toml", file: "/home/u/.codex/config.toml", table: "mcp_servers.ctxmode", body: 'command = "/bin/ctxmode"\nargs = ["serve"]\n' };
const ours = { command: "/bin/ctxmode", args: ["serve"] };
const servers = (text: string) => (parse(text) as { mcp_servers?: Record<string, unknown> }).mcp_servers;

describe("Codex TOML edits", () => {
  // Each shape Codex accepts for a server: setup replaces it where it is, never adds a second definition.
  test.each([
    [
      "a dotted inline table",
      '# mine\nmcp_servers.ctxmode = { command = "old" } # keep\nmodel = "o3"\n',
      'mcp_servers.ctxmode = { command = "/bin/ctxmode", args = ["serve"] } # keep',
    ],
    [
      "an inline table under [mcp_servers]",
      '[mcp_servers]\ngithub = { command = "gh" }\n  ctxmode = { command = "old", args = [\n    "a",\n  ] }\n\n[profiles.fast]\nmodel = "mini"\n',
      '  ctxmode = { command = "/bin/ctxmode", args = ["serve"] }',
    ],
    [
      "dotted keys",
      'model = "o3"\nmcp_servers.ctxmode.command = "old"\nmodel_provider = "x"\nmcp_servers.ctxmode.args = []\n',
      'mcp_servers.ctxmode.command = "/bin/ctxmode"\nmcp_servers.ctxmode.args = ["serve"]',
    ],
    [
      "dotted keys under [mcp_servers]",
      '[mcp_servers]\nctxmode.command = "old"\n\n[mcp_servers.github]\ncommand = "gh"\n',
      'ctxmode.command = "/bin/ctxmode"\nctxmode.args = ["serve"]',
    ],
  ])("%s is replaced in place; a rerun changes nothing; removal leaves valid TOML", (_name, text, expected) => {
    const out = applyEdit(edit, text);
    expect(out).toContain(expected);
    expect(out).not.toContain("[mcp_servers.ctxmode]");
    expect(servers(out)!.ctxmode).toEqual(ours);
    expect(applyEdit(edit, out)).toBe(out);
    const removed = removeEdit(edit, out);
    expect(servers(removed)?.ctxmode).toBeUndefined();
    expect(removed).not.toContain("ctxmode");
  });

  test("a table already holding our values is left as it is", () => {
    const text = '[mcp_servers.ctxmode] # ctxmode\nargs = [ "serve" ]\ncommand = "/bin/ctxmode"\n';
    expect(applyEdit(edit, text)).toBe(text);
  });

  test("an edit that would not load is refused with the line, the file left as it was", () => {
    // `mcp_servers` as one inline table cannot take a [mcp_servers.ctxmode] table after it.
    const text = 'model = "o3"\nmcp_servers = { github = { command = "gh" } }\n';
    let err: unknown;
    try {
      applyEdit(edit, text);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TomlShapeError);
    expect((err as TomlShapeError).code).toBe("BAD_INPUT");
    expect((err as TomlShapeError).line).toBe(2);
  });

  test("a file that is not valid TOML is refused with the parser's line", () => {
    expect(() => applyEdit(edit, 'model = "o3"\nmodel = "o4"\n')).toThrow(/line 2/);
  });

  test("a CRLF file stays CRLF", () => {
    const out = applyEdit(edit, 'model = "o3"\r\n\r\n[mcp_servers.github]\r\ncommand = "gh"\r\n');
    expect(out.replace(/\r\n/g, "")).not.toContain("\n");
    expect(servers(out)!.ctxmode).toEqual(ours);
  });
});
