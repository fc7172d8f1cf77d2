import { expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openStore } from "../../src/store/db.ts";
import { search } from "../../src/store/search.ts";
import { applySpools, type GivenSource, SpoolFiles, spoolRoot, spoolWaiting } from "../../src/store/spool.ts";
import { CHUNKER_VERSION, chunkText } from "../../src/store/chunk/index.ts";
import { backfillVocab, vocabPending } from "../../src/store/vocab.ts";
import { SPOOL_CAP_BYTES, SpoolIndexer } from "../../src/store/spool-indexer.ts";
import { tempDir } from "../helpers/temp.ts";

const note = (label: string, text: string) => ({ label, text, kind: "markdown" as const, maxChunk: 4096 });

function fresh() {
  const dbPath = join(tempDir(), "context.db");
  const db = openStore(dbPath, { busyTimeoutMs: 5000 });
  return { db, dbPath, root: spoolRoot(dbPath) };
}

const sources = (db: ReturnType<typeof fresh>["db"], q: string) => search(db, q, { limit: 5, snippetMax: 400, rrfK: 60 }).hits.map((h) => h.source);
const mark = (db: ReturnType<typeof fresh>["db"], spool: string) =>
  db.prepare<{ seq: number }>("SELECT seq FROM spool_marks WHERE spool = $spool").get({ spool })?.seq;

test("spooled sources are written in order with their full-text rows; the applied files go and the mark records the last", () => {
  const { db, root } = fresh();
  const files = new SpoolFiles(root);
  files.append(note("a.md", "# Alpha\n\nthe kittiwake colony count\n"));
  files.append(note("b.md", "# Beta\n\nthe dunlin survey\n"));
  // The same label again: the later text is what the label holds.
  files.append(note("a.md", "# Alpha\n\nthe razorbill colony count\n"));
  expect(spoolWaiting(root)).toBe(true);
  expect(sources(db, "dunlin")).toEqual([]);
  const applied = applySpools(db, root);
  expect(applied.done).toBe(true);
  expect(applied.results.map((r) => [r.label, r.status])).toEqual([
    ["a.md", "new"],
    ["b.md", "new"],
    ["a.md", "replaced"],
  ]);
  expect(sources(db, "dunlin")).toEqual(["b.md"]);
  expect(sources(db, "razorbill")).toEqual(["a.md"]);
  expect(sources(db, "kittiwake")).toEqual([]);
  expect(db.prepare<{ n: number }>("SELECT count(*) AS n FROM fts_pending").get()!.n).toBe(0);
  expect(mark(db, files.name)).toBe(3);
  expect(readdirSync(files.dir)).toEqual([]);
  // This process owns the spool, so its folder stays for the next file.
  expect(existsSync(files.dir)).toBe(true);
  expect(spoolWaiting(root)).toBe(false);
  db.close();
});

test("a file found again after its apply committed (a crash before the sweep) is not applied twice", () => {
  const { db, root } = fresh();
  const files = new SpoolFiles(root);
  files.append(note("log.md", "# Log\n\nfirst version with the shearwater\n"));
  const kept = join(tempDir(), "1.json");
  copyFileSync(join(files.dir, "1.json"), kept);
  applySpools(db, root);
  files.append(note("log.md", "# Log\n\nsecond version with the fulmar\n"));
  applySpools(db, root);
  copyFileSync(kept, join(files.dir, "1.json"));
  const again = applySpools(db, root);
  expect(again.results).toEqual([]);
  expect(sources(db, "fulmar")).toEqual(["log.md"]);
  expect(sources(db, "shearwater")).toEqual([]);
  expect(readdirSync(files.dir)).toEqual([]);
  db.close();
});

test("a damaged file is set aside as .bad and the files after it are still applied", () => {
  const { db, root } = fresh();
  const files = new SpoolFiles(root);
  files.append(note("one.md", "# One\n\nthe whimbrel\n"));
  files.append(note("two.md", "# Two\n\nthe godwit\n"));
  writeFileSync(join(files.dir, "1.json"), "{ not json");
  const applied = applySpools(db, root);
  expect(applied.results.map((r) => r.label)).toEqual(["two.md"]);
  expect(sources(db, "godwit")).toEqual(["two.md"]);
  expect(readdirSync(files.dir)).toEqual(["1.bad"]);
  db.close();
});

test("maxBytes applies the oldest files first and leaves the rest for the next run", () => {
  const { db, root } = fresh();
  const files = new SpoolFiles(root);
  const body = (w: string) => `# ${w}\n\n${`the ${w} entry. `.repeat(200)}\n`;
  for (const w of ["plover", "lapwing", "curlew"]) files.append(note(`${w}.md`, body(w)));
  const first = applySpools(db, root, { maxBytes: 1 });
  expect(first.done).toBe(false);
  expect(first.results.map((r) => r.label)).toEqual(["plover.md"]);
  expect(sources(db, "curlew")).toEqual([]);
  expect(applySpools(db, root).results.map((r) => r.label)).toEqual(["lapwing.md", "curlew.md"]);
  db.close();
});

