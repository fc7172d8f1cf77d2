import { describe, expect, test } from "bun:test";
import { appendAt, JsoncSyntaxError, parseJsonc, removeChild, setPath, toValue, withObject } from "../../src/agents/jsonc.ts";

const USER = `{
  // editor theme
  "theme": "dark", /* keep me */
  "mcpServers": {
    "github": { "command": "gh-mcp", "args": ["--stdio"] }, // trailing comma next
  },
  "hooks": {
    "PreToolUse": [
      { "matcher": "Edit", "hooks": [{ "type": "command", "command": "lint.sh" }] }
    ]
  }
}
`;

describe("JSONC editor", () => {
  test("set keeps comments, key order and trailing commas", () => {
    const out = setPath(USER, ["mcpServers", "ctxmode"], { command: "/bin/ctxmode", args: ["serve"] });
    expect(out).toContain("// editor theme");
    expect(out).toContain("/* keep me */");
    expect(out).toContain("// trailing comma next");
    expect(Object.keys(toValue(parseJsonc(out)) as object)).toEqual(["theme", "mcpServers", "hooks"]);
    expect((toValue(parseJsonc(out)) as { mcpServers: object }).mcpServers).toEqual({
      github: { command: "gh-mcp", args: ["--stdio"] },
      ctxmode: { command: "/bin/ctxmode", args: ["serve"] },
    });
  });

  test("set replaces an existing value in place", () => {
    const once = setPath(USER, ["theme"], "light");
    expect(once).toBe(USER.replace(`"theme": "dark"`, `"theme": "light"`));
  });

  test("append adds after the user's hooks and creates missing arrays", () => {
    let out = appendAt(USER, ["hooks", "PreToolUse"], { matcher: "Bash", hooks: [] });
    out = appendAt(out, ["hooks", "SessionStart"], { hooks: [] });
    const v = toValue(parseJsonc(out)) as { hooks: Record<string, { matcher?: string }[]> };
    expect(v.hooks.PreToolUse!.map((h) => h.matcher)).toEqual(["Edit", "Bash"]);
    expect(v.hooks.SessionStart).toHaveLength(1);
  });

  test.each([
    ["empty object", "{}", ["a"]],
    ["nested path", '{\n  "x": 1\n}\n', ["a", "b"]],
    ["tab indented", '{\n\t"x": 1\n}\n', ["a"]],
    ["trailing comma", '{\n  "x": 1,\n}\n', ["a"]],
  ])("%s: set then remove gives the original back", (_name, text, path) => {
    const added = setPath(text, path, { k: [1, 2] });
    expect(toValue(parseJsonc(added))).toMatchObject({});
    const root = parseJsonc(added);
    const parent = root;
    const node = root.kind === "object" ? root.members.find((m) => m.key === path[0])!.value : root;
    const removed = removeChild(added, parent, node);
    if (text !== "{}") expect(removed).toBe(text);
    else expect(toValue(parseJsonc(removed))).toEqual({});
  });

  test("a CRLF file keeps CRLF line endings in everything added", () => {
    const crlf = USER.replace(/\n/g, "\r\n");
    let out = setPath(crlf, ["mcpServers", "ctxmode"], { command: "/bin/ctxmode", args: ["serve"] });
    out = appendAt(out, ["hooks", "PreToolUse"], { matcher: "Bash", hooks: [] });
    out = appendAt(out, ["hooks", "SessionStart"], { hooks: [] });
    expect(out.replace(/\r\n/g, "")).not.toContain("\n");
    expect((toValue(parseJsonc(out)) as { mcpServers: object }).mcpServers).toHaveProperty("ctxmode");
  });

  test("a file of only comments gets an object after them, in the file's line ending", () => {
    for (const eol of ["\n", "\r\n"]) {
      const text = `// servers go here${eol}/* none yet */${eol}`;
      const out = setPath(withObject(text), ["servers", "ctxmode"], { command: "ctxmode" });
      expect(out.startsWith(text)).toBe(true);
      expect(toValue(parseJsonc(out))).toEqual({ servers: { ctxmode: { command: "ctxmode" } } });
      expect(out.replaceAll(eol, "")).not.toMatch(/[\r\n]/);
    }
    expect(withObject('{ "a": 1 }\n')).toBe('{ "a": 1 }\n');
  });

  test("a syntax error names the line and column", () => {
    let err: unknown;
    try {
      parseJsonc('{\n  "a": 1\n  "b": 2\n}');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(JsoncSyntaxError);
    expect((err as JsoncSyntaxError).line).toBe(3);
    expect((err as JsoncSyntaxError).code).toBe("BAD_INPUT");
  });
});
