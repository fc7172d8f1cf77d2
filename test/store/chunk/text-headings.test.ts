import { describe, expect, test } from "bun:test";
import { chunkText, detectKind } from "../../../src/store/chunk/index.ts";
import { withMarkdownHeadings } from "../../../src/store/chunk/text-headings.ts";
import { expectValidChunks } from "./chunk-checks.ts";

const RST = `=============
 Configuring
=============

Intro text.

Config File Format
==================

The file looks like this::

  # In ~/.aws/config
  [default]
  region=us-west-2

Nested Values
-------------

Sub values are indented.

==================== ===========
Variable             Option
==================== ===========
profile              --profile
-------------------- -----------
region               --region
==================== ===========

Precedence
----------

Command line options win.
`;

const ADOC = `= Guide

Intro.

== Install

Run the installer.

=== From source

Build it.
`;

const MAN = `GREP(1)                     User Commands                    GREP(1)

NAME
       grep - print lines that match patterns

SYNOPSIS
       grep [OPTION...] PATTERNS [FILE...]

DESCRIPTION
       grep searches for PATTERNS in each FILE.

OPTIONS
   Generic Program Information
       --help Output a usage message and exit.

   Matching Control
       -e PATTERNS, --regexp=PATTERNS
              Use PATTERNS as the patterns.

EXIT STATUS
       Normally the exit status is 0 if a line is selected.
`;

const titles = (text: string, name: string) => chunkText(text, detectKind(name, text), { maxChunk: 4096, name }).map((c) => c.title);

const INFO = [
  "This is demo.info, produced by makeinfo version 7.0 from demo.texi.",
  "",
  "\x1f",
  "File: demo.info,  Node: Top,  Next: Invoking demo,  Up: (dir)",
  "",
  "GNU demo",
  "********",
  "",
  "This manual documents demo.",
  "",
  "* Menu:",
  "",
  "* Invoking demo::",
  "* Examples::",
  "",
  "\x1f",
  "File: demo.info,  Node: Invoking demo,  Next: Options,  Prev: Top,  Up: Top",
  "",
  "1 Running demo",
  "**************",
  "",
  "This chapter covers how to run demo.",
  "",
  "* Menu:",
  "",
  "* Options::",
  "",
  "\x1f",
  "File: demo.info,  Node: Options,  Next: Examples,  Prev: Invoking demo,  Up: Invoking demo",
  "",
  "1.1 Options",
  "===========",
  "",
  "‘demo’ takes these options:",
  "",
  "‘-n’",
  "‘--quiet’",
  "     Print nothing but errors.",
  "",
  "‘-l N’",
  "     Wrap lines at N columns.",
  "",
  " -- Function: int demo_run (const char *script)",
  "     Runs SCRIPT and returns its status.",
  "",
  "\x1f",
  "File: demo.info,  Node: Examples,  Next: Index,  Prev: Options,  Up: Top",
  "",
  "2 Some Sample Scripts",
  "*********************",
  "",
  "Scripts that show what demo can do.",
  "",
  "\x1f",
  "File: demo.info,  Node: Index,  Prev: Examples,  Up: Top",
  "",
  "Index",
  "*****",
  "",
  "* Menu:",
  "",
  "* --quiet:                              Options.             (line  9)",
  "* -l:                                   Options.             (line 12)",
  "* demo_run:                             Options.             (line 15)",
  "* examples:                             Examples.            (line  6)",
  "* quiet output:                         Options.             (line  9)",
  "",
  "\x1f",
  "Tag Table:",
  "Node: Top84",
  "Node: Invoking demo290",
  "\x1f",
  "End Tag Table",
].join("\n");