test("the spool of a process that died is applied by the next opener, and its folder and mark go", async () => {
  const { db, root } = fresh();
  // A real process writes two files and exits without applying them.
  const script = `
    import { SpoolFiles } from ${JSON.stringify(join(import.meta.dir, "../../src/store/spool.ts"))};
    const files = new SpoolFiles(${JSON.stringify(root)});
    files.append({ label: "dead.md", text: "# Dead\\n\\nthe turnstone note\\n", kind: "markdown", maxChunk: 4096 });
    files.append({ label: "dead2.md", text: "# Dead 2\\n\\nthe sanderling note\\n", kind: "markdown", maxChunk: 4096 });
    console.log(files.name);
  `;
  const dir = tempDir();
  writeFileSync(join(dir, "writer.ts"), script);
  const child = Bun.spawnSync([process.execPath, join(dir, "writer.ts")]);
  const name = child.stdout.toString().trim();
  expect(readdirSync(join(root, name)).sort()).toEqual(["1.json", "2.json"]);
  expect(sources(db, "turnstone")).toEqual([]);
  applySpools(db, root);
  expect(sources(db, "turnstone")).toEqual(["dead.md"]);
  expect(sources(db, "sanderling")).toEqual(["dead2.md"]);
  expect(existsSync(join(root, name))).toBe(false);
  expect(mark(db, name)).toBeUndefined();
  db.close();
});

test("SpoolIndexer: replies with what each source becomes, its worker writes them, drain waits for all of it", async () => {
  const { db, dbPath } = fresh();
  const spool = new SpoolIndexer(db, dbPath, 5000);
  try {
    const [first] = await spool.index([note("guide.md", "# Guide\n\nthe avocet guide\n\n## Install\n\nthe avocet installer\n\n## Use\n\nrun the avocet\n")]);
    expect(first).toMatchObject({ label: "guide.md", status: "new", chunks: 3, titles: ["Guide", "Guide > Install", "Guide > Use"] });
    const [same] = await spool.index([note("guide.md", "# Guide\n\nthe avocet guide\n\n## Install\n\nthe avocet installer\n\n## Use\n\nrun the avocet\n")]);
    expect(same!.status).toBe("unchanged");
    const [changed] = await spool.index([note("guide.md", "# Guide\n\nthe stilt edition\n")]);
    expect(changed!.status).toBe("replaced");
    // Secrets are redacted before anything is written, the spool file included.
    await spool.index([note("env.md", "# Env\n\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY and the oystercatcher\n")]);
    await spool.drain();
    expect(spool.waitingBytes).toBe(0);
    expect(sources(db, "stilt")).toEqual(["guide.md"]);
    expect(sources(db, "avocet")).toEqual([]);
    expect(sources(db, "oystercatcher")).toEqual(["env.md"]);
    expect(db.prepare<{ body: string }>("SELECT body FROM chunks WHERE body LIKE '%oystercatcher%'").get()!.body).not.toContain("wJalrXUtnFEMI");
    expect(readdirSync(spool.files.dir)).toEqual([]);
  } finally {
    await spool.close();
  }
  expect(existsSync(spool.files.dir)).toBe(false);
  db.close();
});

test("SpoolIndexer: text an older release chunked is chunked afresh, and its reply gives the new chunks", async () => {
  const { db, dbPath } = fresh();
  const text = "# Guide\n\nthe godwit guide\n\n## Install\n\nthe godwit installer\n";
  const spool = new SpoolIndexer(db, dbPath, 5000);
  try {
    await spool.index([note("guide.md", text)]);
    await spool.drain();
    // As a release before this one's chunkers would have left it.
    db.exec("UPDATE docs SET chunker = 0");
    const old = db.prepare<{ id: number }>("SELECT id FROM docs").get()!.id;
    const [again] = await spool.index([note("guide.md", text)]);
    expect(again).toMatchObject({ status: "unchanged", chunks: 2, titles: ["Guide", "Guide > Install"] });
    await spool.drain();
    expect(db.prepare("SELECT id != $old AS moved, chunker FROM docs").all({ old })).toEqual([{ moved: 1, chunker: CHUNKER_VERSION }]);
    expect(search(db, "godwit installer", { limit: 1, snippetMax: 400, rrfK: 60 }).hits.map((h) => [h.source, h.title])).toEqual([
      ["guide.md", "Guide > Install"],
    ]);
    db.exec("INSERT INTO fts_words(fts_words) VALUES ('integrity-check')");
  } finally {
    await spool.close();
  }
  db.close();
});

