import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openStore, type Database } from "../../src/store/db.ts";
import { doubling, editDistance, maxDistance, maxPrefixDistance, typingSlip } from "../../src/store/fuzzy.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { planQuery } from "../../src/store/query-plan.ts";
import { parseQuery } from "../../src/store/query.ts";
import { search } from "../../src/store/search.ts";
import { tempDir } from "../helpers/temp.ts";

let db: Database;

const DOCS: [string, string][] = [
  [
    "tokio.md",
    "# Tokio\n\nThe tokio runtime schedules async tasks on worker threads.\n\n## Blocking\n\nUse spawn_blocking for CPU-heavy work inside the runtime.\n",
  ],
  ["errors.md", "# Errors\n\n## Exception chaining\n\nRaise a new exception from the original to keep the chain of causes.\n"],
  ["changes.md", "# Changes\n\nChanging the config reloads it. Changing the port needs a restart. Changing names is allowed.\n"],
  [
    "journal.md",
    "# Journal\n\n## Filtering\n\nShow entries since the given date; once per boot is the default.\n\n## Grep\n\nMatch entries with a grep pattern.\n",
  ],
  ["stash.md", "# Stash\n\n## apply\n\nApply the stash on top of the current branch; apply keeps the stash entry.\n\nSee also apl.\n"],
  [
    "node.md",
    "# Process\n\n## process.memoryUsage()\n\nReturns memory usage of the process in bytes.\n\n## fs.createReadStream(path)\n\nOpens a readable stream.\n",
  ],
  ["zip.md", "# Zip\n\n## _readStreamForRange(from, to)\n\nReads the bytes of a range.\n"],
  [
    "parser.md",
    "# Parser\n\n## interpretNumericEntities\n\nDecodes `&#38;` in values.\n\n## strictDepth\n\nThrows past the depth limit.\n\n## interpolate\n\nFills placeholders.\n",
  ],
];

/** A store of its own holding markdown `docs` (label, text). */
function storeOf(docs: [string, string][]): Database {
  const own = openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
  for (const [label, text] of docs) indexSource(own, { label, text, kind: "markdown", maxChunk: 4096 });
  return own;
}

/** `n` markdown docs made by `doc` from their index. */
const many = (n: number, doc: (i: number) => [string, string]) => Array.from({ length: n }, (_, i) => doc(i));

beforeAll(() => {
  db = storeOf(DOCS);
});

describe("edit distance (optimal string alignment)", () => {
  test.each([
    ["runtime", "rutime", 1],
    ["runtime", "rnutime", 1], // a swapped pair costs one edit
    ["receive", "recieve", 1],
    ["apply", "aply", 1],
    ["kitten", "sitting", 3],
    ["abc", "abc", 0],
  ])("%s ~ %s = %i", (a, b, d) => {
    expect(editDistance(a, b, 3)).toBe(d);
    expect(editDistance(b, a, 3)).toBe(d);
  });

  test.each([
    ["interprte", "interpretnumericentities", 1],
    ["stirctdep", "strictdepth", 1],
    ["falltro", "fallthrough", 1],
    ["strictdep", "strictdepth", 0],
    ["interpolate", "interpretnumericentities", 3],
  ])("the start of %s ~ %s = %i", (a, b, d) => {
    expect(editDistance(a, b, 2, true)).toBe(Math.min(d, 3));
  });

  test("gives up past the limit", () => {
    expect(editDistance("completely", "different", 2)).toBe(3);
    expect(maxDistance(3)).toBe(0);
    expect(maxDistance(5)).toBe(1);
    expect(maxDistance(9)).toBe(2);
    expect(maxPrefixDistance(6)).toBe(0);
    expect(maxPrefixDistance(7)).toBe(1);
    expect(maxPrefixDistance(11)).toBe(2);
  });
});

const plan = (q: string) => planQuery(db, parseQuery(q));

