import { afterAll } from "bun:test";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FetchConfig } from "../../src/config/config.ts";

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 (closed after the file's tests) with one handler per path. */
export interface Site {
  port: number;
  /** `http://127.0.0.1:<port><path>` */
  url(path: string): string;
  /** Requests seen, as `METHOD path host`. */
  hits: string[];
  close(): Promise<void>;
}

export async function startSite(routes: Record<string, Handler>): Promise<Site> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url} ${req.headers.host}`);
    const path = (req.url ?? "/").split("?")[0]!;
    const handler = routes[path];
    if (handler) return handler(req, res);
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  afterAll(close);
  return { port, url: (path) => `http://127.0.0.1:${port}${path}`, hits, close };
}

/** A handler that answers `body` with `type`. */
export function send(type: string, body: string | Uint8Array, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(200, { "content-type": type, ...headers });
    res.end(body);
  };
}

export function redirect(location: string, status = 302): Handler {
  return (_req, res) => {
    res.writeHead(status, { location });
    res.end();
  };
}

/** The fetch settings of a default config (timeouts and caps as shipped). */
export function fetchConfig(overrides: Partial<FetchConfig> = {}): FetchConfig {
  return {
    allowPrivate: false,
    strict: false,
    ttlMs: 24 * 60 * 60 * 1000,
    retentionDays: 14,
    timeoutMs: 30_000,
    maxBytes: 50 * 1024 * 1024,
    maxRedirects: 5,
    ...overrides,
  };
}

/** The python example of the docs page, exactly as a reader sees it. */
export const PYTHON_EXAMPLE = [
  "def send_with_retry(client, max_retries=5):",
  "    for attempt in range(max_retries):",
  "        if client.send():",
  "            return True",
  "        time.sleep(2 ** attempt * __base_delay__)",
].join("\n");

export const TS_EXAMPLE = [
  "const policy = createRetryPolicy({ maxRetries: 5, base_delay: 200 });",
  "// keeps * and _underscores_ and <angle> & ampersands",
  "if (a < b && c > d) policy.run(*args);",
].join("\n");

/** Highlighter markup: every token in a span, as Pygments and Shiki emit it. */
function highlight(code: string): string {
  return code
    .split("\n")
    .map((line) => line.replace(/[^\s]+/g, (tok) => `<span class="t">${escapeHtml(tok)}</span>`))
    .join("\n");
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * A docs-like page: site header with nav, sidebar, cookie banner, scripts and styles, and an
 * article with a highlighted python block, a TS block, a table and an in-article note.
 * `filler` adds that many extra sections (to make a big page).
 */
export function docsPage(filler = 0): string {
  const sections: string[] = [];
  for (let i = 0; i < filler; i++) {
    sections.push(
      `<h2 id="s${i}">Section ${i} about delivery window ${i}</h2><p>Paragraph ${i} explains how the delivery window ${i} interacts with retries and rate limits in some detail, enough words to look like prose.</p>` +
        `<pre><code class="language-js">export const window${i} = configureWindow({ id: ${i}, size: ${i * 7} });</code></pre>`,
    );
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Retry policy &amp; backoff – Harbor Docs</title>
<meta property="og:title" content="Retry policy (og)">
<style>.sidebar{width:200px} body{font-family:sans-serif}</style>
<script>window.__NEXT_DATA__ = {"props":{"navSecret":"SCRIPT_PAYLOAD_MARKER"}}</script>
<link rel="stylesheet" href="/assets/site.css"></head>
<body>
<header class="site-header"><a href="/">Harbor</a><nav aria-label="Main"><a href="/docs">Docs</a><a href="/blog">NAVBAR_MARKER Blog</a></nav></header>
<div id="cookie-banner" class="cookie-banner">COOKIE_MARKER We use cookies. <button>Accept all</button></div>
<div class="layout">
<aside class="sidebar"><ul><li><a href="/docs/start">SIDEBAR_MARKER Getting started</a></li><li><a href="/docs/retry">Retry policy</a></li></ul></aside>
<main>
<nav class="breadcrumbs"><a href="/docs">Docs</a> › Retry policy</nav>
<article>
<h1 id="retry-policy">Retry policy<a class="hash-link" href="#retry-policy">#</a></h1>
<p>Configure <code>max_retries</code> and <em>exponential</em> backoff for webhook delivery. Read <a href="../guide/webhooks">the webhook guide</a> first.</p>
<h2 id="python">Python example</h2>
<div class="highlight-python notranslate"><div class="highlight"><pre><span></span>${highlight(PYTHON_EXAMPLE)}
</pre></div></div>
<h2 id="typescript">TypeScript example</h2>
<pre><code class="language-ts">${escapeHtml(TS_EXAMPLE)}
</code></pre>
<h2 id="options">Options</h2>
<table><thead><tr><th>Option</th><th>Default</th><th>Meaning</th></tr></thead>
<tbody><tr><td><code>max_retries</code></td><td>5</td><td>Attempts | then give up</td></tr>
<tr><td>base_delay</td><td>200</td><td>Milliseconds before the first retry</td></tr></tbody></table>
<aside class="note"><p>Note: retries must be idempotent.</p></aside>
<p style="display: none">HIDDEN_MARKER one</p><div hidden>HIDDEN_MARKER two</div><span aria-hidden="true">HIDDEN_MARKER three</span>
${sections.join("\n")}
<h2 id="last">Last section</h2><p>END_OF_ARTICLE_MARKER</p>
</article>
</main>
</div>
<footer><p>FOOTER_MARKER © Harbor</p><a href="/privacy">Privacy</a></footer>
<noscript>NOSCRIPT_MARKER enable js</noscript>
<svg><text>SVG_MARKER</text></svg>
<script>analytics("SCRIPT_TAIL_MARKER")</script>
</body></html>`;
}

/** Every marker of page chrome docsPage() plants outside the content. */
export const CHROME_MARKERS = [
  "SCRIPT_PAYLOAD_MARKER",
  "NAVBAR_MARKER",
  "COOKIE_MARKER",
  "SIDEBAR_MARKER",
  "HIDDEN_MARKER",
  "FOOTER_MARKER",
  "NOSCRIPT_MARKER",
  "SVG_MARKER",
  "SCRIPT_TAIL_MARKER",
  "Accept all",
  "sans-serif",
];

/** The page as a chunked byte stream. */
export async function* streamOf(text: string | Uint8Array, chunk = 4096): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
}
