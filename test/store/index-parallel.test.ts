import { expect, test } from "bun:test";
import { join } from "node:path";
import { makeCorpus } from "../../bench/corpus.ts";
import { openStore, type Database } from "../../src/store/db.ts";
import { createIndexer } from "../../src/store/index-parallel.ts";
import { indexSources } from "../../src/store/index-source.ts";
import { search } from "../../src/store/search.ts";
import { tempDir } from "../helpers/temp.ts";

const snapshot = (db: Database) => ({
  sources: db.prepare("SELECT label, d.sha256, d.chunk_count FROM sources s JOIN docs d ON d.id = s.doc_id ORDER BY label").all(),
  chunks: db.prepare("SELECT title, body, line_start, line_end, code FROM chunks ORDER BY doc_id, seq").all().length,
  vocab: db.prepare("SELECT group_concat(word, ' ') AS words FROM (SELECT word FROM vocab ORDER BY word)").get(),
});

test("indexing on a worker thread stores exactly what indexing on one thread does", async () => {
  const { docs, queries } = makeCorpus(6 * 1024 * 1024, 7);
  const inputs = docs.map((d) => ({ label: d.label, text: d.text, kind: d.kind, maxChunk: 4096 }));
  const dir = tempDir();
  const serial = openStore(join(dir, "serial.db"), { busyTimeoutMs: 5000 });
  const parallel = openStore(join(dir, "parallel.db"), { busyTimeoutMs: 5000 });
  indexSources(serial, inputs);
  const indexer = createIndexer(parallel);
  const results = await indexer.index(inputs);
  expect(indexer.parallel).toBe(true);
  await indexer.close();

  expect(results.map((r) => r.label)).toEqual(inputs.map((i) => i.label));
  expect(snapshot(parallel)).toEqual(snapshot(serial));
  const opts = { limit: 5, snippetMax: 800, rrfK: 60 };
  for (const q of queries) expect(search(parallel, q, opts).hits).toEqual(search(serial, q, opts).hits);
  expect(parallel.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });

  // A second run of the same input changes nothing and reports every source unchanged.
  const again = createIndexer(parallel);
  expect((await again.index(inputs)).every((r) => r.status === "unchanged")).toBe(true);
  await again.close();
  serial.close();
  parallel.close();
}, 30_000);

test("the worker checkpoints the WAL while this thread writes, and the writer's autocheckpoint comes back", async () => {
  const { docs } = makeCorpus(8 * 1024 * 1024, 11);
  const inputs = docs.map((d) => ({ label: d.label, text: d.text, kind: d.kind, maxChunk: 4096 }));
  const path = join(tempDir(), "ckpt.db");
  const db = openStore(path, { busyTimeoutMs: 5000 });
  const indexer = createIndexer(db);
  await indexer.index(inputs);
  expect(indexer.parallel).toBe(true);
  // The worker's checkpoints are not awaited; give the last one a moment.
  const deadline = Date.now() + 10_000;
  while (Bun.file(path).size < 4 * 1024 * 1024 && Date.now() < deadline) await Bun.sleep(50);
  await indexer.close();
  // Autocheckpoint was off on this connection while it wrote, so only the worker moved pages into the file.
  expect(Bun.file(path).size).toBeGreaterThan(4 * 1024 * 1024);
  expect(db.prepare("PRAGMA wal_autocheckpoint").get()).toEqual({ wal_autocheckpoint: 1000 });
  expect(db.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
  expect(db.prepare("SELECT count(*) AS n FROM sources").get()).toEqual({ n: inputs.length });
  db.close();
});

test("secrets are gone from every byte of the database, whether the worker or this thread prepared the text", async () => {
  const { docs } = makeCorpus(6 * 1024 * 1024, 5);
  const token = "ghp_" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Jh1Gf0EdCbA12";
  const aws = "AKIA" + "QWERTYUIOPASDFGH";
  // Secrets in the first batch (prepared on this thread) and in later ones (prepared on the worker).
  const inputs = docs.map((d, i) => ({
    label: d.label,
    text: i % 50 === 0 ? `${d.text}\nexport GITHUB_TOKEN=${token}\naws_access_key_id = ${aws}\n` : d.text,
    kind: d.kind,
    maxChunk: 4096,
  }));
  const dir = tempDir();
  const serial = openStore(join(dir, "serial.db"), { busyTimeoutMs: 5000 });
  indexSources(serial, inputs);
  const path = join(dir, "parallel.db");
  const parallel = openStore(path, { busyTimeoutMs: 5000 });
  const indexer = createIndexer(parallel);
  await indexer.index(inputs);
  expect(indexer.parallel).toBe(true);
  await indexer.close();
  expect(snapshot(parallel)).toEqual(snapshot(serial));
  serial.close();
  parallel.close();
  for (const file of [path, join(dir, "serial.db")]) {
    const bytes = await Bun.file(file).text();
    expect(bytes.includes(token)).toBe(false);
    expect(bytes.includes(aws)).toBe(false);
    expect(bytes).toContain("GITHUB_TOKEN=");
  }
});
