/**
 * `bun bench/fetch.ts`: a 265 KB docs page fetched from a local server through the built binary's
 * MCP server (`bun run build` first). The page is built here the way framework docs sites ship
 * theirs: head full of preloads and inline CSS, a header and a 300-link sidebar, a cookie banner,
 * Shiki-style highlighted code (a styled span per token), parameter tables, a table of contents,
 * a big footer and the page's content again as an inline hydration payload. Measures the bytes
 * that reach the context (the ctx_index reply) against the page, whether ctx_search puts the
 * page's key example first, and the fetch-and-index time (median of 5, forced refetch).
 * Writes bench/results/fetch.json.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const RUNS = 5;
const PAGE_BYTES = 265 * 1024;
const root = join(import.meta.dir, "..");
const binary = join(root, "dist", process.platform === "win32" ? "ctxmode.exe" : "ctxmode");
if (!existsSync(binary)) throw new Error(`${binary} is missing; run \`bun run build\` first`);

/** The page's key example: what a reader of this page comes for. */
const KEY_EXAMPLE = `import { createHmac, timingSafeEqual } from "node:crypto";

export function verifyWebhookSignature(payload: string, header: string, secret: string): boolean {
  const [timestamp, signature] = header.split(",").map((part) => part.split("=")[1]);
  const expected = createHmac("sha256", secret).update(\`\${timestamp}.\${payload}\`).digest("hex");
  return timingSafeEqual(Buffer.from(signature, "hex"), Buffer.from(expected, "hex"));
}`;
const KEY_QUERY = "verify webhook signature HMAC";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(265);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

const COLORS = ["#D73A49", "#6F42C1", "#005CC5", "#032F62", "#24292E", "#E36209", "#22863A"];
/** Shiki's output shape: one line span per line, one styled span per token. */
function shiki(code: string, lang: string): string {
  const lines = code.split("\n").map((line) => {
    const tokens = line.split(/(\s+)/).map((t) => (t.trim() ? `<span style="color:${pick(COLORS)}">${esc(t)}</span>` : t));
    return `<span class="line">${tokens.join("")}</span>`;
  });
  return `<figure data-rehype-pretty-code-figure=""><div class="code-header"><span>${lang}</span><button class="copy" aria-label="Copy code"><svg viewBox="0 0 24 24" width="16" height="16"><path d="M8 4h10a2 2 0 0 1 2 2v10" stroke="currentColor" fill="none"/></svg></button></div><pre class="shiki github-light" style="background-color:#fff;color:#24292e" tabindex="0" data-language="${lang}"><code data-language="${lang}" data-theme="github-light" style="display:grid">${lines.join("\n")}</code></pre></figure>`;
}

const TOPICS = [
  "delivery",
  "retries",
  "event types",
  "endpoints",
  "secrets",
  "ordering",
  "idempotency",
  "timeouts",
  "batching",
  "filtering",
  "replay",
  "monitoring",
  "rate limits",
  "versioning",
  "testing locally",
  "payload format",
  "security",
  "failures",
  "alerts",
  "migration",
];
const WORDS =
  "webhook event endpoint delivery attempt payload header status retry window queue consumer signature timestamp subscription region latency response handler request acknowledge".split(
    " ",
  );

function sentence(): string {
  const n = 10 + Math.floor(rand() * 12);
  const words = Array.from({ length: n }, () => pick(WORDS));
  return `${words[0]!.charAt(0).toUpperCase()}${words.join(" ").slice(1)}.`;
}

function section(i: number, topic: string): { html: string; text: string } {
  const slug = topic.replace(/\s+/g, "-");
  const paras = Array.from(
    { length: 3 },
    () =>
      `<p>${Array.from({ length: 3 }, sentence).join(" ")} See <a href="/docs/webhooks/${slug}#details">${topic} details</a> and <code>webhooks.${slug.replace(/-/g, "_")}</code>.</p>`,
  );
  const code = `const client = new Harbor({ apiKey: process.env.HARBOR_KEY });\nconst ${slug.replace(/-/g, "_")} = await client.webhooks.configure({\n  endpoint: "https://example.com/hooks/${slug}",\n  attempts: ${3 + (i % 5)},\n  timeoutMs: ${1000 * (1 + (i % 7))},\n});`;
  const rows = Array.from(
    { length: 4 },
    (_, r) => `<tr><td><code>${pick(WORDS)}_${r}</code></td><td>${pick(["string", "number", "boolean"])}</td><td>${sentence()}</td></tr>`,
  ).join("");
  const html = `<h2 id="${slug}"><a class="anchor" href="#${slug}" aria-hidden="true"><svg viewBox="0 0 16 16" width="16" height="16"><path d="M7.8 3.7l1.3-1.3a3 3 0 0 1 4.2 4.2l-2.5 2.5" fill="none" stroke="currentColor"/></svg></a>${topic.charAt(0).toUpperCase()}${topic.slice(1)}</h2>
${paras.join("\n")}
${shiki(code, "ts")}
<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>`;
  return { html, text: `${topic} ${paras.join(" ")} ${code}` };
}

