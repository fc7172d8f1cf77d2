import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openStore, type Database } from "../../src/store/db.ts";
import { indexSource } from "../../src/store/index-source.ts";
import {
  asksForVersion,
  fileName,
  isContents,
  isReleaseHeading,
  snippetHits,
  isQuestion,
  makeMatcher,
  namesTypedInPart,
  optionsTypedInPart,
  QUESTION_WEIGHTS,
  scoreChunk,
  splitTitle,
  versionIn,
  WEIGHTS,
} from "../../src/store/rank.ts";
import { search } from "../../src/store/search.ts";
import { detectKind } from "../../src/store/chunk/detect-kind.ts";
import { parseQuery } from "../../src/store/query.ts";
import { planQuery, type PlannedTerm } from "../../src/store/query-plan.ts";
import { compactTables, dropComments, makeSnippet, shortenDigests } from "../../src/store/snippet.ts";
import { findCompounds, findSplits, findTerms, lightStem } from "../../src/store/match.ts";
import { tempDir } from "../helpers/temp.ts";

/** `n` notes, each `# Note i` and the line `say(i)`: the store's other text, which sets each word's statistics. */
function addNotes(db: Database, n: number, say: (i: number) => string): void {
  for (let i = 0; i < n; i++) indexSource(db, { label: `notes/n${i}.md`, text: `# Note ${i}\n\n${say(i)}\n`, kind: "markdown", maxChunk: 4096 });
}

describe("title parts", () => {
  test.each([
    ["File system > Promises API > filehandle.close()", "filehandle.close()", "File system > Promises API"],
    ["Guide > Setup (2)", "Setup", "Guide"],
    ["build.log lines 40-80: FAIL src/x.test.ts", "FAIL src/x.test.ts", "build.log"],
    ["build.log lines 1-20", "", "build.log"],
    ["data.csv rows 1-40", "", "data.csv"],
    ["README.md", "README.md", ""],
  ])("%s", (title, leaf, path) => {
    expect(splitTitle(title)).toEqual({ leaf, path });
  });
});

let db: Database;
const FS = `# File system

Intro to files.

## Promises API

The promises API returns promises instead of taking callbacks.

### filehandle.close()

Closes the file handle; the promises API resolves when closed.

### filehandle.read()

Reads from the file; promises API style.

## Callback API

Callbacks everywhere. The file is read with a callback.

### fs.readFile(path, callback)

Reads the whole file, then calls back. Use it for small files.

### fs.watch(filename)

Watches for changes on the file. Use fs.watch for notifications on rename.
`;

beforeAll(() => {
  db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
  indexSource(db, { label: "fs.md", text: FS, kind: "markdown", maxChunk: 4096 });
  for (let i = 0; i < 30; i++)
    indexSource(db, { label: `other-${i}.md`, text: `# Note ${i}\n\nUse the file tool to open the file and use it.\n`, kind: "markdown", maxChunk: 4096 });
});

