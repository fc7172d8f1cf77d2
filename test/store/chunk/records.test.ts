import { describe, expect, test } from "bun:test";
import { chunkText, detectKind } from "../../../src/store/chunk/index.ts";
import { growth } from "../../helpers/growth.ts";
import { expectExactLineCover, expectValidChunks } from "./chunk-checks.ts";

const DEBIAN = `curl (7.88.1-10+deb12u5) bookworm-security; urgency=medium

  * Fix CVE-2023-38545: SOCKS5 heap buffer overflow.
  * Fix CVE-2023-38546: cookie injection with none file.

 -- Samuel Henrique <samueloph@debian.org>  Fri, 06 Oct 2023 21:13:18 +0100

curl (7.88.1-10+deb12u4) bookworm; urgency=medium

  [ Carlos Henrique Lima Melara ]
  * d/p/CVE-2023-28321.patch: fix IDN wildcard matching.

 -- Samuel Henrique <samueloph@debian.org>  Thu, 28 Sep 2023 20:52:24 +0100

# Older entries have been removed from this changelog.
`;

const TERM_LOG = `
Log started: 2025-06-24  14:36:25
Preparing to unpack .../libudev1_252.38-1~deb12u1_amd64.deb ...
Unpacking libudev1:amd64 (252.38-1~deb12u1) over (252.36-1~deb12u1) ...
Setting up libudev1:amd64 (252.38-1~deb12u1) ...
Log ended: 2025-06-24  14:36:25

Log started: 2026-05-20  16:49:20
Selecting previously unselected package nodejs.
Unpacking nodejs (20.20.2-1nodesource1) ...
Setting up nodejs (20.20.2-1nodesource1) ...
Log ended: 2026-05-20  16:49:21
`;

const GIT_ISO = Array.from(
  { length: 3 },
  (_, i) => `commit ${String(i).repeat(40)}\nAuthor: A <a@example.org>\nDate:   2024-02-1${i} 10:00:00 +0200\n\n    change ${i}\n`,
).join("\n");

const STATUS = [
  ["bash", "5.2.15-2+b8", "Pre-Depends: libc6 (>= 2.36), libtinfo6 (>= 6)"],
  ["curl", "7.88.1-10+deb12u14", "Depends: libc6 (>= 2.34), libcurl4 (= 7.88.1-10+deb12u14)"],
  ["dmsetup", "2:1.02.185-2", "Source: lvm2 (2.03.16-2)"],
]
  .map(([name, version, field]) =>
    [`Package: ${name}`, "Status: install ok installed", `Version: ${version}`, field, `Description: the ${name} package`, " More about it.", " ."].join("\n"),
  )
  .join("\n\n");

const GNU = `2014-11-17  Stéphane Aulery  <saulery@free.fr>

\t* Correct typo in manual page.

2014-10-30  Herbert Xu  <herbert@gondor.apana.org.au>

\t* Catch variable length expansions on non-existent params.
\t* Fix heredoc corruption.
`;

const APT = `
Start-Date: 2025-06-24  14:36:25
Commandline: apt-get install -y curl
Install: curl:amd64 (7.88.1-10+deb12u12)
End-Date: 2025-06-24  14:36:26

Start-Date: 2025-06-25  09:01:02
Commandline: apt-get remove nano
Remove: nano:amd64 (7.2-1)
End-Date: 2025-06-25  09:01:03
`;

const NEWS = `NEWS for the Nettle 3.8 release

\tNew features:

\t* SM3 hash function, contributed by Tianjia Zhang.

NEWS for the Nettle 3.7.3 release

\tBug fixes:

\t* Fix crash for zero input to rsa_sec_decrypt.

NEWS for the 2.7 release

\tThis is a bugfix release.
\tThe shared library names are libnettle.so.4.7.
`;

const GNU_NEWS = `GNU coreutils NEWS

* Noteworthy changes in release 9.1 (2022-04-15) [stable]

** Bug fixes

  chmod -R no longer exits with error status when encountering symlinks.

* Noteworthy changes in release 9.0 (2021-09-24) [stable]

** New features

  cp now uses reflinks by default.

* Noteworthy changes in release 8.32 (2020-03-05) [stable]

** Bug fixes

  ls no longer crashes.
`;

