import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { connect, type AddressInfo, type Socket } from "node:net";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll } from "bun:test";
import { loadConfig } from "../../src/config/config.ts";
import { CtxError } from "../../src/errors.ts";
import { safeFetch, type FetchOptions, type Resolver } from "../../src/fetch/fetch.ts";
import { tempDir } from "../helpers/temp.ts";
import { redirect, send, startSite } from "./helpers.ts";

const options = (over: Partial<FetchOptions> = {}): FetchOptions => ({
  policy: { allowPrivate: false, strict: false },
  timeoutMs: 10_000,
  maxBytes: 50 * 1024 * 1024,
  maxRedirects: 5,
  ...over,
});

async function text(url: string, over: Partial<FetchOptions> = {}) {
  const page = await safeFetch(url, options(over));
  const parts: Uint8Array[] = [];
  for await (const c of page.body) parts.push(c);
  return { page, body: Buffer.concat(parts).toString("utf8") };
}

/** The CtxError a promise rejects with. */
async function failure(p: Promise<unknown>): Promise<CtxError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof CtxError) return err;
    throw err;
  }
  throw new Error("expected a failure");
}

/** A resolver stub: names to fixed addresses. The address check still runs on what it returns. */
const stub =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`no stub for ${host}`), { code: "ENOTFOUND" });
    return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

const site = await startSite({
  "/plain": send("text/plain; charset=utf-8", "hello"),
  "/host": (req, res) => res.end(`host=${req.headers.host} ua=${req.headers["user-agent"]}`),
  "/gzip": send("text/plain", gzipSync("gzipped body"), { "content-encoding": "gzip" }),
  "/hop1": redirect("/hop2", 301),
  "/hop2": redirect("/plain", 307),
  "/to-metadata": redirect("http://169.254.169.254/latest/meta-data/"),
  "/to-private": redirect("http://10.0.0.7/admin"),
  "/to-mapped": redirect("http://[::ffff:a9fe:a9fe]/"),
  "/to-name": redirect("http://metadata.test/computeMetadata/v1/"),
  "/to-file": redirect("file:///etc/passwd"),
  "/loop": redirect("/loop"),
  "/missing": (_req, res) => {
    res.writeHead(404, { "content-type": "text/html" });
    res.end("<h1>gone</h1>");
  },
  "/declared-huge": (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain", "content-length": String(60 * 1024 * 1024) });
    res.write("x");
    // never finishes: the fetch must refuse on the header alone
  },
  "/endless": (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    const block = Buffer.alloc(1024 * 1024, 97);
    let sent = 0;
    // Bounded: at most 60 MB, stopping as soon as the client hangs up.
    const pump = () => {
      while (sent < 60 && !res.destroyed) {
        sent++;
        if (!res.write(block)) return res.once("drain", pump);
      }
      res.end();
    };
    pump();
  },
  "/bomb": (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" });
    res.end(gzipSync(Buffer.alloc(8 * 1024 * 1024, 97)));
  },
  "/stall": (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.write("partial");
  },
});

