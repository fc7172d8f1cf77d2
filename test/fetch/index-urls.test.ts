import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { indexUrls, type IndexUrlsOptions, type PageOutcome, type PageIndexed, type WebIndexContext } from "../../src/fetch/index-urls.ts";
import { pageReceipt, pagesReceipt } from "../../src/mcp/page-receipt.ts";
import { openStore } from "../../src/store/db.ts";
import { indexSource } from "../../src/store/index-source.ts";
import { listSources } from "../../src/store/purge.ts";
import { search } from "../../src/store/search.ts";
import { tempDir } from "../helpers/temp.ts";
import { docsPage, fetchConfig, PYTHON_EXAMPLE, send, startSite } from "./helpers.ts";

const db = openStore(join(tempDir("ctxmode-web-"), "context.db"), { busyTimeoutMs: 5_000 });

/** 20,000 records, one of which (in the middle) carries a unique name and a live API key. */
function apiReply(): string {
  const records = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `customer ${i}`, plan: i % 3 ? "pro" : "free", region: "eu-west-1" }));
  records[10_000] = { id: 10_000, name: "Quillon Ardent", plan: "enterprise", region: "eu-west-1", api_key: "sk_live_51HardcodedSecretValue0123" } as never;
  return JSON.stringify({ data: records, total: 20_000 });
}