const PACKAGES = Array.from({ length: 12 }, (_, i) => `Setting up libfoo${i} (1.${i}.0-1) ...\nUnpacking libbar${i} (2.${i}-3) ...`).join("\n");

const CSV = `Package,Version,Installed-Size,Maintainer
curl,7.88.1-10+deb12u12,505,Alessandro Ghedini <ghedo@debian.org>
zlib1g,1:1.2.13.dfsg-1,168,Mark Brown <broonie@debian.org>
`;

const chunks = (text: string, name: string) => chunkText(text, detectKind(name, text), { maxChunk: 4096, name });

describe("record streams: one entry per chunk, titled by its header", () => {
  test.each([
    [
      "a Debian changelog, trailer included",
      "curl.changelog",
      DEBIAN,
      [
        ["curl.changelog lines 1-6: curl (7.88.1-10+deb12u5) bookworm-security", 1, 6],
        ["curl.changelog lines 8-13: curl (7.88.1-10+deb12u4) bookworm", 8, 15],
      ],
    ],
    [
      "a GNU ChangeLog",
      "ChangeLog",
      GNU,
      [
        ["ChangeLog lines 1-3: 2014-11-17 Stéphane Aulery <saulery@free.fr>", 1, 3],
        ["ChangeLog lines 5-8: 2014-10-30 Herbert Xu <herbert@gondor.apana.org.au>", 5, 8],
      ],
    ],
    [
      "apt's history log",
      "history.log",
      APT,
      [
        ["history.log lines 2-5: apt 2025-06-24 14:36:25", 2, 5],
        ["history.log lines 7-10: apt 2025-06-25 09:01:02", 7, 10],
      ],
    ],
    [
      "apt's term.log: a run from its dated opening line to its closing one",
      "term.log",
      TERM_LOG,
      [
        ["term.log lines 2-6: Log started: 2025-06-24 14:36:25", 2, 6],
        ["term.log lines 8-12: Log started: 2026-05-20 16:49:20", 8, 12],
      ],
    ],
    [
      "dpkg's status file: one stanza per package, titled by the package and its version",
      "status",
      STATUS,
      [
        ["status lines 1-7: bash (5.2.15-2+b8)", 1, 7],
        ["status lines 9-15: curl (7.88.1-10+deb12u14)", 9, 15],
        ["status lines 17-23: dmsetup (2:1.02.185-2)", 17, 23],
      ],
    ],
    [
      "a NEWS file's releases, whatever else the header says beside the version",
      "NEWS",
      NEWS,
      [
        ["NEWS lines 1-5: NEWS for the Nettle 3.8 release", 1, 6],
        ["NEWS lines 7-11: NEWS for the Nettle 3.7.3 release", 7, 12],
        ["NEWS lines 13-16: NEWS for the 2.7 release", 13, 16],
      ],
    ],
    [
      "GNU's NEWS, dates and stability notes apart",
      "NEWS",
      GNU_NEWS,
      [
        ["NEWS lines 3-7: * Noteworthy changes in release 9.1 (2022-04-15) [stable]", 3, 8],
        ["NEWS lines 9-13: * Noteworthy changes in release 9.0 (2021-09-24) [stable]", 9, 14],
      ],
    ],
  ] as const)("%s", (_name, name, text, expected) => {
    expect(detectKind(name, text)).toBe("text");
    const out = chunks(text, name);
    expectValidChunks(out, text, 4096);
    expectExactLineCover(out, text);
    for (const [title, start, lastLine] of expected) {
      const c = out.find((x) => x.title === title);
      expect(c).toBeDefined();
      expect(c!.lineStart).toBe(start);
      expect(c!.lineEnd).toBeLessThanOrEqual(lastLine);
    }
  });

  test("a file's diff is cut at its hunks, each run titled by the file and what its first hunk changes", () => {
    const hunk = (at: number, body: string[]) => [`@@ -${at},42 +${at},43 @@`, ...Array.from({ length: 40 }, (_, i) => ` context ${at + i}`), ...body];
    const diff = [
      "--- /root/.pyenv/versions/3.12.1/lib/python3.12/argparse.py\t2023-12-07",
      "+++ /root/.pyenv/versions/3.13.0/lib/python3.13/argparse.py\t2024-10-07",
      ...hunk(100, ["-    def old(self):", "+    def _warning(self, message):"]),
      ...hunk(400, ["+        self._deprecated = set()"]),
      ...hunk(900, [" unchanged", "-        return None"]),
    ].join("\n");
    const chunks = chunkText(diff, "text", { maxChunk: 4096, name: "argparse.diff" });
    expectExactLineCover(chunks, diff);
    expect(chunks.map((c) => c.title.replace(/^argparse\.diff lines \d+-\d+: /, ""))).toEqual([
      // The other functions its hunk shows follow (`old` is already in the title).
      "python3.13/argparse.py @@ - def old(self): (+ _warning)",
      "python3.13/argparse.py @@ + self._deprecated = set()",
      "python3.13/argparse.py @@ - return None",
    ]);
    // `git diff` names the function or class after the `@@`: that names the hunk.
    const git = [
      "diff --git a/src/x.ts b/src/x.ts",
      "--- a/src/x.ts",
      "+++ b/src/x.ts",
      ...hunk(10, ["+a"]).map((l, i) => (i === 0 ? `${l} function parse(input: string) {` : l)),
      ...hunk(80, ["-b"]),
    ].join("\n");
    expect(chunkText(git, "text", { maxChunk: 4096, name: "x.diff" })[0]!.title).toBe("x.diff lines 1-45: src/x.ts @@ function parse(input: string) {");
  });

  test("a Debian entry holds its header and its trailer, never a neighbour's", () => {
    const first = chunks(DEBIAN, "curl.changelog")[0]!;
    expect(first.body.split("\n")[0]).toBe("curl (7.88.1-10+deb12u5) bookworm-security; urgency=medium");
    expect(first.body).toContain(" -- Samuel Henrique <samueloph@debian.org>  Fri, 06 Oct 2023");
    expect(first.body).not.toContain("deb12u4");
  });

  test.each([
    ["a CSV table", "packages.csv", CSV, "csv"],
    ["markdown whose list items mention versions", "notes.md", "# Notes\n\n* curl (7.88) is fine; urgency is low\n", "markdown"],
    ["a log with dates", "app.log", "2024-05-01 10:00:00 INFO start\n2024-05-01 10:00:01 INFO ready\n", "text"],
    ["a package manager's output, a version on every other line", "apt.log", PACKAGES, "text"],
    [
      "a log whose every line opens with words and a date",
      "jobs.log",
      Array.from({ length: 40 }, (_, i) => `Job done: 2024-05-01 10:00:${String(i).padStart(2, "0")} ok`).join("\n"),
      "text",
    ],
  ] as const)("not split as records: %s", (_name, name, text, kind) => {
    expect(detectKind(name, text)).toBe(kind);
    for (const c of chunks(text, name)) expect(c.title).not.toMatch(/: (apt |curl \(|Setting up|Unpacking|Job done|first)/);
  });

  test("a git log with ISO dates is split at its commits, not at their Date: lines", () => {
    const titles = chunks(GIT_ISO, "git.log").map((c) => c.title);
    expect(titles).toEqual(["git.log lines 1-5: change 0 (0000000)", "git.log lines 7-11: change 1 (1111111)", "git.log lines 13-17: change 2 (2222222)"]);
  });
});

test("lines that all give a version and read alike cost linear time (a package manager's output of any length)", () => {
  const make = (n: number) => Array.from({ length: n }, (_, i) => `Setting up libfoo (1.${i}.0-1) ...`).join("\n");
  expect(growth(make, (text) => chunks(text, "apt.log"), 2_000)).toBeLessThan(6);
}, 60_000);
