import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../helpers/temp.ts";

const nodeDist = join(repoRoot, "dist", "node");

test("the Node build imports no bun: module and uses node:sqlite", () => {
  const files = readdirSync(nodeDist, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".mjs"));
  expect(files.length).toBeGreaterThan(0);
  const all = files.map((f) => readFileSync(join(nodeDist, f), "utf8")).join("\n");
  expect(all).not.toMatch(/["']bun:[a-z]/);
  expect(all).toContain("node:sqlite");
});

test("the Node build's entry refuses an old Node with one line naming the version it needs", () => {
  const entry = readFileSync(join(nodeDist, "ctxmode.mjs"), "utf8");
  expect(entry.startsWith("#!/usr/bin/env node\n")).toBe(true);
  expect(entry).toContain("Node >= 22.13");
});

test("the MCP SDK's Ajv validator is left out of the builds (ctxmode never elicits)", () => {
  const files = readdirSync(nodeDist, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".mjs"));
  const all = files.map((f) => readFileSync(join(nodeDist, f), "utf8")).join("\n");
  expect(all).toContain("does not validate elicitation results");
  // Ajv's own option names and its formats plugin appear nowhere.
  expect(all).not.toMatch(/ajv-formats|strictSchema|addFormats/);
});

/** Bundled libraries and a string of each that survives minifying (the npm package ships only html-rewriter-wasm). */
const BUNDLED: [string, string][] = [
  ["jsonc-parser", "Can not delete in empty document"],
  ["smol-toml", "Invalid TOML document"],
  ["ignore", "path must not be empty"],
];

test.each(BUNDLED)("%s is inside the Node build and the compiled binary, not loaded at run time", async (name, marker) => {
  const files = readdirSync(nodeDist, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".mjs"));
  const texts = files.map((f) => [f, readFileSync(join(nodeDist, f), "utf8")] as const);
  expect(texts.some(([, t]) => t.includes(`// node_modules/${name}/`))).toBe(true);
  const imports = new RegExp(`(from |import\\(|require\\()["']${name}["'/]`);
  // A UMD wrapper's require("./impl/…") cannot be followed by the bundler and fails at run time.
  const relativeRequire = /require\d*\(["']\.\.?\//;
  expect(texts.filter(([, t]) => imports.test(t) || relativeRequire.test(t)).map(([f]) => f)).toEqual([]);
  const binary = await Bun.file(join(repoRoot, "dist", process.platform === "win32" ? "ctxmode.exe" : "ctxmode")).bytes();
  expect(Buffer.from(binary).includes(marker)).toBe(true);
});

test("the dev-only parser (web-tree-sitter, tree-sitter-bash) is in neither build", async () => {
  const files = readdirSync(nodeDist, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".mjs"));
  const all = files.map((f) => readFileSync(join(nodeDist, f), "utf8")).join("\n");
  // A package name, and an error message of web-tree-sitter's that survives minifying.
  expect(all).not.toMatch(/web-tree-sitter|tree-sitter-bash|Incompatible language version/);
  const binary = Buffer.from(await Bun.file(join(repoRoot, "dist", process.platform === "win32" ? "ctxmode.exe" : "ctxmode")).bytes());
  for (const marker of ["web-tree-sitter", "tree-sitter-bash", "Incompatible language version"]) expect(binary.includes(marker)).toBe(false);
});
