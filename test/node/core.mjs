// The core suite under Node (>= 22.13) against the npm fallback build in dist/node.
// Run with: <node 24> --test test/node/core.mjs (bun test skips this file: it is not *.test.*)
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
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

test("bad input exits non-zero with one line", () => {
  const r = ctx(["index", "does-not-exist"]);
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /no such file or directory/);
  assert.equal(r.stderr.trim().split("\n").length, 1);
});
