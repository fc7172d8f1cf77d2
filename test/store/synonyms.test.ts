import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openStore, type Database } from "../../src/store/db.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { planQuery } from "../../src/store/query-plan.ts";
import { parseQuery } from "../../src/store/query.ts";
import { search } from "../../src/store/search.ts";
import { phraseWords, synonymsOf } from "../../src/store/synonyms.ts";
import { tempDir } from "../helpers/temp.ts";

let db: Database;

const DOCS: [string, string][] = [
  [
    "proc.md",
    "# Processes\n\n## Killing a child\n\nCall kill() to terminate the child; it receives SIGTERM.\n\n## Exit codes\n\nA child that quits early reports its code.\n",
  ],
  ["frozen.md", "# Frozen instances\n\nPass frozen=True to make instances immutable.\n"],
  ["dirs.md", "# Directories\n\n## Making a directory\n\nmkdir creates the directory and, with parents, every missing parent.\n"],
  ["typos.md", "# Spelling\n\nThe runtime schedules tasks.\n"],
  [
    "xargs.md",
    "# Options\n\n## -r\n\nIf the standard input holds nothing, do not run the command.\n\n## -n\n\nUse at most max-args arguments per command line.\n",
  ],
];

beforeAll(() => {
  db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
  for (const [label, text] of DOCS) indexSource(db, { label, text, kind: "markdown", maxChunk: 4096 });
});

const plan = (q: string) => planQuery(db, parseQuery(q));
const term = (q: string, word: string) => plan(q).terms.find((t) => t.word === word)!;

describe("words put otherwise", () => {
  test.each([
    ["stop", ["kill", "terminate"]],
    ["stopped", ["kill", "terminate"]], // by its stem
    ["folders", ["directory"]],
    // The abbreviations the trade writes for them, both ways.
    ["production", ["prod"]],
    ["deps", ["dependency"]],
    ["repo", ["repository"]],
    ["params", ["argument", "parameter"]],
  ])("%s stands for %p", (word, others) => {
    for (const o of others) expect(synonymsOf(word)).toContain(o);
  });

  test.each([["run"], ["use"], ["new"], ["commit"], ["log"], ["runtime"]])("%s stands for nothing else: too common, or a name", (word) => {
    expect(synonymsOf(word)).toEqual([]);
  });

  test("a word matches the words of its group that the index holds; a known word keeps its own first", () => {
    const stop = term("stop child", "stop");
    expect(stop.kind).toBe("synonym");
    expect(stop.forms).toEqual(expect.arrayContaining(["kill", "terminate"]));
    expect(stop.forms).not.toContain("abort"); // not in the index
    const kill = term("kill child", "kill");
    expect(kill.kind).toBe("known");
    expect(kill.forms[0]).toBe("kill");
    expect(kill.forms).toContain("terminate");
  });

  test("a word the index lacks is matched through its group before any spelling fix", () => {
    const folder = term("make folder", "folder");
    expect(folder.kind).toBe("synonym");
    expect(folder.forms).toEqual(["directory"]);
    expect(plan("make folder").corrected).toBeUndefined();
  });

  test("phrases are matched as written", () => {
    expect(term('"stop child"', "stop").forms).toEqual([]);
  });

  test("a question in other words finds the section", () => {
    expect(search(db, "forcefully stop a child", { limit: 3, snippetMax: 400, rrfK: 60 }).hits[0]?.title).toBe("Processes > Killing a child");
    expect(search(db, "create folder with missing parents", { limit: 3, snippetMax: 400, rrfK: 60 }).hits[0]?.title).toBe("Directories > Making a directory");
  });

  test.each([
    [["turn", "off", "logging"], ["disable"]],
    [["make", "it", "read", "only"], ["readonly"]],
    [["which", "node", "version", "does", "glob", "need"], ["engines"]],
    [["off", "turn"], []], // in the order typed only
    [["read", "the", "only", "file"], []],
  ])("two-word phrases of %p stand for %p", (words, out) => {
    expect(phraseWords(words)).toEqual(out);
  });

  test("a phrase's word joins the query, its stopword notwithstanding", () => {
    expect(parseQuery("turn off the output").terms).toContain("disable");
    expect(term("make instances read only", "readonly").forms).toEqual(expect.arrayContaining(["frozen"]));
  });

  test.each([
    ["stdin", "standard input"],
    ["symlink", "symbolic link"],
    ["readonly", "read only"],
  ])("%s is also looked for as the phrase %p the docs write it as", (word, phrase) => {
    expect(synonymsOf(word)).toContain(phrase);
  });

  test("a word several phrases stand for is written out as none of them", () => {
    expect(synonymsOf("status")).toEqual([]);
    expect(synonymsOf("disable")).toEqual(expect.arrayContaining(["suppress", "silence"]));
    expect(synonymsOf("disable")).not.toContain("turn off");
  });

  test("a query word finds the text that writes it out as a phrase", () => {
    // The index lacks "stdin": the phrase stands for it.
    expect(term("stdin empty", "stdin")).toMatchObject({ kind: "synonym", forms: ["standard input"] });
    expect(search(db, "stdin empty do not run", { limit: 3, snippetMax: 400, rrfK: 60 }).hits[0]?.title).toBe("Options > -r");
  });

  test("a misspelling without a group is still fixed", () => {
    expect(plan("rutime").corrected).toBe("runtime");
  });
});
