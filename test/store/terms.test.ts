import { describe, expect, test } from "bun:test";
import { gramTerms, isIdentifierLike, isTypedVersion, isVersionLike } from "../../src/store/terms.ts";

const terms = (body: string, title = "") => gramTerms(title, body).split(" ").filter(Boolean);

describe("gramTerms", () => {
  test.each([
    ["camelCase", "call useEffect here", ["useEffect"], ""],
    ["snake_case", "set max_retry_count to 3", ["max_retry_count"], ""],
    ["dotted and pathy names", "see fs.readFile and src/store/db.ts", ["fs.readFile", "src/store/db.ts"], ""],
    ["letters with digits", "the utf8 and sha256 codecs", ["utf8", "sha256"], ""],
    ["a long plain word", "internationalization matters", ["internationalization"], ""],
    ["a trailing joiner is not part of the term", "open fs.readFile. then", ["fs.readFile"], ""],
    ["versions and advisory ids", "fixed in 2.30-3 for CVE-2018-6323", ["2.30-3", "CVE-2018-6323"], ""],
    ["a plain sentence yields nothing", "the quick brown fox jumps over the lazy dog", [], ""],
    ["numbers, dates and times stay out", "at 2024-01-02 12:30:45 took 1234 ms", [], ""],
    ["tokens under three characters stay out", "a1 b_ x. go", [], ""],
    ["the title's identifiers count", "plain words", ["getUser"], "API > getUser"],
    ["each term once", "useEffect and useEffect again", ["useEffect"], ""],
  ] as [string, string, string[], string][])("%s", (_name, body, expected, title) => {
    expect(terms(body, title)).toEqual(expected);
  });

  test("non-Latin runs are terms of their own, beside the identifiers of the same text", () => {
    expect(terms("日本語のテキスト with fooBar")).toEqual(["fooBar", "日本語のテキスト"]);
    expect(terms("x", "中文标题")).toEqual(["中文标题"]);
  });

  test("a lone accented letter is no run; an accent splits an ASCII identifier", () => {
    expect(terms("café naïve")).toEqual([]);
    expect(terms("réseau_config")).toEqual(["seau_config"]);
  });
});

describe("versions as a query gives them", () => {
  test.each([
    ["2.30-3", true, true],
    ["4.2.0-1", true, true],
    ["1:2.39.1-0.1", false, true], // a Debian epoch
    ["4.9", false, true], // two parts: typed beside a package name, a version; in running text, seldom
    ["1.46.6~rc1-1.1", false, true],
    ["3.80+3.81.b3.1-1", false, true],
    ["2022g-4", false, true], // tzdata's releases: letters right after the digits
    ["9.2p1-2", false, true],
    ["1.1.1w", false, true],
    ["2022g", false, false],
    ["64-bit", false, false],
    ["x86-64", false, false],
    ["2024-01-02", false, false],
    ["1:30", false, false],
    ["v2", false, false],
  ])("%s: indexed as a version %p, asked as one %p", (t, indexed, asked) => {
    expect(isVersionLike(t)).toBe(indexed);
    expect(isTypedVersion(t)).toBe(asked);
  });
});

describe("names a query types", () => {
  test.each([
    ["js-yaml-4.3.1.t", true], // a file name typed in part: its joiners are no digits
    ["readFileSync", true],
    ["node_modules/.bin", true],
    ["a4b9d7e", true],
    ["2024-01-02", false],
    ["v1.2.3", false],
  ])("%s: %p", (t, name) => {
    expect(isIdentifierLike(t)).toBe(name);
  });
});
