// The core suite under Node (>= 22.13) against the npm fallback build in dist/node.
// Run with: <node 24> --test test/node/core.mjs (bun test skips this file: it is not *.test.*)
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const repo = join(import.meta.dirname, "..", "..");
const entry = join(repo, "dist", "node", "ctxmode.mjs");
const fixtures = join(repo, "bench", "fixtures");
const root = mkdtempSync(join(tmpdir(), "ctxmode-node-"));
const dataDir = join(root, "data");
const proj = join(root, "proj");
mkdirSync(join(proj, ".git"), { recursive: true });
process.on("exit", () => rmSync(root, { recursive: true, force: true }));

function ctx(args, cwd = proj) {
  const r = spawnSync(process.execPath, [entry, ...args], { cwd, env: { ...process.env, CTXMODE_DATA_DIR: dataDir }, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test("runs on this Node and prints its version", () => {
  const r = ctx(["--version"]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /\d+\.\d+\.\d+/);
});

test("the bundle holds no bun: specifier", () => {
  const files = readdirSync(join(repo, "dist", "node"), { recursive: true }).filter((f) => f.endsWith(".mjs"));
  for (const f of files) assert.doesNotMatch(readFileSync(join(repo, "dist", "node", f), "utf8"), /["']bun:/, f);
});

test("index the fixtures and search them with node:sqlite", () => {
  const idx = ctx(["index", fixtures, "--json"]);
  assert.equal(idx.code, 0, idx.stderr);
  const report = JSON.parse(idx.stdout);
  assert.ok(report.indexed.length >= 20);
  const s = JSON.parse(ctx(["search", "cleanup function in useEffect", "useEff", "中文字符", "kuberntes", "--json"]).stdout);
  assert.equal(s.results[0].hits[0].source.endsWith("context7-react-docs.md"), true);
  assert.equal(s.results[1].hits[0].source.endsWith("context7-react-docs.md"), true);
  assert.equal(s.results[2].hits[0].source.endsWith("utf8-content.txt"), true);
  for (const r of s.results) for (const h of r.hits) assert.ok(Buffer.byteLength(h.snippet) <= 800);
});

test("re-index replaces, identical content is unchanged, purge removes", () => {
  writeFileSync(join(proj, "n.md"), "# N\n\nfirst version mentions walrus\n");
  assert.equal(JSON.parse(ctx(["index", "n.md", "--json"]).stdout).indexed[0].status, "new");
  assert.equal(JSON.parse(ctx(["index", "n.md", "--json"]).stdout).indexed[0].status, "unchanged");
  writeFileSync(join(proj, "n.md"), "# N\n\nsecond version mentions narwhal\n");
  assert.equal(JSON.parse(ctx(["index", "n.md", "--json"]).stdout).indexed[0].status, "replaced");
  assert.deepEqual(JSON.parse(ctx(["search", "walrus", "--json"]).stdout).results[0].hits, []);
  assert.equal(JSON.parse(ctx(["search", "narwhal", "--json"]).stdout).results[0].hits[0].source, "n.md");
  assert.deepEqual(JSON.parse(ctx(["purge", "--source", "n.md", "--json"]).stdout), { sources: 1, chunks: 1 });
});

test("setup plans JSONC and TOML edits on Node (jsonc-parser and smol-toml are bundled)", () => {
  const home = join(root, "home");
  mkdirSync(join(home, ".cursor"), { recursive: true });
  mkdirSync(join(home, ".codex"), { recursive: true });
  writeFileSync(join(home, ".cursor", "mcp.json"), '{\r\n  // mine\r\n  "mcpServers": {}\r\n}\r\n');
  writeFileSync(join(home, ".codex", "config.toml"), 'mcp_servers.ctxmode = { command = "old" }\n');
  const r = spawnSync(process.execPath, [entry, "setup", "--dry-run", "--agents", "cursor,codex", "--binary", join(root, "ctxmode")], {
    env: { ...process.env, HOME: home, CTXMODE_DATA_DIR: dataDir },
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /update .*mcp\.json \(mcpServers\.ctxmode\)/);
  assert.match(r.stdout, /update .*config\.toml \(\[mcp_servers\.ctxmode\]\)/);
});

test("setup --binary on Node finds a host, writes its config and checks the hook and MCP server it names", () => {
  const home = join(root, "home-setup");
  mkdirSync(join(home, ".cursor"), { recursive: true });
  // The binary the host will run: this Node build, behind a launcher.
  const bin = join(root, "ctxmode-launcher");
  writeFileSync(bin, `#!/bin/sh\nexec '${process.execPath}' '${entry}' "$@"\n`, { mode: 0o755 });
  const r = spawnSync(process.execPath, [entry, "setup", "--yes", "--no-skills", "--binary", bin], {
    env: { ...process.env, PATH: "/usr/bin:/bin", HOME: home, CTXMODE_DATA_DIR: join(root, "data-setup") },
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^CONFIGURED +cursor /m, r.stdout);
  assert.ok(readFileSync(join(home, ".cursor", "mcp.json"), "utf8").includes(bin));
});

test("bad input exits non-zero with one line", () => {
  const r = ctx(["index", "does-not-exist"]);
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /no such file or directory/);
  assert.equal(r.stderr.trim().split("\n").length, 1);
});

// Web pages under Node: HTML goes through html-rewriter-wasm (the only rewriter in dist/node) and turndown.
const PY = "def send_with_retry(client, max_retries=5):\n    for attempt in range(max_retries):\n        time.sleep(2 ** attempt * __base_delay__)";
const page = `<!doctype html><html><head><meta charset="utf-8"><title>Retry – Harbor</title><script>var NODE_SCRIPT_MARKER = 1</script><style>p{}</style></head>
<body><header><nav><a href="/">NODE_NAV_MARKER</a></nav></header><div class="cookie-banner">NODE_COOKIE_MARKER</div>
<aside class="sidebar">NODE_SIDEBAR_MARKER</aside><main><article><h1>Retry policy<a class="hash-link" href="#x">#</a></h1>
<p>Set <code>max_retries</code> for webhook_delivery.</p>
<div class="highlight-python"><pre><span class="k">def</span> send_with_retry(client, max_retries=5):
    <span class="k">for</span> attempt <span class="ow">in</span> range(max_retries):
        time.sleep(2 ** attempt * __base_delay__)
</pre></div>
<table><thead><tr><th>Option</th><th>Default</th></tr></thead><tbody><tr><td>max_retries</td><td>5</td></tr></tbody></table>
<p hidden>NODE_HIDDEN_MARKER</p></article></main><footer>NODE_FOOTER_MARKER</footer></body></html>`;

async function withSite(fn) {
  const server = createServer((req, res) => {
    if (req.url === "/docs") return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
    if (req.url === "/to-metadata") return res.writeHead(302, { location: "http://169.254.169.254/latest/" }).end();
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await fn(`http://127.0.0.1:${server.address().port}`);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/** Like ctx(), without blocking the event loop that serves the page. */
function ctxAsync(args, env = {}) {
  return new Promise((resolve) => {
    execFile(process.execPath, [entry, ...args], { cwd: proj, env: { ...process.env, CTXMODE_DATA_DIR: dataDir, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? err.code : 0, stdout, stderr });
    });
  });
}

test("index a docs page: code block intact, table kept, no chrome (html-rewriter-wasm)", async () => {
  await withSite(async (base) => {
    const r = await ctxAsync(["index", `${base}/docs`, "--json"]);
    assert.equal(r.code, 0, r.stderr);
    const [p] = JSON.parse(r.stdout).pages;
    assert.equal(p.kind, "markdown");
    assert.equal(p.title, "Retry policy");
    assert.equal(p.from, "web");
  });
  const s = JSON.parse(ctx(["search", "send_with_retry attempt", "max_retries Default", "NODE_SIDEBAR_MARKER", "--json"]).stdout);
  const code = s.results[0].hits[0];
  assert.equal(code.contentType, "code");
  assert.ok(code.snippet.includes(`\`\`\`python\n${PY}\n\`\`\``), code.snippet);
  assert.ok(
    s.results[1].hits.some((h) => h.snippet.includes("| Option | Default |\n| --- | --- |\n| max_retries | 5 |")),
    JSON.stringify(s.results[1]),
  );
  assert.deepEqual(s.results[2].hits, []);
  for (const marker of ["NODE_SCRIPT_MARKER", "NODE_NAV_MARKER", "NODE_COOKIE_MARKER", "NODE_HIDDEN_MARKER", "NODE_FOOTER_MARKER"]) {
    assert.deepEqual(JSON.parse(ctx(["search", marker, "--json"]).stdout).results[0].hits, [], marker);
  }
});

test("a redirect into the metadata range is refused at the hop; strict mode refuses loopback", async () => {
  await withSite(async (base) => {
    const hop = await ctxAsync(["index", `${base}/to-metadata`]);
    assert.equal(hop.code, 2);
    assert.match(
      hop.stderr,
      /^ctxmode: redirect 1 to http:\/\/169\.254\.169\.254\/latest\/ refused: 169\.254\.169\.254 \(link-local \/ cloud metadata 169\.254\.0\.0\/16\) is never fetched\n$/,
    );
    const strict = await ctxAsync(["index", `${base}/docs`], { CTXMODE_FETCH_STRICT: "1" });
    assert.match(strict.stderr, /is refused while CTXMODE_FETCH_STRICT=1/);
  });
});
