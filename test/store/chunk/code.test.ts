import { describe, expect, test } from "bun:test";
import { chunkText } from "../../../src/store/chunk/index.ts";
import { growth } from "../../helpers/growth.ts";
import { expectExactLineCover, expectValidChunks } from "./chunk-checks.ts";

const code = (t: string, name: string, maxChunk = 4096) => chunkText(t, "code", { maxChunk, name });

function fn(name: string, lines: number): string {
  return [
    `/** Does ${name}. */`,
    `export function ${name}(input: string): string {`,
    ...Array.from({ length: lines }, (_, i) => `  const step${i} = input.slice(${i}); // ${name}`),
    "  return input;",
    "}",
  ].join("\n");
}

describe("code", () => {
  test("breaks at top-level definitions, keeping doc comments with them", () => {
    const t = ["import { x } from './x.ts';", "", fn("alpha", 20), "", fn("beta", 20), "", fn("gamma", 20), ""].join("\n");
    const chunks = code(t, "mod.ts", 1500);
    expectValidChunks(chunks, t, 1500);
    expectExactLineCover(chunks, t);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks.slice(1)) expect(c.body.startsWith("/** Does ")).toBe(true);
    expect(chunks.every((c) => c.code)).toBe(true);
    expect(chunks[1]!.title).toMatch(/^mod\.ts lines \d+-\d+: export function \w+\(input: string\): string$/);
  });

  test.each([
    ["app.py", "import os\n\n\n@app.route('/')\ndef index():\n    return 'ok'\n", "def index()"],
    ["main.go", "package main\n\nfunc main() {\n\tprintln(1)\n}\n", "func main()"],
    ["lib.rs", "use std::io;\n\npub fn read() -> io::Result<()> {\n    Ok(())\n}\n", "pub fn read() -> io::Result<()>"],
    ["run.sh", "#!/bin/sh\nset -e\n\ndeploy() {\n  echo hi\n}\n", "deploy()"],
    ["x.c", "#include <stdio.h>\n\nint main(int argc, char **argv) {\n  return 0;\n}\n", "int main(int argc, char **argv)"],
    ["Main.java", "package x;\n\npublic class Main {\n  void run() {}\n}\n", "public class Main (+ run)"],
  ])("%s is titled by its first definition", (name, t, signature) => {
    const chunks = code(t, name);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.title).toBe(`${name} lines 1-${t.trimEnd().split("\n").length}: ${signature}`);
  });

  test("a chunk's title names its other definitions after the first one's signature", () => {
    const t = ["import { x } from './x.ts';", "", fn("alpha", 2), "", fn("beta", 2), "", "export const GAMMA_LIMIT = 3;", "", fn("alpha", 1), ""].join("\n");
    const chunks = code(t, "mod.ts");
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.title).toBe(`mod.ts lines 1-${t.trimEnd().split("\n").length}: export function alpha(input: string): string (+ beta, GAMMA_LIMIT)`);
    const go = code("package x\n\nfunc (s *Server) Start() error {\n\treturn nil\n}\n\nfunc (s *Server) Stop() {\n}\n", "server.go");
    expect(go[0]!.title).toEndWith(": Server.Start() error (+ Server.Stop)");
  });

  test("a shell script's main part after its functions is none of theirs: a comment banner names it, a here-document does not end a function", () => {
    const script = [
      "#!/bin/sh",
      "",
      "usage () {",
      "    cat <<EOF",
      "Usage: tool [options]",
      "",
      "--verbose   say more",
      "EOF",
      "}",
      "",
      ...Array.from({ length: 20 }, (_, i) => `# step ${i}\necho ${i}`),
      "",
      "quote_single() {",
      "    printf '%s\\n' \"$1\"",
      "}",
      "",
      "################################################",
      "########        Command line args       ########",
      "################################################",
      ...Array.from({ length: 160 }, (_, i) => `case "$${i}" in\n  --opt${i}) opt${i}=1 ;;\nesac`),
    ].join("\n");
    const chunks = code(script, "tool", 4096);
    expectExactLineCover(chunks, script);
    const titles = chunks.map((c) => c.title.replace(/^tool lines \d+-\d+(: )?/, ""));
    expect(titles[0]).toContain("usage ()");
    // The parts past quote_single's closing brace are not numbered parts of it.
    expect(titles[1]).toBe("quote_single()");
    expect(titles.slice(2).length).toBeGreaterThan(0);
    expect(titles.slice(2).every((t) => t === "")).toBe(true);
  });

  test("code that opens with a comment banner or a short capitalised comment is titled by it; a comment sentence names nothing", () => {
    const body = Array.from({ length: 20 }, (_, i) => `if [ -n "$a${i}" ]; then\n  echo ${i}\nfi`).join("\n");
    const title = (head: string) => code(`${head}\n${body}`, "tool")[0]!.title.replace(/^tool lines \d+-\d+(: )?/, "");
    expect(title("########   Command line args   ########")).toBe("Command line args");
    expect(title("# DebConf stuff")).toBe("DebConf stuff");
    expect(title("# at this point we are almost certain that either the")).toBe("");
    expect(title("# Check the old file, then the new one, then both of them again.")).toBe("");
  });

  test("code without definitions is split by lines", () => {
    const t = Array.from({ length: 500 }, (_, i) => `  x${i} = ${i}`).join("\n");
    const chunks = code(t, "data.toml", 1024);
    expectValidChunks(chunks, t, 1024);
    expectExactLineCover(chunks, t);
    expect(chunks[0]!.title).toMatch(/^data\.toml lines 1-\d+$/);
  });

  test("a class's methods are chunks of their own, titled by the class and the method; its header starts a chunk", () => {
    const method = (name: string, n: number) => [
      `    def ${name}(self, key, value=None):`,
      `        """Does ${name} for a key."""`,
      ...Array.from({ length: n }, (_, i) => `        value = self._step${i}(key, value)`),
      "        return value",
      "",
    ];
    const t = [
      "import re",
      "",
      "def helper(x):",
      ...Array.from({ length: 18 }, (_, i) => `    x = x + ${i}`),
      "    return x",
      "",
      "class Parser(Mapping):",
      '    """Reads sections."""',
      "",
      "    BOOLEAN_STATES = {'1': True, 'on': True}",
      "",
      ...method("read_dict", 16),
      ...method("tiny", 1),
      ...method("write", 16),
    ].join("\n");
    const chunks = code(t, "parser.py");
    expectValidChunks(chunks, t, 4096);
    expectExactLineCover(chunks, t);
    const titles = chunks.map((c) => c.title.replace(/^parser\.py lines \d+-\d+: /, ""));
    expect(titles).toEqual([
      "def helper(x)",
      // A header too short to stand alone (the docstring and a constant) takes the first method along.
      "class Parser(Mapping) (+ BOOLEAN_STATES, read_dict)",
      // A method too short to stand alone joins the next; the chunk is titled by the bigger one.
      "Parser.write(self, key, value=None) (+ Parser.tiny)",
    ]);
  });

  test("TypeScript class members, arrow-function fields and documented fields are definitions too", () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `    this.#count += ${i}`);
    const t = [
      "export class Source extends EventTarget {",
      "  /** The last id seen. */",
      "  #lastEventId: string | null = null",
      ...body(14).map((l) => l.replace("this.#count", "// note")),
      "",
      "  close(): void {",
      ...body(16),
      "  }",
      "",
      "  #onEvent = (event: Message) => {",
      ...body(16),
      "  }",
      "}",
    ].join("\n");
    const titles = code(t, "source.ts").map((c) => c.title.replace(/^source\.ts lines \d+-\d+: /, ""));
    expect(titles).toEqual(["export class Source extends EventTarget (+ #lastEventId)", "Source.close(): void", "Source.#onEvent = (event: Message) =>"]);
  });

  test("a C header's macros and declarations go with the block comments above them, named in the title", () => {
    const block = (name: string, value: string) => [
      `/* What ${name} does, in a comment`,
      "   whose inner lines carry no star, as glibc writes them.",
      "   More about it here.  */",
      `#define ${name}\t${value}`,
      "",
    ];
    const t = [
      "#ifndef _X_H",
      "#define _X_H",
      "",
      "/* Parse the options in ARGV.",
      "   FLAGS is one of the X_ flags above.  */",
      "extern int x_parse (const struct x *__x,",
      "                    int __argc, char **__argv);",
      "",
      "/* The hook called for --version.  */",
      "extern void (*x_version_hook) (FILE *__stream);",
      "",
      ...Array.from({ length: 6 }, (_, i) => block(`X_FLAG_${i}`, `0x${i}`)).flat(),
    ].join("\n");
    const chunks = code(t, "x.h");
    expectExactLineCover(chunks, t);
    const all = chunks.map((c) => c.title).join("\n");
    expect(all).toContain("x_version_hook");
    expect(all).toContain("X_FLAG_5");
    // A comment's opening line starts the chunk of what it documents.
    for (const c of chunks.slice(1)) expect(c.body.startsWith("/*")).toBe(true);
  });

  test("a C header's prototypes behind export macros start chunks, each with the comment written below it", () => {
    const proto = (name: string, args: string) => [
      `ZEXTERN int ZEXPORT ${name} OF((z_streamp strm,`,
      `                                ${args}));`,
      "/*",
      ...Array.from({ length: 14 }, (_, i) => `     ${name} note ${i}: what the caller must know about this call.`),
      "*/",
      "",
    ];
    const t = [
      "#ifndef ZLIB_H",
      "#define ZLIB_H",
      "",
      ...proto("deflateInit2", "int level"),
      ...proto("deflateParams", "int strategy"),
      "SQLITE_API int sqlite3_open(",
      "  const char *filename,",
      "  sqlite3 **ppDb",
      ");",
      ...Array.from({ length: 14 }, (_, i) => `/* open note ${i} */`),
    ].join("\n");
    const chunks = code(t, "zlib.h");
    expectExactLineCover(chunks, t);
    const byName = (name: string) => chunks.find((c) => c.title.includes(`${name} `) || c.title.endsWith(name) || c.title.includes(`${name}(`));
    // Named by the word before the `OF((` wrapper, not by the wrapper.
    expect(byName("deflateInit2")?.body).toContain("deflateInit2 note 13");
    // The comment under a prototype stays with it, not with the next one.
    expect(byName("deflateParams")?.body.startsWith("ZEXTERN int ZEXPORT deflateParams")).toBe(true);
    expect(byName("deflateParams")?.body).toContain("deflateParams note 0");
    expect(chunks.map((c) => c.title).join("\n")).toContain("sqlite3_open");
  });

  test("a definition too long for one chunk titles each of its pieces, numbered", () => {
    const t = ["def main(argv):", ...Array.from({ length: 400 }, (_, i) => `    step_${i} = run(argv, ${i})  # one of many steps`)].join("\n");
    const chunks = code(t, "main.py", 4096);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks[0]!.title).toEndWith(": def main(argv)");
    expect(chunks[1]!.title).toEndWith(": def main(argv) (2)");
    expect(chunks[2]!.title).toEndWith(": def main(argv) (3)");
  });

  test("a class's last short member joins the chunk before it, not the next top-level definition's", () => {
    const member = (name: string, n: number) => [`  ${name}(): void {`, ...Array.from({ length: n }, (_, i) => `    this.step${i}()`), "  }", ""];
    const t = [
      "export class Schema {",
      ...member("parse", 20),
      ...member("isNullable", 1),
      "}",
      "",
      "export type Check = {",
      ...Array.from({ length: 20 }, (_, i) => `  kind${i}: string`),
      "}",
    ].join("\n");
    const titles = code(t, "schema.ts").map((c) => c.title.replace(/^schema\.ts lines \d+-\d+: /, ""));
    expect(titles).toEqual(["export class Schema (+ parse, isNullable)", "export type Check ="]);
  });

  test("Ruby's `end` and `private` lines are no members; a short run the next has no room for joins the one before it", () => {
    const ruby = [
      "class Set",
      "  def add(o)",
      ...Array.from({ length: 16 }, (_, i) => `    @hash[o] = ${i}`),
      "  end",
      "",
      "  private",
      "",
      "  def clear",
      "    @hash.clear",
      "  end",
      "end",
    ].join("\n");
    const titles = code(ruby, "set.rb").map((c) => c.title);
    expect(titles.join("\n")).not.toMatch(/\bend\b|private/);
    const big = (name: string, n: number) => [
      `func ${name}() {`,
      ...Array.from({ length: n }, (_, i) => `\tstep${i}() // a line long enough to fill the chunk's bytes up`),
      "}",
    ];
    const go = [...big("Small", 20), "", "var hook func()", "", ...big("Huge", 80)].join("\n");
    const chunks = code(go, "client.go", 4096);
    expect(chunks.find((c) => c.body.includes("var hook"))!.title).toMatch(/: func Small\(\) \(\+ hook\)$/);
  });

  test("older JavaScript: definitions by assignment, a prototype's methods, and a doc comment a blank line above", () => {
    const method = (name: string) => [
      "  /**",
      `   * Does ${name}.`,
      "   */",
      "",
      `  ${name}: function (key, rule) {`,
      ...Array.from({ length: 14 }, (_, i) => `    this.step${i}(key, rule);`),
      "  },",
    ];
    const t = [
      "rules.code = {",
      ...Array.from({ length: 16 }, (_, i) => `  // rule line ${i}`),
      "};",
      "",
      "Service.prototype = {",
      ...method("addRule"),
      ...method("escape"),
      "};",
    ].join("\n");
    const chunks = code(t, "service.cjs.js");
    const titles = chunks.map((c) => c.title.replace(/^service\.cjs\.js lines \d+-\d+: /, ""));
    expect(titles).toEqual(["rules.code =", "Service.prototype = (+ addRule)", "Service.escape(key, rule)"]);
    // The doc comment above `escape`, a blank line apart, starts its chunk.
    expect(chunks[2]!.body.startsWith("  /**\n   * Does escape.")).toBe(true);
  });

  test("Go: a method is titled Type.Method and grouped with its type; Ruby: operator methods; a long doc comment titled by what it documents", () => {
    const go = [
      "type Client struct {",
      ...Array.from({ length: 16 }, (_, i) => `\tField${i} int`),
      "}",
      "",
      "// Do sends a request.",
      "func (c *Client) Do(req *Request) (*Response, error) {",
      ...Array.from({ length: 16 }, (_, i) => `\tstep${i}(req)`),
      "}",
    ].join("\n");
    expect(code(go, "client.go").map((c) => c.title.replace(/^client\.go lines \d+-\d+: /, ""))).toEqual([
      "type Client struct",
      "Client.Do(req *Request) (*Response, error)",
    ]);
    const ruby = ["class Set", "  # Compares two sets.", "  def <=>(set)", ...Array.from({ length: 16 }, () => "    compare(set)"), "  end", "end"].join("\n");
    expect(code(ruby, "set.rb")[0]!.title).toEndWith("class Set (+ <=>)");
    const doc = [
      ...Array.from({ length: 200 }, (_, i) => `# Documentation line ${i} of the class and what it is for.`),
      "class Big",
      "  def run",
      "  end",
      "end",
    ].join("\n");
    const big = code(doc, "big.rb", 4096);
    expect(big.length).toBeGreaterThan(1);
    // The doc comment's pieces before the class line are titled by the class.
    for (const c of big.filter((x) => x.lineEnd <= 200)) expect(c.title).toEndWith(": class Big");
  });

  test("YAML: top-level keys and list items, and each key under a top-level mapping (a workflow's jobs), titled by their path", () => {
    const steps = (n: number) => Array.from({ length: n }, (_, i) => [`      - name: step ${i}`, `        run: make step${i}`]).flat();
    const workflow = [
      "name: CI",
      "on: [push]",
      "",
      "# The jobs.",
      "jobs:",
      "  lint:",
      "    runs-on: ubuntu-latest",
      "    steps:",
      ...steps(8),
      "  test:",
      "    runs-on: ubuntu-latest",
      "    steps:",
      ...steps(8),
    ].join("\n");
    const titles = code(workflow, "ci.yml").map((c) => c.title.replace(/^ci\.yml lines \d+-\d+: /, ""));
    expect(titles).toEqual(["name: CI (+ on)", "jobs (+ lint)", "jobs.test"]);
    const list = Array.from({ length: 3 }, (_, i) => [
      `- func: op${i}(Tensor self) -> Tensor`,
      ...Array.from({ length: 16 }, (_, k) => `  variants: v${k}`),
      "",
    ])
      .flat()
      .join("\n");
    expect(code(list, "native_functions.yaml").map((c) => c.title.replace(/^native_functions\.yaml lines \d+-\d+: /, ""))).toEqual([
      "- func: op0(Tensor self) -> Tensor",
      "- func: op1(Tensor self) -> Tensor",
      "- func: op2(Tensor self) -> Tensor",
    ]);
  });

  test.each([
    ["Cargo.toml", (i: number) => [`[dependencies.crate${i}]`, ...Array.from({ length: 16 }, (_, k) => `feature${k} = true`)], "[dependencies.crate1]"],
    [
      "schema.sql",
      (i: number) => [`CREATE TABLE IF NOT EXISTS table${i} (`, ...Array.from({ length: 16 }, (_, k) => `  col${k} INTEGER,`), ");"],
      "CREATE TABLE IF NOT EXISTS table1 (",
    ],
    ["Makefile", (i: number) => [`target${i}: dep`, ...Array.from({ length: 16 }, (_, k) => `\tstep${k}`)], "target1: dep"],
    ["Dockerfile", (i: number) => [`FROM node:22 AS stage${i}`, ...Array.from({ length: 16 }, (_, k) => `RUN step${k}`)], "FROM node:22 AS stage1"],
  ] as const)("%s: what starts a definition there starts a chunk, titled by it", (file, block, title) => {
    const t = [0, 1, 2].map((i) => block(i).join("\n")).join("\n\n");
    const chunks = code(t, file);
    expect(chunks).toHaveLength(3);
    expect(chunks[1]!.title).toEndWith(`: ${title}`);
    expect(chunks[1]!.lineStart).toBe(block(0).length + 2);
  });

  test("a config file: sections and settings, commented-out defaults too, name its chunks; prose comments do not", () => {
    const settings = (prefix: string) =>
      Array.from({ length: 18 }, (_, k) => (k % 2 ? `#${prefix}_${k} = ${k}\t\t# what ${prefix}_${k} does` : `${prefix}_${k} = ${k}`));
    const t = ["# - Memory -", "", ...settings("mem"), "", "# Caution: it is not advisable to change these", "[logging]", ...settings("log")].join("\n");
    const chunks = code(t, "server.conf");
    const titles = chunks.map((c) => c.title).join("\n");
    for (const name of ["mem_0", "mem_1", "logging"]) expect(titles).toContain(name);
    expect(titles).not.toContain("Caution");
    expect(chunks.find((c) => c.title.includes("logging"))!.body).toContain("log_17 = 17");
  });

  test("a config file's comment rules head the sections under them, titled by the comment below the rule", () => {
    const entries = (key: string, n: number) => Array.from({ length: n }, (_, k) => `${key}\t/usr/path${k}\t/var/cache/path${k}`);
    const t = [
      "# example.config",
      "#",
      "# There are two mappings allowed in this file:",
      "# --------------------------------------------------------",
      "# PATH_MAP\t\tpath_element\tmanpath_element",
      "# CACHE_MAP\t\tmanpath\t[catpath]",
      "#---------------------------------------------------------",
      "# every generated path includes these fields, and more of them",
      "#",
      ...entries("PATH_MAP", 12),
      "#---------------------------------------------------------",
      "# Program definitions.  These are commented out by default as the value",
      "# of the definition is already the default.",
      "#",
      ...Array.from({ length: 12 }, (_, k) => `#DEFINE\tprogram${k}\tprogram${k} -x`),
      "#---------------------------------------------------------",
      "# Flags.",
      "# NOCACHE keeps the program from writing cached pages.",
      "#NOCACHE",
    ].join("\n");
    const titles = code(t, "example.config").map((c) => c.title.replace(/^example\.config lines \d+-\d+: /, ""));
    expect(titles[0]).toStartWith("There are two mappings allowed in this file");
    expect(titles.some((x) => x.startsWith("Program definitions (+"))).toBe(true);
    // A short last section is listed with the chunk before it.
    expect(titles.at(-1)).toContain("Flags");
    // A rule that underlines a heading or closes a table names nothing; nor does a paragraph that only begins under it.
    expect(titles.join("\n")).not.toContain("PATH_MAP\t\tpath_element");
    expect(titles.join("\n")).not.toContain("every generated path");
  });

  test("a config file's boxed banners, underlined comment headings and the settings its comments document title their chunks", () => {
    const described = (entry: string) => [`# ${entry}`, "#", ...Array.from({ length: 12 }, (_, k) => `#     What ${entry} does, line ${k}.`), "#", "#"];
    const t = [
      "######################",
      "#   Global Options   #",
      "######################",
      "",
      "# The dirmode variable sets the mode of created directories.",
      "",
      "dirmode = 0755",
      "",
      "###########################",
      "#   Syntax of this file   #",
      "###########################",
      "",
      ...Array.from({ length: 14 }, (_, k) => `# The syntax, explained in its line ${k}.`),
      "#",
      "# SERVICE VARIABLES:",
      "# ==================",
      "#",
      "# The following service variables are available.",
      "#",
      ...described("user[SVC] = USER"),
      ...described("group[SVC] = GROUP"),
      ...described("mkdir[SVC] = BOOLEAN"),
    ].join("\n");
    const chunks = code(t, "adduser.local.conf");
    const titles = chunks.map((c) => c.title.replace(/^adduser\.local\.conf lines \d+-\d+: /, "")).join("\n");
    // Short ones are listed in the title of the chunk before them (`SERVICE VARIABLES (+ user)`).
    for (const title of ["Global Options", "Syntax of this file", "SERVICE VARIABLES (+ user)", "group[SVC] = GROUP", "mkdir[SVC] = BOOLEAN"]) {
      expect(titles).toContain(title);
    }
    // A setting's description goes with it, not with the one after.
    const mkdir = chunks.find((c) => c.title.includes("mkdir[SVC]"))!;
    expect(mkdir.body).toStartWith("# mkdir[SVC] = BOOLEAN");
    expect(chunks.find((c) => c.title.includes("SERVICE VARIABLES"))!.body).toStartWith("# SERVICE VARIABLES:");
  });

  test("Java: members of a nested interface are definitions, titled by both classes and without their return type", () => {
    const method = (name: string) => [
      "        /**",
      ...Array.from({ length: 14 }, (_, k) => `         * What ${name} does, note ${k}.`),
      "         */",
      `        public Builder ${name}(Duration duration);`,
      "",
    ];
    const t = [
      "public abstract class HttpClient implements AutoCloseable {",
      "    public interface Builder {",
      ...method("connectTimeout"),
      ...method("followRedirects"),
      "    }",
      "",
      "    public abstract HttpClient.Version version();",
      "}",
    ].join("\n");
    const titles = code(t, "HttpClient.java").map((c) => c.title.replace(/^HttpClient\.java lines \d+-\d+: /, ""));
    expect(titles).toContain("HttpClient.Builder.connectTimeout(Duration duration);");
    expect(titles).toContain("HttpClient.Builder.followRedirects(Duration duration);");
  });

  test("a class-like block nested in another is named by both after its keyword (enum HttpClient.Version, class OptionParser.RequiredArgument)", () => {
    const filler = (what: string) => Array.from({ length: 14 }, (_, k) => `    // ${what}, note ${k}.`);
    const java = [
      "public abstract class HttpClient implements AutoCloseable {",
      ...filler("What a client does"),
      "    public enum Version {",
      ...filler("Which protocol version"),
      "        HTTP_1_1,",
      "        HTTP_2",
      "    }",
      "}",
    ].join("\n");
    const ruby = [
      "class OptionParser",
      ...filler("What a parser does").map((l) => l.replace("//", "#")),
      "  class List",
      ...filler("A list of switches").map((l) => l.replace("//", "#")),
      "    def initialize",
      "      @atype = {}",
      "    end",
      "  end",
      "  class RequiredArgument < self",
      "  end",
      "end",
    ].join("\n");
    // Small chunks, so that each block heads one.
    const titles = (t: string, name: string) => code(t, name, 600).map((c) => c.title.replace(/^\S+ lines \d+-\d+: /, ""));
    expect(titles(java, "HttpClient.java").some((t) => t.startsWith("enum HttpClient.Version"))).toBe(true);
    const rb = titles(ruby, "optparse.rb");
    expect(rb).toContain("class OptionParser.RequiredArgument < self");
    expect(rb.join("\n")).not.toContain("OptionParser.class ");
  });

  test("TypeScript declarations: members of the interface a value is declared as are titled by the value", () => {
    const member = (sig: string) => ["    /**", ...Array.from({ length: 14 }, (_, k) => `     * What ${sig} does, note ${k}.`), "     */", `    ${sig}`, ""];
    const t = [
      "interface ShelfConstructor {",
      ...member("freeze<T>(o: T): Readonly<T>;"),
      ...member("keys(o: object): string[];"),
      "}",
      "",
      "declare var Shelf: ShelfConstructor;",
      "",
      "interface Crate {",
      ...member("open(): void;"),
      "}",
    ].join("\n");
    const titles = (name: string) => code(t, name).map((c) => c.title.replace(/^\S+ lines \d+-\d+: /, ""));
    expect(titles("shelf.d.ts")).toContain("Shelf.freeze<T>(o: T): Readonly<T>;");
    expect(titles("shelf.d.ts")).toContain("Shelf.keys(o: object): string[];");
    expect(titles("shelf.d.ts").join("\n")).not.toContain("ShelfConstructor.");
    expect(titles("shelf.d.ts")).toContain("interface Crate (+ open)");
    // Only a declaration file says what its interfaces are the types of.
    expect(titles("shelf.ts")).toContain("ShelfConstructor.keys(o: object): string[];");
  });

  test("Ruby: a here-document's lines at the margin do not end the class around it", () => {
    const method = (name: string) => [
      `  # What ${name} does.`,
      `  def ${name}(argv)`,
      ...Array.from({ length: 16 }, (_, k) => `    argv << ${k}`),
      "  end",
      "",
    ];
    const t = [
      "class OptionParser",
      "  HEADER = <<'XXX'",
      "#compdef",
      "_arguments -s -S \\",
      "XXX",
      "",
      ...method("getopts"),
      ...method("permute!"),
      "end",
    ].join("\n");
    const titles = code(t, "optparse.rb").map((c) => c.title.replace(/^optparse\.rb lines \d+-\d+: /, ""));
    // Both methods are members: the first joins the class's short opening, the second is a chunk of its own.
    expect(titles[0]).toBe("class OptionParser (+ HEADER, getopts)");
    expect(titles).toContain("OptionParser.permute!(argv)");
  });

  test("a config file's comment banners head the settings under them and title their chunk", () => {
    const settings = (prefix: string) => Array.from({ length: 18 }, (_, k) => `;${prefix}_${k} = ${k}`);
    const t = [
      ";;;;;;;;;;;;;;;;;;;",
      "; Resource Limits ;",
      ";;;;;;;;;;;;;;;;;;;",
      "",
      ...settings("limit"),
      "",
      "#------",
      "# ERROR HANDLING",
      "#------",
      "",
      ...settings("err"),
    ].join("\n");
    const titles = code(t, "php.ini").map((c) => c.title.replace(/^php\.ini lines \d+-\d+: /, ""));
    expect(titles.some((x) => x.startsWith("Resource Limits"))).toBe(true);
    expect(titles.some((x) => x.startsWith("ERROR HANDLING"))).toBe(true);
  });

  test("Protocol Buffers: services, their rpcs and messages start chunks with the comment above them; fields do not", () => {
    const rpc = (name: string) => [
      `  // What ${name} does.`,
      ...Array.from({ length: 8 }, (_, k) => `  // More about ${name}, note ${k}.`),
      `  rpc ${name}(${name}Request) returns (${name}Response) {`,
      `    option (google.api.http) = { post: "/v1/${name}" };`,
      "  }",
      "",
    ];
    const message = (name: string) => [
      `// The ${name} message.`,
      `message ${name} {`,
      ...Array.from({ length: 16 }, (_, k) => `  string field_${k} = ${k + 1};`),
      "}",
      "",
    ];
    const t = ['syntax = "proto3";', "", "service Subscriber {", ...rpc("Pull"), ...rpc("Acknowledge"), "}", "", ...message("RetryPolicy")].join("\n");
    const chunks = code(t, "pubsub.proto");
    const titles = chunks.map((c) => c.title.replace(/^pubsub\.proto lines \d+-\d+: /, ""));
    expect(titles.some((x) => x.startsWith("rpc Acknowledge(AcknowledgeRequest)"))).toBe(true);
    expect(titles).toContain("message RetryPolicy");
    expect(chunks.find((c) => c.title.endsWith("message RetryPolicy"))!.body.startsWith("// The RetryPolicy message.")).toBe(true);
    expect(titles.join("\n")).not.toContain("field_");
  });

  test("CMake: macros, functions and the commands their doc blocks document start chunks; calls do not", () => {
    const body = (n: number) => Array.from({ length: n }, (_, k) => `  set(_var${k} "\${ARGN}")`);
    const t = [
      "set(PKG_CONFIG_VERSION 1)",
      "macro(_pkgconfig_invoke _pkglist _prefix)",
      ...body(18),
      "endmacro()",
      "",
      "#[========================================[.rst:",
      ".. command:: pkg_check_modules",
      "",
      ...Array.from({ length: 18 }, (_, k) => `  Checks for all the given modules, note ${k}.`),
      "#]========================================]",
      "macro(pkg_check_modules _prefix _module0)",
      ...body(18),
      "endmacro()",
    ].join("\n");
    const titles = code(t, "FindPkgConfig.cmake").map((c) => c.title.replace(/^FindPkgConfig\.cmake lines \d+-\d+: /, ""));
    expect(titles.some((x) => x.startsWith("macro(_pkgconfig_invoke"))).toBe(true);
    expect(titles).toContain("pkg_check_modules");
    expect(titles.some((x) => x.startsWith("macro(pkg_check_modules"))).toBe(true);
    expect(titles.some((x) => /endmacro|set\(/.test(x))).toBe(false);
  });

  test("Tcl: a proc starts a chunk, its comment block a blank line above it included", () => {
    const proc = (name: string) => [
      `# ${name} --`,
      `# What ${name} does.`,
      "",
      `proc ${name} {args} {`,
      ...Array.from({ length: 18 }, (_, k) => `    set v${k} [lindex $args ${k}]`),
      "}",
      "",
    ];
    const t = ["namespace eval tcl::Pkg {}", "", ...proc("pkg_mkIndex"), ...proc("::tcl::Pkg::Create")].join("\n");
    const chunks = code(t, "package.tcl");
    const create = chunks.find((c) => c.title.includes("proc ::tcl::Pkg::Create"));
    expect(create?.body.startsWith("# ::tcl::Pkg::Create --")).toBe(true);
    expect(chunks.find((c) => c.title.includes("proc pkg_mkIndex"))?.body).toContain("# What pkg_mkIndex does.");
  });

  test("XML: the root's elements, and a comment naming one, start chunks titled by the element", () => {
    const section = (name: string) => [
      `  <!-- ${name}`,
      ...Array.from({ length: 10 }, (_, k) => `   | What ${name} holds, note ${k}.`),
      "   |-->",
      `  <${name}>`,
      ...Array.from({ length: 8 }, (_, k) => `    <entry>${name}-${k}</entry>`),
      `  </${name}>`,
      "",
    ];
    const t = ['<?xml version="1.0" encoding="UTF-8"?>', "<settings>", ...section("mirrors"), ...section("profiles"), "</settings>"].join("\n");
    const chunks = code(t, "settings.xml");
    // The root's short opening joins the first section's chunk, which that section titles.
    const mirrors = chunks.find((c) => /: mirrors\b/.test(c.title));
    expect(mirrors?.body).toContain("  <!-- mirrors");
    expect(mirrors?.body).toContain("<entry>mirrors-7</entry>");
    expect(chunks.some((c) => c.title.endsWith(": profiles"))).toBe(true);
  });

  test("Perl: POD headings and items start chunks titled by their text; POD prose is no code", () => {
    const t = [
      "package Getopt::Long;",
      "sub GetOptions {",
      ...Array.from({ length: 18 }, (_, k) => `    my $x${k} = shift;`),
      "}",
      "1;",
      "__END__",
      "=head1 NAME",
      "",
      "Getopt::Long - Extended processing of command line options",
      "",
      "=head2 Bundling",
      "",
      ...Array.from({ length: 18 }, (_, k) => `With bundling it is possible to set several options ${k} at once.`),
      "designating a reference to a subroutine (or an anonymous",
      "subroutine) that will handle the option.",
      "",
      "=item B<pass_through> (default: disabled)",
      "",
      ...Array.from({ length: 18 }, (_, k) => `Anything unknown ${k} is passed on in C<@ARGV>.`),
    ].join("\n");
    const titles = code(t, "Long.pm").map((c) => c.title.replace(/^Long\.pm lines \d+-\d+: /, ""));
    expect(titles).toContain("sub GetOptions");
    expect(titles.some((x) => x.startsWith("Bundling"))).toBe(true);
    expect(titles).toContain("pass_through (default: disabled)");
    expect(titles.some((x) => x.includes("designating"))).toBe(false);
  });

  test("a Makefile's .PHONY line is no target, and a name inside the title's (`test` in `test-build`) is still listed", () => {
    const t = [".PHONY: test test-build", "test: test-unit", "", "test-build:", ...Array.from({ length: 16 }, (_, i) => `\tstep${i}`)].join("\n");
    const [chunk] = code(t, "Makefile");
    expect(chunk!.title).toEndWith(": test-build (+ test)");
  });

  test.each([
    ["a file of one-line constants", (n: number) => Array.from({ length: n }, (_, i) => `export const NAME_${i} = ${i};`).join("\n"), "consts.ts"],
    [
      "a class of one-line methods",
      (n: number) => ["class Big:", ...Array.from({ length: n }, (_, i) => `    def m${i}(self): return ${i}`)].join("\n"),
      "big.py",
    ],
  ] as const)(
    "%s: 4x the definitions cost at most 6x the time",
    (_name, make, file) => {
      expect(growth(make, (text) => code(text, file), 2_000)).toBeLessThan(6);
    },
    60_000,
  );
});