test("SpoolIndexer: a call that finds more than the cap waiting returns only once the worker brought it back under", async () => {
  const { db, dbPath } = fresh();
  const spool = new SpoolIndexer(db, dbPath, 5000);
  try {
    const text = (i: number) => `# Part ${i}\n\n${`the redshank${i} reading of the tide table. `.repeat(50_000)}\n`;
    let most = 0;
    for (let i = 0; i < 8; i++) {
      await spool.index([note(`part-${i}.md`, text(i))]);
      most = Math.max(most, spool.waitingBytes);
    }
    expect(Buffer.byteLength(text(0)) * 8).toBeGreaterThan(SPOOL_CAP_BYTES * 1.5);
    expect(most).toBeLessThanOrEqual(SPOOL_CAP_BYTES);
    await spool.drain();
    expect([...new Set(sources(db, "redshank7"))]).toEqual(["part-7.md"]);
  } finally {
    await spool.close();
  }
  db.close();
});

test("SpoolIndexer: without its worker (closed) a call writes its sources on the calling thread", async () => {
  const { db, dbPath } = fresh();
  const spool = new SpoolIndexer(db, dbPath, 5000);
  await spool.index([note("x.md", "# X\n\nthe greenshank\n")]);
  await spool.close();
  mkdirSync(spool.files.dir, { recursive: true });
  const [r] = await spool.index([note("y.md", "# Y\n\nthe knot\n")]);
  expect(r!.status).toBe("new");
  expect(sources(db, "knot")).toEqual(["y.md"]);
  expect(sources(db, "greenshank")).toEqual(["x.md"]);
  expect(readdirSync(spool.files.dir)).toEqual([]);
  db.close();
});

test("deferWords: the chunks are searchable at once and their words reach the vocabulary when the backfill reads them", () => {
  const { db, root } = fresh();
  const files = new SpoolFiles(root);
  // As a server's worker is sent them: chunked already, without their text.
  const given = new Map<string, GivenSource>();
  for (const [label, text] of [
    ["one.md", "# One\n\nthe whimbrel migration\n"],
    ["two.md", "# Two\n\nthe godwit migration\n"],
  ] as const) {
    const input = { ...note(label, text), redacted: true };
    const seq = files.append(input);
    const sha256 = new Bun.CryptoHasher("sha256").update(text).digest("hex");
    const chunks = chunkText(text, "markdown", { maxChunk: 4096, name: label });
    given.set(`${files.name}/${seq}`, { input: { ...input, text: "" }, sha256, bytes: Buffer.byteLength(text), chunks });
  }
  const vocab = (w: string) => Boolean(db.prepare("SELECT 1 AS x FROM vocab WHERE word = $w").get({ w }));
  expect(applySpools(db, root, { given, maxBytes: 1, deferWords: true }).done).toBe(false);
  expect(applySpools(db, root, { given, deferWords: true }).done).toBe(true);
  expect(sources(db, "whimbrel")).toEqual(["one.md"]);
  expect(sources(db, "godwit")).toEqual(["two.md"]);
  expect(vocab("whimbrel")).toBe(false);
  expect(vocabPending(db)).toBe(true);
  // Until then a misspelt word has nothing to be fixed toward; a search that reads them in first does.
  const opts = { limit: 5, snippetMax: 400, rrfK: 60 };
  expect(search(db, "whimbrl", opts).hits).toEqual([]);
  let asked = 0;
  const fixed = search(db, "whimbrl", { ...opts, beforeVocab: () => void (asked++, backfillVocab(db)) });
  expect(asked).toBe(1);
  expect(fixed.hits.map((h) => h.source)).toEqual(["one.md"]);
  expect(fixed.corrected).toBe("whimbrel");
  expect(backfillVocab(db)).toBe(true);
  expect(vocab("whimbrel")).toBe(true);
  expect(vocab("godwit")).toBe(true);
  expect(vocabPending(db)).toBe(false);
  // Without the flag (a search or the next opener applying a spool) words go in with the chunks.
  files.append(note("three.md", "# Three\n\nthe sanderling migration\n"));
  applySpools(db, root);
  expect(vocab("sanderling")).toBe(true);
  expect(vocabPending(db)).toBe(false);
  db.close();
});

