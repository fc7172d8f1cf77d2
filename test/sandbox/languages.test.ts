import { describe, expect, test } from "bun:test";
import { CtxError } from "../../src/errors.ts";
import { LANGUAGE_IDS, LANGUAGES, resolveLanguage } from "../../src/sandbox/languages.ts";

describe("resolveLanguage", () => {
  const table: [string, string][] = [
    ["javascript", "javascript"],
    ["js", "javascript"],
    ["node", "javascript"],
    ["JS", "javascript"],
    ["typescript", "typescript"],
    ["ts", "typescript"],
    ["python", "python"],
    ["py", "python"],
    ["python3", "python"],
    ["shell", "shell"],
    ["bash", "shell"],
    ["sh", "shell"],
    ["zsh", "shell"],
    ["ruby", "ruby"],
    ["rb", "ruby"],
    ["go", "go"],
    ["golang", "go"],
    ["rust", "rust"],
    ["rs", "rust"],
    ["php", "php"],
    ["perl", "perl"],
    ["pl", "perl"],
    ["r", "r"],
    ["R", "r"],
    ["Rscript", "r"],
    ["elixir", "elixir"],
    ["ex", "elixir"],
    ["exs", "elixir"],
    ["csharp", "csharp"],
    ["cs", "csharp"],
    ["c#", "csharp"],
    ["C#", "csharp"],
    ["  Python  ", "python"],
  ];
  test.each(table)("%p -> %p", (input, id) => {
    expect(resolveLanguage(input)).toBe(id as never);
  });

  test.each(["cobol", "", "constructor", "__proto__", "toString"])("rejects %p with BAD_INPUT naming the valid ids", (input) => {
    let caught: unknown;
    try {
      resolveLanguage(input);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(CtxError);
    expect((caught as CtxError).code).toBe("BAD_INPUT");
    for (const id of LANGUAGE_IDS) expect((caught as CtxError).message).toContain(id);
  });
});

describe("language table", () => {
  test("every language has a script name and an install hint", () => {
    for (const id of LANGUAGE_IDS) {
      expect(LANGUAGES[id].id).toBe(id);
      expect(LANGUAGES[id].scriptName).toMatch(/^script\.\w+$/);
      expect(LANGUAGES[id].installHint.length).toBeGreaterThan(5);
    }
  });

  test("JavaScript and TypeScript need nothing on PATH", () => {
    expect(LANGUAGES.javascript.candidates).toEqual([]);
    expect(LANGUAGES.typescript.candidates).toEqual([]);
  });
});