describe("per-word spelling fixes", () => {
  test.each([
    ["one wrong word beside a right one", "tokio rutime", "tokio runtime"],
    ["two wrong words", "tokoi rutnime", "tokio runtime"],
    ["a swapped pair", "exeption", "exception"],
    ["the word found beside the others wins over the more common one", "exeption chaning", "exception chaining"],
    ["a one-off close word does not hide the common one", "stash aply", "stash apply"],
    ["a missing second letter", "journal snce date", "journal since date"],
    ["a wrong first letter", "journal frep pattern", "journal grep pattern"],
    ["a swapped first pair", "journal rgep pattern", "journal grep pattern"],
  ])("%s: %s -> %s", (_name, query, corrected) => {
    const r = search(db, query, { limit: 3, snippetMax: 800, rrfK: 60 });
    expect(r.corrected).toBe(corrected);
    expect(r.hits.length).toBeGreaterThan(0);
  });

  test.each([
    ["a word the index holds", "runtime"],
    ["a short word", "tok"],
    ["a quoted phrase", '"tokio rutime"'],
    ["nothing close", "zqxwvy"],
    ["a piece of an identifier that is indexed", "emoryUsag"],
  ])("no fix for %s (%s)", (_name, query) => {
    expect(plan(query).corrected).toBeUndefined();
  });

  test("a partial word stands for the words it begins", () => {
    const t = plan("createReadStr").terms[0]!;
    expect(t.kind).toBe("prefix");
    expect(t.forms).toEqual(["createreadstream"]);
    expect(search(db, "createReadStr", { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!.title).toBe("Process > fs.createReadStream(path)");
  });

  test.each([
    ["a swapped pair", "interprteNumeric", "Parser > interpretNumericEntities"],
    ["a swapped pair at the start", "stirctDep", "Parser > strictDepth"],
    ["a dropped letter", "intrpretNumeric", "Parser > interpretNumericEntities"],
    ["a dropped letter, after a leading underscore", "_readSreamForRa", "Zip > _readStreamForRange(from, to)"],
  ])("a partial identifier typed wrong (%s) stands for the words its fix begins: %s", (_name, query, title) => {
    const t = plan(query).terms[0]!;
    expect(t.kind).toBe("fixed");
    const r = search(db, query, { limit: 3, snippetMax: 800, rrfK: 60 });
    expect(r.corrected).toBeDefined();
    expect(r.hits[0]!.title).toBe(title);
  });

  test.each([
    ["too short to guess at", "stirct"],
    ["digits in it", "interprte9x"],
    ["three edits from any start", "intxrpxxtnum"],
  ])("no partial-identifier fix when %s (%s)", (_name, query) => {
    expect(plan(query).corrected).toBeUndefined();
  });

  test("four wrong words are all fixed; more than that is text from elsewhere, whose words stay as typed", () => {
    expect(plan("tokoi rutnime spwan_blocking scheduels").corrected).toBe("tokio runtime spawn_blocking schedules");
    // A pasted line: six words this index lacks, each close to one it holds (tokoi, rutnime, ...).
    const pasted = plan("tokoi rutnime scheduels aysnc taks wroker");
    expect(pasted.corrected).toBeUndefined();
    expect(pasted.terms.every((t) => t.kind === "unknown")).toBe(true);
  });

  test("the spelling fix is reported and the right section comes first", () => {
    const r = search(db, "tokio rutime blocking", { limit: 3, snippetMax: 800, rrfK: 60 });
    expect(r.corrected).toBe("tokio runtime blocking");
    expect(r.hits[0]!.title).toBe("Tokio > Blocking");
  });
});

test("a stopword one edit away does not end the search for the word meant (witch -> switch, not with)", () => {
  const own = storeOf([
    ["go.md", "# Go\n\n## Switch statements\n\nA switch statement runs the first case that matches.\n"],
    // "with" in more chunks than a spelling fix needs to count as common.
    ...many(4, (i) => [`note-${i}.md`, `# Note ${i}\n\nA statement with a value ${i}.\n`]),
  ]);
  const r = search(own, "witch statements", { limit: 3, snippetMax: 800, rrfK: 60 });
  expect(r.corrected).toBe("switch statements");
  expect(r.hits[0]!.title).toBe("Go > Switch statements");
  own.close();
});

test("a rare word as close gives way to a far more common one that differs in its first letter (ypes -> types, not yves)", () => {
  const own = storeOf([
    ["credits.md", "# Credits\n\nThanks to Yves for the review.\n"],
    ...many(24, (i) => [`types-${i}.md`, `# Types ${i}\n\nInterface types and struct types of package ${i}.\n`]),
  ]);
  const r = search(own, "interface ypes", { limit: 3, snippetMax: 800, rrfK: 60 });
  expect(r.corrected).toBe("interface types");
  own.close();
});

describe("a letter doubled or not", () => {
  test.each([
    ["hiden", "hidden", true],
    ["commmit", "commit", true],
    ["adress", "address", true],
    ["hiden", "hide", false],
    ["hiden", "hides", false],
    ["tset", "test", false],
    ["hidden", "hidden", false],
  ])("%s and %s: %p", (a, b, expected) => {
    expect(doubling(a, b)).toBe(expected);
    expect(doubling(b, a)).toBe(expected);
  });

  test("of equally close words, the one a doubled letter makes is the fix (hiden -> hidden, not hide or hides)", () => {
    const own = storeOf([
      ["fzf.md", "# fzf\n\n## Preview window\n\nThe preview window is hidden by default until toggle-preview is triggered; hidden windows keep their size.\n"],
      ...many(12, (i) => [`hide-${i}.md`, `# Hide ${i}\n\nHide the row ${i}; it hides the panel. The window ${i} opens.\n`]),
      ...many(12, (i) => [`hidden-${i}.md`, `# Layer ${i}\n\nA hidden layer ${i} is drawn last.\n`]),
    ]);
    const r = search(own, "fzf preview window hiden", { limit: 3, snippetMax: 800, rrfK: 60 });
    expect(r.corrected).toBe("fzf preview window hidden");
    expect(r.hits[0]!.snippet).toContain("hidden by default");
    own.close();
  });
});

describe("a typist's slip", () => {
  test.each([
    ["clik", "click", true],
    ["hiden", "hidden", true],
    ["recieve", "receive", true],
    ["tinmer", "timer", true],
    ["tomer", "timer", true],
    ["teimer", "timer", true],
    ["clik", "clis", false],
    ["bascs", "bases", false],
    ["cose", "cost", false],
    ["timer", "timer", false],
    ["tmr", "timer", false],
  ])("%s for %s: %p", (typed, meant, expected) => {
    expect(typingSlip(typed, meant)).toBe(expected);
  });

  test("of equally close words, one a slip gives is the fix before one only a far key gives (clik options -> click, not the commoner clis)", () => {
    const own = storeOf([
      ["click.md", "# click\n\n## Options\n\nclick options are declared with a decorator on the command.\n"],
      ...many(24, (i) => [`cli-${i}.md`, `# Tool ${i}\n\nThe clis of tool ${i} read options from the environment.\n`]),
      ...many(10, (i) => [`mouse-${i}.md`, `# Mouse ${i}\n\nA click on button ${i} opens the menu.\n`]),
    ]);
    const r = search(own, "clik options", { limit: 3, snippetMax: 800, rrfK: 60 });
    expect(r.corrected).toBe("click options");
    expect(r.hits[0]!.title).toBe("click > Options");
    own.close();
  });

  // `oops` is one edit from `ooks`, but only by a key far from the one typed; `hooks` is `ooks` with its first letter dropped.
  test.each([
    ["a common close word that no slip gives does not end the search for one that starts otherwise (oops in many chunks)", 24],
    ["when no equally close word is a slip (oops in a few chunks), one whose first letter was dropped is the fix", 5],
  ])("%s: tmux ooks -> hooks", (_name, oops) => {
    const own = storeOf([
      ["tmux.md", "# tmux\n\n## Hooks\n\ntmux hooks run a command when an event happens in a session.\n"],
      ...many(oops, (i) => [`oops-${i}.md`, `# Oops ${i}\n\nOops: the build ${i} failed.\n`]),
      ...many(12, (i) => [`hooks-${i}.md`, `# Git ${i}\n\nGit hooks run scripts at commit ${i}.\n`]),
    ]);
    const r = search(own, "tmux ooks", { limit: 3, snippetMax: 800, rrfK: 60 });
    expect(r.corrected).toBe("tmux hooks");
    expect(r.hits[0]!.title).toBe("tmux > Hooks");
    own.close();
  });
});

test("a fix is checked against the query's right words that come after it too (chaning exception -> chaining, though changing is commoner)", () => {
  const own = storeOf([
    ["errors.md", "# Errors\n\n## Exception chaining\n\nRaise a new exception from the original one.\n"],
    ...many(4, (i) => [`changes-${i}.md`, `# Changes ${i}\n\nChanging the port ${i} needs a restart.\n`]),
  ]);
  const r = search(own, "chaning exception", { limit: 3, snippetMax: 800, rrfK: 60 });
  expect(r.corrected).toBe("chaining exception");
  expect(r.hits[0]!.title).toBe("Errors > Exception chaining");
  own.close();
});

test("a word in one chunk that happens to hold the query's other words is no fix beside one in hundreds (clss -> class, not clus)", () => {
  const own = storeOf([
    ["net.md", "# net\n\n## Class: net.SocketAddress\n\nAn address of a socket, as net returns it.\n"],
    ["odd.md", "# Odd\n\nThe clus of the net hangs low.\n"],
    ...many(24, (i) => [`class-${i}.md`, `# Class ${i}\n\nA class with fields ${i}.\n`]),
  ]);
  const r = search(own, "net.SocketAddress clss", { limit: 3, snippetMax: 800, rrfK: 60 });
  expect(r.corrected).toBe("net socketaddress class");
  expect(r.hits[0]!.title).toBe("net > Class: net.SocketAddress");
  own.close();
});

describe("close words of one stem", () => {
  test("are one guess, not a tie: every one of them is a form of the fix", () => {
    const own = storeOf([
      ["recover.md", "# Tools\n\n## Recovering data from damaged files\n\nbzip2recover reads a damaged archive.\n"],
      ...many(4, (i) => [`note-${i}.md`, `# Note ${i}\n\nA damage report; the damaged disk is listed.\n`]),
    ]);
    const t = planQuery(own, parseQuery("bzip2recover damagd")).terms[1]!;
    expect(t.kind).toBe("fixed");
    expect([...t.forms].sort()).toEqual(["damage", "damaged"]);
    expect(search(own, "bzip2recover damagd", { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!.title).toBe("Tools > Recovering data from damaged files");
    own.close();
  });
});

describe("a misspelled word inside an identifier", () => {
  test("the identifier is looked for as fixed (Path.mkdri -> Path.mkdir)", () => {
    const own = storeOf([
      ["pathlib.md", "# pathlib\n\n## Methods\n\nPath.mkdir(mode=0o777, parents=False) makes a new folder at this path.\n"],
      ["fs.md", "# fs\n\n## fs.mkdir(path)\n\nCreates a directory; with recursive, its parents too.\n"],
      ["walk.md", "# walk\n\n## parents\n\nEvery path has parents up to the root.\n"],
    ]);
    const r = search(own, "Path.mkdri parnets", { limit: 3, snippetMax: 800, rrfK: 60 });
    expect(r.corrected).toBe("path mkdir parents");
    expect(r.hits[0]!.title).toBe("pathlib > Methods");
    own.close();
  });
});

describe("a fixed word is looked for as its fix", () => {
  test("everywhere a right word would be: its synonyms and the trigram list too (threda -> thread, and so worker)", () => {
    const own = storeOf([
      ["workers.md", "# Workers\n\n## workerData\n\nData cloned into the worker at its construction, read there as workerData.\n"],
      ["streams.md", "# Streams\n\n## Simplified construction\n\nPass the data handlers at construction instead of subclassing.\n"],
      ["threads.md", "# Threads\n\n## Thread names\n\nEach thread has a name.\n"],
      ...many(6, (i) => [`data-${i}.md`, `# Data ${i}\n\nData passed around, ${i} times over.\n`]),
    ]);
    const opts = { limit: 3, snippetMax: 800, rrfK: 60 };
    const right = search(own, "pass data to thread at construction", opts);
    expect(right.hits[0]!.title).toBe("Workers > workerData");
    for (const typo of ["threda", "thraed", "thred"]) {
      const t = planQuery(own, parseQuery(`pass data to ${typo} at construction`)).terms.find((x) => x.word === typo)!;
      expect(t.kind).toBe("fixed");
      expect(t.forms).toEqual(["thread", "worker"]);
      const fixed = search(own, `pass data to ${typo} at construction`, opts);
      expect(fixed.corrected).toBe("pass data thread construction");
      expect(fixed.hits).toEqual(right.hits);
    }
    own.close();
  });

  test("a name with underscores counts where its fix is written apart, as the right name would (retty_mode: Retry mode)", () => {
    const own = storeOf([
      [
        "aws.md",
        "# Config\n\n## Retry mode\n\nSet retry_mode to standard or adaptive.\n\n## General options\n\nEvery default: region, output, retry_mode and more.\n",
      ],
    ]);
    const opts = { limit: 3, snippetMax: 800, rrfK: 60 };
    const right = search(own, "retry_mode default", opts);
    const fixed = search(own, "retty_mode default", opts);
    expect(fixed.corrected).toBe("retry_mode default");
    expect(fixed.hits).toEqual(right.hits);
    own.close();
  });
});

test("a first pair typed the wrong way round costs one edit like any swapped pair (erbase -> rebase, not the as close erase)", () => {
  const own = storeOf([
    ["rebase.md", "# git-rebase\n\n## --autosquash\n\nWith rebase, move fixup commits next to the commits they fix.\n"],
    ["erase.md", "# Disks\n\n## Wiping\n\nErase the disk before you give it away; erase every partition.\n"],
    ...many(3, (i) => [`erase-${i}.md`, `# Erase ${i}\n\nErase it, ${i} times.\n`]),
  ]);
  const r = search(own, "erbase autosquash", { limit: 3, snippetMax: 800, rrfK: 60 });
  expect(r.corrected).toBe("rebase autosquash");
  expect(r.hits[0]!.title).toBe("git-rebase > --autosquash");
  own.close();
});

test("a long word of letters with its first letter dropped is fixed, though the trigram index holds it as a piece of the word (ustomization)", () => {
  const own = storeOf([
    ["plan.md", "# Plan mode\n\n## Customization and best practices\n\nPlans live in a folder you choose.\n"],
    ["theme.md", "# Themes\n\n## Colors\n\nA theme sets the colors; customization of fonts is elsewhere.\n"],
  ]);
  for (const typed of ["ustomization", "Ustomization"]) {
    const r = search(own, `plan mode ${typed} best practices`, { limit: 3, snippetMax: 800, rrfK: 60 });
    expect(r.corrected).toBe("plan mode customization best practices");
    expect(r.hits[0]!.title).toBe("Plan mode > Customization and best practices");
  }
  own.close();
});

describe("a word in a chunk or two beside a close word in many more", () => {
  const opts = { limit: 3, snippetMax: 800, rrfK: 60 };
  test("stands for both when its chunks hold none of the query's other words (fs.Stas: a typo the text holds too)", () => {
    const own = storeOf([
      ["fs.md", "# fs\n\n## Class: fs.Stats\n\nFile stats.\n\n### stats.birthtimeMs\n\nWhen the file was made, in ms since the epoch.\n"],
      ["odd.md", "# Odd\n\nThe stas of the hills.\n"],
      ...many(24, (i) => [`stats-${i}.md`, `# Stats ${i}\n\nThe stats of run ${i}.\n`]),
    ]);
    const t = planQuery(own, parseQuery("fs.Stas birthtimeMs")).terms.find((x) => x.word === "stas")!;
    expect(t.forms).toEqual(["stas", "stats"]);
    const r = search(own, "fs.Stas birthtimeMs", opts);
    expect(r.hits[0]!.title).toBe("fs > Class: fs.Stats > stats.birthtimeMs");
    // The reply says so: the word was searched as typed, and its commoner neighbour beside it.
    expect(r.alsoSearched).toEqual(["stats"]);
    expect(r.corrected).toBeUndefined();
    // Asked alone, as an identifier copied from somewhere would be, it is meant as typed.
    expect(planQuery(own, parseQuery("stas")).terms[0]!.forms).toEqual(["stas"]);
    own.close();
  });

  test("as does a typo that begins a rare word (cachee, which begins cacheentry, beside cache)", () => {
    const own = storeOf([
      ["lru.md", "# LRU\n\n## Cache eviction\n\nThe least recently used cache entry goes first.\n"],
      ["odd.md", "# Odd\n\nSee cacheentry in the dump.\n"],
      ...many(24, (i) => [`cache-${i}.md`, `# Cache ${i}\n\nA cache of ${i} items.\n`]),
    ]);
    const t = planQuery(own, parseQuery("cachee eviction")).terms.find((x) => x.word === "cachee")!;
    expect(t.forms).toEqual(["cacheentry", "cache"]);
    expect(search(own, "cachee eviction", opts).hits[0]!.title).toBe("LRU > Cache eviction");
    own.close();
  });

  test("as does a word held only through a stem another word shares (proces, stemmed as proceed is)", () => {
    const own = storeOf([
      ["strace.md", "# strace\n\n## -p pid\n\nAttach to the process with the given pid and begin tracing.\n"],
      ...many(3, (i) => [`plan-${i}.md`, `# Plan ${i}\n\nWe proceed with step ${i}.\n`]),
      ...many(12, (i) => [`proc-${i}.md`, `# Proc ${i}\n\nA process table, row ${i}.\n`]),
      ...many(12, (i) => [`fill-${i}.md`, `# Fill ${i}\n\nUnrelated text ${i}.\n`]),
    ]);
    const t = planQuery(own, parseQuery("attach proces")).terms.find((x) => x.word === "proces")!;
    // It stands for the words the text writes with its stem too (`proceed`).
    expect(t.forms).toEqual(["proces", "process", "proceed"]);
    const r = search(own, "attach proces", opts);
    expect(r.hits[0]!.title).toBe("strace > -p pid");
    expect(r.alsoSearched).toEqual(["process"]);
    // An inflection the text does not hold as typed is no typo: its close words share its stem.
    const grown = storeOf([
      ["cfg.md", "# Config\n\n## Files\n\nThe configuration lives in one file.\n"],
      ...many(12, (i) => [`note-${i}.md`, `# Note ${i}\n\nSee the configuration ${i}.\n`]),
      ...many(12, (i) => [`fill-${i}.md`, `# Fill ${i}\n\nUnrelated files, ${i}.\n`]),
    ]);
    expect(search(grown, "configurations files", opts).alsoSearched).toBeUndefined();
    own.close();
    grown.close();
  });

  test("is meant as typed when its chunks hold the query's other words (sort -k KEYDEF)", () => {
    const own = storeOf([
      ["sort.md", "# sort\n\n## -k KEYDEF\n\nSort via a key; KEYDEF gives location and type.\n"],
      ...many(24, (i) => [`keyed-${i}.md`, `# Keyed ${i}\n\nA keyed map, ${i}.\n`]),
    ]);
    expect(planQuery(own, parseQuery("sort -k KEYDEF")).terms.find((x) => x.word === "keydef")!.forms).toEqual(["keydef"]);
    const r = search(own, "sort -k KEYDEF", opts);
    expect(r.hits[0]!.title).toBe("sort > -k KEYDEF");
    expect(r.alsoSearched).toBeUndefined();
    own.close();
  });
});

test("a piece of an identifier as typed counts inside the words that hold it: the heading naming it comes first (etRandomVal, emoryUsag)", () => {
  const own = storeOf([
    [
      "crypto.md",
      "# Crypto\n\n## Methods\n\nRandom bytes come from getRandomValues; getRandomValues fills a typed array, as getRandomValues did before.\n\n## crypto.getRandomValues(typedArray)\n\nFills the array with random values.\n",
    ],
    ["process.md", "# Process\n\n## process.memoryUsage()\n\nReturns bytes in use.\n\n## Notes\n\nSee memoryUsage, and memoryUsage again, for the heap.\n"],
  ]);
  const opts = { limit: 3, snippetMax: 800, rrfK: 60 };
  expect(planQuery(own, parseQuery("etRandomVal")).terms[0]!.kind).toBe("piece");
  expect(search(own, "etRandomVal", opts).hits[0]!.title).toBe("Crypto > crypto.getRandomValues(typedArray)");
  expect(search(own, "emoryUsag", opts).hits[0]!.title).toBe("Process > process.memoryUsage()");
  own.close();
});

test("a piece the text holds only inside other words, one edit from a whole word, is that word typed wrong (onRegistr); one that starts or ends a word stays a piece (eader)", () => {
  const own = storeOf([
    ["hooks.md", "# Hooks\n\n## onRegister\n\nRuns when a plugin is registered and a new encapsulation context is made.\n"],
    ["gc.md", "# GC\n\n## Weak references\n\nA FinalizationRegistry calls back once its target is collected.\n"],
    [
      "fzf.md",
      "# fzf\n\n## --header-lines=N\n\nThe first N lines of the input are treated as a sticky header.\n\n## Eager mode\n\nEager matching reads ahead.\n",
    ],
  ]);
  const opts = { limit: 3, snippetMax: 800, rrfK: 60 };
  const typo = planQuery(own, parseQuery("onRegistr encapsulation")).terms[0]!;
  expect([typo.kind, typo.forms]).toEqual(["fixed", ["onregister"]]);
  expect(search(own, "onRegistr encapsulation", opts).hits[0]!.title).toBe("Hooks > onRegister");
  expect(planQuery(own, parseQuery("--eader-lines")).terms.map((t) => t.kind)).toContain("piece");
  expect(search(own, "--eader-lines", opts).hits[0]!.title).toBe("fzf > --header-lines=N");
  own.close();
});

test("an option typed in part with a typo before its end: the typo is fixed, the last word stays cut short (--ignoer-patt is --ignore-pattern, not ignore path)", () => {
  const own = storeOf([
    ["tape.md", "# tape\n\n## --ignore-pattern\n\nSkips the files a glob matches when tests are looked for.\n\n## --ignore\n\nReads patterns from a file.\n"],
    ["rg.md", "# rg\n\n## --ignore-file PATH\n\nIgnore rules are read from the path given, then the usual ignore files.\n"],
    ...many(12, (i) => [`paths/p${i}.md`, `# Path ${i}\n\nA path to the patterns, a path ignored (${i}).\n`]),
    // More words begin `patt` than a word typed in part may stand for: only the trigram list reads it.
    ["words.md", "# Words\n\npatter pattern patterned patterning patterns patties pattering patten patting pattle\n"],
  ]);
  const opts = { limit: 3, snippetMax: 800, rrfK: 60 };
  const plan = planQuery(own, parseQuery("--ignoer-patt"));
  expect([plan.terms[0]!.kind, plan.terms[0]!.forms[0]]).toEqual(["fixed", "ignore"]);
  // `patt` begins `pattern`, `patterns`: a word cut short, whichever words it then stands for; never fixed to `path`.
  expect(plan.terms[1]!.kind).not.toBe("fixed");
  expect(search(own, "--ignoer-patt", opts).hits[0]!.title).toBe("tape > --ignore-pattern");
  // A last word that only sits inside words (`etend` of `pretend`, `extend`) is a typo all the same.
  expect(planQuery(own, parseQuery("ky.etend")).terms.map((t) => t.kind)).not.toContain("piece");
  own.close();
});

test("a name typed in part with a typo in its first two letters is the name it begins (cmpare_by_ident, cseSensitiveMat)", () => {
  const own = storeOf([
    ["set.md", "# Set\n\n## compare_by_identity\n\nMakes the set compare its elements by their identity.\n"],
    ["opts.md", "# Options\n\n## caseSensitiveMatch\n\nWhether matching tells upper from lower case.\n"],
    ...many(12, (i) => [`notes/n${i}.md`, `# Note ${i}\n\nCompare the case of each element (${i}).\n`]),
  ]);
  const opts = { limit: 3, snippetMax: 800, rrfK: 60 };
  for (const [typed, meant, title] of [
    ["cmpare_by_ident", "compare_by_identity", "Set > compare_by_identity"],
    ["cseSensitiveMat", "casesensitivematch", "Options > caseSensitiveMatch"],
  ] as const) {
    const [term] = planQuery(own, parseQuery(typed)).terms;
    expect([term!.kind, term!.forms]).toEqual(["fixed", [meant]]);
    expect(search(own, typed, opts).hits[0]!.title).toBe(title);
  }
  own.close();
});

test("a word the index holds only through a stem other words share stands for the words the text writes with it (contributers: contributed), so the snippet finds the record's contributors", () => {
  const own = storeOf([["CONTRIBUTING.md", "# Contributing\n\nEveryone who contributed is thanked.\n"]]);
  const record = (version: string, people: string[]) => ({
    _id: `is-number@${version}`,
    name: "is-number",
    version,
    ...Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`field_${i}`, "some value of the record"])),
    contributors: people,
  });
  const records = [record("3.0.0", ["Jon Schlinkert"]), record("4.0.0", ["Jon Schlinkert", "tunnckoCore"])];
  indexSource(own, { label: "is-number.versions.json", text: JSON.stringify(records, null, 2), kind: "json", maxChunk: 4096 });
  const term = planQuery(own, parseQuery("is-number 4.0.0 contributers")).terms.find((t) => t.word === "contributers")!;
  expect([term.kind, term.forms]).toEqual(["known", ["contributers", "contributed", "contributing"]]);
  const [hit] = search(own, "is-number 4.0.0 contributers", { limit: 1, snippetMax: 1200, rrfK: 60 }).hits;
  expect(hit!.title).toStartWith("is-number@4.0.0");
  expect(hit!.snippet).toContain("tunnckoCore");
  own.close();
});

test("however common its stem, a word the text never writes stands for the words it does write with it (requirments: requirements); a word too short for the vocabulary (pep) stays as typed", () => {
  const own = storeOf([
    ["zlib.md", "# Zlib\n\n## Memory usage tuning\n\nThe memory requirements of deflate grow with windowBits.\n\n## Streams\n\nDeflate streams flush.\n"],
    ["peps.md", "# PEPs\n\n## PEP 646\n\nVariadic generics, proposed in pep 646, as other peps before.\n"],
    ...many(120, (i) => [`req-${i}.md`, `# Req ${i}\n\nThis step is required by ${i} and requires nothing else.\n`]),
  ]);
  const term = (q: string, w: string) => planQuery(own, parseQuery(q)).terms.find((t) => t.word === w)!;
  const typo = term("deflate memory requirments", "requirments");
  expect(typo.kind).toBe("known");
  expect(typo.df).toBeGreaterThan(100);
  expect(typo.forms).toContain("requirements");
  expect(search(own, "deflate memory requirments", { limit: 1, snippetMax: 800, rrfK: 60 }).hits[0]!.title).toBe("Zlib > Memory usage tuning");
  expect(term("which pep added variadic generics", "pep").forms).toEqual(["pep"]);
  own.close();
});

test("a name joined by underscores with a part typed wrong is fixed whole (worker_thraeds -> worker_threads)", () => {
  const own = storeOf([
    ["wt.md", "# Worker threads\n\n## worker_threads notes\n\nThe worker_threads module runs JavaScript in parallel.\n"],
    ["workers.md", "# Workers\n\n## Pools\n\nA worker pool, and worker queues.\n"],
  ]);
  const opts = { limit: 3, snippetMax: 800, rrfK: 60 };
  const r = search(own, "worker_thraeds notes", opts);
  expect(r.corrected).toBe("worker_threads notes");
  expect(r.hits[0]!.title).toBe("Worker threads > worker_threads notes");
  expect(planQuery(own, parseQuery("worker_threads notes")).terms[0]!.kind).toBe("known");
  own.close();
});

test("a piece of a name joined by underscores that the text holds as typed is a piece, neither fixed nor read as loose words (ax_queue_siz, ATUS_CODE, it_on_err)", () => {
  const own = storeOf([
    ["s3.md", "# Configuration\n\n## max_queue_size\n\nThe queue holds this many tasks; the size is in tasks.\n\n## max_bandwidth\n\nBytes per second.\n"],
    ["http.md", "# HTTP\n\n## http.STATUS_CODES\n\nAll standard status codes.\n\n## OAuth\n\nThe server returns an auth_code to the callback.\n"],
    ["argparse.md", "# argparse\n\n## exit_on_error\n\nWhether the parser exits with error info.\n\n## Exiting\n\nIt exits on an error; exit it on err.\n"],
  ]);
  for (const [query, title] of [
    ["ax_queue_siz", "Configuration > max_queue_size"],
    ["ATUS_CODE", "HTTP > http.STATUS_CODES"], // not auth_code, two edits away
    ["it_on_err", "argparse > exit_on_error"], // every part a word the index holds
  ]) {
    const p = planQuery(own, parseQuery(query!));
    expect(p.terms[0]!.kind).toBe("piece");
    expect(p.corrected).toBeUndefined();
    expect(search(own, query!, { limit: 3, snippetMax: 800, rrfK: 60 }).hits[0]!.title).toBe(title!);
  }
  // The name whole is a word the index holds.
  expect(planQuery(own, parseQuery("exit_on_error")).terms[0]!.kind).toBe("known");
  own.close();
});

test("a name joined by underscores whose parts the index holds, but never together, is fixed whole (DPKG_HOOK_CATION -> dpkg_hook_action)", () => {
  const own = storeOf([
    ["dpkg.md", "# dpkg\n\n## DPKG_HOOK_ACTION\n\nThe current dpkg action, for a hook.\n\n## DPKG_PAGER\n\nThe pager.\n"],
    ["chem.md", "# Ions\n\nA cation has fewer electrons than protons.\n"],
  ]);
  const r = search(own, "DPKG_HOOK_CATION", { limit: 3, snippetMax: 800, rrfK: 60 });
  expect(r.corrected).toBe("dpkg_hook_action");
  expect(r.hits[0]!.title).toBe("dpkg > DPKG_HOOK_ACTION");
  // Parts the text does put together ("the current dpkg action") stay as typed.
  expect(planQuery(own, parseQuery("dpkg_action")).terms[0]!.kind).toBe("known");
  own.close();
});