test("a source sent with its chunks and not its text is written from the chunks; sent with neither, from its file", () => {
  const { db, root } = fresh();
  const files = new SpoolFiles(root);
  const text = "# Tern\n\nthe sandwich tern roost\n";
  const input = { ...note("tern.md", text), redacted: true };
  const seq = files.append(input);
  const chunks = [{ title: "Tern", body: "the sandwich tern roost", lineStart: 1, lineEnd: 3, code: false }];
  const sha256 = new Bun.CryptoHasher("sha256").update(text).digest("hex");
  const given = new Map([[`${files.name}/${seq}`, { input: { ...input, text: "" }, sha256, bytes: Buffer.byteLength(text), chunks }]]);
  expect(applySpools(db, root, { given }).results.map((r) => [r.label, r.status])).toEqual([["tern.md", "new"]]);
  expect(sources(db, "roost")).toEqual(["tern.md"]);
  // No text and no chunks (the doc was stored when it was spooled, and purged since): read from the file.
  const again = files.append({ ...note("tern2.md", "# Tern 2\n\nthe arctic tern colony\n"), redacted: true });
  const sha2 = new Bun.CryptoHasher("sha256").update("# Tern 2\n\nthe arctic tern colony\n").digest("hex");
  const bare = new Map([[`${files.name}/${again}`, { input: { ...note("tern2.md", ""), redacted: true }, sha256: sha2, bytes: 30 }]]);
  applySpools(db, root, { given: bare });
  expect(sources(db, "arctic")).toEqual(["tern2.md"]);
  db.close();
});

test("a spool file is a header line and the raw text; one written as a single JSON object still applies", () => {
  const { db, root } = fresh();
  const files = new SpoolFiles(root);
  const text = '# Quotes\n\nthe "phalarope" line\nand a second line\n';
  const seq = files.append(note("quotes.md", text));
  const raw = readFileSync(join(files.dir, `${seq}.json`), "utf8");
  expect(raw.slice(raw.indexOf("\n") + 1)).toBe(text);
  expect(JSON.parse(raw.slice(0, raw.indexOf("\n")))).toMatchObject({ label: "quotes.md", kind: "markdown", maxChunk: 4096 });
  // An older server's file: the whole source as one JSON line.
  writeFileSync(join(files.dir, `${seq + 1}.json`), JSON.stringify({ ...note("old.md", "# Old\n\nthe jacana note\n") }));
  applySpools(db, root);
  expect(sources(db, "phalarope")).toEqual(["quotes.md"]);
  expect(sources(db, "jacana")).toEqual(["old.md"]);
  db.close();
});

test("SpoolIndexer: once its worker caught up it reads the new words into the vocabulary, so a misspelt search finds them", async () => {
  const { db, dbPath } = fresh();
  const spool = new SpoolIndexer(db, dbPath, 5000);
  try {
    await spool.index([note("shore.md", "# Shore\n\nthe turnstones forage along the shingle\n")]);
    await spool.drain();
    expect(sources(db, "turnstones")).toEqual(["shore.md"]);
    const deadline = Date.now() + 10_000;
    while (vocabPending(db) && Date.now() < deadline) await Bun.sleep(20);
    expect(vocabPending(db)).toBe(false);
    expect(Boolean(db.prepare("SELECT 1 AS x FROM vocab WHERE word = 'turnstones'").get())).toBe(true);
    expect(sources(db, "turnstnoes")).toEqual(["shore.md"]);
  } finally {
    await spool.close();
  }
  db.close();
});

test("SpoolIndexer: asked to merge (the server is idle), it counts as settled only once the worker has merged, not on word the worker sent before it read the request", async () => {
  const { db, dbPath } = fresh();
  const spool = new SpoolIndexer(db, dbPath, 5000);
  const segments = () => db.prepare<{ n: number }>("SELECT count(DISTINCT segid) AS n FROM fts_words_idx").get()!.n;
  try {
    // One call at a time, each written before the next: a segment each.
    // Enough text that merging takes the worker a while.
    const filler = Array.from({ length: 400 }, (_, k) => `tide${k} plover${k % 37} wader${k % 11}`).join(" ");
    for (let i = 0; i < 12; i++) {
      await spool.index([note(`log-${i}.md`, `# Log ${i}\n\nthe sanderling${i} count on the mudflat ${filler}\n`)]);
      await spool.drain();
    }
    const left = segments();
    expect(left).toBeGreaterThan(2);
    // This thread busy (a call) while the worker finishes the run and says so: the request
    // below goes out before that word is read.
    const busyUntil = Date.now() + 300;
    while (Date.now() < busyUntil) {
      // a synchronous search's worth of work
    }
    expect(spool.merge()).toBe(true);
    // Settled means merged: the worker's word of being done with the run, sent before it read
    // the request, must not count (this thread would write meanwhile and wait out the merge).
    expect(spool.settled).toBe(false);
    const deadline = Date.now() + 10_000;
    while (!spool.settled && Date.now() < deadline) await Bun.sleep(1);
    expect(spool.settled).toBe(true);
    expect(segments()).toBeLessThanOrEqual(2);
    expect(sources(db, "sanderling3")).toEqual(["log-3.md"]);
  } finally {
    await spool.close();
  }
  db.close();
});