describe("sections of text that is not markdown", () => {
  test("a GNU Info manual: a node's chunk opens at its node line, quoted terms and definitions head their entries, the tag table is gone", () => {
    expect(titles(INFO, "demo.info")).toEqual([
      "demo.info",
      "GNU demo",
      "1 Running demo",
      "1 Running demo > 1.1 Options",
      "1 Running demo > 1.1 Options > -n, --quiet",
      "1 Running demo > 1.1 Options > -l N",
      "1 Running demo > 1.1 Options > int demo_run (const char *script)",
      "2 Some Sample Scripts",
      "Index",
    ]);
    const chunks = chunkText(INFO, detectKind("demo.info", INFO), { maxChunk: 4096, name: "demo.info" });
    expectValidChunks(chunks, INFO, 4096);
    const byTitle = (t: string) => chunks.find((c) => c.title === t)!;
    // The node line is the node's own first line, and its neighbours' names are in no chunk.
    expect(byTitle("1 Running demo").lineStart).toBe(17);
    expect(chunks.some((c) => c.body.includes("Next:") || c.body.includes("Prev:"))).toBe(false);
    // A node named otherwise than its title keeps its name; one named as titled does not repeat it.
    expect(byTitle("2 Some Sample Scripts").body).toContain("Node: Examples");
    expect(byTitle("1 Running demo > 1.1 Options").body).not.toContain("Node:");
    expect(byTitle("1 Running demo > 1.1 Options > -n, --quiet").body).toContain("Print nothing but errors.");
    expect(chunks.some((c) => c.body.includes("Tag Table") || c.body.includes("Node: Top84"))).toBe(false);
  });

  test("pydoc: each class under CLASSES heads its own text, not the class tree's first line", () => {
    const bar = (lines: string[]) => lines.map((l) => `     |  ${l}`.trimEnd());
    const pydoc = [
      "Help on module shelf:",
      "",
      "NAME",
      "    shelf - Keep things on a shelf.",
      "",
      "DESCRIPTION",
      "    Shelves hold boxes.",
      "",
      "CLASSES",
      "    builtins.Exception(builtins.BaseException)",
      "        ShelfError",
      "    builtins.object",
      "        Shelf",
      "",
      "    class ShelfError(builtins.Exception)",
      ...bar(["Raised when a shelf is full.", "", "Method resolution order:", "    ShelfError", "    builtins.Exception"]),
      "",
      "    class Shelf(builtins.object)",
      ...bar(["Shelf(size=10)", "", "Methods defined here:", "", "put(self, box)", "    Put a box on the shelf."]),
      "",
      "FUNCTIONS",
      "    empty(shelf)",
      "        Whether the shelf holds nothing.",
      "",
    ].join("\n");
    // Each class is qualified by the module pydoc's first line names, as code calls it (`shelf.Shelf`).
    const all = titles(pydoc, "shelf.txt");
    expect(all).toContain("CLASSES > class shelf.ShelfError(builtins.Exception)");
    expect(all).toContain("CLASSES > class shelf.Shelf(builtins.object)");
    const chunks = chunkText(pydoc, detectKind("shelf.txt", pydoc), { maxChunk: 4096, name: "shelf.txt" });
    expect(chunks.find((c) => c.title.endsWith("class shelf.Shelf(builtins.object)"))!.body).toContain("Put a box on the shelf.");
    expect(chunks.find((c) => c.title.endsWith("class shelf.ShelfError(builtins.Exception)"))!.body).not.toContain("Put a box");
  });

  test("text with a stray `File: … Node:` line or two is not read as an Info manual", () => {
    const text = "Notes\n=====\n\nFile: a.info,  Node: Top\n\nMore\n====\n\ntext\n";
    expect(titles(text, "notes.txt")).toEqual(["Notes", "More"]);
  });

  test("reStructuredText: over- and underlined titles, levels in the order styles appear", () => {
    expect(titles(RST, "config.rst")).toEqual([
      "Configuring",
      "Configuring > Config File Format",
      "Configuring > Config File Format > Nested Values",
      "Configuring > Config File Format > Precedence",
    ]);
  });

  test("a literal block's `# comment` and a table's row borders do not cut sections", () => {
    const chunks = chunkText(RST, "text", { maxChunk: 4096, name: "config.rst" });
    expect(chunks.find((c) => c.title.endsWith("Config File Format"))!.body).toContain("# In ~/.aws/config");
    expect(chunks.find((c) => c.title.endsWith("Nested Values"))!.body).toContain("region               --region");
  });

  test("AsciiDoc `==` titles", () => {
    expect(titles(ADOC, "guide.adoc")).toEqual(["Guide", "Guide > Install", "Guide > Install > From source"]);
  });

  test("a BSD manual page: an option's entry with its description beside it", () => {
    const bsd =
      "SSH(1)   BSD General Commands Manual   SSH(1)\n\nNAME\n     ssh - remote login\n\nSYNOPSIS\n     ssh [-46] destination\n\nDESCRIPTION\n     ssh connects.\n\n     -4\t     Forces ssh to use IPv4 addresses only.\n\n     -E log_file\n\t     Append debug logs to log_file.\n";
    expect(titles(bsd, "ssh.1.txt").slice(-3)).toEqual([
      "ssh(1) > DESCRIPTION",
      "ssh(1) > DESCRIPTION > -4 Forces ssh to use IPv4 addresses only.",
      "ssh(1) > DESCRIPTION > -E log_file",
    ]);
  });

  test("a rendered manual page: the page header roots its sections, man's three-space subsections and option entries", () => {
    expect(titles(MAN, "grep.1.txt")).toEqual([
      "grep(1)",
      "grep(1) > NAME",
      "grep(1) > SYNOPSIS",
      "grep(1) > DESCRIPTION",
      "grep(1) > OPTIONS",
      "grep(1) > OPTIONS > Generic Program Information",
      "grep(1) > OPTIONS > Matching Control",
      "grep(1) > OPTIONS > Matching Control > -e PATTERNS, --regexp=PATTERNS",
      "grep(1) > EXIT STATUS",
    ]);
    // Without a header line the sections stand at the top.
    expect(titles(MAN.slice(MAN.indexOf("NAME")), "grep.1.txt")[0]).toBe("NAME");
  });

  test("a rendered manual page: entries named without a dash, nested ones, and aliases stacked over one description", () => {
    const page = [
      "IP-ROUTE(8)                         Linux                        IP-ROUTE(8)",
      "",
      "NAME",
      "       ip-route - routing table management",
      "",
      "SYNOPSIS",
      "       ip route { add | del } ROUTE",
      "",
      "DESCRIPTION",
      "       Route types and their parameters:",
      "",
      "       ip route add",
      "\t      add new route",
      "",
      "\t      mtu lock MTU",
      "\t\t     the MTU along the path to the destination.",
      "",
      "       -e trace=SET",
      "       -e t=SET",
      "       --trace=SET",
      "\t\t   Trace only the specified set of system calls.",
      "",
      "       LC_ALL",
      "\t      Overrides every locale variable.",
      "",
      "   Operation Modifiers",
      "       \u25cb   --rm: remove source file(s) after successful compression or",
      "\t   decompression.",
      "",
      "       \u2022   --slurpfile variable-name filename:",
      "\t   Reads all the JSON texts in the named file.",
      "",
      "EXIT STATUS",
      "       Several error codes.",
      "",
      "       2   Parse error---for instance, when parsing command-line options, the",
      "\t   .wgetrc or .netrc...",
      "",
      "       For example:",
      "\t   ip route get 8.8.8.8",
      "",
      "       1. Please start it with the -d option and send us the output",
      "\t  it prints.",
      "",
      "       jq 'map(.a)'",
      "\t   [1,2]",
      "",
      "       The codes are listed above, and their meaning is",
      "\t   given in the table.",
    ].join("\n");
    const got = titles(page, "ip-route.8.txt");
    expect(got).toContain("ip-route(8) > DESCRIPTION > ip route add");
    // A parameter inside a command's description is an entry of its own.
    expect(got).toContain("ip-route(8) > DESCRIPTION > mtu lock MTU");
    // An option's aliases stacked over one description name one entry.
    expect(got).toContain("ip-route(8) > DESCRIPTION > -e trace=SET, -e t=SET, --trace=SET");
    expect(got).toContain("ip-route(8) > DESCRIPTION > LC_ALL");
    // An option in a bulleted list (as ronn writes pages) is an entry named by the option alone.
    expect(got).toContain("ip-route(8) > DESCRIPTION > Operation Modifiers > --rm");
    expect(got).toContain("ip-route(8) > DESCRIPTION > Operation Modifiers > --slurpfile variable-name filename");
    // An item with its text beside it, a lead-in to an example, a numbered step, a quoted
    // example command and a sentence wrapped below are no entries.
    expect(got.filter((t) => t.startsWith("ip-route(8) > EXIT STATUS"))).toEqual(["ip-route(8) > EXIT STATUS"]);
  });

  test("a rendered manual page: numbered examples at the section's indent head their own text; captions inside an entry do not", () => {
    const page = [
      "FOO.SERVICE(5)                 foo.service                FOO.SERVICE(5)",
      "",
      "NAME",
      "       foo.service - Service unit configuration",
      "",
      "DESCRIPTION",
      "       A unit file.",
      "",
      "OPTIONS",
      "       Restart=",
      "\t   Configures whether the service shall be restarted.",
      "",
      "\t   Example 1. A service with the SuccessExitStatus= setting",
      "",
      "\t       SuccessExitStatus=TEMPFAIL 250 SIGKILL",
      "",
      "EXAMPLES",
      "       Example 2. Simple service",
      "",
      "       The following unit file creates a service.",
      "",
      "\t   [Service]",
      "\t   ExecStart=/usr/sbin/foo-daemon",
      "",
      "       Example 3. Oneshot service",
      "",
      "       Sometimes, units should just execute an action.",
      "",
      "       Example 4. is mentioned in a sentence that goes on",
      "       and wraps below.",
    ].join("\n");
    const got = titles(page, "foo.service.5.txt");
    expect(got).toContain("foo.service(5) > EXAMPLES > Example 2. Simple service");
    expect(got).toContain("foo.service(5) > EXAMPLES > Example 3. Oneshot service");
    expect(got.some((t) => t.includes("Example 4"))).toBe(false);
    // Inside an entry a caption goes with its entry's text.
    expect(got.some((t) => t.includes("Example 1"))).toBe(false);
    expect(got).toContain("foo.service(5) > OPTIONS > Restart=");
  });

  test.each([
    ["RST", RST, "config.rst"],
    ["AsciiDoc", ADOC, "guide.adoc"],
    ["man", MAN, "grep.1.txt"],
  ])("%s: line for line, so ranges are the file's own; the chunks cover it", (_, text, name) => {
    const sectioned = withMarkdownHeadings(text)!;
    expect(sectioned.split("\n").length).toBe(text.split("\n").length);
    const chunks = chunkText(text, detectKind(name, text), { maxChunk: 4096, name });
    expectValidChunks(chunks, sectioned, 4096);
    const lines = sectioned.split("\n");
    const covered = new Set<number>();
    for (const c of chunks) {
      const slice = lines.slice(c.lineStart - 1, c.lineEnd).join("\n");
      // A heading with nothing of its own but subsections gets the list of them as its body.
      if (c.body.includes("\n\nSections: ")) expect(c.body.startsWith(slice.trim())).toBe(true);
      else expect(c.body).toBe(slice);
      for (let i = c.lineStart; i <= c.lineEnd; i++) covered.add(i);
    }
    lines.forEach((line, i) => {
      if (line.trim() !== "") expect(covered.has(i + 1)).toBe(true);
    });
  });

  test("Windows line endings", () => {
    expect(titles(RST.replaceAll("\n", "\r\n"), "config.rst")).toEqual(titles(RST, "config.rst"));
    expect(titles(MAN.replaceAll("\n", "\r\n"), "grep.1.txt")).toEqual(titles(MAN, "grep.1.txt"));
  });

  test.each([
    ["one underlined title only", "Notes\n=====\n\nsome text\n"],
    ["a test run's banners", "===== test session starts =====\nplatform linux\ncollected 3 items\n\n===== 3 passed in 0.1s =====\n"],
    ["separator lines between log entries", "start\n==========\nstep one ok\n==========\nstep two ok\n"],
    ["capital words that are no manual page", "WARNING\n   disk almost full\nERROR\n   disk full\nINFO\n   retrying\n"],
    ["a Debian changelog", "curl (7.88.1-10) bookworm; urgency=medium\n\n  * Fix a bug.\n\n -- Maint <m@x.org>  Mon, 01 Jan 2024 00:00:00 +0000\n"],
  ])("left as plain text: %s", (_, text) => {
    expect(withMarkdownHeadings(text)).toBeUndefined();
  });
});