function docsPage(): string {
  const sections = TOPICS.map((t, i) => section(i, t));
  const key = `<h2 id="verify-signatures">Verify webhook signatures</h2>
<p>Every delivery carries a <code>Harbor-Signature</code> header: a timestamp and an HMAC-SHA256 of <code>timestamp.payload</code> keyed with the endpoint secret. Recompute it and compare in constant time before trusting the payload.</p>
${shiki(KEY_EXAMPLE, "ts")}`;
  const article = [
    `<h1>Webhooks</h1><p class="lead">Harbor sends events to your endpoints as they happen. This page covers delivery, retries, signatures and everything between.</p>`,
    ...sections.slice(0, 10).map((s) => s.html),
    key,
    ...sections.slice(10).map((s) => s.html),
  ].join("\n");
  const sidebar = Array.from({ length: 12 }, (_, g) => {
    const links = Array.from(
      { length: 25 },
      (_, k) => `<li><a class="sidebar-link" href="/docs/${g}/${k}">${pick(WORDS)} ${pick(WORDS)} guide ${g}.${k}</a></li>`,
    ).join("");
    return `<li class="group"><button class="group-toggle" aria-expanded="true">Group ${g}</button><ul>${links}</ul></li>`;
  }).join("");
  const toc = [...TOPICS.slice(0, 10), "verify signatures", ...TOPICS.slice(10)].map((t) => `<li><a href="#${t.replace(/\s+/g, "-")}">${t}</a></li>`).join("");
  const footer = Array.from({ length: 60 }, (_, k) => `<li><a href="/company/${k}">${pick(WORDS)} ${k}</a></li>`).join("");
  const css = Array.from({ length: 400 }, (_, k) => `.c${k}{margin:${k % 9}px;padding:${k % 7}px;color:${pick(COLORS)}}`).join("");
  const preloads = Array.from({ length: 30 }, (_, k) => `<link rel="preload" as="script" href="/_next/static/chunks/${(k * 7919).toString(36)}.js">`).join(
    "\n",
  );
  const body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Webhooks | Harbor Docs</title><meta name="description" content="Receive Harbor events over HTTPS."><meta property="og:title" content="Webhooks">
${preloads}
<style>${css}</style>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"TechArticle","headline":"Webhooks"}</script>
</head><body>
<a class="skip-link" href="#main">Skip to content</a>
<div id="cookie-consent" class="cookie-consent" role="dialog"><p>We use cookies to improve the docs.</p><button>Accept</button><button>Reject</button></div>
<header class="navbar"><a href="/" class="logo"><svg width="96" height="24" viewBox="0 0 96 24"><path d="M0 0h96v24H0z" fill="#000"/></svg></a><nav>${Array.from({ length: 40 }, (_, k) => `<a href="/top/${k}">Top ${k}</a>`).join("")}</nav><button class="search">Search docs <kbd>⌘K</kbd></button></header>
<div class="layout"><aside class="sidebar"><nav><ul>${sidebar}</ul></nav></aside>
<main id="main"><nav aria-label="Breadcrumb" class="breadcrumbs"><a href="/docs">Docs</a> / <a href="/docs/api">API</a> / Webhooks</nav>
<article class="prose">${article}</article>
<div class="pagination"><a href="/docs/api/events">Previous: Events</a><a href="/docs/api/errors">Next: Errors</a></div>
</main>
<aside class="toc"><p>On this page</p><ul>${toc}</ul></aside></div>
<footer><ul>${footer}</ul><p>© Harbor</p></footer>
`;
  const tail = "</body></html>";
  // The hydration payload repeats the content in 4 KB pushes, as RSC/Next pages do, up to the target size.
  const payload = sections.map((s) => s.text).join(" ") + KEY_EXAMPLE;
  let hydration = "";
  for (let k = 0; ; k++) {
    const start = (k * 4096) % payload.length;
    const push = `<script>self.__next_f.push([1,${JSON.stringify(payload.slice(start, start + 4096))}])</script>\n`;
    if (Buffer.byteLength(body + hydration + push + tail) > PAGE_BYTES - 64) break;
    hydration += push;
  }
  const fill = PAGE_BYTES - Buffer.byteLength(body + hydration + tail) - "<script>/**/</script>".length;
  return `${body}${hydration}<script>/*${"x".repeat(Math.max(0, fill))}*/</script>${tail}`;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round2 = (n: number) => Math.round(n * 100) / 100;

const page = docsPage();
const pageBytes = Buffer.byteLength(page);
const http = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": String(pageBytes) });
  res.end(page);
});
await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/docs/api/webhooks`;

