import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { CHUNKER_VERSION } from "../../src/store/chunk/index.ts";
import { openStore } from "../../src/store/db.ts";
import { indexSource, isStored } from "../../src/store/index-source.ts";
import { SCHEMA_VERSION } from "../../src/store/schema.ts";
import { listSources, purge } from "../../src/store/purge.ts";
import { search } from "../../src/store/search.ts";
import { tempDir } from "../helpers/temp.ts";

const open = () => openStore(join(tempDir(), "context.db"), { busyTimeoutMs: 5000 });
const count = (db: ReturnType<typeof open>, table: string) => db.prepare<{ n: number }>(`SELECT count(*) AS n FROM ${table}`).get()!.n;
const find = (db: ReturnType<typeof open>, q: string) => search(db, q, { limit: 5, snippetMax: 800, rrfK: 60 }).hits;

describe("indexSource", () => {
  test("re-indexing a label replaces its old content", () => {
    const db = open();
    expect(indexSource(db, { label: "log", text: "alpha failure in parser", kind: "text", maxChunk: 4096 }).status).toBe("new");
    expect(indexSource(db, { label: "log", text: "beta success in lexer", kind: "text", maxChunk: 4096 }).status).toBe("replaced");
    expect(find(db, "parser")).toEqual([]);
    expect(find(db, "lexer")[0]?.source).toBe("log");
    expect(count(db, "docs")).toBe(1);
    db.close();
  });

  test("identical content is stored once, under every label that points at it", () => {
    const db = open();
    const text = "# Title\n\nshared body about webhooks\n";
    indexSource(db, { label: "a.md", text, kind: "markdown", maxChunk: 4096 });
    const chunks = count(db, "chunks");
    expect(indexSource(db, { label: "b.md", text, kind: "markdown", maxChunk: 4096 }).status).toBe("new");
    expect(indexSource(db, { label: "a.md", text, kind: "markdown", maxChunk: 4096 }).status).toBe("unchanged");
    expect(count(db, "chunks")).toBe(chunks);
    expect(count(db, "sources")).toBe(2);
    db.close();
  });

  test("text an older release chunked is chunked afresh when indexed again, for every label on it", () => {
    const path = join(tempDir(), "context.db");
    const text = "# Retries\n\nthe client retries a request three times\n\n## Backoff\n\nwaits twice as long each time\n";
    // A database from before chunks had a version: its docs read as chunked by version 0.
    const old = openStore(path, { busyTimeoutMs: 5000, targetVersion: SCHEMA_VERSION - 1 });
    indexSource(old, { label: "a.md", text, kind: "markdown", maxChunk: 4096 });
    indexSource(old, { label: "b.md", text, kind: "markdown", maxChunk: 4096 });
    indexSource(old, { label: "other.md", text: "# Other\n\nunrelated text about invoices\n", kind: "markdown", maxChunk: 4096 });
    old.close();

    const db = openStore(path, { busyTimeoutMs: 5000 });
    const docOf = (label: string) =>
      db.prepare<{ id: number; chunker: number }>("SELECT d.id, d.chunker FROM sources s JOIN docs d ON d.id = s.doc_id WHERE s.label = $label").get({ label });
    const before = docOf("a.md")!;
    expect(before.chunker).toBe(0);
    expect(isStored(db, db.prepare<{ sha256: string }>("SELECT sha256 FROM docs WHERE id = $id").get({ id: before.id })!.sha256)).toBe(false);

    const again = indexSource(db, { label: "a.md", text, kind: "markdown", maxChunk: 4096 });
    expect(again.status).toBe("unchanged");
    expect(again.titles).toEqual(["Retries", "Retries > Backoff"]);
    const after = docOf("a.md")!;
    expect(after.chunker).toBe(CHUNKER_VERSION);
    expect(after.id).not.toBe(before.id);
    // The other label on the same text moved with it; the old doc and its rows are gone.
    expect(docOf("b.md")).toEqual(after);
    expect(count(db, "docs")).toBe(2);
    expect(db.prepare<{ n: number }>("SELECT count(*) AS n FROM chunks WHERE doc_id = $id").get({ id: before.id })!.n).toBe(0);
    db.exec("INSERT INTO fts_words(fts_words) VALUES ('integrity-check')");
    expect(find(db, "backoff twice as long").map((h) => h.title)).toEqual(["Retries > Backoff"]);
    expect(find(db, "invoices")[0]?.source).toBe("other.md");
    // Indexed again under this version, it is found as it is.
    expect(indexSource(db, { label: "b.md", text, kind: "markdown", maxChunk: 4096 }).status).toBe("unchanged");
    expect(docOf("b.md")).toEqual(after);
    db.close();
  });

  test("purge by source keeps content another label still shares; purge all empties the project", () => {
    const db = open();
    const text = "shared text about invoices";
    indexSource(db, { label: "one", text, kind: "text", maxChunk: 4096 });
    indexSource(db, { label: "two", text, kind: "text", maxChunk: 4096 });
    indexSource(db, { label: "three", text: "other words about refunds", kind: "text", maxChunk: 4096, session: "s9" });
    expect(purge(db, { source: "one" })).toEqual({ sources: 1, chunks: 0 });
    expect(find(db, "invoices")[0]?.source).toBe("two");
    expect(purge(db, { session: "s9" })).toEqual({ sources: 1, chunks: 1 });
    expect(find(db, "refunds")).toEqual([]);
    expect(purge(db, { all: true }).sources).toBe(1);
    expect(listSources(db)).toEqual([]);
    expect(find(db, "invoices")).toEqual([]);
    expect(db.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    db.close();
  });

  test("FTS indexes stay consistent after replace and purge", () => {
    const db = open();
    for (let i = 0; i < 5; i++) indexSource(db, { label: "x", text: `version ${i} of the report\n`.repeat(50), kind: "text", maxChunk: 4096 });
    purge(db, { source: "x" });
    db.exec("INSERT INTO fts_words(fts_words, rank) VALUES ('integrity-check', 1)");
    expect(count(db, "chunks")).toBe(0);
    db.close();
  });
});
