import { describe, expect, test } from "bun:test";
import { byteLength } from "../../src/mcp/format.ts";
import { makeProject, startServer } from "../mcp/helpers.ts";
import { docsPage, PYTHON_EXAMPLE, redirect, send, startSite, TS_EXAMPLE } from "./helpers.ts";

const site = await startSite({
  "/docs/retry": send("text/html; charset=utf-8", docsPage()),
  "/moved": redirect("/docs/retry", 301),
  "/to-metadata": redirect("http://169.254.169.254/latest/meta-data/iam/"),
  "/api": send(
    "application/json",
    JSON.stringify({
      items: [
        { id: 1, name: "walrus-ledger" },
        { id: 2, name: "other" },
      ],
    }),
  ),
  "/logo.png": send("image/png", new Uint8Array([0x89, 0x50, 0x4e, 0x47])),
});

describe("ctx_index url through the MCP server", async () => {
  const server = await startServer();

  test("fetch, convert and index a page; the receipt names the search; ctx_search finds the intact code", async () => {
    const url = site.url("/docs/retry");
    const r = await server.call("ctx_index", { url });
    expect(r.isError).toBe(false);
    const lines = r.text.split("\n");
    expect(lines[0]).toMatch(new RegExp(`^indexed "${url}" \\(new\\) · "Retry policy" · [\\d.]+ KB fetched → [\\d.]+ K?B markdown, \\d+ chunks$`));
    expect(lines[1]).toBe("sections: Python example · TypeScript example · Options · Last section");
    expect(lines[2]).toBe(`search: ctx_search(queries: ["…"], source: "${url}")`);
    const s = await server.call("ctx_search", { queries: ["send_with_retry max_retries"], source: url, limit: 1 });
    expect(s.text).toContain(PYTHON_EXAMPLE);
    const ts = await server.call("ctx_search", { queries: ["createRetryPolicy"], source: url, limit: 1 });
    expect(ts.text).toContain(TS_EXAMPLE);
    const chrome = await server.call("ctx_search", { queries: ["SIDEBAR_MARKER", "COOKIE_MARKER"] });
    expect(chrome.text).not.toContain("SIDEBAR_MARKER Getting");
    expect(chrome.text).toContain("no matches");
  });

  test("a second call within the TTL comes from the index; force refetches", async () => {
    // A server (and project) of its own: the first call here is the one that fetches.
    const server = await startServer();
    const url = site.url("/docs/retry");
    await server.call("ctx_index", { url });
    const before = site.hits.length;
    const cached = await server.call("ctx_index", { url });
    expect(cached.text).toStartWith(`from the index, not refetched: "${url}" (indexed `);
    expect(cached.text).toContain("force: true refetches");
    expect(site.hits.length).toBe(before);
    const forced = await server.call("ctx_index", { url, force: true });
    expect(forced.text).toStartWith(`indexed "${url}" (unchanged)`);
    const zero = await server.call("ctx_index", { url, ttl: 0 });
    expect(zero.text).toStartWith(`indexed "${url}" (unchanged)`);
    expect(site.hits.length).toBe(before + 2);
    await server.close();
  });

  test("a redirect is followed and reported; source names the label", async () => {
    const r = await server.call("ctx_index", { url: site.url("/moved"), source: "retry-docs" });
    expect(r.text).toStartWith('indexed "retry-docs" (new)');
    expect(r.text).toContain(`redirected to ${site.url("/docs/retry")}`);
    expect(r.text).toContain('search: ctx_search(queries: ["…"], source: "retry-docs")');
  });

  test("refusals are isError replies naming the rule", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { url: site.url("/to-metadata") },
        /^ctx_index: redirect 1 to http:\/\/169\.254\.169\.254\/latest\/meta-data\/iam\/ refused: 169\.254\.169\.254 \(link-local \/ cloud metadata 169\.254\.0\.0\/16\) is never fetched$/,
      ],
      [{ url: "http://10.1.2.3/" }, /^ctx_index: 10\.1\.2\.3 \(private 10\.0\.0\.0\/8\) is refused unless CTXMODE_FETCH_ALLOW_PRIVATE=1$/],
      [{ url: "http://[fe80::1]/" }, /^ctx_index: fe80::1 \(link-local fe80::\/10\) is never fetched$/],
      [{ url: "ftp://example.com/file" }, /^ctx_index: ftp:\/\/ URLs are refused: only http and https are fetched$/],
      [{ url: site.url("/logo.png") }, /is image\/png; only HTML, JSON, markdown and text pages can be indexed$/],
      [{ url: "not a url" }, /is not a URL; pass an absolute http:\/\/ or https:\/\/ URL/],
      [{ url: site.url("/docs/retry"), path: "x" }, /pass exactly one of/],
      [{ urls: [site.url("/docs/retry")], concurrency: 9 }, /`concurrency` must be at most 8/],
      [{ urls: [] }, /`urls` holds 0 URLs; pass 1 to 20$/],
      [{ urls: Array.from({ length: 21 }, (_, i) => site.url(`/p${i}`)) }, /`urls` holds 21 URLs; pass 1 to 20$/],
    ];
    for (const [args, message] of cases) {
      const r = await server.call("ctx_index", args);
      expect({ args, isError: r.isError }).toEqual({ args, isError: true });
      expect(r.text).toMatch(message);
    }
  });

  test("urls[]: one line per page, failures listed, the search scoped to the source prefix", async () => {
    const urls = [site.url("/api"), site.url("/logo.png"), site.url("/docs/retry")];
    const r = await server.call("ctx_index", { urls, source: "batch", concurrency: 2 });
    expect(r.isError).toBe(false);
    const lines = r.text.split("\n");
    expect(lines[0]).toMatch(/^3 URLs: 2 fetched, 0 from the index, 1 failed · [\d.]+ KB fetched, \d+ chunks$/);
    expect(lines[1]).toStartWith(`- "batch::${urls[0]}" (new, `);
    expect(lines[2]).toStartWith(`- failed ${urls[1]}: `);
    expect(lines[3]).toStartWith(`- "batch::${urls[2]}" (new, `);
    expect(lines[4]).toBe('search: ctx_search(queries: ["…"], source: "batch")');
    const s = await server.call("ctx_search", { queries: ["walrus-ledger"], source: "batch" });
    expect(s.text).toContain(`[batch::${urls[0]}]`);
    const allBad = await server.call("ctx_index", { urls: [site.url("/logo.png"), "http://10.0.0.1/"] });
    expect(allBad.isError).toBe(true);
  });

  test("the reply is a small fraction of the page", async () => {
    const r = await server.call("ctx_index", { url: site.url("/docs/retry"), source: "size-check" });
    expect(byteLength(r.text)).toBeLessThan(400);
  });
});

describe("fetch settings reach the server", () => {
  test("CTXMODE_FETCH_STRICT=1 refuses loopback, including a name that resolves to it", async () => {
    const server = await startServer(makeProject(), { CTXMODE_FETCH_STRICT: "1" });
    const byAddress = await server.call("ctx_index", { url: site.url("/docs/retry") });
    expect(byAddress.text).toBe("ctx_index: 127.0.0.1 (loopback 127.0.0.0/8) is refused while CTXMODE_FETCH_STRICT=1");
    const byName = await server.call("ctx_index", { url: `http://localhost:${site.port}/docs/retry` });
    expect(byName.isError).toBe(true);
    expect(byName.text).toMatch(/^ctx_index: localhost resolves to \S+ \(loopback .*\), which is refused while CTXMODE_FETCH_STRICT=1$/);
  });

  test("CTXMODE_FETCH_TTL=0 always refetches", async () => {
    const server = await startServer(makeProject(), { CTXMODE_FETCH_TTL: "0" });
    const url = site.url("/docs/retry");
    await server.call("ctx_index", { url });
    const again = await server.call("ctx_index", { url });
    expect(again.text).toStartWith(`indexed "${url}" (unchanged)`);
  });
});
