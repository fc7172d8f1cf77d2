import { describe, expect, test } from "bun:test";
import { chunkText, detectKind } from "../../../src/store/chunk/index.ts";
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
  ] as const)("not split as records: %s", (_name, name, text, kind) => {
    expect(detectKind(name, text)).toBe(kind);
    for (const c of chunks(text, name)) expect(c.title).not.toMatch(/: (apt |curl \()/);
  });
});