describe("safe fetch: what is fetched", () => {
  test("a loopback page (a local dev server) is fetched by default, with our user agent", async () => {
    const { page, body } = await text(site.url("/host"));
    expect(page.status).toBe(200);
    expect(body).toMatch(/^host=127\.0\.0\.1:\d+ ua=ctxmode\//);
  });

  test("gzip bodies are decompressed", async () => {
    expect((await text(site.url("/gzip"))).body).toBe("gzipped body");
  });

  test("redirects are followed hop by hop and reported", async () => {
    const { page, body } = await text(site.url("/hop1"));
    expect(body).toBe("hello");
    expect(page.redirects).toEqual([site.url("/hop2"), site.url("/plain")]);
    expect(page.url).toBe(site.url("/plain"));
  });

  test("a name is connected to at the address the resolver gave and the check passed (no second lookup)", async () => {
    const before = site.hits.length;
    const { body } = await text(`http://docs.test:${site.port}/host`, { resolve: stub({ "docs.test": ["127.0.0.1"] }) });
    expect(body).toStartWith(`host=docs.test:${site.port} `);
    expect(site.hits.length).toBe(before + 1);
  });
});

describe("safe fetch: refusals name the rule", () => {
  const cases: [string, string, Partial<FetchOptions>, RegExp][] = [
    [
      "a redirect into the metadata range is blocked at the hop",
      "/to-metadata",
      {},
      /^redirect 1 to http:\/\/169\.254\.169\.254\/latest\/meta-data\/ refused: 169\.254\.169\.254 \(link-local \/ cloud metadata 169\.254\.0\.0\/16\) is never fetched$/,
    ],
    [
      "a redirect into a private range is blocked at the hop",
      "/to-private",
      {},
      /^redirect 1 to http:\/\/10\.0\.0\.7\/admin refused: 10\.0\.0\.7 \(private 10\.0\.0\.0\/8\) is refused unless CTXMODE_FETCH_ALLOW_PRIVATE=1$/,
    ],
    ["a redirect to an IPv4-mapped metadata address is blocked", "/to-mapped", {}, /IPv4-mapped form of 169\.254\.169\.254, link-local/],
    [
      "a redirect to a name that resolves into a refused range is blocked",
      "/to-name",
      { resolve: stub({ "metadata.test": ["169.254.169.254"] }) },
      /^redirect 1 to http:\/\/metadata\.test\/computeMetadata\/v1\/ refused: metadata\.test resolves to 169\.254\.169\.254 \(link-local/,
    ],
    ["a redirect to another scheme is refused", "/to-file", {}, /^redirect 1 from .* to file:\/\/ refused: only http and https are fetched$/],
    ["more than 5 redirects are refused", "/loop", {}, /redirects more than 5 times/],
    ["a Content-Length over the cap is refused before the body is read", "/declared-huge", {}, /is 62914560 bytes, over the 50 MB cap/],
  ];
  for (const [name, path, over, message] of cases) {
    test(name, async () => {
      const err = await failure(text(site.url(path), over));
      expect(err.code).toBe("FETCH_BLOCKED");
      expect(err.message).toMatch(message);
    });
  }

  test("a host name that resolves to a refused address is refused before any connection", async () => {
    const before = site.hits.length;
    for (const [answer, rule] of [
      [["169.254.169.254"], "link-local / cloud metadata"],
      [["fd00::5"], "unique local"],
      [["8.8.8.8", "10.1.1.1"], "private 10.0.0.0/8"],
      [["64:ff9b::a9fe:a9fe"], "NAT64 form of 169.254.169.254"],
      [["2002:0a00:0001::"], "6to4 form of 10.0.0.1"],
      [["198.18.0.9"], "benchmarking"],
    ] as const) {
      const err = await failure(text(`http://internal.test:${site.port}/plain`, { resolve: stub({ "internal.test": [...answer] }) }));
      expect(err.code).toBe("FETCH_BLOCKED");
      expect(err.message).toStartWith("internal.test resolves to ");
      expect(err.message).toContain(rule);
    }
    expect(site.hits.length).toBe(before);
  });

  test("strict mode refuses loopback, by address and by name", async () => {
    const strict = { policy: { allowPrivate: false, strict: true } };
    const byAddress = await failure(text(site.url("/plain"), strict));
    expect(byAddress.message).toBe("127.0.0.1 (loopback 127.0.0.0/8) is refused while CTXMODE_FETCH_STRICT=1");
    const byName = await failure(text(`http://localhost:${site.port}/plain`, strict));
    expect(byName.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1) \(loopback/);
  });

  test("only http and https URLs are fetched", async () => {
    for (const url of ["ftp://example.com/x", "file:///etc/passwd", "gopher://x", "data:text/plain,hi"]) {
      expect((await failure(text(url))).code).toBe("FETCH_BLOCKED");
    }
    expect((await failure(text("not a url"))).code).toBe("BAD_INPUT");
  });

  test("a body past the cap is cut off while it streams", async () => {
    const err = await failure(text(site.url("/endless")));
    expect(err.code).toBe("FETCH_BLOCKED");
    expect(err.message).toContain("over the 50 MB cap");
  });

  test("the cap counts decompressed bytes", async () => {
    const err = await failure(text(site.url("/bomb"), { maxBytes: 1024 * 1024 }));
    expect(err.message).toContain("over the 1 MB cap");
  });

  test("HTTP errors, timeouts and unreachable hosts are UNREADABLE with the reason", async () => {
    const missing = await failure(text(site.url("/missing")));
    expect([missing.code, missing.message]).toEqual(["UNREADABLE", `HTTP 404 Not Found from ${site.url("/missing")}`]);
    const started = Date.now();
    const stalled = await failure(text(site.url("/stall"), { timeoutMs: 400 }));
    expect(stalled.message).toBe(`${site.url("/stall")} sent no complete answer within 400 ms`);
    expect(Date.now() - started).toBeLessThan(5_000);
    const closed = await failure(text("http://127.0.0.1:1/"));
    expect(closed.code).toBe("UNREADABLE");
    expect(closed.message).toContain("ECONNREFUSED");
  });
});

/** A CONNECT proxy on 127.0.0.1 that records each tunnel target. */
async function startProxy() {
  const targets: string[] = [];
  const server = createHttpServer((_req, res) => {
    res.writeHead(400);
    res.end("CONNECT only");
  });
  server.on("connect", (req: IncomingMessage, client: Socket, head: Buffer) => {
    targets.push(req.url!);
    const [host, port] = [req.url!.slice(0, req.url!.lastIndexOf(":")).replace(/^\[|\]$/g, ""), Number(req.url!.slice(req.url!.lastIndexOf(":") + 1))];
    const upstream = connect(port, host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, targets };
}

describe("proxies", () => {
  test("proxy variables are ignored unless CTXMODE_FETCH_ALLOW_PROXY=1", () => {
    const env = { HTTPS_PROXY: "http://proxy.corp:3128", http_proxy: "http://proxy.corp:3128", NO_PROXY: "localhost,.internal" };
    expect(loadConfig(env).fetch.proxy).toBeUndefined();
    expect(loadConfig({ ...env, CTXMODE_FETCH_ALLOW_PROXY: "1" }).fetch.proxy).toEqual({
      http: "http://proxy.corp:3128",
      https: "http://proxy.corp:3128",
      noProxy: ["localhost", ".internal"],
    });
  });

  test("when allowed, the request tunnels to the checked address, not to the name", async () => {
    const proxy = await startProxy();
    const { body } = await text(`http://docs.test:${site.port}/host`, {
      resolve: stub({ "docs.test": ["127.0.0.1"] }),
      proxy: { http: proxy.url, noProxy: [] },
    });
    expect(body).toStartWith(`host=docs.test:${site.port} `);
    expect(proxy.targets).toEqual([`127.0.0.1:${site.port}`]);
  });

  test("NO_PROXY hosts go direct; a refused address is refused before the proxy is asked", async () => {
    const proxy = await startProxy();
    await text(site.url("/plain"), { proxy: { http: proxy.url, noProxy: ["127.0.0.1"] } });
    expect(proxy.targets).toEqual([]);
    const err = await failure(text("http://10.9.9.9/", { proxy: { http: proxy.url, noProxy: [] } }));
    expect(err.code).toBe("FETCH_BLOCKED");
    expect(proxy.targets).toEqual([]);
  });
});

const openssl = spawnSync("openssl", ["version"]).status === 0;

describe.skipIf(!openssl)("https", () => {
  const dir = tempDir("ctxmode-tls-");
  const key = join(dir, "key.pem");
  const cert = join(dir, "cert.pem");
  spawnSync("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    key,
    "-out",
    cert,
    "-days",
    "1",
    "-subj",
    "/CN=docs.test",
    "-addext",
    "subjectAltName=DNS:docs.test",
  ]);
  const ca = readFileSync(cert, "utf8");

  test("TLS is pinned to the checked address and verified against the name (SNI)", async () => {
    let sni = "";
    const server = createHttpsServer({ key: readFileSync(key), cert: ca }, (req, res) => res.end(`tls ${req.headers.host}`));
    server.on("secureConnection", (s) => (sni = (s as unknown as { servername: string }).servername));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const { body } = await text(`https://docs.test:${port}/`, { resolve: stub({ "docs.test": ["127.0.0.1"] }), ca });
      expect(body).toBe(`tls docs.test:${port}`);
      expect(sni).toBe("docs.test");
      const proxy = await startProxy();
      const tunnelled = await text(`https://docs.test:${port}/`, {
        resolve: stub({ "docs.test": ["127.0.0.1"] }),
        ca,
        proxy: { https: proxy.url, noProxy: [] },
      });
      expect(tunnelled.body).toBe(`tls docs.test:${port}`);
      expect(proxy.targets).toEqual([`127.0.0.1:${port}`]);
      // The certificate names docs.test: reaching the same address under another name must fail verification.
      const wrong = await failure(text(`https://other.test:${port}/`, { resolve: stub({ "other.test": ["127.0.0.1"] }), ca }));
      expect(wrong.code).toBe("UNREADABLE");
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