let clock = Date.now();
const site = await startSite({
  "/docs/retry": send("text/html; charset=utf-8", docsPage()),
  // The same page under its own URL, for the one test that needs it never indexed before.
  "/docs/retry-fresh": send("text/html; charset=utf-8", docsPage()),
  "/api/customers": send("application/json", apiReply()),
  "/readme.md": send("text/markdown", "# Readme\n\n## Install\n\nRun `make install_all`.\n"),
  "/notes": send("text/plain", "plain notes about the zephyr rollout\n"),
  "/latin1": send("text/html; charset=iso-8859-1", Buffer.from("<main><p>Caf\xe9 cr\xe8me</p></main>", "latin1")),
  "/untyped": send("", "<!doctype html><html><body><main><p>untyped html page</p></main></body></html>"),
  "/logo.png": send("image/png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])),
  "/paper.pdf": send("application/pdf", "%PDF-1.4"),
  "/blob": send("application/octet-stream", new Uint8Array([1, 2, 0, 3])),
  "/empty": send("text/html", "<html><body><nav>only nav</nav><script>x()</script></body></html>"),
});

const ctx = (over: Partial<WebIndexContext> = {}): WebIndexContext => ({
  db,
  fetch: fetchConfig(),
  session: "s1",
  worktree: "",
  maxChunk: 4096,
  now: () => clock,
  ...over,
});
const once: IndexUrlsOptions = { ttlMs: 24 * 3600 * 1000, force: false, concurrency: 1 };

async function indexOne(url: string, options = once, over: Partial<WebIndexContext> = {}): Promise<PageIndexed> {
  const [outcome] = await indexUrls([{ url }], options, ctx(over));
  if (!outcome!.ok) throw outcome!.error;
  return outcome!;
}

async function failureOf(url: string): Promise<PageOutcome & { ok: false }> {
  const [outcome] = await indexUrls([{ url }], once, ctx());
  if (outcome!.ok) throw new Error(`expected ${url} to fail`);
  return outcome! as PageOutcome & { ok: false };
}

const find = (q: string, source?: string) => search(db, q, { limit: 3, snippetMax: 800, rrfK: 60, source });

describe("indexing pages", () => {
  test("an HTML page is indexed as markdown under its URL; the receipt is short and says what to search", async () => {
    const url = site.url("/docs/retry-fresh");
    const p = await indexOne(url);
    expect(p).toMatchObject({ label: url, from: "web", status: "new", kind: "markdown", title: "Retry policy" });
    expect(p.fetchedBytes).toBe(Buffer.byteLength(docsPage()));
    const receipt = pageReceipt(p, once.ttlMs, clock);
    expect(receipt.split("\n")).toEqual([
      expect.stringMatching(new RegExp(`^indexed "${url}" \\(new\\) · "Retry policy" · [\\d.]+ KB fetched → [\\d.]+ K?B markdown, \\d+ chunks$`)),
      "sections: Python example · TypeScript example · Options · Last section",
      `search: ctx_search(queries: ["…"], source: "${url}")`,
    ]);
    const hit = find("send_with_retry max_retries", url).hits[0]!;
    expect(hit.source).toBe(url);
    expect(hit.snippet).toContain("def send_with_retry(client, max_retries=5):");
    expect(find("COOKIE_MARKER SIDEBAR_MARKER").hits).toEqual([]);
  });

  test("a 20,000-record JSON reply is searchable; the secret in its middle record is redacted", async () => {
    const url = site.url("/api/customers");
    const p = await indexOne(url);
    expect(p.kind).toBe("json");
    expect(p.chunks).toBeGreaterThan(100);
    const hit = find("Quillon Ardent", url).hits[0]!;
    expect(hit.snippet).toContain("Quillon Ardent");
    expect(hit.snippet).toContain("[REDACTED]");
    expect(hit.snippet).not.toContain("sk_live_51HardcodedSecretValue0123");
    expect(find("sk_live_51HardcodedSecretValue0123").hits).toEqual([]);
  });

  test("markdown and text are indexed as they are; charsets are decoded; an untyped HTML body is sniffed", async () => {
    expect((await indexOne(site.url("/readme.md"))).kind).toBe("markdown");
    expect(find("make install_all").hits[0]!.source).toBe(site.url("/readme.md"));
    expect((await indexOne(site.url("/notes"))).kind).toBe("text");
    await indexOne(site.url("/latin1"));
    expect(find("crème").hits[0]!.snippet).toContain("Café crème");
    expect((await indexOne(site.url("/untyped"))).kind).toBe("markdown");
  });

  test("content that is not text is refused, naming its type", async () => {
    const png = await failureOf(site.url("/logo.png"));
    expect(png.error.message).toBe(`${site.url("/logo.png")} is image/png; only HTML, JSON, markdown and text pages can be indexed`);
    expect((await failureOf(site.url("/paper.pdf"))).error.message).toContain("is application/pdf;");
    expect((await failureOf(site.url("/blob"))).error.message).toContain("is binary data");
    expect((await failureOf(site.url("/empty"))).error.message).toContain("has no text to index once navigation, scripts and hidden parts are removed");
    expect(listSources(db).map((s) => s.label)).not.toContain(site.url("/logo.png"));
  });
});

describe("cache", () => {
  test("within the TTL a page is answered from the index without a request; force and ttl 0 refetch; after the TTL it refetches", async () => {
    const url = site.url("/docs/retry");
    const requests = () => site.hits.filter((h) => h.startsWith("GET /docs/retry ")).length;
    await indexOne(url, { ...once, force: true });
    const before = requests();
    clock += 60 * 60 * 1000;
    const cached = await indexOne(url);
    expect(requests()).toBe(before);
    expect(cached).toMatchObject({ from: "index", status: "cached", fetchedBytes: 0, title: "Retry policy" });
    const receipt = pageReceipt(cached, once.ttlMs, clock);
    expect(receipt).toStartWith(
      `from the index, not refetched: "${url}" (indexed 60 min ago, ttl 24 h; force: true refetches) · "Retry policy" · ${cached.chunks} chunks,`,
    );
    expect(receipt).toContain("sections: Python example · TypeScript example");
    expect((await indexOne(url, { ...once, force: true })).from).toBe("web");
    expect((await indexOne(url, { ...once, ttlMs: 0 })).from).toBe("web");
    expect(requests()).toBe(before + 2);
    clock += 25 * 60 * 60 * 1000;
    expect((await indexOne(url)).from).toBe("web");
    expect(requests()).toBe(before + 3);
  });

  test("a label holding other content is not a cache hit for a URL", async () => {
    indexSource(db, { label: "retry-notes", text: "# Notes\n\nhand written", kind: "markdown", maxChunk: 4096 });
    const [p] = await indexUrls([{ url: site.url("/docs/retry"), label: "retry-notes" }], once, ctx());
    expect(p).toMatchObject({ ok: true, from: "web", status: "replaced", label: "retry-notes" });
  });

  test("pages not refreshed for the retention period are deleted on the first web index of a process; files stay", async () => {
    const dir = tempDir("ctxmode-retention-");
    const own = openStore(join(dir, "context.db"), { busyTimeoutMs: 5_000 });
    try {
      const old = Date.now() - 20 * 24 * 3600 * 1000;
      own.exec(`INSERT INTO docs(id, sha256, kind, bytes, chunk_count, code_count) VALUES (1, 'x', 'markdown', 1, 0, 0)`);
      own.exec(
        `INSERT INTO sources(label, doc_id, origin, indexed_at) VALUES ('https://old.example/page', 1, 'https://old.example/page', ${old}), ('notes.md', 1, 'notes.md', ${old})`,
      );
      await indexUrls([{ url: site.url("/notes") }], once, ctx({ db: own, now: Date.now }));
      expect(
        listSources(own)
          .map((s) => s.label)
          .sort(),
      ).toEqual([site.url("/notes"), "notes.md"]);
    } finally {
      own.close();
    }
  });
});

describe("several pages", () => {
  test("fetched in parallel (concurrency 1–8), one failure does not stop the others, order is kept", async () => {
    clock = Date.now();
    const urls = ["/docs/retry", "/readme.md", "/logo.png", "/notes"].map((p) => site.url(p));
    for (const concurrency of [1, 3, 8]) {
      const outcomes = await indexUrls(
        urls.map((url) => ({ url, label: `set${concurrency}::${url}` })),
        { ...once, concurrency },
        ctx(),
      );
      expect(outcomes.map((o) => o.ok)).toEqual([true, true, false, true]);
      expect(outcomes.map((o) => o.label)).toEqual(urls.map((u) => `set${concurrency}::${u}`));
    }
    const outcomes = await indexUrls(
      urls.map((url) => ({ url, label: `set8::${url}` })),
      { ...once, concurrency: 8 },
      ctx(),
    );
    const text = pagesReceipt(outcomes, "set8");
    const lines = text.split("\n");
    expect(lines[0]).toBe(
      "4 URLs: 0 fetched, 3 from the index, 1 failed · 0 B fetched, " + `${outcomes.reduce((n, o) => n + (o.ok ? o.chunks : 0), 0)} chunks`,
    );
    expect(lines[3]).toStartWith(`- failed ${site.url("/logo.png")}: `);
    expect(lines.at(-1)).toBe('search: ctx_search(queries: ["…"], source: "set8")');
    // Every page's code survives the trip: the python example is findable and intact.
    const hit = find("send_with_retry", "set8").hits[0]!;
    expect(hit.snippet).toContain(PYTHON_EXAMPLE.split("\n")[4]!);
  });
});