const dataDir = mkdtempSync(join(tmpdir(), "ctxmode-bench-fetch-"));
const project = join(dataDir, "proj");
mkdirSync(join(project, ".git"), { recursive: true });
const env: Record<string, string> = {};
for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("CTXMODE_")) env[k] = v;
const transport = new StdioClientTransport({
  command: binary,
  args: ["serve"],
  cwd: project,
  env: { ...env, CTXMODE_DATA_DIR: join(dataDir, "data"), CTXMODE_PROJECT_DIR: project },
  stderr: "inherit",
});
const client = new Client({ name: "ctxmode-bench", version: "1.0.0" });

async function call(name: string, args: Record<string, unknown>): Promise<string> {
  const r = await client.callTool({ name, arguments: args });
  const text = (r.content as { text: string }[]).map((c) => c.text).join("");
  if (r.isError) throw new Error(`${name} failed: ${text}`);
  return text;
}

try {
  await client.connect(transport);
  const first = await call("ctx_index", { url });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await call("ctx_index", { url, force: true });
    times.push(performance.now() - t);
  }
  const cached = await call("ctx_index", { url });
  const searchReply = await call("ctx_search", { queries: [KEY_QUERY], source: url, limit: 3 });
  const hits = searchReply.split(/\n(?=\[)/).slice(1);
  const rank = hits.findIndex((h) => h.includes("export function verifyWebhookSignature(")) + 1;
  // Byte-identical unless secret redaction touched it (it reads `secret: string` as a secret field).
  const intact = rank > 0 && hits[rank - 1]!.includes(KEY_EXAMPLE);
  const markdownBytes = Number(/→ ([\d.]+) KB markdown/.exec(first)?.[1] ?? 0) * 1024;
  const replyBytes = Buffer.byteLength(first);
  const result = {
    date: new Date().toISOString(),
    runtime: `bun ${Bun.version}`,
    machine: `${process.platform}-${process.arch}, ${navigator.hardwareConcurrency} cores`,
    method: `a ${pageBytes} B generated docs page served from 127.0.0.1; ctx_index url through dist/ctxmode serve; time = median of ${RUNS} forced refetches (fetch, convert, index, reply); 1 KB = 1,024 B`,
    page: { bytes: pageBytes, markdownBytes: Math.round(markdownBytes) },
    index: {
      replyBytes,
      replyPctOfPage: round2((100 * replyBytes) / pageBytes),
      cachedReplyBytes: Buffer.byteLength(cached),
      medianMs: round2(median(times)),
      reply: first,
    },
    search: { query: KEY_QUERY, keyExampleRank: rank, keyExampleIntact: intact, replyBytes: Buffer.byteLength(searchReply) },
    bars: { replyPctOfPage: "<= 1%", keyExampleRank: 1 },
  };
  writeFileSync(join(import.meta.dir, "results", "fetch.json"), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`page ${(pageBytes / 1024).toFixed(1)} KB → markdown ${(markdownBytes / 1024).toFixed(1)} KB`);
  console.log(`ctx_index reply ${replyBytes} B = ${result.index.replyPctOfPage}% of the page (bar <= 1%); from the index: ${result.index.cachedReplyBytes} B`);
  console.log(
    `ctx_search "${KEY_QUERY}": key example at rank ${rank || "none"} (bar 1), ${intact ? "byte-identical" : "changed by secret redaction"}; reply ${result.search.replyBytes} B`,
  );
  console.log(`fetch + convert + index: median ${result.index.medianMs} ms over ${RUNS} runs`);
  if (result.index.replyPctOfPage > 1 || rank !== 1) process.exitCode = 1;
} finally {
  await client.close();
  http.closeAllConnections();
  http.close();
  rmSync(dataDir, { recursive: true, force: true });
}