const first = (q: string) => search(db, q, { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!;

describe("ranking by headings and telling words", () => {
  test("a query naming a parent section finds it, not each child that inherits its words", () => {
    expect(first("promises api").title).toBe("File system > Promises API");
  });

  test("when the headings above a subsection name the whole query, the section they head wins", () => {
    const MOCK = [
      "# `unittest.mock` — mock object library",
      "",
      "## Helpers",
      "",
      "### mock_open",
      "",
      "A helper to create a mock to replace the use of open. The mock works for open called directly or used as a context manager; the mock returns a mock handle.",
      "",
      "### sentinel",
      "",
      "Unique objects for tests.",
    ].join("\n");
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    indexSource(local, { label: "unittest.mock.html", text: MOCK, kind: "markdown", maxChunk: 4096 });
    const hits = search(local, "unittest.mock helpers", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
    expect(hits[0]!.title).toBe("`unittest.mock` — mock object library > Helpers");
    // A query that names the subsection still finds it.
    expect(search(local, "unittest.mock mock_open", { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!.title).toEndWith("> mock_open");
    local.close();
  });

  test("a subsection whose own heading repeats a word of its parent's is not named by a query the headings above answer whole", () => {
    // node-fetch's README as npm ships it: `Interface: Body` heads `body.body`, `body.text()` and more.
    const text = readFileSync(join(import.meta.dir, "../../bench/retrieval/corpus/npm/node-fetch-README.md"), "utf8");
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    indexSource(local, { label: "node-fetch-README.md", text, kind: "markdown", maxChunk: 4096 });
    const opts = { limit: 3, snippetMax: 800, rrfK: 60 };
    expect(search(local, "node-fetch Interface: Body", opts).hits[0]!.title).toBe("API > Interface: Body");
    // Named with its own words, the subsection still comes first.
    expect(search(local, "node-fetch body.text", opts).hits[0]!.title).toBe("API > Interface: Body > body.text()");
    local.close();
  });

  test("a subsection whose heading says more than the query and names only words of the headings above is not the answer (git bisect description subcommands)", () => {
    const MAN = [
      "# git-bisect(1)",
      "",
      "## DESCRIPTION",
      "",
      "The command takes various subcommands, and different options depending on the subcommand.",
      "",
      "### Bisect visualize/view",
      "",
      "To see the currently remaining suspects in gitk, issue the following command during the bisection process; the subcommands view and visualize are the same.",
      "",
      "### Bisect reset",
      "",
      "After a bisect session, to clean up the bisection state, run reset.",
    ].join("\n");
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    indexSource(local, { label: "git-bisect.md", text: MAN, kind: "markdown", maxChunk: 4096 });
    const opts = { limit: 3, snippetMax: 800, rrfK: 60 };
    expect(search(local, "git bisect description subcommands", opts).hits[0]!.title).toBe("git-bisect(1) > DESCRIPTION");
    // A query that names the subsection's own words still finds it.
    expect(search(local, "git bisect visualize", opts).hits[0]!.title).toBe("git-bisect(1) > DESCRIPTION > Bisect visualize/view");
    local.close();
  });

  test("a child's own heading wins when the query names it", () => {
    expect(first("filehandle.close promises").title).toBe("File system > Promises API > filehandle.close()");
  });

  test("common words count less than the telling one", () => {
    // "use" and "file" are in 30 other notes; "notifications" only in fs.watch.
    expect(first("use file notifications").title).toBe("File system > Callback API > fs.watch(filename)");
  });
});

describe("a manual page's synopsis", () => {
  let man: Database;
  const PAGE = `# git-remote(1)

## SYNOPSIS

git remote add <name> <url>
git remote set-url [--push] <name> <newurl>
git remote prune [-n] <name>

## COMMANDS

set-url

Changes URLs for the remote. With --push, push URLs are manipulated instead of fetch URLs.

prune

Deletes stale references associated with <name>.
`;
  beforeAll(() => {
    man = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    indexSource(man, { label: "git-remote.html", text: PAGE, kind: "markdown", maxChunk: 4096 });
  });
  const top = (q: string) => search(man, q, { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!.title;

  test("what an option does is found below the synopsis that merely lists it", () => {
    expect(top("git remote set-url --push")).toBe("git-remote(1) > COMMANDS");
  });

  test("the synopsis itself when the query names it", () => {
    expect(top("git remote synopsis")).toBe("git-remote(1) > SYNOPSIS");
  });
});

describe("a term that opens a line", () => {
  let defs: Database;
  beforeAll(() => {
    defs = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    indexSource(defs, {
      label: "git-reset.html",
      text: "# Manual\n\n## EXAMPLES\n\nTo move the branch and keep what you changed, run git reset with the option below.\n\n## DESCRIPTION\n\nIn its first form, git reset moves the branch.\n\n--soft\n\n    Does not touch the index file or the working tree.\n\n--keep\n\n    Resets index entries and updates files in the working tree that differ.\n",
      kind: "markdown",
      maxChunk: 4096,
    });
  });

  test("the entry that defines an option wins over a passage that uses it", () => {
    expect(search(defs, "git reset --keep", { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!.title).toBe("Manual > DESCRIPTION");
  });
});

describe("options and commands typed as written", () => {
  test("`--delete` and `/quit` count where the text has them so, not where it says delete or quit", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    indexSource(local, {
      label: "log.txt",
      text: "# Changes\n\nRemove the exit lines and quit early; delete the old ones.\n",
      kind: "markdown",
      maxChunk: 4096,
    });
    indexSource(local, {
      label: "commands.md",
      text: "# Commands\n\n## Session\n\nEnd it with `/quit`. Add `--delete` to delete the session's history as well.\n",
      kind: "markdown",
      maxChunk: 4096,
    });
    const hits = search(local, "/quit --delete", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
    expect(hits[0]!.source).toBe("commands.md");
    local.close();
  });

  test.each([
    ["/quit --delete", ["/quit", "--delete"]],
    ["sort -k KEYDEF", ["-k"]],
    ["curl -V", ["-V"]], // in its case: -v is another option
    ["use --max-count=5, then", ["--max-count"]],
    ["a/b path and -- alone", []],
  ])("%s: flags %p", (q, flags) => {
    expect(parseQuery(q).flags).toEqual(flags);
  });

  const OPTIONS = [
    "# curl",
    "## --fail-early",
    "Fail and exit on the first detected transfer error, as --fail does for one.",
    "## --fail-with-body",
    "Return an error on server errors, as\n--fail does, and save the body too.", // a wrapped line opening on --fail
    "## -f, --fail",
    "Fail fast with no output at all on server errors.",
    "## --http3-only",
    "Use HTTP/3 only; unlike --http3, no fallback.",
    "## --http3",
    "Try HTTP/3 first, falling back to --http3-only behaviour never.",
    "## -V, --version",
    "Print the version and exit.",
    "## -v, --verbose",
    "Say more about what happens.",
    "## -N, --newer=DATE, --after-date=DATE",
    "Only store files newer than DATE.",
    "## --disable-eprt",
    "Tell curl to disable the use of EPRT and LPRT; --disable-epsv is its sibling.",
    "## -q, --disable",
    "Do not read the curlrc config file.",
    "## Dates",
    "A date is read after the locale's rules; the date after midnight is the next date.",
  ].join("\n\n");

  test.each([
    ["--fail", "curl > -f, --fail"], // not the longer --fail-early that holds its letters
    ["--http3", "curl > --http3"],
    ["curl -v", "curl > -v, --verbose"], // not -V
    ["curl -V", "curl > -V, --version"],
    ["--after-date", "curl > -N, --newer=DATE, --after-date=DATE"], // "after" is part of the option, no stopword
    ["--dsable", "curl > -q, --disable"], // the option as fixed
  ])("an option typed with its dashes finds the heading that lists it whole and in its case: %s", (q, title) => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    indexSource(local, { label: "curl.md", text: OPTIONS, kind: "markdown", maxChunk: 4096 });
    expect(search(local, q, { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!.title).toBe(title);
    local.close();
  });

  test.each([
    ["request.getHeader", "HTTP > request.getHeader(name)"],
    ["request.getHeaders", "HTTP > request.getHeaders()"],
    ["BZ2_bzWrite", "HTTP > 3.4.6. BZ2_bzWrite"], // its section number aside
    ["process.version", "HTTP > process.version"],
    ["process.versions", "HTTP > process.versions"], // one porter stem, two names
    ["-mtime", "HTTP > -mtime n"], // not inside --clamp-mtime
  ])("a name typed whole finds the heading that gives it so, not a longer name that holds it: %s", (q, title) => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const text = [
      "# HTTP",
      "## request.getHeaders()",
      "Returns a copy of the request's headers; see request.getHeader(name) for one.",
      "## request.getHeader(name)",
      "Reads one header.",
      "## 3.4.5. BZ2_bzWriteOpen",
      "Prepares BZ2_bzWrite calls: BZ2_bzWrite writes, BZ2_bzWriteClose ends.",
      "## 3.4.6. BZ2_bzWrite",
      "Writes data.",
      "## process.versions",
      "The versions of node and its dependencies; process.version is node's alone.",
      "## process.version",
      "The node version.",
      "## --clamp-mtime",
      "Only set a file's time when it is newer than the one -mtime gives.",
      "## -mtime n",
      "Data last modified n days ago.",
    ].join("\n\n");
    indexSource(local, { label: "http.md", text, kind: "markdown", maxChunk: 4096 });
    expect(search(local, q, { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!.title).toBe(title);
    local.close();
  });

  test("a name typed whole names a heading that gives it beside a section number, over one that gives a longer name", () => {
    const q = parseQuery("BZ2_bzWrite");
    const m = makeMatcher([{ word: "bz2_bzwrite", forms: ["bz2_bzwrite"], df: 3, weight: 1, kind: "known" }], q.fragments);
    const body = "Calls BZ2_bzWrite with the buffer.";
    const under = (title: string) => scoreChunk(m, { title, body, fused: 0 }).score;
    expect(under("Manual > 3.4.6. BZ2_bzWrite")).toBeGreaterThan(under("Manual > 3.4.5. BZ2_bzWriteOpen"));
  });

  test("a line opening on an option documents it, unless the heading is another option the text only compares it with", () => {
    const q = parseQuery("--fail");
    const m = makeMatcher([{ word: "fail", forms: ["fail"], df: 1, weight: 1, kind: "known" }], q.flags);
    const body = "Retries a transfer. Unlike\n--fail, it keeps going.";
    const under = (title: string) => scoreChunk(m, { title, body, fused: 0 }).score;
    expect(under("curl > Transfers")).toBeGreaterThan(under("curl > --retry"));
  });

  test("the heading that lists an option is found among hundreds of sections that say its word (--buffers)", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    for (let i = 0; i < 60; i++) {
      const text = `# Buffers ${i}\n\n## Buffers and their buffers ${i}\n\nBuffers hold bytes; these buffers and those buffers are buffers ${i}.\n`;
      indexSource(local, { label: `buffers-${i}.md`, text, kind: "markdown", maxChunk: 4096 });
    }
    const less =
      "# less\n\n## OPTIONS\n\nThe options.\n\n### -bn or --buffers=n\n\nSets the amount of memory kept per file, in kilobytes, for each file it opens.\n";
    indexSource(local, { label: "less.md", text: less, kind: "markdown", maxChunk: 4096 });
    expect(search(local, "--buffers", { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!.title).toBe("less > OPTIONS > -bn or --buffers=n");
    local.close();
  });

  test("the last word of an option typed in part begins a word of the option (--line-len of --line-length=N), not one of its own", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const api = Array.from(
      { length: 12 },
      (_, i) => `## \`fs.truncate${i}(path[, len])\`\n\nTruncates the file at path ${i} to len bytes; len defaults to 0 and a line of it is kept.\n`,
    ).join("\n");
    indexSource(local, { label: "node/fs.md", text: `# File system\n\n${api}`, kind: "markdown", maxChunk: 4096 });
    const sed =
      "# sed\n\n## Command-Line Options\n\nThe options.\n\n### -l N, --line-length=N\n\nSpecify the desired line-wrap length for the l command. A length of 0 means never wrap.\n";
    indexSource(local, { label: "sed.md", text: sed, kind: "markdown", maxChunk: 4096 });
    expect(search(local, "--line-len", { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!.title).toBe("sed > Command-Line Options > -l N, --line-length=N");
    local.close();
  });

  test("an option typed in part, which no candidate writes whole, counts where it begins an option (--null-da)", () => {
    const q = parseQuery("--null-da");
    const m = makeMatcher([{ word: "null", forms: ["null"], df: 3, weight: 1, kind: "known" }], q.flags);
    const candidates = [
      { title: "grep > -z, --null-data", body: "Lines end in a zero byte." },
      { title: "grep > Null handling", body: "Null bytes: null is data too." },
    ];
    expect(optionsTypedInPart(m, candidates)).toBe(true);
    const plain = scoreChunk(m, { title: "grep > -z, --null-data", body: "Lines end in a zero byte.", fused: 0 }).score;
    m.optionsInPart = true;
    expect(scoreChunk(m, { title: "grep > -z, --null-data", body: "Lines end in a zero byte.", fused: 0 }).score).toBeGreaterThan(plain);
    // An option some candidate writes whole is not typed in part.
    const fail = [
      { title: "curl > -f, --fail", body: "Fail fast." },
      { title: "curl > --fail-early", body: "Stop at the first error." },
    ];
    expect(optionsTypedInPart(makeMatcher([], parseQuery("--fail").flags), fail)).toBe(false);
  });

  test("an option's entry in a list body is where it is documented", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const text = [
      "# git-log",
      "## Examples",
      "Show last week's work, for instance with `git log --since=1.week` piped to a pager, then more since then.",
      "## Commit limiting",
      "--max-count=<n>\n  Limit the number of commits.",
      "--since=<date>\n  Show commits more recent than a date.",
    ].join("\n\n");
    indexSource(local, { label: "git-log.md", text, kind: "markdown", maxChunk: 4096 });
    expect(search(local, "git log --since", { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!.title).toBe("git-log > Commit limiting");
    local.close();
  });
});

describe("stopwords inside names", () => {
  test.each([
    ["sync.Once Do", ["sync", "once"]],
    ["emitter.on listener", ["emitter", "on", "listener"]],
    ["run it once", ["run"]],
    ["tar --after-date", ["tar", "after", "date"]], // a word of an option
    ["how to do it", ["how", "to", "do", "it"]], // nothing else is left: all of them
  ])("%s: terms %p", (q, terms) => {
    expect(parseQuery(q).terms).toEqual(terms);
  });
});

describe("the file's name above its headings", () => {
  test.each([
    ["npm/node-fetch-README.md", "node-fetch-README"],
    ["docs/api.tar.gz", "api"],
    ["https://example.com/docs/websockets", "websockets"],
    ["exec:python#3-m3k9x2ab", ""],
  ])("%s: %s", (label, name) => {
    expect(fileName(label)).toBe(name);
  });

  test("a query naming the package and a heading finds that heading, not a subsection of it", () => {
    const local = openStore(join(tempDir("ctxmode-file-name-"), "f.db"), { busyTimeoutMs: 1000 });
    const text =
      "## API\n\n### Class: Headers\n\nThis class allows manipulating and iterating over a set of HTTP headers.\n\n" +
      "#### new Headers([init])\n\nConstruct a new Headers object; node-fetch fills in the headers a fetch sends.\n";
    indexSource(local, { label: "npm/node-fetch-README.md", text, kind: "markdown", maxChunk: 4096 });
    indexSource(local, { label: "npm/other-README.md", text: "## Headers\n\nOther headers, not those of a fetch.\n", kind: "markdown", maxChunk: 4096 });
    const hits = search(local, "node-fetch Class: Headers", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
    expect(hits[0]!.title).toBe("API > Class: Headers");
    local.close();
  });
});

describe("a version the heading gives", () => {
  test.each([
    ["0.14.0 (2024-02-13)", "0.14.0", true],
    ["0.14.1 (2024-02-22)", "0.14.0", false],
    ["10.14.0", "0.14.0", false],
    ["0.14.0.1", "0.14.0", false],
    ["v0.14.0 2024-02-13", "0.14.0", true],
    ["0.14.0. released", "0.14.0", true],
  ])("%s holds %s: %p", (heading, version, whole) => {
    expect(versionIn(heading, version)).toBe(whole);
  });
});

describe("a version typed whole in a changelog", () => {
  test.each([
    ["e2fsprogs 1.46.6~rc1-1.1", "1.46.6~rc1-1.1"],
    ["make 3.80+3.81.b3.1-1", "3.80+3.81.b3.1-1"],
  ])("%s: one fragment for the version, its ~ or + kept", (q, version) => {
    expect(parseQuery(q).fragments).toContain(version);
  });

  test("a ~ outside a version still splits (HEAD~5)", () => {
    expect(parseQuery("git rebase -i HEAD~5").fragments).toEqual(["git", "rebase", "HEAD"]);
  });

  const CHANGELOG = [
    ["git (1:2.39.1-0.1) unstable; urgency=medium", "Non-maintainer upload.", "Mon, 16 Jan 2023 10:00:00 +0100"],
    ["git (1:2.39.0-1) unstable; urgency=low", "New upstream release.", "Tue, 13 Dec 2022 10:00:00 +0100"],
    ["curl (7.88.1-10+deb12u7) bookworm; urgency=medium", "Security fixes.", "Mon, 02 Sep 2024 10:00:00 +0100"],
    ["curl (7.88.1-10) unstable; urgency=medium", "Fix a regression.", "Mon, 03 Apr 2023 10:00:00 +0100"],
    ["e2fsprogs (1.46.6~rc1-1.1) unstable; urgency=medium", "Non-maintainer upload.", "Sun, 08 Jan 2023 10:00:00 +0100"],
    ["e2fsprogs (1.46.6~rc1-1) unstable; urgency=medium", "New upstream release candidate.", "Thu, 05 Jan 2023 10:00:00 +0100"],
    ["debianutils (4.9.3) unstable; urgency=low", "Fix the which manual page.", "Sun, 01 Mar 2020 10:00:00 +0100"],
    ["debianutils (4.9) unstable; urgency=low", "Drop tempfile.", "Sat, 01 Feb 2020 10:00:00 +0100"],
    ["tzdata (2022g-4) unstable; urgency=medium", "Update the Mexican time zones.", "Thu, 15 Dec 2022 10:00:00 +0100"],
    ["tzdata (2022g-1) unstable; urgency=medium", "New upstream release 2022g, uploaded to fix 4 zones.", "Tue, 29 Nov 2022 10:00:00 +0100"],
  ]
    .map(([head, change, date]) => `${head}\n\n  * ${change}\n\n -- Jane Doe <jane@example.org>  ${date}\n`)
    .join("\n");

  test.each([
    ["git 1:2.39.1-0.1", "git (1:2.39.1-0.1)"], // with its epoch
    ["git 1:2.39.0-1", "git (1:2.39.0-1)"],
    ["debianutils 4.9", "debianutils (4.9)"], // two parts: not 4.9.3
    ["debianutils 4.9.3", "debianutils (4.9.3)"],
    ["curl 7.88.1-10", "curl (7.88.1-10)"], // not 7.88.1-10+deb12u7
    ["e2fsprogs 1.46.6~rc1-1.1", "e2fsprogs (1.46.6~rc1-1.1)"], // not 1.46.6~rc1-1
    ["who uploaded tzdata 2022g-4", "tzdata (2022g-4)"], // letters right after the digits; not 2022g-1, whose text says uploaded and 4
  ])("%s is the entry it heads", (q, header) => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    indexSource(local, { label: "changelog.Debian", text: CHANGELOG, kind: "text", maxChunk: 4096 });
    expect(search(local, q, { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!.title).toContain(header);
    local.close();
  });
});

describe("a section cut in parts", () => {
  const ENTRIES = Array.from(
    { length: 12 },
    (_, i) => `set-environment VAR${i}=VALUE\n    Set environment variable VAR${i} for the environment commands of the manager.\n`,
  ).join("\n");
  const PAGE = `# tool(1)\n\n## Environment Commands\n\nThe manager keeps an environment block that is passed to the processes it starts.\n\n${ENTRIES}`;

  test("a query naming its heading gets the part that opens it; without the rule, a later part denser in its words came first", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    indexSource(local, { label: "tool.1.txt", text: PAGE, kind: "markdown", maxChunk: 512 });
    const titles = local
      .prepare<{ title: string }>("SELECT title FROM chunks")
      .all()
      .map((r) => r.title);
    expect(titles).toContain("tool(1) > Environment Commands (2)");
    const top = (weights?: typeof WEIGHTS) => search(local, "tool environment commands", { limit: 3, snippetMax: 800, rrfK: 60, weights }).hits[0]!;
    expect(top().title).toBe("tool(1) > Environment Commands");
    expect(top({ ...WEIGHTS, continued: 0 }).title).not.toBe("tool(1) > Environment Commands");
    local.close();
  });
});

describe("a name typed whole that the file's name holds", () => {
  test("counts in every chunk of that file, not only where its text repeats it (node-fetch Class: Headers)", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const readme = [
      "# A light-weight module that brings the Fetch API to Node.js",
      "",
      "## Examples",
      "",
      "### Headers in a request",
      "",
      "```js",
      "import fetch from 'node-fetch';",
      "const res = await fetch(url, { headers: { Accept: 'text/plain' } });",
      "console.log(res.headers.get('content-type'));",
      "```",
      "",
      "## API",
      "",
      "### Class: Headers",
      "",
      "This class allows manipulating and iterating over a set of HTTP headers.",
      "",
    ].join("\n");
    indexSource(local, { label: "docs/node-fetch-README.md", text: readme, kind: "markdown", maxChunk: 4096 });
    const [chunk] = local.prepare<{ title: string; body: string }>("SELECT title, body FROM chunks WHERE title LIKE '%Class: Headers'").all();
    const q = parseQuery("node-fetch Class: Headers");
    const m = makeMatcher(planQuery(local, q).terms, q.fragments);
    const scored = (label: string) => scoreChunk(m, { title: chunk!.title, body: chunk!.body, fused: 0, label }).score;
    // The same chunk scores more under the file that the typed name names.
    expect(scored("docs/node-fetch-README.md")).toBeGreaterThan(scored("docs/other-README.md"));
    expect(search(local, "node-fetch Class: Headers", { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!.title).toBe(
      "A light-weight module that brings the Fetch API to Node.js > API > Class: Headers",
    );
    local.close();
  });
});

describe("a record the query names by name and version", () => {
  // As `npm view 'pkg@>=1' --json` writes them: every record lists every version, and the later
  // ones are too big for one chunk, so the JSON chunker cuts them in parts titled by their keys.
  const versions = ["1.0.0", "1.0.1", "2.0.0", "2.0.3", "3.0.0", "3.0.1"];
  const record = (v: string, big: boolean) => ({
    _id: `globber@${v}`,
    name: "globber",
    version: v,
    versions,
    time: Object.fromEntries(versions.map((x, i) => [x, `2024-0${i + 1}-01T00:00:00.000Z`])),
    description: big ? `Glob matching for node. ${"Matches paths against patterns quickly and safely. ".repeat(70)}` : "Glob matching for node.",
    engines: { node: big ? ">=12" : ">=8" },
    files: ["index.js", big ? "posix.js" : "lib"],
  });
  const text = JSON.stringify(
    versions.map((v) => record(v, v.startsWith("3"))),
    null,
    2,
  );

  test("its parts come first, not a record whose own title holds the same digits", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    indexSource(local, { label: "globber.versions.json", text, kind: "json", maxChunk: 4096 });
    const titles = local
      .prepare<{ title: string }>("SELECT title FROM chunks")
      .all()
      .map((r) => r.title);
    // The 3.x records are split: their parts' own headings are lists of keys.
    expect(titles.filter((t) => t.startsWith("globber@3.0.0 > ")).length).toBeGreaterThan(1);
    for (const [q, record] of [
      ["globber 3.0.0 engines node", "globber@3.0.0"],
      ["globber 3.0.1 files", "globber@3.0.1"],
      ["globber 2.0.3 engines", "globber@2.0.3"],
    ]) {
      const top = search(local, q!, { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!;
      expect(top.title === record || top.title.startsWith(`${record} > `)).toBe(true);
    }
    local.close();
  });
});

describe("tables of contents", () => {
  test.each([
    ["- [Motivation](#motivation)\n- [Features](#features)\n- [Installation](#installation)\n  - [ESM](#esm)\n- [API](#api)\n", true],
    ["Intro text.\n\n1. [One](#one)\n2. [Two](#two)\n3. [Three](#three)\n4. [Four](#four)\n5. [Five](#five)\n", true],
    ["- [Docs](https://example.com/docs)\n- [Site](https://example.com)\n- [A](#a)\n- [B](#b)\n- [C](#c)\n- [D](#d)\n- [E](#e)\n", true],
    ["- [A](#a) is the first option and it does this.\n- [B](#b)\n- [C](#c)\n- [D](#d)\n", false],
    [`See [the options](#options).\n\n${"The option sets a value.\n".repeat(12)}- [A](#a)\n- [B](#b)\n- [C](#c)\n- [D](#d)\n- [E](#e)\n`, false],
    // An Info manual's index names where each term is; its menus name child nodes and stay answers.
    [
      `* Menu:\n\n${["--debug", "--quiet", "-n", "address, range", "regexp, extended"].map((t) => `* ${t}:`.padEnd(40) + "Options.   (line 12)\n").join("")}`,
      true,
    ],
    [
      "* --binary:                              Command-Line Options.\n                                                              (line 114)\n".repeat(5),
      true,
    ],
    ["* Menu:\n\n* Overview::\n* Command-Line Options::\n* Exit status::\n* Addresses::\n* Regexps::\n", false],
  ])("%#: %p", (body, contents) => {
    expect(isContents(body)).toBe(contents);
  });
});

describe("a name typed in part with its joiner", () => {
  test("counts in a text that writes a name it begins (fail-fa: fail-fast), not in one with its words apart", () => {
    const q = parseQuery("fail-fa");
    const m = makeMatcher(
      [
        { word: "fail", forms: ["fail"], df: 40, weight: 0.5, kind: "known" },
        { word: "fa", forms: ["false", "fast", "fail"], df: 60, weight: 0.4, kind: "prefix" },
      ],
      q.fragments,
    );
    const chunks = [
      {
        title: "ci.yml lines 30-60: jobs.test",
        body: "strategy:\n  fail-fast: false\n  matrix:\n    python: [3.12]\n  steps:\n    - run: nox -s test",
        fused: 0.3,
      },
      // Its heading says both words, and BM25 ranked it higher.
      { title: "guide > Fail fast", body: "A match may fail when the fast path is false; fail early, fail often.", fused: 0.6 },
    ];
    m.namesInPart = namesTypedInPart(m, [{ title: "ci.yml > fail-fast", body: "" }, ...chunks]);
    expect(m.namesInPart).toEqual(["fail-fa"]);
    const [held, apart] = chunks.map((c) => scoreChunk(m, c).score);
    expect(held!).toBeGreaterThan(apart!);
  });
});

describe("an option a manual writes in its negatable form", () => {
  const terms: PlannedTerm[] = [
    { word: "git", forms: ["git"], df: 400, weight: 0.3, kind: "known" },
    { word: "push", forms: ["push"], df: 60, weight: 0.5, kind: "known" },
    { word: "atomic", forms: ["atomic"], df: 5, weight: 0.9, kind: "known" },
  ];
  const entry = (option: string) => ({
    title: "git-push(1) Manual Page > OPTIONS (2)",
    body: `${option}\n    Use an atomic transaction on the remote side if available.\n`,
    fused: 0,
  });

  test("`--[no-]atomic` holds `--atomic` and `--no-atomic`", () => {
    for (const query of ["git push --atomic", "git push --no-atomic"]) {
      const m = makeMatcher(terms, parseQuery(query).flags);
      expect(optionsTypedInPart(m, [entry("--[no-]atomic")])).toBe(false);
      expect(scoreChunk(m, entry("--[no-]atomic")).score).toBeGreaterThan(scoreChunk(m, entry("--[no-]thin")).score);
    }
  });

  test("a longer option after `--[no-]` is another option", () => {
    const m = makeMatcher(terms, parseQuery("git push --atomic").flags);
    expect(optionsTypedInPart(m, [entry("--[no-]atomically")])).toBe(true);
  });
});

describe("a name written with another joiner", () => {
  // Ruby's `Class#method` is the method a text writes `Class.method`; `Outer::Inner` the class a title writes `Outer.Inner`.
  test.each([
    [
      "OptionParser#getopts",
      "getopts",
      3,
      0.8,
      "Parses argv and returns a hash of options, as getopts(3) does.",
      "optparse.rb lines 1688-1728: OptionParser.getopts(*args)",
    ],
    [
      "OptionParser::List",
      "list",
      300,
      0.3,
      "Simple option list providing mapping from short and/or long option string to a switch.",
      "optparse.rb lines 756-761: class OptionParser.List",
    ],
  ] as const)("%s is held where a text writes it with a dot", (query, word, df, weight, body, dotted) => {
    const m = makeMatcher(
      [
        { word: "optionparser", forms: ["optionparser"], df: 40, weight: 0.4, kind: "known" },
        { word, forms: [word], df, weight, kind: "known" },
      ],
      parseQuery(query).fragments,
    );
    const apart = dotted.replace("OptionParser.", "OptionParser ");
    expect(scoreChunk(m, { title: dotted, body, fused: 0 }).score).toBeGreaterThan(scoreChunk(m, { title: apart, body, fused: 0 }).score);
  });
});

describe("a question's answer in a subsection", () => {
  test("is ranked down less as a mere subsection when its heading only repeats a word of the one above (parse: Decoders)", () => {
    const terms: PlannedTerm[] = [
      { word: "parse", forms: ["parse", "decode"], df: 20, weight: 0.5, kind: "known" },
      { word: "string", forms: ["string"], df: 200, weight: 0.3, kind: "known" },
      { word: "trailing", forms: ["trailing"], df: 10, weight: 0.6, kind: "known" },
      { word: "data", forms: ["data"], df: 300, weight: 0.25, kind: "known" },
    ];
    const scores = (weights: typeof QUESTION_WEIGHTS) => {
      const m = makeMatcher(terms, [], weights);
      const answer = scoreChunk(m, {
        title: "JSON encoder and decoder > Encoders and Decoders",
        body: "raw_decode(s) decodes a JSON document from a string that may have trailing data after it.",
        fused: 0.55,
      }).score;
      const sibling = scoreChunk(m, {
        title: "JSON encoder and decoder > Basic Usage",
        body: "Use loads to read a string of JSON data that may have trailing commas.",
        fused: 0.6,
      }).score;
      return { answer, sibling };
    };
    const asked = scores(QUESTION_WEIGHTS);
    expect(asked.answer).toBeGreaterThan(asked.sibling);
    // With the keywords' weight for a subsection it was second.
    const before = scores({ ...QUESTION_WEIGHTS, deeper: WEIGHTS.deeper });
    expect(before.answer).toBeLessThan(before.sibling);
  });
});

describe("a name typed in part", () => {
  test("names the heading of its nearest completion first (`definePropert`: defineProperty, then defineProperties)", () => {
    const q = parseQuery("definePropert");
    const m = makeMatcher([{ word: "definepropert", forms: ["defineproperty", "defineproperties"], df: 2, weight: 1, kind: "prefix" }], q.fragments);
    const body = "Adds properties to an object: defineProperty one, defineProperties many.";
    const chunks = [
      { title: "lib.d.ts lines 1-9: Object.defineProperties<T>(o: T, properties: PropertyDescriptorMap): T;", body },
      { title: "lib.d.ts lines 10-19: Object.defineProperty<T>(o: T, p: PropertyKey): T;", body },
    ];
    m.namesInPart = namesTypedInPart(m, chunks);
    expect(m.namesInPart).toEqual(["definepropert"]);
    const [many, one] = chunks.map((c) => scoreChunk(m, { ...c, fused: 0 }).score);
    expect(one!).toBeGreaterThan(many!);
  });
});

describe("a table of contents under a named heading", () => {
  const toc = `Hooks let you listen to events.\n\n${["onRequest", "preParsing", "preHandler", "onSend", "onResponse", "onError"].map((h) => `- [${h}](#${h.toLowerCase()})`).join("\n")}\n`;
  const m = makeMatcher(
    [
      { word: "hooks", forms: ["hook"], df: 5, weight: 1, kind: "known" },
      { word: "overview", forms: ["overview"], df: 5, weight: 1, kind: "known" },
    ],
    [],
  );
  const score = (title: string, body: string) => scoreChunk(m, { title, body, fused: 0 }).score;

  test("is the section the query names: its contents are its overview, not ranked down", () => {
    const prose = toc.replace(/- \[(\w+)\]\(#\w+\)/g, "- $1 runs at its step.");
    expect(isContents(toc)).toBe(true);
    expect(score("Fastify > Hooks", toc)).toBeCloseTo(score("Fastify > Hooks", prose), 1);
  });

  test("is ranked down under a heading the query does not name", () => {
    const prose = toc.replace(/- \[(\w+)\]\(#\w+\)/g, "- $1 runs at its step.");
    expect(score("Fastify > Lifecycle", toc)).toBeLessThan(score("Fastify > Lifecycle", prose) - WEIGHTS.contents / 2);
  });
});

describe("common words in headings", () => {
  test("a word in most chunks still picks the section whose heading it is", () => {
    const local = openStore(join(tempDir("ctxmode-common-title-"), "c.db"), { busyTimeoutMs: 1000 });
    // Over 4,000 chunks, "description" in more than an eighth of them: it does not gate the search.
    const sections = Array.from({ length: 60 }, (_, i) => `## O${i}\n\nThe description of tar option ${i}: it sets the tar format of tar.\n`).join("\n");
    const filler = Array.from({ length: 4000 }, (_, i) => `## Entry ${i}\n\nWord${i} stands alone here.\n`).join("\n");
    indexSource(local, { label: "filler.md", text: `# Filler\n\n${filler}`, kind: "markdown", maxChunk: 4096 });
    indexSource(local, {
      label: "tar.md",
      text: `# tar\n\n${sections}\n## Description\n\nGNU tar is an archiving program. ${"It stores many files in a single archive and can read them back. ".repeat(20)}\n`,
      kind: "markdown",
      maxChunk: 4096,
    });
    for (let i = 0; i < 600; i++) {
      indexSource(local, { label: `other-${i}.md`, text: `# Tool ${i}\n\nA description of tool ${i} and what it does.\n`, kind: "markdown", maxChunk: 4096 });
    }
    const hits = search(local, "tar description", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
    expect(hits[0]!.title).toBe("tar > Description");
    local.close();
  });
});

describe("words as rendered pages write them", () => {
  test.each([
    ["If _max_workers_ is None", "max_workers", ["max_workers"]],
    ["_timeout_ was added", "timeout", ["timeout"]],
    ["calls __init__ first", "init", []],
    ["the _private_name field", "name", []],
    ["ThreadPoolExecutor(max_workers=2)", "max_workers", ["max_workers"]],
  ])("%s: %s", (text, stem, found) => {
    expect(findTerms(text, [lightStem(stem)]).map((h) => text.slice(h.at, h.at + h.length))).toEqual(found);
  });
});

describe("words run together in a heading", () => {
  test.each([
    ["`defaultdict` objects", ["default", "dict"], 2],
    ["readline", ["read", "line"], 2],
    ["thread", ["read", "line"], 0], // "th" is no query word
    ["timeout", ["time"], 0], // one part alone is no compound
  ])("%s with %p", (heading, stems, n) => {
    expect(findCompounds(heading, stems).length).toBe(n);
  });
});

describe("a file the query names", () => {
  test("its chunk scores above the same text in another file by the named words' share of the query, beyond what the headings above it give", () => {
    const term = (word: string, weight: number): PlannedTerm => ({ word, forms: [word], df: 3, weight, kind: "known" });
    const terms = [term("express", 0.6), term("redirect", 0.5), term("301", 0.8)];
    const share = 0.6 / (0.6 + 0.5 + 0.8);
    const chunk = { title: "Response > res.redirect(status, url)", body: "Redirects to the URL with the given status code, 301 or 302.", fused: 0.5 };
    const gap = (weights: typeof WEIGHTS, fragments: string[] = []) => {
      const m = makeMatcher(terms, fragments, weights);
      return scoreChunk(m, { ...chunk, label: "lib/express-response.js" }).score - scoreChunk(m, { ...chunk, label: "lib/response.js" }).score;
    };
    for (const weights of [WEIGHTS, QUESTION_WEIGHTS]) {
      expect(weights.file).toBeGreaterThan(0);
      expect(gap(weights) - gap({ ...weights, file: 0 })).toBeCloseTo(weights.file * share, 5);
      // A word the query types as an option (`--express`) names an option, not the file.
      expect(gap(weights, ["--express"]) - gap({ ...weights, file: 0 }, ["--express"])).toBeCloseTo(0, 5);
    }
  });
});

describe("a name a chunk's title lists beside the definition it opens with", () => {
  test("is no reason to show the chunk's head: the snippet goes to where the name is written", () => {
    const db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const described = (entry: string, n: number) => [
      `# ${entry}`,
      "#",
      ...Array.from({ length: n }, (_, k) => `#     What ${entry.split("[")[0]} does, line ${k}.`),
      "#",
      "#",
    ];
    const conf = [...described("skelfile[SVC] = PATH", 40), ...described("chgrpskel[SVC] = BOOLEAN", 3)].join("\n");
    indexSource(db, { label: "adduser.local.conf", text: conf, kind: "code", maxChunk: 4096 });
    const hit = search(db, "chgrpskel[SVC]", { limit: 3, snippetMax: 600, rrfK: 60 }).hits[0]!;
    expect(hit.title).toContain("skelfile[SVC] = PATH (+ chgrpskel)");
    expect(hit.snippet).toContain("# chgrpskel[SVC] = BOOLEAN");
    db.close();
  });
});

describe("words that say what kind of text the whole of it is", () => {
  test("`sdk` beside a section's own heading does not draw the query to a section that writes it", () => {
    const db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    addNotes(db, 30, (i) => `unrelated words about topic ${i}`);
    const readme =
      "# Acme TypeScript Library\n\n## Request IDs\n\nAll object responses in the SDK provide a `_request_id` property, so that you can " +
      "quickly log failing requests and report them back to Acme.\n\n```ts\nconst done = await acme.jobs.create({ name: 'test' });\n" +
      "console.log(done._request_id);\n```\n\n## Logging\n\n> All log messages are intended for debugging only. The format may change.\n\n" +
      "### Log levels\n\nThe log level can be set with the `ACME_LOG` environment variable or the `logLevel` option.\n";
    indexSource(db, { label: "acme-README.md", text: readme, kind: "markdown", maxChunk: 4096 });
    const hits = search(db, "acme sdk logging", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
    expect(hits[0]!.title).toBe("Acme TypeScript Library > Logging");
    db.close();
  });
});

describe("a query word a heading writes in two", () => {
  test.each([
    ["Back-references and Subexpressions", ["backreference", "subexpression"], 1],
    ["Magic Mock", ["magicmock"], 1],
    ["codegen-units", ["codegen"], 0], // the first word alone is the query's: no compound
    ["Time stamps", ["timestamp"], 1],
    ["the time of a stamp", ["timestamp"], 0],
  ])("%s with %p", (heading, stems, n) => {
    expect(findSplits(heading, stems).length).toBe(n);
  });

  test("names the heading: the section comes before an index that lists the word whole", () => {
    const db = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    addNotes(db, 20, (i) => `unrelated words about topic ${i}`);
    const manual =
      "# sed\n\n## Back-references and Subexpressions\n\nA part of the regular expression designated with parentheses can be referred to later.\n\n" +
      "## Concept Index\n\n" +
      ["backreference, in replacement", "subexpression, grouping", "backreference, in regex", "subexpression, nested", "regex, syntax"]
        .map((e) => `* ${e}: Regular Expressions.`)
        .join("\n") +
      "\n";
    indexSource(db, { label: "sed.md", text: manual, kind: "markdown", maxChunk: 4096 });
    expect(search(db, "sed backreference subexpression", { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!.title).toBe(
      "sed > Back-references and Subexpressions",
    );
    db.close();
  });
});

describe("names with and without their qualifier", () => {
  let names: Database;
  const UTIL = `# Util

## Class: \`util.TextDecoder\`

An implementation of the WHATWG Encoding Standard TextDecoder API.

### \`new TextDecoder([encoding[, options]])\`

Creates a new TextDecoder instance for the encoding given.

### \`textDecoder.decode([input])\`

Decodes the input and returns a string; the TextDecoder keeps no state.

# Timers

## \`setInterval(callback[, delay])\`

Schedules repeated execution of callback every delay milliseconds.

## Timers Promises API

### \`timersPromises.setInterval([delay])\`

Returns an async iterator that generates values in an interval of delay ms, like setInterval.
`;
  beforeAll(() => {
    names = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    indexSource(names, { label: "api.md", text: UTIL, kind: "markdown", maxChunk: 4096 });
  });
  const top = (q: string) => search(names, q, { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!.title;

  test("a class named without its module finds the class, not its members", () => {
    expect(top("textdecoder")).toBe("Util > Class: `util.TextDecoder`");
    expect(top("TextDecdoer")).toBe("Util > Class: `util.TextDecoder`");
  });

  test("a name that is a heading as written beats the same name under a qualifier", () => {
    expect(top("setInterval")).toBe("Timers > `setInterval(callback[, delay])`");
  });
});

describe("a parent named with the headings above it", () => {
  let notes: Database;
  const WORKERS = `# Worker threads

The \`node:worker_threads\` module runs JavaScript in parallel.

## Notes

### Synchronous blocking of stdio

Calls to \`console.log()\` from a worker_threads worker are not blocking the way they are on the main thread.

### Launching worker threads from preload scripts

Take care when launching worker threads from preload scripts (the \`-r\` flag).

## Class: \`Worker\`

The \`Worker\` class represents an independent JavaScript execution thread.
`;
  beforeAll(() => {
    notes = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    indexSource(notes, { label: "worker_threads.md", text: WORKERS, kind: "markdown", maxChunk: 4096 });
  });

  test("a snake_case name matches the words a heading spells it with, and the section the query names wins over its children", () => {
    const hits = search(notes, "worker_threads notes", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
    expect(hits[0]!.title).toBe("Worker threads > Notes");
  });
});

describe("best-passage snippets", () => {
  const body = `${"filler words about nothing in particular. ".repeat(40)}The fix landed in version 2.30-3 for the parser. ${"more filler that says little. ".repeat(40)}`;
  const stems = ["fix", "parser"];

  test("the window holds the passage with the query's words, with room around them", () => {
    const snippet = makeSnippet(body, findTerms(body, stems), 300, [1, 1]);
    expect(Buffer.byteLength(snippet)).toBeLessThanOrEqual(300);
    expect(snippet).toContain("The fix landed in version 2.30-3 for the parser.");
  });

  test("a rare word wins over a common one spread everywhere", () => {
    const text = `${"cache cache cache ".repeat(60)}\nthe timeout happened once\n${"cache cache ".repeat(60)}`;
    const snippet = makeSnippet(text, findTerms(text, ["cache", "timeout"]), 200, [0.1, 1]);
    expect(snippet).toContain("timeout happened");
  });

  test("the passage goes on past its last hit: a key's value is shown, not cut after the key", () => {
    // `addon` and `engines` a window's width apart: the stretch holding both ends at `"engines":`.
    const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join("\n");
    const record = [
      "{",
      lines(40, (i) => `  "field${i}": "value number ${i}",`),
      '  "name": "node-addon-api",',
      lines(13, (i) => `  "script${i}": "node tools/run-${i}.js",`),
      '  "engines": {\n    "node": "^18 || ^20 || >= 21"\n  },',
      lines(30, (i) => `  "other${i}": "value number ${i}",`),
      "}",
    ].join("\n");
    const snippet = makeSnippet(record, findTerms(record, ["node", "addon", "engin"]), 700, [0.2, 0.5, 1]);
    expect(Buffer.byteLength(snippet)).toBeLessThanOrEqual(700);
    expect(snippet).toContain('"node": "^18 || ^20 || >= 21"');
  });

  test("a passage that would stop mid-sentence finishes it, room allowing", () => {
    const text = `# run\n\nThe run function takes capture_output and timeout. ${"Words go here. ".repeat(10)}When used, the internal Popen object is automatically created with stdout=PIPE and stderr=PIPE. ${"More words here. ".repeat(60)}`;
    const snippet = makeSnippet(text, findTerms(text, ["captur", "output"]), 400, [1, 1]);
    expect(Buffer.byteLength(snippet)).toBeLessThanOrEqual(400);
    expect(snippet).toContain("with stdout=PIPE and stderr=PIPE.…");
  });

  test("of passages holding the same terms, the one where they recur wins over the first", () => {
    const text = `${"filler ".repeat(40)}recover is a function; panic is mentioned once.\n${"filler ".repeat(80)}a panic starts panicking: recover stops the panic, and recover returns its value.\n${"filler ".repeat(40)}`;
    const snippet = makeSnippet(text, findTerms(text, ["recov", "panic"]), 200, [1, 1]);
    expect(snippet).toContain("recover stops the panic");
    expect(snippet).not.toContain("mentioned once");
  });

  test("a title showing most of the query's weight leads with the section's opening, then the passage with the rest", () => {
    const text = `##### \`decompress\`\n\nThe decompress interceptor automatically decompresses response bodies.\n\n${"- an option of the interceptor that decompress takes.\n".repeat(12)}\n// decompress interceptor for gzip and brotli bodies\n${"filler line.\n".repeat(30)}`;
    const hits = findTerms(text, ["decompress", "interceptor", "brotli"]);
    // decompress and interceptor are in the title (terms 0 and 1), brotli is not.
    const snippet = makeSnippet(text, hits, 600, [1, 0.6, 0.5], new Set([0, 1]));
    expect(Buffer.byteLength(snippet)).toBeLessThanOrEqual(600);
    expect(snippet).toContain("automatically decompresses response bodies");
    expect(snippet).toContain("gzip and brotli");
    // Under the share, the opening sentence alone, then the passage; unless the query names the heading whole.
    const passage = makeSnippet(text, hits, 600, [0.3, 0.3, 1], new Set([0, 1]));
    expect(passage.startsWith("##### `decompress`\n\nThe decompress interceptor automatically decompresses response bodies.…\n…")).toBe(true);
    expect(passage).toContain("gzip and brotli");
    const named = makeSnippet(text, hits, 600, [0.3, 0.3, 1], new Set([0, 1]), true);
    expect(named).toContain("automatically decompresses response bodies.\n\n- an option of the interceptor");
    expect(named).toContain("gzip and brotli");
  });

  test("a later passage goes where the query's words come again when the first shows them all", () => {
    // The signature names the parameter; the paragraph far below gives its default.
    const text = `Low-level interface.\n\nint BZ2_bzCompressInit(bz_stream *strm, int workFactor);\n\n${"filler words about nothing. ".repeat(40)}\nParameter workFactor controls how the compression phase behaves; the default value of 30 gives reasonable behaviour.\n${"more filler. ".repeat(40)}`;
    const hits = findTerms(text, ["bz2_bzcompressinit", "workfactor"]);
    const snippet = makeSnippet(text, hits, 600, [1, 1]);
    expect(Buffer.byteLength(snippet)).toBeLessThanOrEqual(600);
    expect(snippet).toContain("int BZ2_bzCompressInit(bz_stream *strm, int workFactor);");
    expect(snippet).toContain("the default value of 30");
  });

  test("a title showing most of the query, and nothing else to look for: the section's opening fills the room", () => {
    const text = `jobs.mypyc_test:\n${"  - step that builds the wheel\n".repeat(30)}  env:\n    CHARSET_NORMALIZER_USE_MYPYC: '1'\n${"  - later step\n".repeat(30)}`;
    const hits = findTerms(text, ["mypyc", "wheels"]);
    // The title shows the weightier term; the other is nowhere in the text.
    const snippet = makeSnippet(text, hits, 1200, [1, 0.3], new Set([0]));
    expect(Buffer.byteLength(snippet)).toBeGreaterThan(1000);
    expect(snippet).toContain("CHARSET_NORMALIZER_USE_MYPYC: '1'");
  });

  test("a record's header line leads when the passage is further down", () => {
    const record = `curl (7.88.1-10) bookworm; urgency=medium\n${"  * unrelated change to the build\n".repeat(40)}  * Fix CVE-2023-38545 in SOCKS5\n${"  * more unrelated\n".repeat(20)}`;
    const snippet = makeSnippet(record, findTerms(record, ["cve", "2023", "38545"]), 400, [1, 1, 1]);
    expect(snippet.startsWith("curl (7.88.1-10) bookworm; urgency=medium\n…")).toBe(true);
    expect(snippet).toContain("Fix CVE-2023-38545");
  });

  test("a term the header line already shows does not pull the passage toward it", () => {
    const text = `### child_process.fork(modulePath)\n${"filler ".repeat(60)}fork runs a new process\n${"filler ".repeat(60)}execArgv lists the flags\n${"filler ".repeat(60)}`;
    const snippet = makeSnippet(text, findTerms(text, ["fork", "execargv"]), 200, [1, 1]);
    expect(snippet.startsWith("### child_process.fork(modulePath)\n…")).toBe(true);
    expect(snippet).toContain("execArgv lists the flags");
  });

  test("terms the hit's title shows do not pull the passage toward them", () => {
    const record = `[\n  {\n    "_id": "is-number@4.0.0",\n${'    "x": "filler value",\n'.repeat(40)}    "notes": "contributors: tunnckoCore, Jon"\n  }\n]`;
    const hits = findTerms(record, ["number", "contributor"]);
    expect(makeSnippet(record, hits, 300, [1, 1])).not.toContain("tunnckoCore");
    expect(makeSnippet(record, hits, 300, [1, 1], new Set([0]))).toContain("tunnckoCore");
  });

  test("in a JSON record, a key the query names pulls the passage to its value, not to a passing mention", () => {
    const record = `{\n  "name": "dayjs",\n  "keywords": ["date", "moment"],\n  "scripts": { "test": "jest" },\n${'  "x": "filler value",\n'.repeat(30)}  "devDependencies": {\n    "jest": "^24.0.0",\n    "moment": "2.27.0"\n  },\n${'  "y": "filler value",\n'.repeat(30)}}`;
    const hits = findTerms(record, ["moment", "test", "devdependency"]);
    const snippet = makeSnippet(record, hits, 300, [1, 1, 0.8]);
    expect(snippet).toContain('"moment": "2.27.0"');
    // Not JSON (no brace first): a quoted word before a colon is no key.
    const prose = `see "moment" and test: keywords first.\n${"filler ".repeat(60)}\n"devDependencies": { "moment": "2.27.0" }`;
    expect(makeSnippet(prose, findTerms(prose, ["moment", "test", "devdependency"]), 120, [1, 1, 0.8])).not.toContain("2.27.0");
  });

  test("when the title shows every word of the query, the snippet is the section's opening", () => {
    const text = `Overrides let a package use its own settings; the valid keys are opt-level and debug.\n${"filler ".repeat(60)}profile overrides for packages are read last.\n${"filler ".repeat(60)}`;
    const hits = findTerms(text, ["profil", "overrid", "read"]);
    const named = makeSnippet(text, hits, 400, [1, 1, 1], new Set([0, 1, 2]));
    expect(named.startsWith("Overrides let a package use its own settings; the valid keys")).toBe(true);
    expect(named).not.toContain("read last");
    // With a word the title lacks, the passage goes where the words are.
    expect(makeSnippet(text, hits, 400, [1, 1, 1], new Set([0, 1]))).toContain("profile overrides for packages are read last");
  });

  test("the source's file name counts as the title's: a hit whose file and heading show the whole query shows the section's opening", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const text = `# Arguments\n\n## emit\n\nThe valid emit kinds are asm, link and obj.\n\n${"filler words here. ".repeat(40)}\n\nrustc writes each emit kind beside the others; rustc emit again.\n`;
    indexSource(local, { label: "docs/rustc-arguments.md", text, kind: "markdown", maxChunk: 4096 });
    const hit = search(local, "rustc emit", { limit: 3, snippetMax: 300, rrfK: 60 }).hits[0]!;
    expect(hit.title).toBe("Arguments > emit");
    expect(hit.snippet).toContain("The valid emit kinds are");
    local.close();
  });

  test("what follows the words gets more of the window than what precedes them", () => {
    const text = `${"lead-in words. ".repeat(30)}The key is maxsize and its value is 128 entries by default, unless set. ${"tail words. ".repeat(30)}`;
    const snippet = makeSnippet(text, findTerms(text, ["maxsize"]), 200, [1]);
    expect(snippet).toContain("value is 128 entries by default");
  });

  test("a passage starts at the start of its line when that is near", () => {
    const entry = `git (1:2.35.2-1) unstable; urgency=medium\n\n${"  * an unrelated change to the packaging of the docs\n".repeat(12)}    * Addresses the security issue CVE-2022-24765: Git users might have found themselves in a Git worktree another user created in /tmp/.git\n${"  * more unrelated changes\n".repeat(20)}`;
    const snippet = makeSnippet(entry, findTerms(entry, ["worktree", "tmp", "user"]), 300, [1, 1, 1]);
    expect(snippet).toContain("CVE-2022-24765");
    expect(snippet).toContain("/tmp/.git");
  });

  test("of passages with the same words, repeats of a word the title shows do not pull: the paragraph that explains the option wins over an example full of the package's name", () => {
    const text = `## Values from Environment Variables\n\n${"Filler text about the shell and the way a tool is run.\n".repeat(8)}Click supports this: the auto_envvar_prefix parameter is passed to the script; each command and parameter is then added as an uppercase variable.\n\n${"More filler about servers and commands in general.\n".repeat(12)}@click.group()\n@click.option('--debug')\n@click.command()\n@click.option('--username')\ncli(auto_envvar_prefix='GREETER')\n\n${"Trailing filler about deployment.\n".repeat(12)}`;
    // click is term 0 and the title (the file's name) shows it.
    const snippet = makeSnippet(text, findTerms(text, ["click", "auto_envvar_prefix"]), 400, [1, 1], new Set([0]));
    expect(snippet).toContain("each command and parameter is then added as an uppercase variable");
  });

  test("a passage that starts at its line's start keeps that line's first word", () => {
    const text = `#### concurrency\n\n${"Type and default of the option, in a line of its own.\n".repeat(12)}Specifies the maximum number of concurrent requests from a reader to read directories.\n\n${"More text about the thread pool and the file system.\n".repeat(14)}`;
    const snippet = makeSnippet(text, findTerms(text, ["concurr", "request"]), 400, [1, 1]);
    expect(snippet).toContain("Specifies the maximum number of concurrent requests");
    // The passage opens where a line does, with the line's first word (after the opening sentence).
    expect(snippet).toContain("its own.…\n…Type and default of the option, in a line of its own.\n");
  });

  test("a section's short opening sentence leads when the passage is further down", () => {
    const page = `#### -s splitsize, --split-size splitsize\n\n\t      Enable creating a split archive and set the split size.  A split\n\t      archive is an archive that could be split over many files.\n${"\t      filler about how the archive is written out.\n".repeat(12)}\t      Split archives are stored in numbered files: archive.z01, archive.z02.\n${"\t      more filler.\n".repeat(20)}`;
    const snippet = makeSnippet(page, findTerms(page, ["split", "file", "number"]), 400, [0.5, 0.3, 1]);
    expect(Buffer.byteLength(snippet)).toBeLessThanOrEqual(400);
    expect(snippet.startsWith("#### -s splitsize, --split-size splitsize\n\n\t      Enable creating a split archive and set the split size.…\n…")).toBe(true);
    expect(snippet).toContain("Split archives are stored in numbered files");
    // A passage that starts near the opening joins it rather than leaving a gap marked.
    const near = `## Choice Options\n\nSometimes you want a parameter to be a choice of values. In that case use the Choice type with case_sensitive=False.\n\n${"filler line of the example.\n".repeat(40)}`;
    const joined = makeSnippet(near, findTerms(near, ["choic", "case_sensitive"]), 200, [0.3, 1], new Set([0]));
    expect(joined).toContain("choice of values. In that case use the Choice type with case_sensitive=False.");
    // An anchor under the heading renders as nothing: the sentence after it is the opening.
    const anchored = `#### setNotFoundHandler\n<a id="set-not-found-handler"></a>\n\n\`fastify.setNotFoundHandler(handler)\`: set the 404 handler. It runs for unknown URLs.\n\n${"filler words. ".repeat(60)}preHandler hooks too.\n${"filler words. ".repeat(40)}`;
    expect(makeSnippet(anchored, findTerms(anchored, ["prehandl"]), 400, [1])).toContain("`fastify.setNotFoundHandler(handler)`: set the 404 handler.…");
    // None for a sentence too long, an abbreviation's stop, a JSON record, a code fence or a list.
    const long = `## Title\n\n${"A very long opening sentence that goes on ".repeat(8)}and ends.\n${"filler words. ".repeat(60)}needle here.\n${"filler words. ".repeat(40)}`;
    expect(makeSnippet(long, findTerms(long, ["needl"]), 300, [1])).not.toContain("A very long opening");
    const abbrev = `## Title\n\nUse a sink, e.g. a file.\n${"filler words. ".repeat(60)}needle here.\n${"filler words. ".repeat(40)}`;
    expect(makeSnippet(abbrev, findTerms(abbrev, ["needl"]), 300, [1])).toContain("Use a sink, e.g. a file.…");
    for (const [head, first] of [
      ['{\n  "name": "pkg.",\n', '"pkg."'],
      ["```sh\nrun it.\n```\n", "run it."],
      ["## Title\n\n- first item.\n", "first item."],
      ["## Title\n\n```\nrun it.\n```\n", "run it."],
    ]) {
      const text = `${head}${"filler words. ".repeat(60)}needle here.\n${"filler words. ".repeat(40)}`;
      expect(makeSnippet(text, findTerms(text, ["needl"]), 300, [1])).not.toContain(first!);
    }
  });

  test("a title that names something far down the text (a code chunk titled by its biggest definition) shows that part, its comment included", () => {
    const small = (name: string) => `/* ${name} does a small thing.  */\nextern void ${name} (int __x);\n`;
    const text = `${["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"].map(small).join("\n")}\n/* Similar to error(), but respects the flags.  The\n   difference is that the latter is for *parsing errors*.  */\nextern void argp_failure (const struct argp_state *__state,\n\t\t\t  int __status, int __errnum);\n`;
    const hits = findTerms(text, ["argp_failur"]);
    for (const named of [false, true]) {
      const snippet = makeSnippet(text, hits, 300, [1], new Set([0]), named);
      expect(snippet).toContain("*parsing errors*");
      expect(snippet).toContain("extern void argp_failure (");
      expect(Buffer.byteLength(snippet)).toBeLessThanOrEqual(300);
    }
  });

  test("a budget too small for a window beside the header still gives the head of the text", () => {
    const text = `### A heading line of some length, as sections have them in generated docs
${"filler ".repeat(80)}needle here
${"filler ".repeat(40)}`;
    const snippet = makeSnippet(text, findTerms(text, ["needle"]), 120, [1]);
    expect(Buffer.byteLength(snippet)).toBeLessThanOrEqual(120);
    expect(snippet.startsWith("### A heading")).toBe(true);
  });

  test("a padded markdown table is shown unpadded, so more of its rows fit", () => {
    const pad = (cells: string[]) => `| ${cells.map((c) => c.padEnd(40)).join(" | ")} |`;
    const rows = ["Default", "Extension", "Workspace", "User", "Admin"].map((t, i) => pad([t, String(i + 1), `${t} policies`]));
    const table = [pad(["Tier", "Base", "Description"]), `| ${["-", "-", "-"].map(() => ":".padEnd(40, "-")).join(" | ")} |`, ...rows].join("\n");
    const text = `### Tiers\n\nIntro.\n\n${table}\n\nThe admin tier wins.`;
    const snippet = makeSnippet(text, findTerms(text, ["admin"]), 400, [1]);
    expect(snippet).toContain("| Admin | 5 | Admin policies |");
    expect(snippet).toContain("| :--- | :--- | :--- |");
    expect(snippet).not.toContain("  ");
    // Hits found on the padded text still mark the right words once it is unpadded.
    const { text: compact, hits } = compactTables(text, findTerms(text, ["admin"]));
    expect(hits.map((h) => compact.slice(h.at, h.at + h.length).toLowerCase())).toEqual(["admin", "admin", "admin"]);
  });

  test("HTML comments (the YAML history above each Node API entry) are left out, so the entry's own text fits", () => {
    const yaml = `<!-- YAML\nadded: v0.11.1\nchanges:\n${"  - version: v14.5.0\n    description: The `maxOutputLength` option is supported now.\n".repeat(6)}-->`;
    const list = Array.from({ length: 8 }, (_, i) => `* \`opt${i}\` {integer} **Default:** ${i}`).join("\n");
    const text = `## Class: \`Options\`\n\n${yaml}\n\n<!--type=misc-->\n\nEach class takes an \`options\` object.\n\n${list}\n* \`maxOutputLength\` {integer} Limits output size when using convenience methods.\n`;
    const snippet = makeSnippet(text, findTerms(text, ["maxoutputlength"]), 400, [1]);
    expect(snippet).toContain("Limits output size");
    expect(snippet).not.toContain("<!--");
    expect(snippet).not.toContain("\n\n\n");
    expect(Buffer.byteLength(snippet)).toBeLessThanOrEqual(400);
    // Hits inside a comment are dropped; the others still mark their words.
    const { text: bare, hits } = dropComments(text, findTerms(text, ["maxoutputlength"]));
    expect(hits.map((h) => bare.slice(h.at, h.at + h.length))).toEqual(["maxOutputLength"]);
    // A comment in a code example is the example's.
    const example = "Markup:\n\n```html\n<!-- keep me -->\n<div></div>\n```\n<!-- drop me -->\nEnd.";
    expect(dropComments(example, []).text).toBe("Markup:\n\n```html\n<!-- keep me -->\n<div></div>\n```\nEnd.");
  });

  test("in code (an XML file) a comment is content and stays in the snippet", () => {
    const text = [
      "  <!-- proxies",
      "   | This is a list of proxies which can be used on this machine to connect to the network.",
      "   |",
      ...Array.from({ length: 12 }, (_, i) => `   | More about proxies, note ${i}.`),
      "  <proxy>",
      "    <host>proxy.host.net</host>",
      "    <port>80</port>",
      "  </proxy>",
      "  -->",
      "  <proxies>",
      "  </proxies>",
    ].join("\n");
    const hits = findTerms(text, ["host", "port"]);
    expect(makeSnippet(text, hits, 400, [1, 1], new Set(), false, true)).toContain("proxy.host.net");
    expect(makeSnippet(text, hits, 400, [1, 1])).not.toContain("proxy.host.net");
  });

  test("multibyte text is cut on code points within the byte budget", () => {
    const text = `${"数据库连接".repeat(200)}超时错误${"数据".repeat(200)}`;
    const snippet = makeSnippet(text, findTerms(text, ["超时"]), 200, [1]);
    expect(Buffer.byteLength(snippet)).toBeLessThanOrEqual(200);
    expect(snippet).toContain("超时");
    expect(snippet).not.toContain("\ufffd");
  });
});

describe("questions and keywords", () => {
  test("a query with two stopwords or more is ranked as a sentence", () => {
    for (const q of ["how do I stop the logger from adding pid", "what status does express send when the body is too big", "where is the message kept"])
      expect(isQuestion(q)).toBe(true);
    for (const q of ["readable stream destroy", "the logger pid", "fs.readFile encoding", "git rebase -i HEAD~5", "is-number"])
      expect(isQuestion(q)).toBe(false);
  });
});

describe("a question's words in a section's opening", () => {
  const known = (word: string) => ({ word, forms: [word], df: 3, weight: 1, kind: "known" as const });
  const terms = ["remove", "source", "file", "compressed"].map(known);
  const filler = "This paragraph is about other settings of the tool and what they print. ".repeat(6);
  const said = "Remove each source file once it has been compressed.";
  // The same words and length: the one difference is where the text says it.
  const opening = `### -k\n\n${said}\n\n${filler}`;
  const below = `### -k\n\n${filler}\n\n${said}`;
  const score = (weights: typeof WEIGHTS, body: string) =>
    scoreChunk(makeMatcher(terms, [], weights), { title: "packer(1) > OPTIONS > -k", body, fused: 0 }).score;

  test("count for a question: a section that opens with them ranks above one that says them far down", () => {
    expect(score(QUESTION_WEIGHTS, opening)).toBeGreaterThan(score(QUESTION_WEIGHTS, below) + 0.3);
  });

  test("not for keywords, which name a section more often than they paraphrase it", () => {
    expect(score(WEIGHTS, opening)).toBeCloseTo(score(WEIGHTS, below), 6);
  });
});

describe("a heading the query names whole, with words no heading above it gives", () => {
  test("counts by how much of the query the title holds: Logging, not a section whose text says sdk and console.log", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const readme = [
      "# OpenAI TypeScript and JavaScript API Library",
      "",
      "## Request IDs",
      "",
      "All object responses in the SDK provide a `_request_id` property, so that you can quickly log failing requests.",
      "",
      "```ts",
      "console.log(completion._request_id);",
      "```",
      "",
      "## Advanced Usage",
      "",
      "### Logging",
      "",
      "Messages are meant for debugging only; the client option sets how many are written.",
      "",
      "### Retries",
      "",
      "Certain errors are retried twice by default, with a short exponential backoff.",
      "",
    ].join("\n");
    indexSource(local, { label: "npm/openai-README.md", text: readme, kind: "markdown", maxChunk: 4096 });
    // "log" is in every note, "sdk" in half of them: "sdk" tells more, and no heading gives it.
    addNotes(local, 24, (i) => `${i % 2 ? "We" : "The SDK"} logs each step of job ${i} to the console.`);
    const [hit] = search(local, "openai sdk logging", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
    expect(hit?.title).toBe("OpenAI TypeScript and JavaScript API Library > Advanced Usage > Logging");
    local.close();
  });
});

describe("a heading of kind words alone", () => {
  test('is named by them: "rpc mode events" is the Events section, not the page it is on', () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const commands = Array.from({ length: 6 }, (_, i) => `### cmd${i}\n\nSends command ${i}; the agent replies with events on stdout in RPC mode.\n`).join(
      "\n",
    );
    const page = `# RPC Mode\n\nDrive the agent over stdin and stdout.\n\n## Commands\n\n${commands}\n## Events\n\nThe agent streams what happens as it works, one JSON object per line.\n\n## Errors\n\nA failed command gets an error reply.\n`;
    // "events" is a common word of the store: its heading alone outweighs little.
    addNotes(local, 10, (i) => `The browser fires events when job ${i} ends.`);
    indexSource(local, { label: "docs/agent-rpc.md", text: page, kind: "markdown", maxChunk: 4096 });
    const [hit] = search(local, "rpc mode events", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
    expect(hit?.title).toBe("RPC Mode > Events");
    local.close();
  });
});

describe("a heading that repeats the headings above it", () => {
  test('is not named in part by a query that names the page: "pg_dump options" is Options, not the first section headed pg_dump again', () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const page = [
      "# pg_dump",
      "",
      "PostgreSQL 15 documentation.",
      "",
      "## pg_dump",
      "",
      "pg_dump — extract a PostgreSQL database into a script file or other archive file",
      "",
      "## Description",
      "",
      "pg_dump is a utility for backing up a PostgreSQL database. It makes consistent backups even if the database is being used concurrently.",
      "",
      "## Options",
      "",
      "The following command-line options control the content and format of the output.",
      "",
      "-a, --data-only: Dump only the data, not the schema (data definitions).",
      "",
    ].join("\n");
    indexSource(local, { label: "docs/postgresql-pg_dump.html", text: page, kind: "markdown", maxChunk: 4096 });
    // "options" is a common word of the store, pg_dump a rare one.
    addNotes(local, 100, (i) => `The options of job ${i} are read at start.`);
    const [hit] = search(local, "pg_dump options", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
    expect(hit?.title).toBe("pg_dump > Options");
    local.close();
  });
});

describe("a name typed in part", () => {
  const page = [
    "# Process",
    "",
    "## `process.hrtime([time])`",
    "",
    "This is the legacy version of `process.hrtime.bigint()` before bigint was introduced. Use `process.hrtime.bigint()` instead: `process.hrtime.bigint()` returns a bigint; `process.hrtime.bigint()` is monotonic.",
    "",
    "## `process.hrtime.bigint()`",
    "",
    "The bigint version of the method, returning the current high-resolution real time in nanoseconds.",
    "",
    "## `fs.watch(filename)`",
    "",
    "Watches for changes on filename, even in a big folder.",
    "",
    "## `fs.watchFile(filename)`",
    "",
    "Watches for changes on filename by polling; prefer `fs.watch` where it works.",
    "",
  ].join("\n");
  let local: Database;
  beforeAll(() => {
    local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    indexSource(local, { label: "docs/process.md", text: page, kind: "markdown", maxChunk: 4096 });
  });
  const first = (q: string) => search(local, q, { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]?.title;

  test("names in part the heading of the name it begins, over a section that mentions that name often", () => {
    expect(first("hrtime.big")).toBe("Process > `process.hrtime.bigint()`");
  });

  test("a name the text writes whole is not read as part of a longer one", () => {
    expect(first("fs.watch")).toBe("Process > `fs.watch(filename)`");
  });
});

describe("a page's title that only repeats the file's name", () => {
  test('counts half beside words it lacks: "zod to json schema deprecation" is Notice of deprecation, not the badges under the title', () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const page = [
      "# Zod to Json Schema",
      "",
      "[![NPM Version](https://img.shields.io/npm/v/zod-to-json-schema.svg)](https://npmjs.org/package/zod-to-json-schema)",
      "",
      "## Notice of deprecation",
      "",
      "As of November 2025, this project will no longer be actively maintained; Zod v4 generates JSON schemas natively.",
      "",
      "## Usage",
      "",
      "Pass a Zod schema to zodToJsonSchema and get a JSON schema object back.",
      "",
    ].join("\n");
    indexSource(local, { label: "docs/zod-to-json-schema-README.md", text: page, kind: "markdown", maxChunk: 4096 });
    addNotes(local, 60, (i) => `The JSON schema of job ${i} is read at start; its deprecation notes too.`);
    const [hit] = search(local, "zod to json schema deprecation", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
    expect(hit?.title).toBe("Zod to Json Schema > Notice of deprecation");
    // Asked for the page alone, the title is still the page.
    const [page1] = search(local, "zod to json schema", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
    expect(page1?.title).toBe("Zod to Json Schema");
    local.close();
  });
});

describe("a name that opens a line", () => {
  test("after its qualifier (`Match.groupdict(`) is where the name is defined: that section wins over one that uses it", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const howto =
      "# Regular Expression HOWTO\n\n## Named Groups\n\nNamed groups can also be retrieved as a dictionary with `groupdict()`, and groupdict is handy:\n\n    >>> m.groupdict()\n    {'first': 'Jane'}\n";
    const reference =
      "# re\n\n## Match Objects\n\nMatch objects always have a boolean value of True.\n\nMatch.groupdict(_default=None_)\n\nReturn a dictionary containing all the named subgroups of the match, keyed by the subgroup name.\n";
    indexSource(local, { label: "python/howto/regex.html", text: howto, kind: "markdown", maxChunk: 4096 });
    indexSource(local, { label: "python/library/re.html", text: reference, kind: "markdown", maxChunk: 4096 });
    addNotes(local, 40, (i) => `Groups of job ${i} are read at start.`);
    const [hit] = search(local, "groupdic", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
    expect(hit?.title).toBe("re > Match Objects");
    local.close();
  });
});

describe("a name in a table row's first cell", () => {
  test("is where the row defines it: that section wins over ones that use it", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const page = [
      "# strtok3",
      "",
      "## peekBuffer function",
      "",
      "Peeks into the buffer. With `mayBeLess: true`, fewer bytes are returned at the end; mayBeLess changes the end handling, and mayBeLess is never a partial token.",
      "",
      "Return value `Promise<number>` with the number of bytes peeked. The position is not advanced, so a later read returns the same bytes again (mayBeLess or not); peeking past the end of a stream without random access waits for more data.",
      "",
      "## IReadChunkOptions interface",
      "",
      "| Attribute | Type | Description |",
      "| --- | --- | --- |",
      "| length | number | Requested number of bytes to read or peek. Must be a non-negative safe integer no larger than the target buffer length. |",
      "| position | number | Byte offset to read or peek from. Must be a non-negative safe integer. Earlier positions require random access. |",
      "| mayBeLess | boolean | If true, returns the available byte count at the end instead of throwing. |",
      "",
    ].join("\n");
    indexSource(local, { label: "docs/strtok3-README.md", text: page, kind: "markdown", maxChunk: 4096 });
    addNotes(local, 40, (i) => `The buffer of job ${i} is read at start.`);
    const [hit] = search(local, "mayBeLe", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
    expect(hit?.title).toBe("strtok3 > IReadChunkOptions interface");
    local.close();
  });
});

describe("an option that opens a line", () => {
  test("of an example command wrapped over lines does not document it: the option's own entry wins", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const page = [
      "OPENSSL-REQ(1SSL)",
      "",
      "NAME",
      "       openssl-req - PKCS#10 certificate request and certificate generating command",
      "",
      "OPTIONS",
      "       -new",
      "           This option generates a new certificate request.",
      "",
      "       -newkey arg",
      "           This option is used to generate a new private key unless -key is given.",
      "           The argument takes the form rsa:nbits.",
      "",
      "EXAMPLES",
      "       Generate a private key and a certificate request in one go, with an RSA key:",
      "",
      "\topenssl req -newkey rsa:2048 -keyout key.pem -out req.pem",
      "",
      "       The same with the most common attributes on the command line, and an RSA key:",
      "",
      '\topenssl req -new -subj "/C=GB/CN=foo" \\',
      '\t\t\t -addext "subjectAltName = DNS:foo.co.uk" \\',
      "\t\t\t -newkey rsa:2048 -keyout key.pem -out req.pem",
      "",
    ].join("\n");
    indexSource(local, { label: "man/openssl-req.1.txt", text: page, kind: detectKind("openssl-req.1.txt", page), maxChunk: 4096 });
    addNotes(local, 40, (i) => `The key of job ${i} is read at start.`);
    const hits = search(local, "openssl req -newkey rsa", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
    expect(hits[0]?.title).toBe("OPTIONS > -newkey arg");
    local.close();
  });
});

describe("a page's top section", () => {
  test("is the hit for a query its file's name answers, not a section under it: 'click options' is Options of click-options.html", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const page = [
      "# Options",
      "",
      "Adding options to commands is done with the option() decorator; there are many parameters to configure them.",
      "",
      "## Name Your Options",
      "",
      "Options have a name that is used as the Python argument name when the decorated function is called.",
      "",
      "## Boolean Flags",
      "",
      "Boolean flags are options that can be enabled or disabled, as in --shout/--no-shout; such click options take no value, and options of this kind are common.",
      "",
    ].join("\n");
    indexSource(local, { label: "docs/click-options.html", text: page, kind: "markdown", maxChunk: 4096 });
    addNotes(local, 40, (i) => `The options of job ${i} are read at start.`);
    const [hit] = search(local, "click options", { limit: 3, snippetMax: 800, rrfK: 60 }).hits;
    expect(hit?.title).toBe("Options");
    local.close();
  });
});

describe("a query that asks for a release", () => {
  test.each([
    ["**6.11.0**", true],
    ["[**5.1.0**](https://github.com/ljharb/qs/issues?milestone=29&state=closed)", true],
    ["v2.1.0 (2024-02-13)", true],
    ["1.4", true],
    ["patch (2.7.6-7)", true],
    ["qs@6.11.0", false],
    ["Stringifying", false],
    ["2 Running sed", false],
    ["3.2 `sed` commands summary", false],
  ])("release heading %p: %p", (leaf, release) => {
    expect(isReleaseHeading(leaf)).toBe(release);
  });

  test("asks for a version with a release word and none given", () => {
    expect(asksForVersion(["which", "release", "made", "stringify", "throw"], [])).toBe(true);
    expect(asksForVersion(["qs", "stringify", "commaroundtrip"], ["qs.stringify"])).toBe(false);
    expect(asksForVersion(["what", "changed", "in", "release", "6", "11", "0"], ["6.11.0"])).toBe(false);
  });

  test("the changelog entry that brought an option ranks over the page that documents it", () => {
    const local = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
    const readme =
      "# qs\n\n## Stringifying\n\nWhen stringifying, `qs` can throw on cycles in the object: a cyclic object makes stringify throw a RangeError instead of looping.\n\n## Parsing\n\nParsing turns a query string into an object.\n";
    indexSource(local, { label: "qs-README.md", text: readme, kind: "markdown", maxChunk: 4096 });
    const changelog =
      "## **6.10.0**\n- [New] `stringify`: throw on cycles, instead of an infinite loop\n\n## **6.9.0**\n- [New] `parse`: add `allowSparse` option\n";
    indexSource(local, { label: "qs-CHANGELOG.md", text: changelog, kind: "markdown", maxChunk: 4096 });
    const hit = search(local, "which qs release made stringify throw on cycles", { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!;
    expect(hit.source).toBe("qs-CHANGELOG.md");
    expect(hit.title).toBe("**6.10.0**");
    local.close();
  });
});

describe("digests in snippets", () => {
  const record = `{\n  "name": "hazelcast",\n  "hashes": [\n    { "alg": "MD5", "content": "63e95f65825259ed1dbffd16a1668894" },\n    { "alg": "SHA-256", "content": "cf560b40b988526e780e4fae12cb6fe01c5158bb9e00839882857f32b544a19e" }\n  ],\n  "licenses": [{ "license": { "id": "Apache-2.0" } }]\n}`;

  test("a digest the query does not ask for is cut to its first twelve digits, and hits after it move with the text", () => {
    const at = record.indexOf("Apache");
    const { text, hits } = shortenDigests(record, [{ term: 0, at, length: 6 }]);
    expect(text).toContain('"content": "63e95f658252…"');
    expect(text).toContain('"content": "cf560b40b988…"');
    expect(text).not.toContain("a19e");
    expect(text.slice(hits[0]!.at, hits[0]!.at + 6)).toBe("Apache");
  });

  test("a digest a hit names (its algorithm just before it) or falls in stays whole", () => {
    const sha = record.indexOf("SHA-256");
    const named = shortenDigests(record, [{ term: 0, at: sha, length: 3 }]).text;
    expect(named).toContain("cf560b40b988526e780e4fae12cb6fe01c5158bb9e00839882857f32b544a19e");
    expect(named).toContain('"63e95f658252…"');
    const inside = record.indexOf("63e95f65");
    expect(shortenDigests(record, [{ term: 0, at: inside, length: 8 }]).text).toContain("63e95f65825259ed1dbffd16a1668894");
  });

  test("short hex (a git short id, a colour) is left alone", () => {
    const text = "commit 3f2a9c1 fixed #ff00ff and 0123456789abcdef0123456789abcde";
    expect(shortenDigests(text, []).text).toBe(text);
  });
});

describe("a name typed in part, in the snippet", () => {
  test("the window goes to the name's first mention, its definition, not to the example that repeats it", () => {
    const matcher = makeMatcher(planQuery(db, parseQuery("PyArg_UnpackT")).terms, ["pyarg_unpackt"]);
    const body = [
      "### API Functions",
      "",
      "int PyArg_ParseTuple(PyObject *args, const char *format, ...)",
      "",
      `Parse the parameters of a function. ${"It fills the variables. ".repeat(20)}`,
      "",
      "int PyArg_UnpackTuple(PyObject *args, const char *name, Py_ssize_t min, Py_ssize_t max, ...)",
      "",
      `A simpler form of parameter retrieval which does not use a format string. ${"The tuple holds the arguments. ".repeat(20)}`,
      "",
      "```c",
      'if (PyArg_UnpackTuple(args, "ref", 1, 2, &object, &callback)) {',
      '    result = PyArg_UnpackTuple(args, "x", 0, 1, &o) && PyArg_ParseTuple(args, "O", &o);',
      "}",
      "```",
      `${"More text about other functions. ".repeat(30)}`,
    ].join("\n");
    const scored = scoreChunk(matcher, { title: "API Functions", body, fused: 0 });
    const snippet = makeSnippet(body, snippetHits(matcher, body, scored.bodyHits), 600, matcher.weights);
    expect(snippet).toContain("does not use a format string");
  });
});

describe("code snippets open at the doc comment over a declaration", () => {
  const filler = Array.from({ length: 40 }, (_, i) => `    /**\n     * Does step ${i} of the work.\n     */\n    step${i}(): void;`).join("\n");
  const body = `export declare class McpServer {\n${filler}\n    /**\n     * Sends a resource list changed event to the client, if connected.\n     */\n    sendResourceListChanged(): void;\n${filler}\n}`;

  test("where what the title names opens, a declaration far down its chunk, is its /** … */", () => {
    const at = body.indexOf("sendResourceListChanged");
    const hits = [{ term: 0, at, length: "sendResourceListChanged".length }];
    // The title names it (`McpServer.sendResourceListChanged`): the snippet opens where it is declared.
    expect(makeSnippet(body, hits, 500, [1], new Set([0]), false, true)).toStartWith("…    /**\n     * Sends a resource list changed event");
    // Prose is not moved: there the line above is another paragraph's.
    expect(makeSnippet(body, hits, 500, [1], new Set([0]), false, false)).toStartWith("…    sendResourceListChanged(): void;");
  });

  test("a `#` comment block over a Python def comes with it", () => {
    const py = `${"x = 1\n".repeat(200)}# Rotate the file when it grows past maxBytes,\n# keeping backupCount old copies.\ndef do_rollover(self):\n    pass\n${"y = 2\n".repeat(200)}`;
    const at = py.indexOf("do_rollover");
    expect(makeSnippet(py, [{ term: 0, at, length: 11 }], 400, [1], new Set(), false, true)).toContain("# Rotate the file when it grows past maxBytes,");
  });
});
